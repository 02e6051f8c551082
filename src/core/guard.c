/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The guard (core/guard.h): involuntary context switches from getrusage,
 * the CPU from sched_getcpu, and for a path that switches tasks by design
 * the time its threads waited runnable (os/runwait.h).
 */
#include <math.h>
#include <sched.h>
#include <sys/resource.h>
#include <time.h>

#include "core/guard.h"
#include "os/runwait.h"
#include "util/time.h"

/*
 * A path that switches tasks by design waits for its partner to block,
 * microseconds a switch (a third of a one-CPU ping-pong's time, summed
 * over both threads); a task that took their CPU makes one wait a time
 * slice, milliseconds.  A batch whose threads waited more than this share
 * of its wall time, and more than SWITCH_WAIT_MIN_NS, saw the latter.
 */
#define SWITCH_WAIT_SHARE	0.5
#define SWITCH_WAIT_MIN_NS	250e3

static pid_t partners[GUARD_MAX_PARTNERS];
static size_t npartners;

void
guard_watch_partner(pid_t tid)
{
	if (npartners < GUARD_MAX_PARTNERS)
		partners[npartners++] = tid;
}

/*
 * Nanoseconds this thread and its partners have waited runnable for their
 * CPUs; NAN when the OS does not say (os/runwait.h).
 */
static double
thread_run_delay(void)
{
	if (os_runwait_open(partners, npartners) != 0)
		return (NAN);
	return (os_runwait_read());
}

static long
thread_nivcsw(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_THREAD, &ru) != 0)
		return (-1);
	return (ru.ru_nivcsw);
}

double
guard_thread_cpu(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
		return (NAN);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

void
guard_begin(struct guard *g, int pinned, enum guard_watch w)
{
	g->nivcsw = w == WATCH_SWITCHES ? thread_nivcsw() : -1;
	g->run_delay = w == WATCH_RUN_DELAY ? thread_run_delay() : NAN;
	g->wall = monotonic_seconds() * 1e9;
	g->cpu = sched_getcpu();
	g->pinned = pinned;
}

int
guard_tripped(const struct guard *g)
{
	int cpu = sched_getcpu();

	if (!isnan(g->run_delay) && thread_run_delay() - g->run_delay >
	    fmax(SWITCH_WAIT_SHARE * (monotonic_seconds() * 1e9 - g->wall),
	    SWITCH_WAIT_MIN_NS))
		return (1);
	return ((g->nivcsw >= 0 && thread_nivcsw() != g->nivcsw) ||
	    cpu != g->cpu || (g->pinned >= 0 && cpu != g->pinned));
}

