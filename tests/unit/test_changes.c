/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/changes.c: a flat series is one level, a step is
 * found where it is, one disturbed run or a shift under 1% is not a
 * change, nor a step far inside the noise between runs; the runs' own
 * intervals do not decide.  In 100 flat series of 100 runs at 2% spread
 * at most 2 false shifts, a 5% step found within 3 runs in 45 of 50; a
 * run without a figure, 5000 runs, and the same answer twice.  Series
 * are made up with a seeded generator; each run's interval is its
 * median +- w.  tests/study/history_study.c measures the rates.
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

/*
 * Runs whose own intervals are wider than the step: the step is still
 * called, for the run is the unit, and 60 runs' medians tell it.
 */
static void
test_wide_intervals(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, step_at_40, 0.005, 0.2);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 2);
	assert_int_equal(s[1].start, 40);
}

/* Noise between runs far wider than the step: no call. */
static void
test_noisy_runs(void **state)
{
	struct cp_point p[N];
	struct cp_segment s[N];

	(void)state;
	series(p, N, tiny_step, 0.3, 0.001);
	assert_int_equal(changes_find(p, N, CP_MIN_SHIFT, s), 1);
}

#define LONG	100
#define SPREAD	(0.02 * 1.7320508)	/* uniform: sd 2% */

static size_t step_at;
static double step_size;

static double
stepped(size_t i)
{

	return (i < step_at ? 20 : 20 * (1 + step_size));
}

/* Issue 22's targets, a few series of each (the study has more). */
static void
test_rates(void **state)
{
	struct cp_point p[LONG];
	struct cp_segment s[LONG];
	size_t k, nseg, falses = 0, found = 0;

	(void)state;
	step_size = 0;
	for (k = 0; k < 100; k++) {
		series(p, LONG, stepped, SPREAD, 0.003);
		falses += changes_find(p, LONG, CP_MIN_SHIFT, s) - 1;
	}
	assert_true(falses <= 2);
	step_size = 0.05;
	for (k = 0; k < 50; k++) {
		step_at = 10 + (size_t)((jitter() + 1) * 40);
		series(p, LONG, stepped, SPREAD, 0.003);
		nseg = changes_find(p, LONG, CP_MIN_SHIFT, s);
		found += nseg == 2 && s[1].start + 3 >= step_at &&
		    s[1].start <= step_at + 3;
	}
	assert_true(found >= 45);
}

/*
 * A run without a figure takes no part; 5000 runs are no trouble; the
 * same series gives the same answer (the shuffles are seeded).
 */
static void
test_gaps_and_length(void **state)
{
	static struct cp_point p[5000];
	static struct cp_segment s[5000], t[5000];
	size_t nseg;

	(void)state;
	step_size = 0.05;
	step_at = 40;
	series(p, LONG, stepped, SPREAD, 0.003);
	p[20].value = NAN;
	p[41].value = NAN;
	assert_int_equal(changes_find(p, LONG, CP_MIN_SHIFT, s), 2);
	assert_int_equal(s[1].start, 40);
	step_at = 3000;
	series(p, 5000, stepped, SPREAD, 0.003);
	nseg = changes_find(p, 5000, CP_MIN_SHIFT, s);
	assert_int_equal(nseg, 2);
	assert_true(s[1].start + 3 >= 3000 && s[1].start <= 3003);
	assert_int_equal(changes_find(p, 5000, CP_MIN_SHIFT, t), nseg);
	assert_int_equal(t[1].start, s[1].start);
}

/*
 * 8 runs, 4 a side of a clean 20% step: no shift.  No order of the runs
 * is rarer than 2 in C(8, 4) = 70, so no shuffle test reaches 0.5%.
 */
static void
test_too_few(void **state)
{
	struct cp_point p[8];
	struct cp_segment s[8];

	(void)state;
	step_size = 0.2;
	step_at = 4;
	series(p, 8, stepped, 0.001, 0.001);
	assert_int_equal(changes_find(p, 8, CP_MIN_SHIFT, s), 1);
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
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_gaps_and_length),
		cmocka_unit_test(test_too_few),
		cmocka_unit_test(test_short),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
