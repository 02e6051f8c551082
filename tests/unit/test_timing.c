/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/timing.c, which times a body: the base count for a
 * body whose time does not grow with its count (none) and for one that
 * does, and the fitted slope on both clocks, with the test counter
 * (core/testcounter.h) counting three cycles a reference tick, so the
 * counted slope must be three times the reference one.  A fit a busy
 * host bends is refused, and a noisy guest's phases can outlast a dozen
 * quick tries, so a fit is tried for up to FIT_PATIENCE seconds, pausing
 * between tries to step out of a phase.  The rule that calls a fit
 * bent is tried on times of known shape.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "core/clock.h"
#include "core/testcounter.h"
#include "core/timing.h"
#include "util/time.h"

#define FIT_PATIENCE	5.0

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

static void
flat(uint64_t iters, void *ctx)
{
	(void)iters, (void)ctx;
}

static uint64_t calls;

static void
counted(uint64_t iters, void *ctx)
{
	(void)iters, (void)ctx;
	calls++;
}

static void
test_choose_base(void **state)
{
	struct timing t;
	uint64_t base;

	(void)state;
	/* A body that ignores its count never gets there: 0, not a hang. */
	assert_true(choose_base(flat, NULL) == 0);
	base = choose_base(spin, NULL);
	assert_true(base > 0 && (base & (base - 1)) == 0);
	t = time_best(spin, NULL, base, TIMING_BEST_OF);
	/* Later calls may run slower, never faster than the best then. */
	assert_true(t.ref >= TIMING_TARGET_TICKS / 4);
}

static void
test_time_best(void **state)
{
	struct timing t;

	(void)state;
	calls = 0;
	t = time_best(counted, NULL, 1, 7);
	assert_true(calls == 7);
	assert_true(t.ref >= 0 && isfinite(t.ref));
	/* The best of a long call is no less than of a short one's best. */
	assert_true(time_best(spin, NULL, 100000, 3).ref >
	    time_best(spin, NULL, 10, 3).ref);
}

static void
test_fit(void **state)
{
	const struct timespec pause = { 0, 20 * 1000 * 1000 };
	struct timing per;
	double best_r2 = 0, r2 = 0, end;
	uint64_t base;
	int ok = 0, tries = 0;

	(void)state;
	base = choose_base(spin, NULL);
	end = monotonic_seconds() + FIT_PATIENCE;
	do {
		ok = fit_once(spin, NULL, base, &per, &r2) == 0 && r2 > 0.99;
		best_r2 = r2 > best_r2 ? r2 : best_r2;
		tries++;
	} while (!ok && monotonic_seconds() < end &&
	    nanosleep(&pause, NULL) == 0);
	if (!ok)
		fail_msg("no straight fit in %d tries over %.0f s: best r2 %.4f",
		    tries, FIT_PATIENCE, best_r2);
	assert_true(per.ref > 0);
	assert_true(clock_counting());
	if (!(fabs(per.cyc / per.ref - 3) < 0.03))
		fail_msg("%.4f cycles for %.4f ticks an iteration", per.cyc,
		    per.ref);
	/* A body whose time does not grow has no slope to fit. */
	assert_int_equal(fit_once(flat, NULL, 1024, &per, &r2) == 0 &&
	    per.ref > 0.01, 0);
}

/*
 * The bent-fit rule on times with known shapes: a straight line with a
 * little jitter is not bent; the same line whose longer counts each ran
 * one 600-tick steal slow (a host taking the CPU at a steady rate) is;
 * and that step in a body whose calls themselves spread by 400 ticks is
 * within what such a body wanders by.
 */
static void
test_bent(void **state)
{
	static const double x[TIMING_SIZES] = { 1, 5, 3, 7, 2, 6, 4, 8 };
	static const double jitter[TIMING_SIZES] = { 3, -5, 2, 6, -1, -4, 0,
	    4 };
	double y[TIMING_SIZES], gap[TIMING_SIZES];
	struct stats_fit f;
	int i;

	(void)state;
	for (i = 0; i < TIMING_SIZES; i++) {
		y[i] = 100 + 4000 * x[i] + jitter[i];
		gap[i] = 10;
	}
	assert_int_equal(stats_linear_fit(x, y, TIMING_SIZES, &f), 0);
	assert_int_equal(timing_bent(x, y, gap, TIMING_SIZES, &f), 0);
	for (i = 0; i < TIMING_SIZES; i++)
		y[i] += x[i] >= 5 ? 600 : 0;
	assert_int_equal(stats_linear_fit(x, y, TIMING_SIZES, &f), 0);
	/* The step reads as a slope 2.9% high: a figure quietly wrong. */
	assert_true(f.slope > 4000 * 1.02);
	assert_int_equal(timing_bent(x, y, gap, TIMING_SIZES, &f), 1);
	for (i = 0; i < TIMING_SIZES; i++)
		gap[i] = 400;
	assert_int_equal(timing_bent(x, y, gap, TIMING_SIZES, &f), 0);
}

static int
open_counter(void **state)
{
	char why[256];

	(void)state;
	return (clock_counter_open(why, sizeof(why)) ? 0 : -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_choose_base),
		cmocka_unit_test(test_time_best),
		cmocka_unit_test(test_fit),
		cmocka_unit_test(test_bent),
	};

	/* Before the clock starts: the provider is chosen once. */
	if (setenv(TESTCOUNTER_ENV, "ratio=3", 1) != 0)
		return (1);
	return (cmocka_run_group_tests(tests, open_counter, NULL));
}
