/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine (core/engine.h): calibration, the contention probe, and a
 * round's samples, loop and path, each between two checks of the guard
 * (core/guard.h), timed by core/timing.h.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/engine.h"
#include "core/gather.h"
#include "core/guard.h"
#include "core/lattice.h"
#include "core/seams.h"
#include "core/stats.h"
#include "core/timing.h"
#include "os/fingerprint.h"
#include "util/time.h"

#define ROUND_MIN_SAMPLES	3	/* before a round may end at its time */
#define QUICK_ROUND_SHARE	0.25	/* of ENGINE_ROUND_SECONDS, --quick */
#define TIMEOUT_SHARE		0.5	/* of --timeout, the most a round's
					   sampling may take */
#define PATH_BATCH		16	/* most calls per disturbance check */
#define PATH_BATCH_SECONDS	0.002	/* the most a batch should take */
#define PATH_FIT_SECONDS	0.01	/* for a first round's batched fits */
#define PROBE_BEST_OF		3
/*
 * The reference chain's best of five: a dependent add chain loses a cycle
 * now and then to whatever shares the core (an SMT sibling on the host),
 * never gains one, so its fastest run is its truest.
 */
#define REF_BEST_OF		5
#define REF_SHORT		4	/* the short reference chain: 1/4 */
#define STEP_READINGS		512	/* intervals that find the clock's step */

static int
flat_body(struct cb_result *r)
{
	r->status = CB_ERROR;
	snprintf(r->reason, sizeof(r->reason), "the body's time does not "
	    "grow with its iteration count: it must loop `iters' times");
	return (-1);
}

void
engine_calibrate(struct engine_calibration *cal, int quick)
{
	enum { ROUNDS = 21 };
	double ref[ROUNDS], cyc[ROUNDS], r2;
	unsigned rounds, kept, tries;
	struct timing t;
	struct guard g;
	uint64_t base;

	rounds = quick ? 9 : ROUNDS;
	base = choose_base(arch_add_chain, NULL);
	warm_up(arch_add_chain, NULL, base, quick ? 0.005 : 0.01);
	for (kept = tries = 0; kept < rounds && tries < rounds * 4; tries++) {
		guard_begin(&g, -1, WATCH_SWITCHES);
		if (fit_once(arch_add_chain, NULL, base, &t, &r2) != 0 ||
		    guard_tripped(&g))
			continue;
		ref[kept] = t.ref;
		cyc[kept++] = t.cyc;
	}
	if (kept == 0) {	/* a machine this busy still gets a ratio */
		fit_once(arch_add_chain, NULL, base, &t, &r2);
		ref[0] = t.ref;
		cyc[0] = t.cyc;
		kept = 1;
	}
	cal->counted = clock_counting();
	if (cal->counted)
		cal->ratio = stats_median(cyc, kept) / stats_median(ref, kept);
	else
		cal->ratio = ARCH_CHAIN_UNROLL / stats_median(ref, kept);
	cal->ref_iters = base * 4;
}

/*
 * Core cycles per tick at this moment, from the reference chain timed
 * now at two lengths: the adds the long chain has beyond the short one
 * (or, where this thread's cycles are counted, the cycles it counts
 * beyond it) over the ticks it takes beyond it.  The difference cancels
 * what a call and its stamps cost: an overhead estimated once per run
 * scaled every figure of that run alike (seen: one run of five reading
 * every row 0.35-0.4% low, the add chain itself at 0.9965), and a counter
 * read a little apart from the reference clock put the counted ratio 1%
 * high on a short chain.
 *
 * Calibrated, each length keeps its fastest call.  Counted, both clocks
 * must come from the same calls: a disturbance between a stamp's two
 * reads makes a call's cycles disagree with its ticks, and the fastest
 * call on one clock then pairs with another call's time on the other,
 * off by the spread of the calls (1% on a busy guest).  So each pair of
 * calls gives a ratio, and the median of the pairs is the figure.
 * Counted, it serves self-timed bodies (which count no cycles) and the
 * clock-drift flag.
 */
