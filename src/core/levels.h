/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Levels: the separate values a cost settles on.  On a shared host the
 * same instruction sequence can run at one of a few distinct costs, by
 * process (where its pages landed) or by phase (what shares the core):
 * lock add at 6.4 or 8.3 cycles, never in between.  A mean or a median
 * over such samples is a number nobody measured, and it moves with the
 * share of time spent at each level.  What holds from run to run is the
 * levels themselves.
 *
 * Method: in log space, with every round weighing the same, take the
 * window of width 2 LEVEL_HALF_WIDTH holding the most samples; if it
 * holds at least LEVEL_MIN_SHARE of them it is a level, centred on their
 * weighted median.  Remove its samples and repeat.  Levels closer than
 * LEVEL_SEPARATION half-widths are one level that is wider than a window
 * (merged).  Samples in no level are "scattered": a continuum such as a
 * contended phase of varying intensity, which is no level.  Beyond
 * LEVELS_MAX_POINTS samples, an even spread of that many stands for them
 * (every k-th of each round), so work and memory stay bounded.
 */
#ifndef CB_LEVELS_H
#define CB_LEVELS_H

#include <stddef.h>

#include "core/stats.h"

#define LEVEL_HALF_WIDTH	0.01	/* relative: a level is +-1% wide */
#define LEVEL_MIN_SHARE		0.15	/* of the (round-weighted) samples */
#define LEVEL_SEPARATION	3	/* half-widths between two levels */
#define LEVELS_MAX		4
#define LEVELS_MAX_POINTS	(1u << 20)	/* samples looked at, at most */

struct level {
	double	value;		/* weighted median of its samples */
	double	lo, hi;		/* the span its samples fall in */
	double	share;		/* of the round-weighted samples */
};

/*
 * Find the levels of s, lowest first, into out[0..LEVELS_MAX-1]; returns
 * how many (0 when no window holds LEVEL_MIN_SHARE), and in *scattered
 * the share in none.  Non-positive and non-finite samples belong to no
 * level.  Returns 0 with *scattered 1 when memory runs out.
 */
size_t	levels_find(const struct stats_rounds *s, struct level *out,
	    double *scattered);

#endif
