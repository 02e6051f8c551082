/*
 * The engine: turns a benchmark body into samples of cost per operation.
 *
 * Loop benchmarks (latency, throughput): a sample is the least-squares
 * slope of the body's time over eight iteration counts, each the best of
 * three calls, so the call and timer overhead fall into the intercept.
 * Path benchmarks: a sample is one call timed on its own, minus the cost of
 * the time stamps, with a batched slope kept as a cross-check where the
 * budget holds one.  Calls are checked for disturbance in batches of at
 * most 2 ms; a call that long is kept through a preemption with the time
 * it waited for the CPU taken out.  Sampling takes half the budget of a
 * loop benchmark and ends after four such with whatever it has.
 *
 * Every sample is taken between checks for what could have disturbed it:
 * an involuntary context switch, a migration to another CPU, and (when
 * cycles are calibrated) a change of the core clock.  Calibrated samples
 * carry their own clock: a reference add chain timed just before and just
 * after the sample gives the cycles per tick to convert it with, and a
 * sample across which the two disagree by more than ENGINE_DRIFT_LIMIT is
 * dropped (ENGINE_PATH_DRIFT_LIMIT for a path sample, whose calls spread
 * far wider than that and may last long enough for the host to change the
 * clock under every one).  A core clock that wanders between samples, as
 * it does on a shared host, so moves no number.
 */
#ifndef CB_ENGINE_H
#define CB_ENGINE_H

#include "cyclebench.h"

#define ENGINE_SIZES		8	/* iteration counts per fitted sample */
#define ENGINE_BEST_OF		5	/* calls per iteration count */
#define ENGINE_TARGET_TICKS	4000	/* the smallest count's duration */
#define ENGINE_DRIFT_LIMIT	0.02	/* relative change of cycles/tick */
#define ENGINE_PATH_DRIFT_LIMIT	0.10	/* the same, for path samples */
#define ENGINE_PATH_CALLS	10	/* path calls per repetition */

struct engine_calibration {
	double	ratio;		/* core cycles per TSC tick */
	double	ref_intercept;	/* ticks a reference call costs beyond its adds */
	uint64_t ref_iters;	/* iterations of the reference chain per check */
	int	counted;	/* ratio from the hardware counter */
};

/* Measure cycles per tick now; `quick' takes fewer samples. */
void	engine_calibrate(struct engine_calibration *cal, int quick);

/*
 * The calibrated cycles of one dependent 64-bit imul.  It must come out a
 * whole number; when it does not, the add chain is not running one add per
 * cycle (something shares the core) and calibrated cycles are off by as
 * much.
 */
double	engine_imul_check(const struct engine_calibration *cal);

/*
 * Measure `b' in this process, on the CPU it is pinned to, with setup
 * already done.  Fills everything in r but bench and cpu.
 */
void	engine_run(const struct cb_bench *b, void *ctx,
	    const struct cb_options *o, struct cb_result *r);

#endif
