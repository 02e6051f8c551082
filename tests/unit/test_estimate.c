/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/estimate.c: the basis (quiet samples or all), the
 * figure and its interval over rounds, the levels with intervals of
 * their own, and the selections compare draws its replicates from, on
 * generated data whose answer is known.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/estimate.h"
#include "core/stats.h"
#include "near.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static double
uniform(struct stats_rng *g)
{
	return ((double)(stats_rng_next(g) >> 11) * 0x1p-53);
}

/* Normal-ish noise (Irwin-Hall of 12) of relative size `rel' around v. */
static double
around(struct stats_rng *g, double v, double rel)
{
	double s = -6;
	int k;

	for (k = 0; k < 12; k++)
		s += uniform(g);
	return (v * (1 + rel * s));
}

/*
 * The quiet figure: rounds whose samples the probe saw contended read
 * 10% slow.  With the probe, the figure is the quiet one and the share
 * of contended samples is reported; without it, the figure is the
 * median of all.
 */
static void
test_estimate_quiet(void **state)
{
	enum { R = 8, N = 20 };
	double x[R * N], probe[R * N];
	size_t count[R], r, i;
	struct stats_rng g;
	struct est_input in;
	struct est e;

	(void)state;
	stats_rng_seed(&g, 9);
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++) {
			/* Half of each round ran while the core was shared. */
			int busy = i % 2 == 1 || r >= 6;

			x[r * N + i] = around(&g, busy ? 110 : 100, 0.002);
			probe[r * N + i] = busy ? 0.30 : 0.183;
		}
	}
	in.s = (struct stats_rounds){ x, count, R };
	in.probe = probe;
	in.probe_floor = 0.183;
	assert_int_equal(estimate(&in, 500, 1, &e), 0);
	assert_true(e.quiet);
	assert_near(e.centre, 100, 0.5);
	assert_near(e.contended, (6 * 10 + 2 * 20) / 160.0, 1e-12);
	assert_int_equal(e.rounds, 6);		/* two rounds had no quiet */
	assert_true(e.ci_low <= e.centre && e.centre <= e.ci_high);
	est_free(&e);
	/* No probe: the figure is the centre of everything. */
	in.probe = NULL;
	assert_int_equal(estimate(&in, 500, 1, &e), 0);
	assert_false(e.quiet);
	assert_true(e.centre > 104);
	assert_true(isnan(e.contended));
	est_free(&e);
	/* Probe everywhere contended (no quiet rounds): all, and said so. */
	for (i = 0; i < R * N; i++)
		probe[i] = 0.30;
	in.probe = probe;
	assert_int_equal(estimate(&in, 500, 1, &e), 0);
	assert_false(e.quiet);
	assert_near(e.contended, 1, 0);
	est_free(&e);
	assert_true(est_contended(0.183 * 1.09, 0.183));
	assert_false(est_contended(0.183 * 1.07, 0.183));
	assert_false(est_contended(NAN, 0.183));
}

/*
 * Samples of three rounds with no probe: the basis is every sample, the
 * figure the median of the round medians, and the selections cut by
 * value within each round, rounds kept in place.
 */
static void
test_estimate_select(void **state)
{
	double x[] = { 1, 5, 3,  2, 9,  7, 8, 6, 4 }, out[3];
	size_t count[] = { 3, 2, 4 };
	struct stats_rounds sel;
	struct est_input in = { { x, count, 3 }, NULL, NAN };
	struct est e;
	size_t i;
	void *mem;

	(void)state;
	assert_int_equal(estimate(&in, 0, 1, &e), 0);
	assert_false(e.quiet);
	assert_int_equal(e.nbasis, 9);
	assert_int_equal(e.rounds, 3);
	for (i = 0; i < e.nbasis; i++)
		assert_int_equal(e.basis[i], 1);
	/* Round medians 3, 5.5, 6.5: the figure is 5.5. */
	assert_near(e.centre, 5.5, 0);
	/* No resamples: no interval, and none for a level either. */
	assert_true(isnan(e.ci_low) && isnan(e.ci_high));
	for (i = 0; i < e.nlevels; i++)
		assert_true(isnan(e.levels[i].ci_low));
	assert_true(isnan(e.contended));
	/*
	 * Values 3 to 6: round 0 keeps 5 and 3, round 1 none, round 2 keeps
	 * 6 and 4.
	 */
	assert_int_equal(est_select(&in, e.basis, 3, 6, &sel, &mem), 0);
	assert_int_equal(sel.nrounds, 3);
	assert_int_equal(sel.count[0], 2);
	assert_int_equal(sel.count[1], 0);
	assert_int_equal(sel.count[2], 2);
	assert_near(sel.x[0], 5, 0);
	assert_near(sel.x[1], 3, 0);
	assert_near(sel.x[2], 6, 0);
	assert_near(sel.x[3], 4, 0);
	free(mem);
	/* The replicates: one median per round that has any. */
	assert_int_equal(est_round_values(&in, &e, 3, 6, out), 2);
	assert_near(out[0], 4, 0);
	assert_near(out[1], 5, 0);
	assert_int_equal(est_round_values(&in, &e, -INFINITY, INFINITY, out),
	    3);
	assert_near(out[0], 3, 0);
	assert_near(out[1], 5.5, 0);
	assert_near(out[2], 6.5, 0);
	assert_int_equal(est_round_values(&in, &e, 100, 200, out), 0);
	/* A sample out of the basis is left out of every selection. */
	e.basis[1] = 0;
	assert_int_equal(est_round_values(&in, &e, 3, 6, out), 2);
	assert_near(out[0], 3, 0);
	est_free(&e);
	assert_null(e.basis);
}

