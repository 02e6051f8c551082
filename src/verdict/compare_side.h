/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One side of one row of a comparison (verdict/compare.h): its results
 * for the row pooled from all the side's files, round by round, and the
 * estimate the run printed (core/estimate.h) computed again from them.
 * What compare_verdict.c judges.
 */
#ifndef CB_COMPARE_SIDE_H
#define CB_COMPARE_SIDE_H

#include "core/estimate.h"
#include "verdict/compare.h"

/* One side's rounds of one row, pooled from its files, and its estimate. */
struct cmp_side {
	struct est_input in;
	struct est	 e;
	double		*x, *probe;
	size_t		*count;
	int		 estimated;
	int		 below_resolution;
	double		 inflation;	/* how much slower the probe ran when
					   contended: 90th percentile */
};

/*
 * Pool the side's ok results for `key' into d and estimate them; the
 * cell gets its figure, its first result and its files' flags.  A side
 * where the row failed in any file is not ok: that result stands for it,
 * and d is left without an estimate.  -1: out of memory (d still wants
 * cmp_side_free).
 */
int	cmp_side_build(const struct cmp_input *in, const char *key,
	    struct cmp_cell *c, struct cmp_side *d);
void	cmp_side_free(struct cmp_side *d);

#endif
