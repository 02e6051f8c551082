/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timing a body, what the engine (core/engine.h) builds its samples and
 * its calibration on: the best of a few calls between two stamps
 * (core/clock.h), on the reference clock and on counted cycles, and the
 * slope of that time over TIMING_SIZES iteration counts, whose intercept
 * takes the call's and the stamps' own cost; a fit whose counts stray
 * from its line is bent, and said to be.
 */
#ifndef CB_TIMING_H
#define CB_TIMING_H

#include <stdint.h>

#include "core/stats.h"
#include "cyclebench.h"

#define TIMING_SIZES		8	/* iteration counts per fitted sample */
#define TIMING_BEST_OF		5	/* calls per iteration count */
#define TIMING_TARGET_TICKS	4000	/* the smallest count's duration */
#define TIMING_BENT_SHARE	0.02	/* a count this far off the line, of
					   the smallest count's time, */
#define TIMING_BENT_SPREADS	8	/* and this many of the calls' own
					   spread, bends a fit */
#define TIMING_BENT		1	/* fit_once: a slope, but bent */

/* Reference ticks and counted cycles (NAN or 0 where not counting). */
struct timing {
	double	ref;
	double	cyc;
};

/* The least of `tries' calls of body(n, ctx), on each clock apart. */
struct timing time_best(cb_body_fn *body, void *ctx, uint64_t n, int tries);

/*
 * Cost per iteration as the slope over TIMING_SIZES counts from `base'
 * up, into *per_iter, with the fit's r2.  Returns 0, or TIMING_BENT when
 * the counts stray from the line (timing_bent: the slope is there but
 * not to be trusted), or -1 when a disturbance left no slope to read.
 */
int	fit_once(cb_body_fn *body, void *ctx, uint64_t base,
	    struct timing *per_iter, double *r2);

/*
 * Whether the fit f of the times y[i] over the counts x[i] is bent: its
 * furthest point lies off the line by more than TIMING_BENT_SHARE of the
 * smallest count's time and more than TIMING_BENT_SPREADS times the
 * median of gap[i], how much slower each count's second-fastest call
 * ran than its fastest (a body whose calls vary that much wanders off a
 * line by itself).  tests/study/fit_study.c holds the thresholds to
 * their false alarms and power.
 */
int	timing_bent(const double *x, const double *y, const double *gap,
	    size_t n, const struct stats_fit *f);

/*
 * The iteration count whose call lasts at least TIMING_TARGET_TICKS, or
 * 0 for a body whose time does not grow with it.
 */
uint64_t choose_base(cb_body_fn *body, void *ctx);

/* Call body(iters, ctx) for `seconds', so caches and clocks settle. */
void	warm_up(cb_body_fn *body, void *ctx, uint64_t iters, double seconds);

#endif
