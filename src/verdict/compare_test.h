/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One test of a comparison (verdict/compare.h): the log change between
 * two sets of run values, its standard error and degrees of freedom,
 * the p-value of a change and that of equivalence within a margin.
 */
#ifndef CB_COMPARE_TEST_H
#define CB_COMPARE_TEST_H

#include <stddef.h>

#include "verdict/compare.h"

/* One side's replicates: the log of each run's value and its within-run
   standard error (NAN: one round), and the sd its value may move by as
   a mixture of levels from run to run (0 when it is none). */
struct cmp_reps {
	const double	*v, *se;
	size_t		 n;
	double		 se_df;	/* the df of se[0]: its rounds less one */
	double		 mix;
	double		 bias;	/* log of how much contention may have
				   slowed it: 0 when quiet */
};

/* The between-run spread of a row where neither side shows it. */
struct cmp_prior {
	enum cmp_basis	 basis;		/* CMP_BASIS_NOISE or _ASSUMED */
	double		 sd, df;	/* sd of a run's log figure */
	double		 calibration;	/* sd of a run's cycle conversion */
};

struct cmp_alt {
	double		 d, se, df;	/* log change x over a */
	double		 p;		/* two-sided, of a change */
	double		 p_up, p_down;	/* one-sided: slower, faster */
	double		 p_same;	/* TOST, of equivalence */
	double		 bias_up, bias_down; /* logs: x's and a's bias */
	enum cmp_basis	 basis;
	double		 spread;	/* the between-run sd used */
	const char	*why;		/* NULL, or why it cannot be tested */
};

/*
 * Test x against a with the equivalence margin log(1 + threshold).
 * Returns 0, or -1 with alt->why set when it cannot be tested.
 */
int	cmp_test(const struct cmp_reps *a, const struct cmp_reps *x,
	    const struct cmp_prior *prior, double threshold,
	    struct cmp_alt *alt);

/* The interval of a tested change at two-sided level alpha, as ratios. */
void	cmp_alt_interval(double d, double se, double df, double bias_up,
	    double bias_down, double alpha, double *lo, double *hi);

#endif
