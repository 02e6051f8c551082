/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * selftest: benchmarks that misbehave on purpose, so the tests can check
 * that a crash, an illegal instruction, an exit or a hang in one child
 * becomes an error row and the run goes on.  Hidden: only `run selftest'
 * or a full name selects them.
 */
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/prctl.h>

#include "arch/arch.h"
#include "suites/suites.h"

/* Hidden from the optimiser, which would otherwise refuse a NULL store. */
static int *volatile nowhere;

static void
crash(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
	*nowhere = 1;
}

static void
illegal(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
	__asm__ volatile(ARCH_ASM_ILLEGAL);
}

static void
hang(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
	for (;;)
		__asm__ volatile(ARCH_ASM_SPIN_HINT);
}

static void
quit(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
	_exit(7);
}

static int
refuse(void **ctx, char *why, size_t len)
{
	(void)ctx;
	snprintf(why, len, "selftest: setup declines to run");
	return (CB_SETUP_SKIP);
}

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" : "+r" (iters));
	while (--iters);
}

/* Leaves a process behind, as a careless partner process would. */
static int
leave_orphan(void **ctx, char *why, size_t len)
{
	(void)ctx;
	(void)why;
	(void)len;
	if (fork() == 0) {
		prctl(PR_SET_NAME, "cb-orphan");
		for (;;)
			pause();
	}
	return (0);
}

static void
never(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
}

#define SELFTEST(n, fn, d) { .name = "selftest/" n, .mode = CB_LATENCY, \
	.ops = 1, .body = fn, .flags = CB_BENCH_HIDDEN, .desc = d }

static const struct cb_bench selftest[] = {
	SELFTEST("crash", crash, "stores through NULL: SIGSEGV"),
	SELFTEST("sigill", illegal, "executes " ARCH_ASM_ILLEGAL ": SIGILL"),
	SELFTEST("hang", hang, "never returns: stopped by the time limit"),
	SELFTEST("exit", quit, "calls _exit(7) mid-measurement"),
	{ .name = "selftest/skip", .mode = CB_LATENCY, .ops = 1, .body = never,
	  .setup = refuse, .flags = CB_BENCH_HIDDEN,
	  .desc = "setup declines: a skipped row with its reason" },
	{ .name = "selftest/flat", .mode = CB_LATENCY, .ops = 1, .body = never,
	  .flags = CB_BENCH_HIDDEN,
	  .desc = "ignores its iteration count: an error, not a hang" },
	{ .name = "selftest/orphan", .mode = CB_LATENCY, .ops = 1,
	  .body = spin, .setup = leave_orphan, .flags = CB_BENCH_HIDDEN,
	  .desc = "setup forks a process that never exits: the run must "
	    "not leave it behind" },
	{ .name = "selftest/orphan-hang", .mode = CB_LATENCY, .ops = 1,
	  .body = hang, .setup = leave_orphan, .flags = CB_BENCH_HIDDEN,
	  .desc = "an orphan left by setup, then a hang: what the time "
	    "limit stops must take its partner with it" },
};

CB_SUITE(suite_selftest, "selftest", "Misbehaving benchmarks for the "
    "tests (hidden).", selftest);
