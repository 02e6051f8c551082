/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * syscall: the cost of entering and leaving the kernel, one operation per
 * row.  Everything but the two rows named for them goes through raw
 * syscall(), so neither a libc cache nor the vDSO answers in the kernel's
 * place; clock_gettime-vdso and getpid-libc are there to show what those
 * shortcuts are worth.  Entry and exit include whatever the CPU's
 * vulnerability mitigations add (page-table isolation above all), which
 * the path table prints with the numbers.
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "suites/suites.h"

#define YIELD_PROBES	100

struct sys_ctx {
	int		 fd;		/* the row's device, -1 when none */
	char		 byte;
	struct timespec	 ts;
};

/*
 * Open the device named by the row's arg and check that reading and
 * writing it work, so the loop need not look at what the calls return.
 */
static int
sys_setup(void **ctx, char *why, size_t len)
{
	const char *path = *ctx;
	struct sys_ctx *c;

	if ((c = calloc(1, sizeof(*c))) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	c->fd = -1;
	*ctx = c;
	if (path == NULL)
		return (0);
	if ((c->fd = open(path, O_RDWR)) < 0) {
		snprintf(why, len, "open %s: %s", path, strerror(errno));
		return (CB_SETUP_SKIP);
	}
	if (syscall(SYS_read, c->fd, &c->byte, 1) < 0 ||
	    syscall(SYS_write, c->fd, &c->byte, 1) != 1) {
		snprintf(why, len, "1-byte read and write on %s: %s", path,
		    strerror(errno));
		return (CB_SETUP_ERROR);
	}
	return (0);
}

/*
 * sched_yield is a pass through the scheduler that picks the caller
 * again, but only while nothing else is runnable on its CPU: otherwise a
 * call runs the other task for a while and the engine must drop it (a
 * yield's switch counts as involuntary).  Probe before measuring, and
 * skip with the reason rather than fail on every dropped sample.
 */
static int
yield_setup(void **ctx, char *why, size_t len)
{
	struct rusage r0, r1;
	long switched;
	int i, rc;

	if ((rc = sys_setup(ctx, why, len)) != 0)
		return (rc);
	getrusage(RUSAGE_THREAD, &r0);
	for (i = 0; i < YIELD_PROBES; i++)
		syscall(SYS_sched_yield);
	getrusage(RUSAGE_THREAD, &r1);
	switched = r1.ru_nivcsw - r0.ru_nivcsw;
	if (switched > YIELD_PROBES / 20) {
		snprintf(why, len, "CPU %d is busy: sched_yield switched to "
		    "another runnable task on %ld of %d calls, timing that "
		    "task instead of the call; use an idle CPU (--cpu)",
		    sched_getcpu(), switched, YIELD_PROBES);
		return (CB_SETUP_SKIP);
	}
	return (0);
}

static void
sys_teardown(void *ctx)
{
	struct sys_ctx *c = ctx;

	if (c->fd >= 0)
		close(c->fd);
	free(c);
}

/* A body that makes `call' iters times; `c' is the row's context. */
#define SYS_BODY(fn, call)						\
	static void							\
	fn(uint64_t iters, void *ctx)					\
	{								\
		struct sys_ctx *c = ctx;				\
									\
		(void)c;						\
		do							\
			call;						\
		while (--iters);					\
	}

SYS_BODY(sys_getppid, syscall(SYS_getppid))
SYS_BODY(sys_read, syscall(SYS_read, c->fd, &c->byte, 1))
SYS_BODY(sys_write, syscall(SYS_write, c->fd, &c->byte, 1))
SYS_BODY(vdso_clock_gettime, clock_gettime(CLOCK_MONOTONIC, &c->ts))
SYS_BODY(sys_clock_gettime,
    syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &c->ts))
SYS_BODY(sys_sched_yield, syscall(SYS_sched_yield))
SYS_BODY(libc_getpid, getpid())

#define SYS_ROW(n, fn, set, dev, d) { .name = "syscall/" n,		\
	.mode = CB_PATH, .ops = 1, .body = fn, .setup = set,		\
	.teardown = sys_teardown, .arg = dev, .desc = d }
#define SYS(n, fn, dev, d)	SYS_ROW(n, fn, sys_setup, dev, d)

static const struct cb_bench syscall_benches[] = {
	SYS("getppid", sys_getppid, NULL, "the null system call: "
	    "syscall(SYS_getppid), kernel entry and exit and little else"),
	SYS("read-devzero", sys_read, "/dev/zero", "syscall(SYS_read) of 1 "
	    "byte from /dev/zero: fd lookup, VFS, copy to user"),
	SYS("write-devnull", sys_write, "/dev/null", "syscall(SYS_write) of 1 "
	    "byte to /dev/null: fd lookup and VFS, nothing copied"),
	SYS("clock_gettime-vdso", vdso_clock_gettime, NULL,
	    "clock_gettime(CLOCK_MONOTONIC) through libc and the vDSO: no "
	    "kernel entry when the clocksource allows it"),
	SYS("clock_gettime-raw", sys_clock_gettime, NULL,
	    "syscall(SYS_clock_gettime, CLOCK_MONOTONIC): the same clock "
	    "read inside the kernel"),
	SYS_ROW("sched_yield", sys_sched_yield, yield_setup, NULL,
	    "syscall(SYS_sched_yield) alone on its CPU: the scheduler runs "
	    "and picks the caller again"),
	SYS("getpid-libc", libc_getpid, NULL, "getpid() through libc, which "
	    "since glibc 2.25 caches nothing: a libc wrapper's cost over "
	    "the null call"),
};

CB_SUITE(suite_syscall, "syscall", "System calls: kernel entry and exit "
    "per call, raw against the vDSO and libc.", syscall_benches);