static double
counted_ratio_now(uint64_t longer, uint64_t shorter)
{
	double ratio[REF_BEST_OF], cyc, ref;
	struct stamp l0, l1, s0, s1;
	size_t n = 0;
	int i;

	for (i = 0; i < REF_BEST_OF; i++) {
		stamp_begin(&l0);
		arch_add_chain(longer, NULL);
		stamp_end(&l1);
		stamp_begin(&s0);
		arch_add_chain(shorter, NULL);
		stamp_end(&s1);
		cyc = (double)(l1.cyc - l0.cyc) - (double)(s1.cyc - s0.cyc);
		ref = (double)(l1.ref - l0.ref) - (double)(s1.ref - s0.ref);
		if (cyc > 0 && ref > 0)
			ratio[n++] = cyc / ref;
	}
	return (n > 0 ? stats_median(ratio, n) : NAN);
}

static double
ratio_now(const struct engine_calibration *cal)
{
	struct timing t, s;
	uint64_t shorter = cal->ref_iters / REF_SHORT;
	double counted;

	if (clock_counting() &&
	    !isnan(counted = counted_ratio_now(cal->ref_iters, shorter)))
		return (counted);
	t = time_best(arch_add_chain, NULL, cal->ref_iters, REF_BEST_OF);
	s = time_best(arch_add_chain, NULL, shorter, REF_BEST_OF);
	return ((double)(cal->ref_iters - shorter) * ARCH_CHAIN_UNROLL /
	    (t.ref - s.ref));
}

/* A clock change across a calibrated sample; counted ones need no clock. */
static int
drifted(double before, double after, double limit)
{
	return (!clock_counting() && fabs(after / before - 1) > limit);
}

/* Cycles for `ticks': counted if we can, else under the clock around it. */
static double
to_cycles(double ticks, double counted, double ratio_a, double ratio_b)
{
	if (clock_counting() && !isnan(counted))
		return (counted);
	return (ticks * (ratio_a + ratio_b) / 2);
}

double
engine_imul_reading(const struct engine_calibration *cal, uint64_t base)
{
	struct timing t;
	double r2, ra, rb;
	int tries;

	/* A fit a disturbance bent has no slope to read (timing.h). */
	for (tries = 0; base != 0 && tries < 3; tries++) {
		ra = ratio_now(cal);
		if (fit_once(arch_mul_chain, NULL, base, &t, &r2) != 0)
			continue;
		rb = ratio_now(cal);
		return (to_cycles(t.ref, t.cyc, ra, rb) / ARCH_CHAIN_UNROLL);
	}
	return (NAN);
}

/*
 * The reference clock's step (core/lattice.h), from the add chain timed
 * at many lengths, so the intervals fall on every step they can.
 */
static unsigned
tick_step(void)
{
	double d[STEP_READINGS];
	struct stamp s0, s1;
	int i;

	for (i = 0; i < STEP_READINGS; i++) {
		stamp_begin(&s0);
		arch_add_chain(1 + (uint64_t)i % 61, NULL);
		stamp_end(&s1);
		d[i] = (double)(s1.ref - s0.ref);
	}
	return (lattice_step(d, STEP_READINGS));
}

void
engine_prepare(struct engine_prep *p, int quick)
{
	char why[CB_REASON_MAX];
	struct timing t;
	double ref[5], r2;
	uint64_t base;
	int i;

	clock_init();
	/*
	 * Each round's child opens its own counter (a counter counts the
	 * thread that opened it); where it can, the ratio comes from one
	 * opened here for the calibration, for paths that time themselves.
	 */
	clock_counter_open(why, sizeof(why));
	warm_up(arch_add_chain, NULL, 1000, quick ? 0.005 : 0.01);
	engine_calibrate(&p->cal, quick);
	clock_counter_close();
	base = choose_base(arch_empty_loop, NULL);
	for (i = 0; i < 5; i++) {
		fit_once(arch_empty_loop, NULL, base, &t, &r2);
		ref[i] = t.ref;
	}
	p->loop_ticks = stats_median(ref, 5);
	p->probe_iters = choose_base(arch_probe_block, NULL);
	p->mul_base = choose_base(arch_mul_chain, NULL);
	p->tick_step = tick_step();
	p->emulated = os_emulated();
}

