/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for the statistics of rounds: the centre of rounds and its
 * hierarchical bootstrap (core/stats.c), the exact rank-sum test
 * (core/stats_ranksum.c), level detection (core/levels.c) and the
 * estimate with a contention probe (core/estimate.c), on synthetic data
 * whose answer is known and on real samples from a noisy cloud guest
 * (tests/fixtures/zen3-kvm, see its README).
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
#include "core/levels.h"
#include "core/stats.h"
#include "results/results.h"
#include "near.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))
#define ZEN3		"tests/fixtures/zen3-kvm/"

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

/* The median of round medians weighs rounds, not samples, alike. */
static void
test_centre_weighs_rounds(void **state)
{
	/* Round 0: 9 samples at 10; rounds 1 and 2: one sample at 20. */
	double x[] = { 10, 10, 10, 10, 10, 10, 10, 10, 10, 20, 20 };
	size_t count[] = { 9, 1, 1 };
	struct stats_rounds s = { x, count, 3 };

	(void)state;
	assert_int_equal(stats_rounds_total(&s), 11);
	assert_near(stats_rounds_centre(&s), 20, 0);
	/* A round that kept nothing is no round. */
	count[1] = 0;
	count[2] = 2;
	assert_near(stats_rounds_centre(&s), 15, 0);
}

static void
test_centre_empty(void **state)
{
	size_t count[] = { 0, 0 };
	struct stats_rounds s = { NULL, count, 2 };
	double lo, hi;

	(void)state;
	assert_true(isnan(stats_rounds_centre(&s)));
	stats_rounds_ci(&s, 100, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
}

/*
 * Rounds that each sit in their own phase: the samples of a round agree
 * to 0.1%, the rounds spread 5%.  An interval over pooled samples would
 * be a few tenths of a percent wide; over rounds it must span most of
 * the rounds' spread, and it must hold the centre.
 */
static void
test_hierarchical_interval_spans_rounds(void **state)
{
	enum { R = 9, N = 30 };
	double x[R * N], lo, hi, pooled_lo, pooled_hi, c;
	size_t count[R], r, i;
	struct stats_rng g;
	struct stats_rounds s = { x, count, R };

	(void)state;
	stats_rng_seed(&g, 42);
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++)
			x[r * N + i] = around(&g, 100 * (1 + 0.05 *
			    ((double)r / (R - 1) - 0.5)), 0.001);
	}
	c = stats_rounds_centre(&s);
	stats_rounds_ci(&s, 1000, 7, &lo, &hi);
	stats_bootstrap_median_ci(x, R * N, 1000, 7, &pooled_lo, &pooled_hi);
	assert_true(lo <= c && c <= hi);
	assert_true(hi - lo > 1.5);		/* of the 5 the rounds span */
	assert_true(hi - lo > 3 * (pooled_hi - pooled_lo));
	/* Deterministic for a seed. */
	stats_rounds_ci(&s, 1000, 7, &pooled_lo, &pooled_hi);
	assert_near(pooled_lo, lo, 0);
	assert_near(pooled_hi, hi, 0);
}

/*
 * Coverage: rounds drawn from one distribution, many times over; the 95%
 * interval of each draw should hold the true median of round medians
 * most of the time (the percentile bootstrap runs a little narrow with
 * few rounds, which is why the study measures it live as well).
 */
static void
test_hierarchical_coverage(void **state)
{
	enum { TRIALS = 200, R = 12, N = 10 };
	double x[R * N], lo, hi;
	size_t count[R], r, i, t, held = 0;
	struct stats_rng g;
	struct stats_rounds s = { x, count, R };

	(void)state;
	stats_rng_seed(&g, 3);
	for (t = 0; t < TRIALS; t++) {
		for (r = 0; r < R; r++) {
			double phase = around(&g, 50, 0.02);

			count[r] = N;
			for (i = 0; i < N; i++)
				x[r * N + i] = around(&g, phase, 0.005);
		}
		stats_rounds_ci(&s, 400, t, &lo, &hi);
		held += lo <= 50 && 50 <= hi;
	}
	assert_true(held >= TRIALS * 85 / 100);
}

