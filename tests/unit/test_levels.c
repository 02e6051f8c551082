/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/levels.c, level detection, on generated data whose
 * answer is known (one level, two well-separated ones, a continuum, more
 * levels than are kept, rounds of unequal sizes, samples no level can
 * hold) and on real samples from a noisy cloud guest
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
 * in three processes of eight.  The others do not share a value: two sit
 * tightly at 0.868 and 0.835 (4% apart), two spread over 0.77-0.92 and
 * one over 0.45-0.84; no valley parts them and no window of one level
 * holds them, so they are scattered, not one wide level at 0.83.
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
	assert_int_equal(n, 1);
	assert_near(out[0].value, 0.50, 0.01);
	assert_near(out[0].share, 3.0 / 8, 0.05);
	assert_true(scattered > 0.5);
}

/*
 * Unimodal: every round's samples spread 0.1% around 50, a normal-ish
 * hump far narrower than a window.  One level, at 50, holding them all.
 */
static void
test_levels_unimodal(void **state)
{
	enum { R = 8, N = 50 };
	double x[R * N], lv[] = { 50 }, sh[] = { 1 }, scattered;
	struct level out[LEVELS_MAX];
	size_t count[R];
	struct stats_rounds s = { x, count, R };

	(void)state;
	fill_levels(x, count, R, N, lv, sh, 1, 0, 11);
	assert_int_equal(levels_find(&s, out, &scattered), 1);
	assert_near(out[0].value, 50, 0.05);
	assert_near(out[0].share, 1, 1e-9);
	assert_near(scattered, 0, 1e-9);
	assert_true(out[0].lo <= out[0].value && out[0].value <= out[0].hi);
	assert_true(out[0].lo > 49.5 && out[0].hi < 50.5);
}

/*
 * Two clusters a factor of two apart, each in its own rounds: two
 * levels, lowest first, each with the half of the rounds it holds.
 */
static void
test_levels_two_clusters(void **state)
{
	enum { R = 6, N = 30 };
	double x[R * N], scattered;
	struct level out[LEVELS_MAX];
	size_t count[R], r, i;
	struct stats_rng g;
	struct stats_rounds s = { x, count, R };

	(void)state;
	stats_rng_seed(&g, 12);
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++)
			x[r * N + i] = around(&g, r % 2 ? 40 : 20, 0.001);
	}
	assert_int_equal(levels_find(&s, out, &scattered), 2);
	assert_near(out[0].value, 20, 0.02);
	assert_near(out[1].value, 40, 0.04);
	assert_near(out[0].share, 0.5, 1e-9);
	assert_near(out[1].share, 0.5, 1e-9);
	assert_near(scattered, 0, 1e-9);
	assert_true(out[0].hi < out[1].lo);
}

/*
 * Every round weighs the same however many samples it kept: one round of
 * 90 samples at 10 against two rounds of 5 at 30 is a third and two
 * thirds, not 90% and 10%.
 */
static void
test_levels_rounds_weigh_alike(void **state)
{
	double x[100], scattered;
	size_t count[] = { 90, 5, 5 }, i;
	struct level out[LEVELS_MAX];
	struct stats_rounds s = { x, count, 3 };

	(void)state;
	for (i = 0; i < 100; i++)
		x[i] = i < 90 ? 10 : 30;
	assert_int_equal(levels_find(&s, out, &scattered), 2);
	assert_near(out[0].value, 10, 1e-12);
	assert_near(out[1].value, 30, 1e-12);
	assert_near(out[0].share, 1.0 / 3, 1e-9);
	assert_near(out[1].share, 2.0 / 3, 1e-9);
	assert_near(out[0].lo, 10, 1e-12);
	assert_near(out[0].hi, 10, 1e-12);
}

/*
 * Zero, negative, infinite and NaN samples are in no level and weigh
 * nothing: the round's usable samples make its whole weight.  A round
 * with none is no round.  Nothing usable at all: no level, all scattered.
 */
static void
test_levels_unusable(void **state)
{
	double x[] = { 5, 0, 5, -5, NAN, 5, INFINITY, 5, -0.0, 5,
	    NAN, -1, 0 }, scattered;
	size_t count[] = { 10, 3 };
	struct level out[LEVELS_MAX];
	struct stats_rounds s = { x, count, 2 };

	(void)state;
	assert_int_equal(levels_find(&s, out, &scattered), 1);
	assert_near(out[0].value, 5, 1e-12);
	assert_near(out[0].share, 1, 1e-12);
	assert_near(scattered, 0, 1e-12);
	s.x = x + 10;
	count[0] = 3;
	s.nrounds = 1;
	assert_int_equal(levels_find(&s, out, &scattered), 0);
	assert_true(scattered == 1);
	s.nrounds = 0;
	assert_int_equal(levels_find(&s, out, &scattered), 0);
	assert_true(scattered == 1);
}