/* The probe now, in cycles per nop, under the clock `ratio'. */
static double
probe(const struct engine_prep *p, double ratio)
{
	struct timing t;

	t = time_best(arch_probe_block, NULL, p->probe_iters, PROBE_BEST_OF);
	return (to_cycles(t.ref, t.cyc, ratio, ratio) /
	    ((double)p->probe_iters * ARCH_PROBE_NOPS));
}

static double
round_seconds(const struct cb_options *o)
{
	return (ENGINE_ROUND_SECONDS * (o->quick ? QUICK_ROUND_SHARE : 1));
}

/*
 * A round ends at its time once it has a few clean samples, or all it may
 * have; on a machine so disturbed that it has not, it gets three times
 * more, then ends with what it has: its spares when nothing was clean,
 * and when it has not even those, once it has tried a few samples (a
 * sample can outlast the time, under an emulator).  Where the child's
 * time limit is shorter than all that (a tiny --timeout, a slow
 * emulator), it ends, once it has tried a sample, at half the limit from
 * its `start', rather than be killed with nothing.
 */
static int
round_over(const struct gather *s, const struct cb_options *o, double start,
    double end)
{
	double now = monotonic_seconds();
	size_t tried = s->n + s->disturbed;

	return (gather_clean(s) >= s->cap ||
	    (gather_clean(s) >= ROUND_MIN_SAMPLES && now > end) ||
	    (now > end + 3 * round_seconds(o) &&
	    (s->n > 0 || tried >= ROUND_MIN_SAMPLES)) ||
	    (tried > 0 && now > start + TIMEOUT_SHARE * o->timeout));
}

static int
sample_loop(const struct cb_bench *b, void *ctx, const struct cb_options *o,
    const struct engine_prep *p, struct gather *s, struct cb_result *r)
{
	const struct engine_calibration *cal = &p->cal;
	struct timing t;
	struct guard g;
	uint64_t base;
	double r2, start, end, ra, rb, pa, pb, cyc;
	int rc, whole, clean;

	start = monotonic_seconds();
	if ((base = choose_base(b->body, ctx)) == 0)
		return (flat_body(r));
	warm_up(b->body, ctx, base, 0.001);

	r->ratio_before = ra = ratio_now(cal);
	pa = probe(p, ra);
	end = monotonic_seconds() + round_seconds(o);
	while (!round_over(s, o, start, end)) {
		guard_begin(&g, o->cpu, (b->flags & CB_BENCH_SWITCHES) ?
		    WATCH_NONE : WATCH_SWITCHES);
		rc = fit_once(b->body, ctx, base, &t, &r2);
		rb = ratio_now(cal);
		pb = probe(p, rb);
		cyc = to_cycles(t.ref, t.cyc, ra, rb) / b->ops;
		whole = rc >= 0 && cyc > 0;
		clean = whole && rc != TIMING_BENT && !guard_tripped(&g) &&
		    !drifted(ra, rb, ENGINE_DRIFT_LIMIT);
		gather_add(s, clean, whole, t.ref / b->ops, cyc, fmax(pa, pb));
		if (clean)
			gather_r2(s, r2);
		/* The clock after one sample is the clock before the next. */
		pa = pb;
		ra = rb;
	}
	r->ratio_after = ratio_now(cal);
	return (0);
}

/*
 * Calls per disturbance check: up to PATH_BATCH, fewer when calls are long,
 * so one preemption costs few samples and a batch never holds the run.
 */
static int
path_batch(double call_ticks)
{
	double n;

	n = PATH_BATCH_SECONDS * clock_ref_hz() / fmax(call_ticks, 1);
	return (n >= PATH_BATCH ? PATH_BATCH : n < 1 ? 1 : (int)n);
}

/*
 * The batched slope, a cross-check of the per-call numbers, with as many
 * fits (up to five) as PATH_FIT_SECONDS holds.  Calls so long that not
 * even one fit does are left without one: the stamps' cost, which the fit
 * exists to remove, is then lost in the call's own spread.
 */
static void
cross_check(const struct cb_bench *b, void *ctx,
    const struct engine_calibration *cal, struct gather *s,
    struct cb_result *r)
{
	struct timing fit;
	double cyc[5], call, fit_ticks, r2, ra, rb;
	uint64_t base;
	size_t k;
	int i, nfits;

