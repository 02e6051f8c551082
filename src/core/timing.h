/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timing a body, what the engine (core/engine.h) builds its samples and
 * its calibration on: the best of a few calls between two stamps
 * (core/clock.h), on the reference clock and on counted cycles, and the
 * slope of that time over TIMING_SIZES iteration counts, whose intercept
 * takes the call's and the stamps' own cost.
 */
#ifndef CB_TIMING_H
#define CB_TIMING_H

#include <stdint.h>

#include "cyclebench.h"

#define TIMING_SIZES		8	/* iteration counts per fitted sample */
#define TIMING_BEST_OF		5	/* calls per iteration count */
#define TIMING_TARGET_TICKS	4000	/* the smallest count's duration */

/* Reference ticks and counted cycles (NAN or 0 where not counting). */
struct timing {
	double	ref;
	double	cyc;
};

/* The least of `tries' calls of body(n, ctx), on each clock apart. */
struct timing time_best(cb_body_fn *body, void *ctx, uint64_t n, int tries);

/*
 * Cost per iteration as the slope over TIMING_SIZES counts from `base'
 * up, into *per_iter, with the fit's r2; -1 when a disturbance bent it.
 */
int	fit_once(cb_body_fn *body, void *ctx, uint64_t base,
	    struct timing *per_iter, double *r2);

/*
 * The iteration count whose call lasts at least TIMING_TARGET_TICKS, or
 * 0 for a body whose time does not grow with it.
 */
uint64_t choose_base(cb_body_fn *body, void *ctx);

/* Call body(iters, ctx) for `seconds', so caches and clocks settle. */
void	warm_up(cb_body_fn *body, void *ctx, uint64_t iters, double seconds);

#endif