/*
 * A level needs LEVEL_MIN_SHARE of the samples: 6% at 7 (well below the
 * 10%) is scattered beside the level at 3 that has the rest.
 */
static void
test_levels_min_share(void **state)
{
	enum { R = 5, N = 50 };
	double x[R * N], lv[] = { 3, 7 }, sh[] = { 0.94, 0.06 }, scattered;
	struct level out[LEVELS_MAX];
	size_t count[R], i, at7 = 0;
	struct stats_rounds s = { x, count, R };

	(void)state;
	fill_levels(x, count, R, N, lv, sh, 2, 0, 21);
	for (i = 0; i < R * N; i++)
		at7 += x[i] > 5;
	/* The generator drew about 6% there, well below 10%. */
	assert_true(at7 > R * N * 3 / 100 && at7 < R * N * 9 / 100);
	assert_int_equal(levels_find(&s, out, &scattered), 1);
	assert_near(out[0].value, 3, 0.01);
	assert_near(scattered, (double)at7 / (R * N), 1e-9);
}

/*
 * Five levels, each above LEVEL_MIN_SHARE: the LEVELS_MAX that hold the
 * most are kept, lowest first, and the one left out counts as
 * scattered.  Exact values, so shares are exactly what was written;
 * not all whole numbers, which would be a lattice of counts, each value
 * standing for a cell one wide (test_levels_quantised).
 */
static void
test_levels_at_most_max(void **state)
{
	static const double lv[] = { 1, 2, 4.1, 8, 16 };
	static const size_t per[] = { 25, 20, 16, 21, 18 };	/* of 100 */
	double x[100], scattered;
	struct level out[LEVELS_MAX];
	size_t count[] = { 100 }, i, k, at = 0;
	struct stats_rounds s = { x, count, 1 };

	(void)state;
	for (k = 0; k < NELEM(lv); k++)
		for (i = 0; i < per[k]; i++)
			x[at++] = lv[k];
	assert_int_equal(LEVELS_MAX, 4);
	assert_int_equal(levels_find(&s, out, &scattered), LEVELS_MAX);
	/* 4.1 (16%) is the smallest: left out. */
	assert_near(out[0].value, 1, 1e-12);
	assert_near(out[1].value, 2, 1e-12);
	assert_near(out[2].value, 8, 1e-12);
	assert_near(out[3].value, 16, 1e-12);
	assert_near(out[0].share, 0.25, 1e-12);
	assert_near(out[3].share, 0.18, 1e-12);
	assert_near(scattered, 0.16, 1e-12);
}

/*
 * Past LEVELS_MAX_POINTS samples an even spread of every round stands for
 * them (here every other sample): levels in a pattern of period three
 * are still found, with their shares.
 */
static void
test_levels_many_points(void **state)
{
	const size_t n = LEVELS_MAX_POINTS + LEVELS_MAX_POINTS / 2;
	size_t count[2], i;
	struct level out[LEVELS_MAX];
	double *x, scattered;
	struct stats_rounds s;

	(void)state;
	x = malloc(n * sizeof(*x));
	assert_non_null(x);
	/* Round 0: 2 of every 3 at 100, the third at 200; round 1 at 300. */
	count[0] = n - 1000;
	count[1] = 1000;
	for (i = 0; i < n; i++)
		x[i] = i >= count[0] ? 300 : i % 3 != 2 ? 100 : 200;
	s = (struct stats_rounds){ x, count, 2 };
	assert_int_equal(levels_find(&s, out, &scattered), 3);
	assert_near(out[0].value, 100, 1e-9);
	assert_near(out[1].value, 200, 1e-9);
	assert_near(out[2].value, 300, 1e-9);
	assert_near(out[0].share, 1.0 / 3, 0.001);
	assert_near(out[1].share, 1.0 / 6, 0.001);
	assert_near(out[2].share, 0.5, 1e-9);
	free(x);
}

static double
gauss(struct stats_rng *g)
{
	return (sqrt(-2 * log(uniform(g) + 0x1p-60)) *
	    cos(2 * M_PI * uniform(g)));
}

/*
 * One level, spread s, each round's centre moved by N(0, s/2) (as in
 * tests/study/levels_study.c), rounded to a step q when q > 0.
 */