/* One round: the plain bootstrap of its median. */
static void
test_one_round(void **state)
{
	double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, lo, hi, plo, phi;
	size_t count[] = { 9 };
	struct stats_rounds s = { x, count, 1 };

	(void)state;
	stats_rounds_ci(&s, 500, 11, &lo, &hi);
	stats_bootstrap_median_ci(x, 9, 500, 11, &plo, &phi);
	assert_true(lo >= 1 && hi <= 9 && lo < 5 && hi > 5);
	assert_true(fabs((hi - lo) - (phi - plo)) <= 2);
}

/* Exact rank-sum p-values, worked out by enumerating the orderings. */
static void
test_rank_sum_exact(void **state)
{
	double a[] = { 1, 2, 3, 4, 5 }, b[] = { 6, 7, 8, 9, 10 };
	double c[] = { 1.5, 2.5, 3.5, 6.5, 7.5, 11 }, u, p;

	(void)state;
	stats_mann_whitney_exact(a, 5, b, 5, &u, &p);
	assert_near(u, 0, 0);
	assert_near(p, 2.0 / 252, 1e-12);
	stats_mann_whitney_exact(b, 5, a, 5, &u, &p);
	assert_near(u, 25, 0);
	assert_near(p, 2.0 / 252, 1e-12);
	/* U = 9 of 30: 2 * P(U <= 9) = 0.329004329..., by enumeration. */
	stats_mann_whitney_exact(a, 5, c, 6, &u, &p);
	assert_near(u, 9, 0);
	assert_near(p, 0.329004329004329, 1e-12);
	/* Ties: the normal approximation, as stats_mann_whitney gives. */
	c[0] = 1;
	stats_mann_whitney_exact(a, 5, c, 6, &u, &p);
	assert_true(p > 0 && p <= 1);
	assert_near(stats_rank_sum_min_p(5, 5), 2.0 / 252, 1e-15);
	assert_near(stats_rank_sum_min_p(3, 3), 0.1, 1e-15);
	assert_near(stats_rank_sum_min_p(1, 1), 1, 0);
}

/* Samples in rounds at given levels, with scatter above them. */
static void
fill_levels(double *x, size_t *count, size_t rounds, size_t n,
    const double *level, const double *share, size_t nlevels,
    double scatter, uint64_t seed)
{
	struct stats_rng g;
	size_t r, i, k;
	double u, acc;

	stats_rng_seed(&g, seed);
	for (r = 0; r < rounds; r++) {
		count[r] = n;
		for (i = 0; i < n; i++) {
			u = uniform(&g);
			if (u < scatter) {
				x[r * n + i] = level[0] * (1.1 + uniform(&g));
				continue;
			}
			u = (u - scatter) / (1 - scatter);
			for (k = 0, acc = share[0]; k + 1 < nlevels &&
			    u > acc; acc += share[++k])
				;
			x[r * n + i] = around(&g, level[k], 0.001);
		}
	}
}

