/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Timing a body (core/timing.h): the best of a few calls between two
 * stamps, and the slope over TIMING_SIZES iteration counts.
 */
#include <math.h>
#include <stdint.h>

#include "core/clock.h"
#include "core/stats.h"
#include "core/timing.h"
#include "util/time.h"

/* Interleaved, so a slow drift does not tilt the fitted slope. */
static const unsigned size_order[TIMING_SIZES] = { 1, 5, 3, 7, 2, 6, 4, 8 };

/*
 * The least of `tries' calls, on each clock apart: a disturbance only
 * adds time, and one that falls between a stamp's two reads adds it to
 * one clock alone, so the call fastest on the reference clock need not
 * be the fastest counted.  Into *gap (when not NULL), how much slower
 * the second-fastest call ran on the reference clock: the calls' own
 * spread.
 */
static struct timing
best_of(cb_body_fn *body, void *ctx, uint64_t n, int tries, double *gap)
{
	struct timing best = { INFINITY, INFINITY };
	double second = INFINITY, ref;
	struct stamp s0, s1;
	int i;

	for (i = 0; i < tries; i++) {
		stamp_begin(&s0);
		body(n, ctx);
		stamp_end(&s1);
		ref = (double)(s1.ref - s0.ref);
		second = fmin(second, fmax(best.ref, ref));
		best.ref = fmin(best.ref, ref);
		best.cyc = fmin(best.cyc, (double)(s1.cyc - s0.cyc));
	}
	if (gap != NULL)
		*gap = isfinite(second) ? second - best.ref : 0;
	return (best);
}

struct timing
time_best(cb_body_fn *body, void *ctx, uint64_t n, int tries)
{
	return (best_of(body, ctx, n, tries, NULL));
}

int
timing_bent(const double *x, const double *y, const double *gap, size_t n,
    const struct stats_fit *f)
{
	double worst = 0, shortest = INFINITY;
	size_t i, first = 0;

	if (n == 0)
		return (0);
	for (i = 0; i < n; i++) {
		worst = fmax(worst, fabs(y[i] - f->intercept - f->slope * x[i]));
		if (x[i] < shortest) {
			shortest = x[i];
			first = i;
		}
	}
	return (worst > TIMING_BENT_SHARE * y[first] &&
	    worst > TIMING_BENT_SPREADS * stats_median(gap, n));
}

/*
 * One sample: cost per iteration as the slope over TIMING_SIZES counts.
 * The intercept is the call's own cost, some 100 ticks against the
 * smallest count's 4,000: a fit whose intercept is as large as the
 * smallest count's whole time, either way, was bent by a disturbance
 * that hit some counts and not others (one slope of cmpset-pushf read
 * 12.2 cycles for 28.4; 0.2% of the default suites' fits) and is not a
 * sample.  A fit whose counts stray from its line (timing_bent) keeps
 * its slope but says so: a host that takes the CPU away for a moment at
 * a steady rate hits every call longer than its quiet gaps, so the
 * longer counts all run slow by one steal while the shorter ones escape
 * it, and the slope reads high by a share that depends only on the
 * counts' lengths (seen: 7.5% on every kind of row of a Zen 5 guest,
 * in one round in a hundred).
 */
int
fit_once(cb_body_fn *body, void *ctx, uint64_t base, struct timing *per_iter,
    double *r2)
{
	double x[TIMING_SIZES], yt[TIMING_SIZES], yc[TIMING_SIZES];
	double gap[TIMING_SIZES];
	struct stats_fit ft, fc;
	struct timing t;
	int i;

	for (i = 0; i < TIMING_SIZES; i++) {
		x[i] = (double)(base * size_order[i]);
		t = best_of(body, ctx, base * size_order[i], TIMING_BEST_OF,
		    &gap[i]);
		yt[i] = t.ref;
		yc[i] = t.cyc;
	}
	if (stats_linear_fit(x, yt, TIMING_SIZES, &ft) != 0 ||
	    fabs(ft.intercept) > yt[0])
		return (-1);
	per_iter->ref = ft.slope;
	per_iter->cyc = NAN;
	if (clock_counting() &&
	    stats_linear_fit(x, yc, TIMING_SIZES, &fc) == 0)
		per_iter->cyc = fc.slope;
	*r2 = ft.r2;
	return (timing_bent(x, yt, gap, TIMING_SIZES, &ft) ? TIMING_BENT : 0);
}

/*
 * The iteration count whose call lasts at least TIMING_TARGET_TICKS, or 0
 * for a body whose time does not grow with it: any real loop of even one
 * instruction gets there long before MAX_BASE.
 */
#define MAX_BASE	(UINT64_C(1) << 24)

uint64_t
choose_base(cb_body_fn *body, void *ctx)
{
	uint64_t n;

	for (n = 1; n <= MAX_BASE; n *= 2)
		if (time_best(body, ctx, n, TIMING_BEST_OF).ref >=
		    TIMING_TARGET_TICKS)
			return (n);
	return (0);
}

void
warm_up(cb_body_fn *body, void *ctx, uint64_t iters, double seconds)
{
	double end;

	end = monotonic_seconds() + seconds;
	do
		body(iters, ctx);
	while (monotonic_seconds() < end);
}
