/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The verdict of one cell of a comparison (verdict/compare.h): its tests
 * (cmp_judge), then, across all the compare's cells, the verdicts
 * (cmp_decide).
 */
#ifndef CB_COMPARE_VERDICT_H
#define CB_COMPARE_VERDICT_H

#include "verdict/compare.h"
#include "verdict/compare_side.h"
#include "verdict/compare_test.h"

/*
 * Test side x's cell c against the baseline side a, whose cell is base
 * (NULL: c is the baseline's own).  Sets c's ratio and, where it can be
 * tested, its p-values and tested change; otherwise its verdict and why.
 * The verdicts of tested cells wait for cmp_decide.
 */
void	cmp_judge(const struct cmp_side *a, const struct cmp_cell *base,
	    const struct cmp_side *x, const struct cmp_prior *prior,
	    double threshold, struct cmp_cell *c);

/* Every tested cell's verdict, the p-values adjusted across them. */
int	cmp_decide(struct cmp_table *t);

#endif
