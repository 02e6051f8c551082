/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine: turns a benchmark body into samples of cost per operation,
 * one round at a time (core/rounds.h interleaves the rounds and turns
 * their samples into figures).
 *
 * Loop benchmarks (latency, throughput): a sample is the least-squares
 * slope of the body's time over eight iteration counts, each the best of
 * five calls, so the call and timer overhead fall into the intercept.  A
 * slope that is not positive measured no cost and is dropped, as is a fit
 * whose intercept is as large as the smallest count's time: a
 * disturbance bent it.  A fit with a count off its line by more than 2%
 * of the smallest count's time and eight times the calls' own spread is
 * bent too (a host that steals the CPU at a steady rate slows only the
 * counts too long to slip between its steals): its slope is kept as a
 * disturbed sample, used only where a round has no clean one.
 * Path benchmarks: a sample is one call timed on its own, minus the cost of
 * the time stamps, with a batched slope kept as a cross-check in a
 * benchmark's first round.  Calls are checked for disturbance in batches
 * of at most 2 ms; a call that long is kept through a preemption with the
 * time it waited for the CPU taken out.  A round samples for
 * ENGINE_ROUND_SECONDS (a quarter of that with --quick), or until it has
 * its samples, and ends after four such with whatever it has (having
 * tried three at least): where not one sample was clean, the disturbed
 * ones, flagged (core/gather.h).  Its sampling takes at most half its
 * child's time limit, --timeout, so a short limit or a slow emulator
 * ends it with samples, not killed.
 *
 * Every sample is taken between checks for what could have disturbed it:
 * an involuntary context switch, a migration to another CPU, and (when
 * cycles are calibrated) a change of the core clock.  A path that
 * switches tasks by design is judged by the time it spent runnable but
 * not running instead: a task that took its CPU shows there.  Calibrated
 * samples carry their own clock: a reference add chain timed just before
 * and just after the sample (the one after a loop sample is the one
 * before the next), at two lengths whose difference cancels the call's
 * overhead, gives the cycles per tick to convert it with,
 * and a sample across which the two disagree by more than
 * ENGINE_DRIFT_LIMIT is dropped (ENGINE_PATH_DRIFT_LIMIT for a path
 * sample, whose calls spread far wider than that and may last long enough
 * for the host to change the clock under every one).  A core clock that
 * wanders between samples, as it does on a shared host, so moves no
 * number; one lowered only while the body runs (Intel's AVX-512 license
 * levels) is back before the chain after it, and is for the caller to
 * witness (snippet/witness.h).  Beside every sample the contention probe (core/estimate.h) is
 * timed before and after it, and the slower reading kept.  A path's
 * samples, read off a clock that moves in steps of many ticks, are spread
 * over their step at the end of a round (core/lattice.h).
 */
#ifndef CB_ENGINE_H
#define CB_ENGINE_H

#include "cyclebench.h"

#define ENGINE_DRIFT_LIMIT	0.02	/* relative change of cycles/tick */
#define ENGINE_PATH_DRIFT_LIMIT	0.10	/* the same, for path samples */
#define ENGINE_PATH_CALLS	10	/* path calls per repetition */
#define ENGINE_CALIBRATION_SD	0.001	/* a calibration's relative error
					   from run to run: imul comes out
					   3.000 to 3.004 */
#define ENGINE_ROUND_SECONDS	0.04	/* sampling time of one round */

struct engine_calibration {
	double	ratio;		/* core cycles per reference tick */
	uint64_t ref_iters;	/* iterations of the reference chain per check */
	int	counted;	/* ratio from the hardware counter */
};

/* Measure cycles per tick now; `quick' takes fewer samples. */
void	engine_calibrate(struct engine_calibration *cal, int quick);

/*
 * What is measured once in the parent and holds for every round it forks:
 * the calibration, the empty loop's cost per iteration (the resolution
 * every loop benchmark is judged against), the size of a probe, and
 * whether an emulator runs it all (every row is flagged emulated).
 */
struct engine_prep {
	struct engine_calibration cal;
	double	 loop_ticks;	/* reference ticks per empty-loop iteration */
	uint64_t probe_iters;	/* iterations of a probe reading */
	uint64_t mul_base;	/* of the multiply chain, for the check */
	unsigned tick_step;	/* the reference clock's step (core/lattice.h) */
	int	 emulated;	/* under an emulator (os/fingerprint.h) */
};

void	engine_prepare(struct engine_prep *p, int quick);

/*
 * The calibrated cycles of one dependent multiply (arch_mul_chain, `base'
 * iterations the shortest fit) timed now, under the clock timed around
 * it as a sample is: a whole number, unless the add chain is not running
 * one add per cycle (something shares the core) and calibrated cycles are
 * off by as much (core/flags.h).  Counted where cycles are; NAN when
 * three fits in a row were bent by disturbances.
 */
double	engine_imul_reading(const struct engine_calibration *cal,
	    uint64_t base);

/*
 * One round of `b' in this process, on the CPU it is pinned to, with setup
 * already done: fills r's status (and reason), samples, samples_ref,
 * probe, nsamples, disturbed, r2, ratio_before and ratio_after, seconds,
 * imul_check (one reading, after the samples), and for paths first_call
 * and (in the `first' round) batched.
 */
void	engine_round(const struct cb_bench *b, void *ctx,
	    const struct cb_options *o, const struct engine_prep *p,
	    int first, struct cb_result *r);

#endif
