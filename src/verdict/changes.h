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
 * A split is kept when p <= CP_ALPHA: at most 4 of 999 shuffles of its
 * segment split it as well (p = (1 + those) / (1 + shuffles)).  Under no
 * change that happens 1 time in 200, and the first test of a flat series
 * is the one that can call a false shift, so about 0.5 series in 100
 * have one (measured: tests/study).  A segment of more than
 * CP_MANY_RUNS runs, whose shuffles cost more and whose changes need no
 * fine p, gets CP_PERMUTATIONS_MANY (none may split it as well): so a
 * history of 10000 runs takes under a second, unless it drifts steeply
 * (a few seconds: each of many parts is tested).  CP_ALPHA times
 * shuffles + 1 is a whole number, so the level is exact.
 */
#define CP_ALPHA		0.005
#define CP_PERMUTATIONS		999
#define CP_PERMUTATIONS_MANY	199
#define CP_MANY_RUNS		200
#define CP_SEED		0x6869737479ULL	/* the shuffles', with the segment's */

/*
 * Split p[0..n-1], oldest first, into segments (seg has room for n);
 * returns how many.  Hierarchical e-divisive means with a permutation
 * test (changes.c); adjacent segments' levels are at least min_shift
 * apart (a fraction of the older one).
 */
size_t	changes_find(const struct cp_point *p, size_t n, double min_shift,
	    struct cp_segment *seg);

/* The level and interval of p[start..end) alone, as history shows
   them. */
void	changes_level(const struct cp_point *p, size_t start, size_t end,
	    struct cp_segment *s);

#endif
