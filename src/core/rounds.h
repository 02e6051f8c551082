/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Rounds across time.  A shared host has phases (a tenant on the SMT
 * sibling, power management) that outlast one benchmark's sampling, and
 * samples that share a phase agree with each other while the next run
 * disagrees with all of them.  So every benchmark is measured in rounds,
 * each a short burst in a child process (core/engine.h): a fresh one, or
 * one program the rounds of a pass share where their kind allows
 * (core/isolate.h: characterize's snippets), one after another; and the
 * rounds of all the benchmarks of a run are interleaved in time, the
 * first pass in the order asked, every later one in a new random order:
 * a phase of the host touches each benchmark a little instead of one benchmark entirely, and a level that
 * depends on the process (where its pages landed) is seen as often as it
 * happens.
 *
 * How many rounds: at least ROUNDS_MIN, then more until the figure
 * (core/estimate.h) rests on ROUNDS_MIN rounds (a contended round may
 * have no quiet samples to give, and a contended figure standing in for
 * a quiet one ends nothing: est_settled()) and its 95% interval is
 * within the precision asked
 * (ROUNDS_PRECISION for loops, ROUNDS_PATH_PRECISION for paths: a kernel
 * path's cost varies far more from call to call), the benchmark has had
 * ROUNDS_MAX rounds, or its rounds have taken ROUNDS_BUDGET seconds;
 * the result says which ended it.  --quick takes ROUNDS_MIN rounds, the
 * fewest that compare can test, and no more: a fresh process costs about
 * 2 ms on a cloud guest and a round some 15 ms in all, and waiting for
 * quiet rounds put the default suites at 34 s.
 */
#ifndef CB_ROUNDS_H
#define CB_ROUNDS_H

#include <stddef.h>

#include "cyclebench.h"

#define ROUNDS_MIN		5
#define ROUNDS_MAX		20
#define ROUNDS_BUDGET		1.0	/* seconds of rounds per benchmark */
#define ROUNDS_QUICK_MAX	ROUNDS_MIN
#define ROUNDS_QUICK_BUDGET	0.25
#define ROUNDS_PRECISION	0.01
#define ROUNDS_PATH_PRECISION	0.03
/* The probe's floor: this quantile of all its readings in the run. */
#define ROUNDS_PROBE_FLOOR_Q	0.02

/* Where a run is, for a progress line. */
struct rounds_progress {
	unsigned		 pass;		/* 1: every benchmark's first */
	size_t			 finished;	/* benchmarks with all rounds */
	size_t			 n;
	const struct cb_bench	*bench;		/* the one being measured */
	double			 elapsed;	/* seconds since the start */
};

typedef void rounds_progress_fn(const struct rounds_progress *p, void *arg);

/*
 * Measure b[0..n-1] in interleaved rounds into r[0..n-1], every one
 * filled as cb_measure() fills one.  With o->rounds set, every benchmark
 * gets exactly that many.  Interrupted (cb_interrupt()), each keeps the
 * rounds it completed, and one with none is an error "interrupted".
 * Returns how many got at least one round.
 */
size_t	rounds_run(const struct cb_bench *const *b, size_t n,
	    const struct cb_options *o, struct cb_result *r,
	    rounds_progress_fn *progress, void *arg);

#endif
