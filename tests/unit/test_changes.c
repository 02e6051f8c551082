/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/changes.c: a flat series is one level, a step is
 * found where it is, one disturbed run or a shift under 1% is not a
 * change, and overlapping intervals (of the runs, or from the spread
 * between runs) hold a shift back.  Series are made
 * up with a seeded generator; each run's interval is its median +- w.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "verdict/changes.h"

#define N	60

static uint64_t rng = 42;

/* A uniform deviate in [-1, 1) (xorshift64*). */
static double
jitter(void)
{

	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return ((double)((rng * 2685821657736338717ULL) >> 11) /
	    (double)(1ULL << 53) * 2 - 1);
}

/* Levels by run: level(i), noise `noise' (relative), intervals +- w. */
static void
series(struct cp_point *p, size_t n, double (*level)(size_t), double noise,
    double w)
{
	size_t i;

	for (i = 0; i < n; i++) {
		p[i].value = level(i) * (1 + noise * jitter());
		p[i].lo = p[i].value * (1 - w);
		p[i].hi = p[i].value * (1 + w);
	}
}

static double
flat(size_t i)
{

	(void)i;
	return (20);
}

static double
step_at_40(size_t i)
{

	return (i < 40 ? 20 : 22);
}

static double
two_steps(size_t i)
{

	return (i < 20 ? 20 : i < 45 ? 24 : 21);
}

static double
tiny_step(size_t i)
{

	return (i < 30 ? 20 : 20.1);	/* 0.5% */
}

static void
test_flat(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, flat, 0.005, 0.002);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
	assert_int_equal(s[0].start, 0);
	assert_int_equal(s[0].end, N);
	assert_true(fabs(s[0].level - 20) < 0.1);
	assert_true(s[0].lo <= s[0].level && s[0].level <= s[0].hi);
}

static void
test_step(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, step_at_40, 0.005, 0.002);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 2);
	assert_int_equal(s[1].start, 40);
	assert_true(fabs(s[0].level - 20) < 0.1);
	assert_true(fabs(s[1].level - 22) < 0.1);
	assert_true(s[0].hi < s[1].lo);
}

static void
test_two_steps(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, two_steps, 0.005, 0.002);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 3);
	assert_int_equal(s[1].start, 20);
	assert_int_equal(s[2].start, 45);
}

/* One disturbed run is not a level: a level needs CP_MIN_RUNS runs. */
static void
test_outlier(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, flat, 0.002, 0.002);
	p[30].value *= 1.5;
	p[30].lo *= 1.5;
	p[30].hi *= 1.5;
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
	/* Nor is the newest run alone. */
	series(p, N, flat, 0.002, 0.002);
	p[N - 1].value *= 1.5;
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
}

/* Real but under 1%: not called, however clean. */
static void
test_below_threshold(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, tiny_step, 0.0002, 0.0001);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
	/* With a smaller minimum it is. */
	assert_int_equal(changes_find(p, N, 0.001, s), 2);
	assert_int_equal(s[1].start, 30);
}

/* Runs whose own intervals are wider than the step: no call. */
static void
test_wide_intervals(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, step_at_40, 0.005, 0.2);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
}

/* Noise between runs wider than the step: no call either. */
static void
test_noisy_runs(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, step_at_40, 0.3, 0.001);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
}

static void
test_short(void **state)
{
	struct cp_point p[3] = {
		{ 10, 9.9, 10.1 }, { 10, 9.9, 10.1 }, { 30, 29, 31 }
	};
	struct cp_segment s[3];

	(void)state;
	assert_int_equal(changes_find(p, 0, CP_MIN_SHIFT, s), 0);
	assert_int_equal(changes_find(p, 1, CP_MIN_SHIFT, s), 1);
	assert_int_equal(changes_find(p, 3, CP_MIN_SHIFT, s), 1);
	/* Missing intervals: a run's interval is its median. */
	p[0].lo = p[0].hi = NAN;
	changes_level(p, 0, 2, &s[0]);
	assert_true(fabs(s[0].lo - 9.95) < 1e-9 &&
	    fabs(s[0].hi - 10.05) < 1e-9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat),
		cmocka_unit_test(test_step),
		cmocka_unit_test(test_two_steps),
		cmocka_unit_test(test_outlier),
		cmocka_unit_test(test_below_threshold),
		cmocka_unit_test(test_wide_intervals),
		cmocka_unit_test(test_noisy_runs),
		cmocka_unit_test(test_short),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
