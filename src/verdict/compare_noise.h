/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The noise model of a comparison (verdict/compare.h): how much a row's
 * figure moves between runs of one build on this machine, for cells with
 * one run a side.
 */
#ifndef CB_COMPARE_NOISE_H
#define CB_COMPARE_NOISE_H

#include "verdict/compare.h"
#include "verdict/compare_side.h"
#include "verdict/compare_test.h"

/*
 * The prior for the row `key' of a side like d: from the table's noise
 * runs where two or more have the row, else assumed by the row's kind.
 * -1: out of memory.
 */
int	cmp_noise_prior(const struct cmp_table *t, const char *key,
	    const struct cmp_side *d, struct cmp_prior *prior);

/*
 * A warning where the noise runs cannot show a between-session spread:
 * they all started within CMP_SESSION_GAP of each other.  -1: out of
 * memory.
 */
int	cmp_noise_warn(struct cmp_table *t);

#endif