/*
 * A round needs EST_QUIET_MIN_SAMPLES quiet samples to count, and the
 * quiet figure EST_QUIET_MIN_ROUNDS such rounds: with only two, the
 * figure is every sample's, though the contended share is still told.
 * Samples without a probe reading (NAN) are neither quiet nor busy.
 */
static void
test_estimate_quiet_needs_rounds(void **state)
{
	enum { R = 4, N = 10 };
	double x[R * N], probe[R * N];
	size_t count[R], r, i;
	struct est_input in;
	struct est e;

	(void)state;
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++) {
			/* Rounds 0, 1: quiet but one; 2: one quiet; 3: none. */
			int busy = r >= 2 ? !(r == 2 && i == 0) : i == 9;

			x[r * N + i] = busy ? 120 : 100;
			probe[r * N + i] = busy ? 2 : 1;
		}
	}
	/* Round 3's last reading is missing. */
	probe[R * N - 1] = NAN;
	in = (struct est_input){ { x, count, R }, probe, 1 };
	assert_int_equal(estimate(&in, 100, 1, &e), 0);
	assert_false(e.quiet);
	assert_int_equal(e.nbasis, R * N);
	/* Busy: 1 + 1 + 9 + 9 of the 39 probed. */
	assert_near(e.contended, 20.0 / 39, 1e-12);
	/* Round medians 100, 100, 120, 120. */
	assert_near(e.centre, 110, 0);
	est_free(&e);
	/* A third round with two quiet samples makes the quiet figure. */
	probe[2 * N + 1] = 1;
	x[2 * N + 1] = 100;
	assert_int_equal(estimate(&in, 100, 1, &e), 0);
	assert_true(e.quiet);
	assert_int_equal(e.rounds, 3);
	assert_int_equal(e.nbasis, 9 + 9 + 2);
	assert_near(e.centre, 100, 0);
	for (i = 0; i < R * N; i++)
		assert_int_equal(e.basis[i], x[i] == 100);
	est_free(&e);
	/* No floor: the probe is not read at all. */
	in.probe_floor = NAN;
	assert_int_equal(estimate(&in, 100, 1, &e), 0);
	assert_false(e.quiet);
	assert_true(isnan(e.contended));
	est_free(&e);
}

/*
 * Two levels, each round at one of them: each level's interval is over
 * the rounds that visited it, holds its value, and counts those rounds.
 */
static void
test_estimate_levels(void **state)
{
	enum { R = 10, N = 20 };
	double x[R * N];
	size_t count[R], r, i, k;
	struct stats_rng g;
	struct est_input in;
	struct est e, again;

	(void)state;
	stats_rng_seed(&g, 31);
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++)
			x[r * N + i] = around(&g, r < 4 ? 6.4 : 8.3, 0.001);
	}
	in = (struct est_input){ { x, count, R }, NULL, NAN };
	assert_int_equal(estimate(&in, 500, 3, &e), 0);
	assert_int_equal(e.nlevels, 2);
	assert_near(e.levels[0].l.value, 6.4, 0.02);
	assert_near(e.levels[1].l.value, 8.3, 0.03);
	assert_int_equal(e.levels[0].rounds, 4);
	assert_int_equal(e.levels[1].rounds, 6);
	for (k = 0; k < 2; k++) {
		assert_true(e.levels[k].ci_low <= e.levels[k].l.value);
		assert_true(e.levels[k].l.value <= e.levels[k].ci_high);
		assert_true(e.levels[k].ci_low >= e.levels[k].l.lo);
		assert_true(e.levels[k].ci_high <= e.levels[k].l.hi);
	}
	assert_near(e.scattered, 0, 1e-9);
	/* The figure is the median of round medians: a round at 8.3. */
	assert_near(e.centre, 8.3, 0.03);
	assert_true(e.ci_low <= e.centre && e.centre <= e.ci_high);
	/* Deterministic for a seed. */
	assert_int_equal(estimate(&in, 500, 3, &again), 0);
	assert_true(again.ci_low == e.ci_low && again.ci_high == e.ci_high);
	assert_true(again.levels[0].ci_low == e.levels[0].ci_low);
	est_free(&again);
	est_free(&e);
}