static void
test_levels_synthetic(void **state)
{
	enum { R = 10, N = 40 };
	double x[R * N], scattered;
	double lv2[] = { 6.4, 8.3 }, sh2[] = { 0.4, 0.6 };
	double lv1[] = { 3.0 }, sh1[] = { 1 };
	double lvc[] = { 100, 102 }, shc[] = { 0.5, 0.5 };
	struct level out[LEVELS_MAX];
	size_t count[R], n;
	struct stats_rounds s = { x, count, R };

	(void)state;
	/* Two levels, 40% and 60%, nothing in between. */
	fill_levels(x, count, R, N, lv2, sh2, 2, 0, 1);
	n = levels_find(&s, out, &scattered);
	assert_int_equal(n, 2);
	assert_near(out[0].value, 6.4, 0.02);
	assert_near(out[1].value, 8.3, 0.03);
	assert_near(out[0].share, 0.4, 0.07);
	assert_near(out[1].share, 0.6, 0.07);
	assert_true(scattered < 0.01);
	/* One level and a continuum above it: one level, the rest scattered. */
	fill_levels(x, count, R, N, lv1, sh1, 1, 0.5, 2);
	n = levels_find(&s, out, &scattered);
	assert_int_equal(n, 1);
	assert_near(out[0].value, 3.0, 0.01);
	assert_near(scattered, 0.5, 0.1);
	/* Two values 2% apart are one wide level, not two. */
	fill_levels(x, count, R, N, lvc, shc, 2, 0, 3);
	n = levels_find(&s, out, &scattered);
	assert_int_equal(n, 1);
	assert_true(out[0].lo < 100.5 && out[0].hi > 101.5);
	/* A smooth spread too wide for any window holds no level. */
	{
		struct stats_rng g;
		size_t i;

		stats_rng_seed(&g, 4);
		for (i = 0; i < R * N; i++)
			x[i] = 100 * (1 + uniform(&g));
		assert_int_equal(levels_find(&s, out, &scattered), 0);
		assert_near(scattered, 1, 0);
	}
}

/* A result of a fixture file as rounds (one file: one round). */
static int
fixture_rounds(const char *const *files, size_t nfiles, const char *name,
    double *x, size_t *count, size_t cap)
{
	struct rs_file f;
	char err[256];
	size_t i, j, at = 0;

	for (i = 0; i < nfiles; i++) {
		if (rs_load(files[i], &f, err, sizeof(err)) != 0)
			fail_msg("%s", err);
		for (j = 0; j < f.nresults; j++)
			if (strcmp(f.results[j].key, name) == 0)
				break;
		assert_true(j < f.nresults);
		assert_true(at + f.results[j].nsamples <= cap);
		memcpy(x + at, f.results[j].samples,
		    f.results[j].nsamples * sizeof(double));
		count[i] = f.results[j].nsamples;
		at += count[i];
		rs_free(&f);
	}
	return ((int)nfiles);
}

/*
 * Real samples: quiet-run3's cmpset-nolock changes level two fifths into
 * its samples (3.01, then 4.8-5.7); pass 1's store-rel-mov sits at 0.50
 * in some processes and 0.83 in others.  The levels are found, at those
 * values.
 */
static void
test_levels_fixtures(void **state)
{
	static const char *const one[] = { ZEN3 "quiet-run3.json" };
	static const char *const pass[] = { ZEN3 "m1r1.json", ZEN3 "m1r2.json",
	    ZEN3 "m1r3.json", ZEN3 "m1r4.json", ZEN3 "m1r5.json",
	    ZEN3 "m1r6.json", ZEN3 "m1r7.json", ZEN3 "m1r8.json" };
	struct level out[LEVELS_MAX];
	double x[4096], scattered;
	size_t count[16], n;
	struct stats_rounds s = { x, count, 0 };

	(void)state;
	s.nrounds = (size_t)fixture_rounds(one, 1, "atomic/cmpset-nolock", x,
	    count, NELEM(x));
	n = levels_find(&s, out, &scattered);
	assert_true(n >= 1);
	assert_near(out[0].value, 3.01, 0.02);
	assert_true(out[0].share > 0.2 && out[0].share < 0.6);
	s.nrounds = (size_t)fixture_rounds(pass, NELEM(pass),
	    "atomic/store-rel-mov", x, count, NELEM(x));
	n = levels_find(&s, out, &scattered);
	assert_int_equal(n, 2);
	assert_near(out[0].value, 0.50, 0.01);
	assert_near(out[1].value, 0.83, 0.02);
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

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_centre_weighs_rounds),
		cmocka_unit_test(test_centre_empty),
		cmocka_unit_test(test_hierarchical_interval_spans_rounds),
		cmocka_unit_test(test_hierarchical_coverage),
		cmocka_unit_test(test_one_round),
		cmocka_unit_test(test_rank_sum_exact),
		cmocka_unit_test(test_levels_synthetic),
		cmocka_unit_test(test_levels_fixtures),
		cmocka_unit_test(test_estimate_quiet),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
