/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Change points of a series of runs: where a benchmark's level shifted
 * (a kernel, a microcode update, a commit), told apart from run-to-run
 * noise.  The one place that judges a history; `history' prints it and
 * the report draws it.
 */
#ifndef CB_CHANGES_H
#define CB_CHANGES_H

#include <stddef.h>

/* One run's figure: its median and 95% interval (NAN: none). */
struct cp_point {
	double		 value, lo, hi;
};

/* A stretch of runs at one level: runs [start, end). */
struct cp_segment {
	size_t		 start, end;
	double		 level;		/* median of the runs' medians */
	double		 lo, hi;	/* 95% interval of the level */
};

#define CP_MIN_RUNS	2	/* runs a level needs to be one */
#define CP_MIN_SHIFT	0.01	/* smallest shift called one: 1% */

/*
 * Split p[0..n-1], oldest first, into segments (seg has room for n);
 * returns how many.  Adjacent segments always differ: their intervals
 * are disjoint and their levels at least min_shift apart (a fraction).
 */
size_t	changes_find(const struct cp_point *p, size_t n, double min_shift,
	    struct cp_segment *seg);

/* The level and interval of p[start..end) alone, as changes_find
   judges them. */
void	changes_level(const struct cp_point *p, size_t start, size_t end,
	    struct cp_segment *s);

#endif