/* No samples: no figure, no interval, no level, all scattered. */
static void
test_estimate_empty(void **state)
{
	size_t count[] = { 0, 0 };
	struct est_input in = { { NULL, count, 2 }, NULL, NAN };
	struct est e;

	(void)state;
	assert_int_equal(estimate(&in, 100, 1, &e), 0);
	assert_true(isnan(e.centre) && isnan(e.ci_low) && isnan(e.ci_high));
	assert_int_equal(e.nlevels, 0);
	assert_int_equal(e.nbasis, 0);
	assert_int_equal(e.rounds, 0);
	assert_near(e.scattered, 1, 0);
	est_free(&e);
}

/*
 * What may end the rounds: six rounds that agree end them; the same with
 * four of them contended, and so no quiet figure yet, do not, however
 * loose the precision asked (the two quiet rounds read 100, the busy
 * ones 140, the figure of all 140); a third quiet round makes the quiet
 * figure, which does.
 */
static void
test_estimate_settled(void **state)
{
	enum { R = 6, N = 10 };
	double x[R * N], probe[R * N];
	size_t count[R], r, i;
	struct est_input in;
	struct est e;

	(void)state;
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++) {
			x[r * N + i] = 100 + 0.1 * (double)i;
			probe[r * N + i] = 1;
		}
	}
	in = (struct est_input){ { x, count, R }, probe, 1 };
	assert_int_equal(estimate(&in, 200, 1, &e), 0);
	assert_true(est_settled(&e, 5, 0.03));
	assert_false(est_settled(&e, 7, 0.03));	/* too few rounds */
	assert_false(est_settled(&e, 5, 0.0001));	/* too wide */
	est_free(&e);
	for (r = 2; r < R; r++)
		for (i = 0; i < N; i++) {
			x[r * N + i] = 140 + 0.1 * (double)i;
			probe[r * N + i] = 2;
		}
	assert_int_equal(estimate(&in, 200, 1, &e), 0);
	assert_false(e.quiet);
	assert_true(e.rounds == R && e.centre > 140);
	assert_true(e.ci_high - e.ci_low < e.centre);
	assert_false(est_settled(&e, 5, 0.5));
	est_free(&e);
	for (i = 0; i < N; i++) {
		x[2 * N + i] = 100 + 0.1 * (double)i;
		probe[2 * N + i] = 1;
	}
	assert_int_equal(estimate(&in, 200, 1, &e), 0);
	assert_true(e.quiet);
	assert_true(est_settled(&e, 3, 0.03));
	est_free(&e);
}

/*
 * A probe that feels a tenant less than the path does: three quiet rounds
 * (probe within 0.5% of the floor, the path at 100), six mildly
 * contended ones (probe 5-7% up, the path at 125, quiet at
 * EST_PROBE_MARGIN) and three heavily (probe 70% up, 140).  The figure is
 * the quiet rounds', not the 125 that all nine below EST_PROBE_MARGIN
 * give; the contended share is still the one at EST_PROBE_MARGIN.  With
 * only two quiet rounds, the quietest margin that has three is 8%, and
 * the figure is 125.  And where the probe's readings scatter 3% on their
 * own, whatever the path did, the figure stays the path's.
 */
static void
test_estimate_tightest_margin(void **state)
{
	enum { R = 12, N = 32 };
	double x[R * N], probe[R * N];
	size_t count[R], r, i;
	struct stats_rng g;
	struct est_input in;
	struct est e;

	(void)state;
	stats_rng_seed(&g, 5);
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++) {
			double up = r < 3 ? 0.005 * uniform(&g) : r < 9 ?
			    0.05 + 0.02 * uniform(&g) : 0.7;

			x[r * N + i] = around(&g, r < 3 ? 100 : r < 9 ? 125 :
			    140, 0.002);
			probe[r * N + i] = 0.0853 * (1 + up);
		}
	}
	in = (struct est_input){ { x, count, R }, probe, 0.0853 };
	assert_int_equal(estimate(&in, 200, 1, &e), 0);
	assert_true(e.quiet);
	assert_int_equal(e.rounds, 3);
	assert_near(e.centre, 100, 0.5);
	assert_near(e.contended, 3.0 / R, 1e-12);
	est_free(&e);
	for (i = 0; i < N; i++)
		probe[2 * N + i] = 0.0853 * 1.06;
	assert_int_equal(estimate(&in, 200, 1, &e), 0);
	assert_true(e.quiet);
	assert_int_equal(e.rounds, 9);
	assert_near(e.centre, 125, 1);
	est_free(&e);
	for (r = 0; r < R; r++)
		for (i = 0; i < N; i++) {
			x[r * N + i] = around(&g, 100, 0.01);
			probe[r * N + i] = 0.0853 * (1 + 0.03 * uniform(&g));
		}
	assert_int_equal(estimate(&in, 200, 1, &e), 0);
	assert_true(e.quiet && e.rounds >= 3);
	assert_near(e.centre, 100, 0.5);
	est_free(&e);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_estimate_quiet),
		cmocka_unit_test(test_estimate_select),
		cmocka_unit_test(test_estimate_quiet_needs_rounds),
		cmocka_unit_test(test_estimate_levels),
		cmocka_unit_test(test_estimate_empty),
		cmocka_unit_test(test_estimate_settled),
		cmocka_unit_test(test_estimate_tightest_margin),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
