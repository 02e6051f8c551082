/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine's guard (core/engine.h): what could have disturbed the
 * samples taken between guard_begin() and guard_tripped().
 */
#ifndef CB_GUARD_H
#define CB_GUARD_H

#include <stddef.h>
#include <sys/types.h>

/*
 * What could have disturbed the samples taken since guard_begin(): an
 * involuntary context switch, or running anywhere but the CPU we pinned to
 * (someone changed our affinity: every later sample is on the wrong CPU,
 * not just the one that saw the move).
 */
struct guard {
	long	nivcsw;		/* -1: switches are not watched */
	int	cpu;
	int	pinned;		/* -1: not pinned */
	double	run_delay;	/* ns runnable but not running; NAN: not
				   watched */
	double	wall;		/* when it began, ns */
};

/* What a guard watches besides the CPU it runs on. */
enum guard_watch {
	WATCH_SWITCHES,		/* an involuntary context switch */
	WATCH_RUN_DELAY,	/* waiting for the CPU (a switching path) */
	WATCH_NONE		/* a preemption's wait is taken out */
};

void	guard_begin(struct guard *g, int pinned, enum guard_watch w);

/* Has anything the guard watches happened since guard_begin()? */
int	guard_tripped(const struct guard *g);

/*
 * Thread or process `tid' takes part in the measured path (a ping-pong
 * partner), so the time it waits for its CPU counts as this thread's
 * (WATCH_RUN_DELAY).  Up to GUARD_MAX_PARTNERS; core/isolate.h's
 * isolate_watch_partner() is how a benchmark names one.
 */
#define GUARD_MAX_PARTNERS	4
void	guard_watch_partner(pid_t tid);

/*
 * Seconds of CPU this thread has used, user and system, to the
 * nanosecond; NAN where the clock is missing.
 */
double	guard_thread_cpu(void);

#endif
