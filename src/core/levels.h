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
 * Method, in log space, every round weighing the same:
 *
 * - Counts on a lattice (every value a whole multiple of a step at most
 *   LEVEL_QUANTUM of the median, values tied) stand for the cell each
 *   value rounds: its samples are spread evenly across it, so that 6 and
 *   7 cycles drawn from one hump at 6.4 are one spread, not two values.
 * - The spread of a level, sd, is read from the differences between
 *   samples taken one after the other in a round (no move of a round as
 *   a whole widens them): their LEVEL_SPREAD_Q quantile, which lies
 *   within one level wherever a level holds much of each round.
 * - Candidates: centred on the densest stretch one spread either side
 *   (at least LEVEL_HALF_WIDTH), the window of half-width
 *   h = LEVEL_WIDTH_SPREADS sd (at most LEVEL_MAX_HALF_WIDTH) is one if
 *   it holds LEVEL_MIN_SHARE of the samples and LEVEL_MIN_SAMPLES; its
 *   samples taken out, again.
 * - Two neighbouring candidates are separate levels only if the valley
 *   between them is real: were the samples of one mode, every stretch
 *   between them would hold at least the lesser of their windows (of
 *   half-width sd, at least LEVEL_HALF_WIDTH) pro rata; the emptiest
 *   stretch of each width must fall LEVEL_VALLEY_Z noises short of that
 *   (counts of the effective number of samples, round weights counted,
 *   on the square-root scale), a critical value calibrated by
 *   tests/study/levels_study.c.
 * - Candidates no real valley parts are one level where their centres
 *   lie within one window (2h); wider, only a candidate holding
 *   LEVEL_DOMINANT times as much as each other one is a level (a level
 *   with a shoulder), else they are a continuum and no level.  So
 *   merging is not transitive: tight values each 2.5% above the last do
 *   not chain into one wide level.
 *
 * Samples in no level are "scattered": a continuum such as a contended
 * phase of varying intensity, which is no level.  Beyond
 * LEVELS_MAX_POINTS samples, an even spread of that many stands for them
 * (every k-th of each round), so work and memory stay bounded.
 *
 * What holds (make levels-study, 1000 inputs a family): on one level,
 * normal or lognormal or with 5% outliers up to +30% or rounded to whole
 * numbers or eighths, spread 0.1%-5%, 3-20 rounds of 5-50 samples,
 * round centres moved by N(0, s/2), two levels or more are found in at
 * most LEVEL_FALSE_SPLIT of inputs in every family (the worst 0.5%).
 * Two levels 26% apart (6.4 and 8.3), each holding 20%-80%, by process
 * or mixed within rounds, spread 0.5%-2%, 5 rounds or more of 15
 * samples or more: both found in 95% or more of inputs in every family.
 * 10% apart (6.4 and 7.04): at spreads up to 1% likewise, but for 5
 * rounds of 15 mixed 20/80 (93%); at 2% that pair is often one level.
 * A continuum of overlapping values where no value holds much of each
 * round reads as one wide level: its spread is read too wide.
 */
#ifndef CB_LEVELS_H
#define CB_LEVELS_H

#include <stddef.h>

#include "core/stats.h"

#define LEVEL_HALF_WIDTH	0.01	/* a window's least half-width, relative */
#define LEVEL_MAX_HALF_WIDTH	0.15	/* and its most: wider is no level */
#define LEVEL_WIDTH_SPREADS	2.5	/* a window's half-width in spreads */
#define LEVEL_SPREAD_Q		0.1	/* the quantile of differences read */
#define LEVEL_SPREAD_Z		0.1257	/* a normal's |z| at that quantile */
#define LEVEL_MIN_SHARE		0.10	/* of the (round-weighted) samples */
#define LEVEL_MIN_SAMPLES	3	/* in a level, however few in all */
#define LEVEL_QUANTUM		0.4	/* a lattice step, at most, of the median */
#define LEVEL_VALLEY_Z		3.3	/* a valley this many noises deep is real */
#define LEVEL_DOMINANT		2	/* a level beside its shoulder holds more */
/*
 * On one level, the share of inputs in which levels_find() finds two or
 * more, at most (tests/study/levels_study.c holds it to this).
 */
#define LEVEL_FALSE_SPLIT	0.01
#define LEVELS_MAX		4
#define LEVELS_MAX_POINTS	(1u << 20)	/* samples looked at, at most */

struct level {
	double	value;		/* weighted median of its samples */
	double	lo, hi;		/* the span its samples fall in */
	double	share;		/* of the round-weighted samples */
};

/*
 * Find the levels of s, lowest first, into out[0..LEVELS_MAX-1]; returns
 * how many (0 when no level holds), and in *scattered the share in none.
 * Non-positive and non-finite samples belong to no level.  Returns 0
 * with *scattered 1 when memory runs out.
 */
size_t	levels_find(const struct stats_rounds *s, struct level *out,
	    double *scattered);

#endif