	if (s->n == 0)
		return;
	/* The mean: a long tail (cross-CPU wake-ups) costs time too. */
	for (k = 0, call = 0; k < s->n; k++)
		call += s->ref[k] * b->ops / (double)s->n;
	/* n(n + 1) is even: the sizes' sum is exact in integers. */
	/* NOLINTNEXTLINE(bugprone-integer-division) */
	fit_ticks = TIMING_SIZES * (TIMING_SIZES + 1) / 2 * TIMING_BEST_OF *
	    fmax(call, 2 * TIMING_TARGET_TICKS);
	nfits = (int)fmin(5, PATH_FIT_SECONDS * clock_ref_hz() / fit_ticks);
	if (nfits < 1 || (base = choose_base(b->body, ctx)) == 0)
		return;
	for (i = 0; i < nfits; i++) {
		ra = ratio_now(cal);
		fit_once(b->body, ctx, base, &fit, &r2);
		rb = ratio_now(cal);
		cyc[i] = to_cycles(fit.ref, fit.cyc, ra, rb);
		gather_r2(s, r2);
	}
	r->batched = stats_median(cyc, (size_t)nfits) / b->ops;
}

/* Time `n' calls one by one, less the stamps; returns their sum in ticks. */
static double
time_calls(const struct cb_bench *b, void *ctx, int n,
    const struct timing *overhead, double *ref, double *cyc)
{
	struct stamp s0, s1;
	double sum = 0;
	int k;

	for (k = 0; k < n; k++) {
		if (b->timed != NULL) {
			ref[k] = (double)b->timed(ctx) - overhead->ref;
			cyc[k] = NAN;
		} else {
			stamp_begin(&s0);
			b->body(1, ctx);
			stamp_end(&s1);
			ref[k] = (double)(s1.ref - s0.ref) - overhead->ref;
			cyc[k] = (double)(s1.cyc - s0.cyc) - overhead->cyc;
		}
		sum += ref[k];
	}
	return (sum);
}

/* The guard a batch of path calls gets (see the top of engine.h). */
static enum guard_watch
path_watch(const struct cb_bench *b, int mend)
{
	if (b->flags & CB_BENCH_SWITCHES)
		return (WATCH_RUN_DELAY);
	return (mend ? WATCH_NONE : WATCH_SWITCHES);
}

/* No operation takes no time: a count of 0 is a callback's mistake. */
static int
timed_zero(struct cb_result *r)
{
	r->status = CB_ERROR;
	snprintf(r->reason, sizeof(r->reason), "the timed callback returned "
	    "0 ticks: it must return the ticks of one operation, "
	    "cb_tsc_end() less cb_tsc_begin()");
	return (-1);
}

static int
sample_path(const struct cb_bench *b, void *ctx, const struct cb_options *o,
    const struct engine_prep *p, int first_round, struct gather *s,
    struct cb_result *r)
{
	const struct engine_calibration *cal = &p->cal;
	struct timing overhead, first;
	struct stamp s0, s1;
	struct guard g;
	double batch_ref[PATH_BATCH], batch_cyc[PATH_BATCH], ticks;
	double start, end, ra, rb, pa, pb, waited, cpu, wall;
	int i, k, nb, mend, whole, clean;

	start = monotonic_seconds();
	/*
	 * The cold call first, before anything warms the path (each round
	 * is a fresh process), timed as the steady-state calls will be.
	 */
	if (b->timed != NULL) {
		first.ref = (double)b->timed(ctx);
		first.cyc = NAN;
		if (first.ref == 0)
			return (timed_zero(r));
	} else
		first = time_best(b->body, ctx, 1, 1);
	overhead.ref = overhead.cyc = INFINITY;
	for (i = 0; i < 1000; i++) {
		stamp_begin(&s0);
		stamp_end(&s1);
		if ((double)(s1.ref - s0.ref) < overhead.ref) {
			overhead.ref = (double)(s1.ref - s0.ref);
			overhead.cyc = (double)(s1.cyc - s0.cyc);
		}
	}
	r->ratio_before = ra = ratio_now(cal);
	r->first_call = to_cycles(first.ref - overhead.ref,
	    first.cyc - overhead.cyc, ra, ra);
	/* A first call longer than the warm-up has warmed the path. */
	if (first.ref < 0.001 * clock_ref_hz())
		warm_up(b->body, ctx, 1, 0.001);

