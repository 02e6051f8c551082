/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The verdict of one cell of a comparison (verdict/compare.h): whether
 * a side differs from the baseline for real, and how that was told.
 */
#ifndef CB_COMPARE_VERDICT_H
#define CB_COMPARE_VERDICT_H

#include <stdint.h>

#include "verdict/compare.h"
#include "verdict/compare_side.h"

/*
 * Judge side x's cell c against the baseline side a, whose cell is base
 * (NULL: c is the baseline's own).  Sets c's verdict, ratio, tested
 * ratio, interval, p and why.  seed makes the bootstrap repeatable.
 */
void	cmp_judge(const struct cmp_side *a, const struct cmp_cell *base,
	    const struct cmp_side *x, struct cmp_cell *c, double threshold,
	    uint64_t seed);

#endif
