/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One row per priced event.  A benchmark named here is looked up by name
 * and parameters in a results file (--costs) or in this build's registry;
 * when a suite renames a benchmark, this table is all that changes.
 */
#include <stdio.h>
#include <string.h>

#include "impact/events.h"

#define BENCH(n, ...)	{ .name = (n), .params = { __VA_ARGS__ } }
#define NO_BENCH	{ .name = NULL }

const struct impact_event impact_events[] = {
	{ "ctxsw", "context switches", IMPACT_CTXSW,
	    BENCH("ctxsw/pipe-threads", { "cpus", "1" }, { "fpu", "none" }),
	    0, NULL },
	{ "minflt", "minor page faults", IMPACT_MINFLT,
	    BENCH("fault/anon-first-touch"), 0, NULL },
	{ "majflt", "major page faults", IMPACT_MAJFLT, NO_BENCH, 0,
	    "a major fault waits for I/O, not for cycles" },
	{ "migration", "CPU migrations", IMPACT_MIGRATIONS, NO_BENCH, 0,
	    NULL },
	{ "syscall", "system calls", IMPACT_SYSCALLS,
	    BENCH("syscall/getppid"), 0,
	    "priced as the null system call: entry and exit only" },
	{ "signal", "signals delivered", IMPACT_SIGNALS,
	    BENCH("signal/kill-self"), 0, NULL },
	/*
	 * x86 Linux saves and restores the FPU state eagerly on every
	 * switch of a user task (the default since 4.6; the lazy mode, and
	 * with it seed 003's device-not-available traps, has since been
	 * removed), so a context switch makes at most one FPU switch: the
	 * count is an upper bound, hence only on request.  Priced as seed
	 * 003's fxsave; fxrstor of live x87 state, in its 64-bit form; the
	 * kernel's own xsaves is privileged, fpu/xsaveopt is its nearest
	 * user-mode relative.
	 */
	{ "fpu-switch", "FPU state switches", IMPACT_CTXSW,
	    BENCH("fpu/fxsave64", { "state", "ones" }),
	    IMPACT_EVENT_ON_REQUEST,
	    "at most one per context switch: an upper bound" },
};

const size_t impact_nevents = sizeof(impact_events) / sizeof(impact_events[0]);

_Static_assert(sizeof(impact_events) / sizeof(impact_events[0]) <=
    IMPACT_MAX_EVENTS, "raise IMPACT_MAX_EVENTS");

const struct impact_event *
impact_event_find(const char *name)
{
	size_t i;

	for (i = 0; i < impact_nevents; i++)
		if (strcmp(impact_events[i].name, name) == 0)
			return (&impact_events[i]);
	return (NULL);
}

const char *
impact_event_names(char *buf, size_t len)
{
	size_t i, used = 0;

	buf[0] = '\0';
	for (i = 0; i < impact_nevents && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		    i ? ", " : "", impact_events[i].name);
	return (buf);
}