	nb = path_batch(first.ref);
	pa = probe(p, ra);
	end = monotonic_seconds() + round_seconds(o);
	while (!round_over(s, o, start, end)) {
		/*
		 * A call of milliseconds on a shared machine is rarely spared
		 * a preemption: alone in its batch, it keeps its sample with
		 * the time it spent off its CPU taken out, the wall time less
		 * the thread's CPU time, both to the nanosecond.  (The
		 * scheduler's run delay overstates it now and then.)  What
		 * stays in is the cache refill after a preemption, small
		 * against the call.
		 */
		mend = nb == 1 && !(b->flags & CB_BENCH_SWITCHES) &&
		    !isnan(guard_thread_cpu());
		guard_begin(&g, o->cpu, path_watch(b, mend));
		ra = ratio_now(cal);
		cpu = guard_thread_cpu();
		wall = monotonic_seconds();
		ticks = time_calls(b, ctx, nb, &overhead, batch_ref, batch_cyc);
		waited = mend ? fmax(0, monotonic_seconds() - wall - (guard_thread_cpu() -
		    cpu)) * clock_ref_hz() : 0;
		rb = ratio_now(cal);
		pb = probe(p, rb);
		batch_ref[0] -= waited;
		whole = waited < ticks;
		clean = whole && !guard_tripped(&g) &&
		    !drifted(ra, rb, ENGINE_PATH_DRIFT_LIMIT);
		for (k = 0; k < nb; k++)
			gather_add(s, clean, whole, batch_ref[k] / b->ops,
			    to_cycles(batch_ref[k], batch_cyc[k], ra, rb) /
			    b->ops, fmax(pa, pb));
		pa = pb;
		nb = path_batch(ticks / nb);
	}
	r->ratio_after = ratio_now(cal);
	if (first_round)
		cross_check(b, ctx, cal, s, r);
	return (0);
}

void
engine_round(const struct cb_bench *b, void *ctx, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	struct gather s;
	double start;
	size_t cap;

	start = monotonic_seconds();
	r->status = CB_OK;
	r->first_call = r->batched = r->r2 = NAN;
	/* In size_t: a library caller's repetitions must not wrap. */
	cap = (size_t)o->repetitions *
	    (b->mode == CB_PATH ? ENGINE_PATH_CALLS : 1);
	if (gather_init(&s, cap) != 0) {
		gather_free(&s);
		r->status = CB_ERROR;
		snprintf(r->reason, sizeof(r->reason), "out of memory for "
		    "%zu samples", cap);
		return;
	}
	/* What this child counts, whatever the parent could. */
	r->method = clock_counting() ? CB_CYCLES_COUNTED :
	    CB_CYCLES_CALIBRATED;
	if (b->mode == CB_PATH ? sample_path(b, ctx, o, p, first, &s, r) != 0 :
	    sample_loop(b, ctx, o, p, &s, r) != 0) {
		gather_free(&s);
		return;
	}
	/*
	 * A path's calls read whole steps of the clock: its median would
	 * land on a step and flip between neighbours from run to run.
	 * Cycles converted from the ticks move with them; counted ones are
	 * not in steps.
	 */
	if (b->mode == CB_PATH && lattice_spread(s.ref, !clock_counting() ||
	    b->timed != NULL ? s.cyc : NULL, s.n, (double)p->tick_step /
	    b->ops) != 0) {
		gather_free(&s);
		r->status = CB_ERROR;
		snprintf(r->reason, sizeof(r->reason), "out of memory for "
		    "%zu samples", cap);
		return;
	}
	if (cb_seam_drift != NULL)
		r->ratio_after *= 1 + cb_seam_drift();
	r->imul_check = clock_counting() ? NAN :
	    engine_imul_reading(&p->cal, p->mul_base);
	/* A round's flag says its samples are spares (core/rounds.h). */
	if (gather_keep_spares(&s))
		r->flags |= CB_FLAG_UNSETTLED;
	r->nsamples = s.n;
	r->samples = s.cyc;
	r->samples_ref = s.ref;
	r->probe = s.probe;
	r->disturbed = s.disturbed;
	r->r2 = s.nr2 ? stats_median(s.r2, s.nr2) : NAN;
	r->seconds = monotonic_seconds() - start;
}
