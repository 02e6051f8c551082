/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Two benchmarks measured against each other in interleaved rounds
 * (core/rounds.h), so a slow drift of the machine (another tenant, the
 * clock) falls on both alike, and each pair of rounds gives one paired
 * difference of medians.  The verdict rests on those differences alone.
 */
#ifndef CB_AB_H
#define CB_AB_H

#include <stddef.h>

#include "cyclebench.h"

#define AB_MIN_ROUNDS	6	/* fewer cannot give a 95% interval */
#define AB_MAX_ROUNDS	400

struct ab {
	struct cb_result a, b;	/* each side's result over its rounds, or
				   the failed measurement */
	unsigned	 rounds;
	double		 shift;	/* A - B in cycles per op (Hodges-Lehmann) */
	double		 lo, hi;	/* its 95% confidence interval */
};

typedef void ab_progress_fn(unsigned done, unsigned total, void *arg);

/*
 * Measure a and b `rounds' times each, interleaved.  Returns 0, or -1
 * when a measurement did not succeed: that result, with its reason, is
 * left in r->a or r->b and the other is marked as not measured.
 */
int	ab_measure(const struct cb_bench *a, const struct cb_bench *b,
	    const struct cb_options *o, unsigned rounds, struct ab *r,
	    ab_progress_fn *progress, void *arg);

/*
 * r's shift, interval and rounds from the paired round medians of r->a
 * and r->b: ab_measure's, and again after a side's cycles were converted
 * to another clock, the conversion's relative errors err_a and err_b
 * (each side's whole figure moves with it) widening the interval in
 * quadrature.  0, or -1 when out of memory.
 */
int	ab_shift(struct ab *r, double err_a, double err_b);

/* One sentence: "A is 2.10 +- 0.20 cycles slower than B (...)". */
void	ab_verdict(const struct ab *r, char *buf, size_t len);

void	ab_free(struct ab *r);

#endif
