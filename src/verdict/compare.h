/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results of several runs side by side: rows matched by benchmark name
 * and parameters, the first side the baseline, and for every other side
 * whether its difference from the baseline is real.  A side is one
 * results file or several runs of the same thing, whose rounds pool.
 * The model is built once and printed by report/compare_*.c or drawn
 * by report/html.c.
 *
 * The unit of replication is the round (core/rounds.h), never the
 * sample: samples of one round share its host's phase.  A file from
 * before rounds is one round.  Each side's figure, quiet basis and
 * levels come from core/estimate.h, as the run computed them.  A
 * difference is real when the exact rank-sum test over the two sides'
 * round medians gives p < CMP_ALPHA, the bootstrap 95% interval of the
 * ratio of their medians excludes 1, and the change is at least the
 * threshold.  Where either side's figure is a mixture (it settles on
 * levels, ran contended without a quiet figure, or has most samples in
 * no level), its levels are paired where the pairing is sure (the same
 * number of levels, or two floors) and tested one by one: the difference
 * is real only when every level moved, by one ratio.  A row below the
 * loop's resolution, or with fewer than CMP_MIN_ROUNDS rounds a side, is
 * not tested.
 */
#ifndef CB_COMPARE_H
#define CB_COMPARE_H

#include <stdio.h>

#include "results/results.h"

#define CMP_ALPHA	0.01	/* rank-sum two-sided significance */
#define CMP_RESAMPLES	2000	/* bootstrap resamples of the ratio */
#define CMP_MIN_ROUNDS	3	/* fewer on either side: not tested */
#define CMP_QUIET_ROUNDS	5	/* a quiet figure on fewer rounds is set
				   aside: five a side is the least that
				   can show a difference */
#define CMP_CONTENDED	0.25	/* share of contended samples, without a
				   quiet figure, that makes a mixture */
#define CMP_SCATTERED	0.5	/* share in no level that makes one */
#define CMP_FLOOR_STRAYS 0.05	/* share below a level that is its floor */
#define CMP_LABEL_MAX	48

enum cmp_verdict {
	CMP_BASELINE,		/* the baseline's own cell */
	CMP_SAME,		/* ~: not shown to differ */
	CMP_DIFFERENT,		/* *: a real difference */
	CMP_UNTESTED,		/* ?: cannot be told (see why) */
	CMP_MISSING,		/* not in this input */
	CMP_NOT_OK		/* skipped or failed in this input */
};

struct cmp_cell {
	const struct rs_result *r;	/* the side's first; NULL: missing */
	enum cmp_verdict verdict;
	double		 median;	/* the side's figure; NAN unless ok */
	double		 ratio;		/* figure over the baseline's; NAN if
					   none */
	double		 tested;	/* the ratio the verdict tested: of
					   the figures, or of the largest
					   level paired */
	double		 ci_low, ci_high; /* bootstrap 95% CI of tested */
	double		 p;		/* rank-sum p-value over rounds */
	unsigned	 rounds;	/* the side's rounds */
	int		 quiet;		/* the figure rests on quiet samples */
	double		 contended;	/* share of samples; NAN: no probe */
	const char	*why;		/* how it was judged; "" plainly */
	/* The side's levels where it has two or more (nlevels 0: one). */
	struct cb_level	 levels[CB_MAX_LEVELS];
	size_t		 nlevels;
	double		 scattered;	/* share of samples in no level */
	char		 flags[160];	/* the side's files' flags, joined */
};

struct cmp_row {
	const struct rs_result *first;	/* name, params, mode: from here */
	struct cmp_cell	*cells;		/* one per input */
};

struct cmp_input {
	const struct rs_file *f;	/* the side's first file */
	size_t		 nfiles;	/* f[0..nfiles-1] are the side's */
	double		 probe_floor;	/* its quiet probe reading */
	char		 label[CMP_LABEL_MAX];
};

struct cmp_table {
	struct cmp_input *inputs;
	size_t		 ninputs;
	struct cmp_row	*rows;
	size_t		 nrows;
	char		**warnings;	/* machine differences and the like */
	size_t		 nwarnings;
	double		 threshold;	/* minimum |ratio - 1| to call real */
};

/*
 * Match the results of files[0..n-1] (n >= 1) and judge every cell.  The
 * files form nsides sides, sides[k] consecutive files in side k (sides
 * NULL: a file a side).  labels[k] may be NULL for the automatic label
 * (the short CPU brand, or the file name where brands repeat).  Returns
 * -1 with err on failure.
 */
int	cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
	    const size_t *sides, size_t nsides, const char *const *labels,
	    double threshold, char *err, size_t errlen);

/*
 * The worst real slowdown against the baseline, as a ratio (1.07: 7%
 * slower), with its row and side; 1 when there is none.
 */
double	cmp_worst_slowdown(const struct cmp_table *t, size_t *row,
	    size_t *side);
void	cmp_free(struct cmp_table *t);

/* The letter of input i in legends and warnings: 'A' + i. */
#define CMP_LETTER(i)	((char)('A' + (i)))
#define CMP_MAX_INPUTS	26

/* "+12%", "-0.4%", "x25": the change a ratio means, for tables. */
void	cmp_change_text(double ratio, char *buf, size_t len);

/* The marks of the text and markdown tables. */
const char *cmp_mark(enum cmp_verdict v);

/* How the verdicts were reached, for under a table; lines end in '\n'. */
void	cmp_method_text(const struct cmp_table *t, FILE *fp);

#endif
