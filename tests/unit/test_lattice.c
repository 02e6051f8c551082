/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/lattice.c: the clock's step found in intervals
 * read off a clock that moves in steps (and not in one that does not),
 * and the spread readings' median following a call's true time where the
 * readings' own median sticks to a step, on generated data whose answer
 * is known.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "core/lattice.h"
#include "core/stats.h"
#include "near.h"

#define STEP	26	/* ticks, as on the 2-vCPU KVM guest */

static double
uniform(struct stats_rng *g)
{
	return ((double)(stats_rng_next(g) >> 11) * 0x1p-53);
}

/*
 * An interval of `t' ticks read off a clock that moves every `step'
 * ticks, started at a random point of a step.
 */
static double
read_off(struct stats_rng *g, double t, unsigned step)
{
	double start = uniform(g) * step;

	return (step * (floor((start + t) / step) - floor(start / step)));
}

static void
test_lattice_step(void **state)
{
	enum { N = 512 };
	double d[N];
	struct stats_rng g;
	size_t i;

	(void)state;
	stats_rng_seed(&g, 3);
	for (i = 0; i < N; i++)
		d[i] = read_off(&g, 40 + 9.7 * (double)(i % 61), STEP);
	assert_int_equal(lattice_step(d, N), STEP);
	d[7] = 27;			/* one stray reading of 512 */
	assert_int_equal(lattice_step(d, N), STEP);
	/* A clock that moves tick by tick. */
	for (i = 0; i < N; i++)
		d[i] = read_off(&g, 40 + 9.7 * (double)(i % 61), 1);
	assert_int_equal(lattice_step(d, N), 1);
	/* One interval over and over says nothing of the step. */
	for (i = 0; i < N; i++)
		d[i] = 52;
	assert_int_equal(lattice_step(d, N), 1);
	assert_int_equal(lattice_step(d, 0), 1);
}

/*
 * Calls around a time t (normal-ish, a step wide) read in steps: over t
 * from 20 to 24 steps, the readings' median sticks to a step and misses
 * the calls' own median by a quarter of a step on average; spread, by
 * what the readings' own noise leaves (a median of 150 readings, each
 * off by up to a step: 0.04 of one).  Cycles converted from the ticks
 * keep their ratio.
 */
static void
test_lattice_spread_follows(void **state)
{
	enum { N = 150, TRIES = 80 };
	double ref[N], cyc[N], truth[N], t, s, m, miss_raw = 0, miss = 0;
	struct stats_rng g;
	size_t i, k;
	int j;

	(void)state;
	stats_rng_seed(&g, 11);
	for (k = 0; k < TRIES; k++) {
		t = STEP * (20 + 4 * (double)k / TRIES);
		for (i = 0; i < N; i++) {
			for (s = -6, j = 0; j < 12; j++)
				s += uniform(&g);
			truth[i] = t + STEP * s;
			ref[i] = read_off(&g, truth[i], STEP);
			cyc[i] = 1.4 * ref[i];
		}
		m = stats_median(truth, N);
		miss_raw += fabs(stats_median(ref, N) - m) / STEP / TRIES;
		assert_int_equal(lattice_spread(ref, cyc, N, STEP), 0);
		miss += fabs(stats_median(ref, N) - m) / STEP / TRIES;
		for (i = 0; i < N; i++)
			assert_near(cyc[i], 1.4 * ref[i], 1e-9);
	}
	print_message("mean miss: %.3f of a step read, %.3f spread\n",
	    miss_raw, miss);
	assert_true(miss_raw > 0.2);
	assert_true(miss < 0.08);
}

/* A step of 1 or none changes nothing; nor do readings near 0. */
static void
test_lattice_spread_leaves(void **state)
{
	double ref[] = { 52, 52, 78 }, zero[] = { 0, 0, 13, 13 };

	(void)state;
	assert_int_equal(lattice_spread(ref, NULL, 3, 1), 0);
	assert_near(ref[0], 52, 0);
	assert_near(ref[1], 52, 0);
	assert_int_equal(lattice_spread(zero, NULL, 4, STEP), 0);
	assert_near(zero[0], 0, 0);
	assert_near(zero[3], 13, 0);
	/* Ties spread evenly over their step, singles stay. */
	assert_int_equal(lattice_spread(ref, NULL, 3, STEP), 0);
	assert_near(ref[0], 52 - STEP / 4.0, 1e-12);
	assert_near(ref[1], 52 + STEP / 4.0, 1e-12);
	assert_near(ref[2], 78, 0);
}

/*
 * 100 readings tied at 520: spread over the grid of their step, each
 * slot once, and with no trend between the first half and the second.
 */
static void
test_lattice_spread_no_trend(void **state)
{
	enum { N = 100 };
	double ref[N], sorted[N], half[2] = { 0, 0 };
	size_t i;

	(void)state;
	for (i = 0; i < N; i++)
		ref[i] = 520;
	assert_int_equal(lattice_spread(ref, NULL, N, STEP), 0);
	for (i = 0; i < N; i++) {
		sorted[i] = ref[i];
		half[i >= N / 2] += ref[i] * 2 / N;
	}
	stats_sort(sorted, N);
	for (i = 0; i < N; i++)
		assert_near(sorted[i], 520 + STEP * ((i + 0.5) / N - 0.5),
		    1e-9);
	assert_near(half[0], half[1], 0.05 * STEP);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lattice_step),
		cmocka_unit_test(test_lattice_spread_follows),
		cmocka_unit_test(test_lattice_spread_leaves),
		cmocka_unit_test(test_lattice_spread_no_trend),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
