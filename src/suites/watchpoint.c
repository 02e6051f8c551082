/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hardware watchpoint on the calling thread (suites/watchpoint.h), by
 * perf_event_open(PERF_TYPE_BREAKPOINT), and what to do when the kernel
 * refuses it.
 */
#include <errno.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "cyclebench.h"
#include "suites/watchpoint.h"

static volatile uint64_t watched;	/* the watchpoint's target */

/* What would let perf_event_open arm a watchpoint, by its errno. */
static const char *
watch_hint(int err)
{
	switch (err) {
	case EACCES:
	case EPERM:
		return ("perf_event_paranoid or a security module forbids it; "
		    "run as root or with CAP_PERFMON");
	case ENOENT:
	case ENODEV:
	case EOPNOTSUPP:
		return ("the kernel lacks CONFIG_HAVE_HW_BREAKPOINT or the "
		    "hypervisor exposes no debug registers");
	case ENOSPC:
		return ("every debug register is taken, by a debugger or "
		    "another perf event");
	case ENOSYS:
		return ("the kernel lacks CONFIG_PERF_EVENTS");
	default:
		return ("see perf_event_open(2)");
	}
}

/* One write first proves the debug register is armed, not merely accepted. */
int
watchpoint_arm(int *fd, char *why, size_t len)
{
	struct perf_event_attr a;
	uint64_t n = 0;

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_BREAKPOINT;
	a.size = sizeof(a);
	a.bp_type = HW_BREAKPOINT_W;
	a.bp_addr = (uintptr_t)&watched;
	a.bp_len = HW_BREAKPOINT_LEN_8;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	*fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (*fd < 0) {
		snprintf(why, len, "perf_event_open(PERF_TYPE_BREAKPOINT) "
		    "refused: %s (errno %d): %s", strerror(errno), errno,
		    watch_hint(errno));
		return (CB_SETUP_SKIP);
	}
	watched++;
	if (read(*fd, &n, sizeof(n)) != (ssize_t)sizeof(n) ||
	    n != 1) {
		snprintf(why, len, "perf_event_open accepted the watchpoint "
		    "but it counted %llu of 1 write to the watched word: the "
		    "debug registers do not take effect on this machine (as "
		    "under a hypervisor that does not virtualise DR0-DR7)",
		    (unsigned long long)n);
		return (CB_SETUP_SKIP);
	}
	return (0);
}