static void
fill_one(double *x, size_t *count, size_t rounds, size_t n, double v,
    double s, double q, uint64_t seed)
{
	struct stats_rng g;
	size_t r, i;
	double c;

	stats_rng_seed(&g, seed);
	for (r = 0; r < rounds; r++) {
		count[r] = n;
		c = v * (1 + s / 2 * gauss(&g));
		for (i = 0; i < n; i++) {
			x[r * n + i] = c * exp(s * gauss(&g));
			if (q > 0)
				x[r * n + i] = q * round(x[r * n + i] / q);
		}
	}
}

/*
 * One level 5% wide, the widest the study holds to: two levels in at
 * most twice LEVEL_FALSE_SPLIT of many draws (the old fixed +-1% windows
 * split it in about a third of them); mostly one, holding nearly all.
 */
static void
test_levels_wide_hump(void **state)
{
	enum { R = 5, N = 15, DRAWS = 200 };
	double x[R * N], scattered;
	struct level out[LEVELS_MAX];
	size_t count[R], n, one = 0, split = 0;
	struct stats_rounds s = { x, count, R };
	uint64_t k;

	(void)state;
	for (k = 0; k < DRAWS; k++) {
		fill_one(x, count, R, N, 40, 0.05, 0, 100 + k);
		n = levels_find(&s, out, &scattered);
		split += n >= 2;
		one += n == 1 && out[0].share > 0.9;
	}
	assert_true(split <= 2 * LEVEL_FALSE_SPLIT * DRAWS);
	assert_true(one > DRAWS * 9 / 10);
}

/*
 * Counted cycles: 6.4 with a 5% spread, rounded to whole numbers, is 6
 * in about 60% of samples and 7 in the rest, nothing between.  Whole
 * numbers stand for cells one wide, and 6 and 7 are neighbours: one
 * level, never two.  Eighths of 6.4 alike.
 */
static void
test_levels_quantised(void **state)
{
	enum { R = 10, N = 50, DRAWS = 50 };
	double x[R * N], scattered;
	struct level out[LEVELS_MAX];
	size_t count[R], i, sixes = 0;
	struct stats_rounds s = { x, count, R };
	uint64_t k;

	(void)state;
	for (k = 0; k < DRAWS; k++) {
		fill_one(x, count, R, N, 6.4, 0.05, 1, 200 + k);
		for (i = 0, sixes = 0; i < R * N; i++)
			sixes += x[i] == 6;
		assert_true(sixes > R * N / 3 && sixes < R * N * 5 / 6);
		assert_true(levels_find(&s, out, &scattered) <= 1);
		fill_one(x, count, R, N, 6.4, 0.05, 0.125, 300 + k);
		assert_true(levels_find(&s, out, &scattered) <= 1);
	}
}

/*
 * Five values each 2.5% above the last, a fifth of the samples each, each
 * tight (0.1%): not one wide level 10% wide, as merging each with its
 * neighbour made it.  The valleys between them are plain, and each is a
 * level of its own (the four that hold most kept).
 */
static void
test_levels_chain(void **state)
{
	enum { R = 8, N = 50 };
	double x[R * N], lv[5], sh[5], scattered;
	struct level out[LEVELS_MAX];
	size_t count[R], n, i;
	struct stats_rounds s = { x, count, R };

	(void)state;
	for (i = 0; i < 5; i++) {
		lv[i] = 100 * pow(1.025, (double)i);
		sh[i] = 0.2;
	}
	fill_levels(x, count, R, N, lv, sh, 5, 0, 31);
	n = levels_find(&s, out, &scattered);
	assert_int_equal(n, LEVELS_MAX);
	for (i = 0; i < n; i++) {
		assert_true(out[i].hi / out[i].lo < 1.01);
		assert_near(out[i].share, 0.2, 0.05);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_levels_synthetic),
		cmocka_unit_test(test_levels_fixtures),
		cmocka_unit_test(test_levels_unimodal),
		cmocka_unit_test(test_levels_two_clusters),
		cmocka_unit_test(test_levels_rounds_weigh_alike),
		cmocka_unit_test(test_levels_unusable),
		cmocka_unit_test(test_levels_min_share),
		cmocka_unit_test(test_levels_at_most_max),
		cmocka_unit_test(test_levels_many_points),
		cmocka_unit_test(test_levels_wide_hump),
		cmocka_unit_test(test_levels_quantised),
		cmocka_unit_test(test_levels_chain),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
