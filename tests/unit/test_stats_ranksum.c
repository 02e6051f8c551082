/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for the rank-sum test of core/stats_ranksum.c, which
 * decides whether two runs differ.  The Mann-Whitney p-values are scipy
 * 1.10.1's (Debian python3-scipy), computed once with
 *	scipy.stats.mannwhitneyu(x, y, method="asymptotic")
 * and copied here; the exact ones are worked out by enumeration, by
 * hand or here by brute force over every split of the pooled values.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "near.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* scipy's reference cases: x, y, its statistic (U of x) and p-value. */
static const struct {
	double	x[10], y[10];
	size_t	nx, ny;
	double	u, p;
} scipy_cases[] = {
	/* The example in scipy's own documentation (males vs females). */
	{ { 19, 22, 16, 29, 24 }, { 20, 11, 17, 12 }, 5, 4,
	  17.0, 0.11134688653314041 },
	/* Many ties on both sides. */
	{ { 1, 2, 2, 3, 3, 3, 4 }, { 2, 3, 3, 4, 4, 5, 5, 5 }, 7, 8,
	  11.0, 0.049238967838553395 },
	/* Complete separation. */
	{ { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 },
	  { 11, 12, 13, 14, 15, 16, 17, 18, 19, 20 }, 10, 10,
	  0.0, 0.00018267179110955002 },
	/* Quantized cycle counts, as benchmarks give them. */
	{ { 3.0, 3.0, 3.0, 3.01, 3.0 }, { 3.0, 3.02, 3.0, 3.0, 3.01, 3.03 },
	  5, 6, 9.5, 0.28889915577109215 },
	/* Everything tied: no evidence of any difference. */
	{ { 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 }, { 3, 3, 3, 3, 3, 3, 3, 3, 3, 3 },
	  10, 10, 50.0, 1.0 },
};

static void
test_mann_whitney_scipy(void **state)
{
	double u, p;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(scipy_cases); i++) {
		stats_mann_whitney(scipy_cases[i].x, scipy_cases[i].nx,
		    scipy_cases[i].y, scipy_cases[i].ny, &u, &p);
		assert_near(u, scipy_cases[i].u, 1e-12);
		assert_near(p, scipy_cases[i].p, 1e-12);
	}
}

/* Swapping the samples swaps U for nx*ny - U and keeps p. */
static void
test_mann_whitney_symmetry(void **state)
{
	double u1, u2, p1, p2;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(scipy_cases); i++) {
		stats_mann_whitney(scipy_cases[i].x, scipy_cases[i].nx,
		    scipy_cases[i].y, scipy_cases[i].ny, &u1, &p1);
		stats_mann_whitney(scipy_cases[i].y, scipy_cases[i].ny,
		    scipy_cases[i].x, scipy_cases[i].nx, &u2, &p2);
		assert_near(u1 + u2, (double)(scipy_cases[i].nx *
		    scipy_cases[i].ny), 1e-12);
		assert_near(p1, p2, 1e-15);
	}
}

static void
test_mann_whitney_empty(void **state)
{
	static const double x[] = { 1, 2 };
	double u, p;

	(void)state;
	stats_mann_whitney(x, 2, x, 0, &u, &p);
	assert_true(isnan(u) && isnan(p));
	stats_mann_whitney(x, 0, x, 2, &u, &p);
	assert_true(isnan(u) && isnan(p));
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
	assert_near(stats_rank_sum_min_p(5, 5), 2.0 / 252, 1e-15);
	assert_near(stats_rank_sum_min_p(3, 3), 0.1, 1e-15);
	assert_near(stats_rank_sum_min_p(1, 1), 1, 0);
}

/*
 * The exact p-value by brute force: every split of the pooled values
 * into m and n, U counted pair by pair (ties one half), the share of
 * splits whose 2U lies as far from mn as the observed one or further.
 */
static double
brute_p(const double *x, size_t m, const double *y, size_t n)
{
	double all[16], u, uobs = 0, dev;
	unsigned mask, hits = 0, total = 0;
	size_t i, j, k, bits, nn = m + n;

	assert_true(nn <= NELEM(all));
	for (i = 0; i < m; i++)
		all[i] = x[i];
	for (i = 0; i < n; i++)
		all[m + i] = y[i];
	for (i = 0; i < m; i++)
		for (j = 0; j < n; j++)
			uobs += x[i] > y[j] ? 1 : x[i] == y[j] ? 0.5 : 0;
	dev = fabs(2 * uobs - (double)(m * n));
	for (mask = 0; mask < 1u << nn; mask++) {
		for (bits = k = 0; k < nn; k++)
			bits += mask >> k & 1;
		if (bits != m)
			continue;
		u = 0;
		for (i = 0; i < nn; i++)
			for (j = 0; j < nn; j++)
				if ((mask >> i & 1) && !(mask >> j & 1))
					u += all[i] > all[j] ? 1 :
					    all[i] == all[j] ? 0.5 : 0;
		total++;
		hits += fabs(2 * u - (double)(m * n)) >= dev;
	}
	return ((double)hits / total);
}

/* Ties of every pattern, against brute force. */
static void
test_rank_sum_exact_ties(void **state)
{
	static const size_t sizes[][2] = { { 4, 4 }, { 5, 5 }, { 3, 7 },
	    { 6, 4 }, { 1, 8 }, { 2, 2 }, { 6, 6 } };
	struct stats_rng g;
	double x[8], y[8], u, p, want;
	size_t s, i, levels, trial;

	(void)state;
	stats_rng_seed(&g, 22);
	for (s = 0; s < NELEM(sizes); s++) {
		for (trial = 0; trial < 40; trial++) {
			/* Two to nine distinct values: heavy to light ties. */
			levels = 2 + trial % 8;
			for (i = 0; i < sizes[s][0]; i++)
				x[i] = (double)stats_rng_below(&g, levels);
			for (i = 0; i < sizes[s][1]; i++)
				y[i] = (double)stats_rng_below(&g, levels) +
				    (trial % 3 == 0 ? 1 : 0);
			want = brute_p(x, sizes[s][0], y, sizes[s][1]);
			stats_mann_whitney_exact(x, sizes[s][0], y,
			    sizes[s][1], &u, &p);
			assert_near(p, want, 1e-12);
			stats_mann_whitney_exact(y, sizes[s][1], x,
			    sizes[s][0], &u, &p);
			assert_near(p, want, 1e-12);
		}
	}
}

/*
 * Counted cycles tie within a side: five rounds a side, all apart, still
 * give 2/252, as without ties.  The
 * tie groups lying unevenly make the distribution lopsided: 2 against
 * {1, 1} alone is as extreme as it gets, 1 split in 3.
 */
static void
test_rank_sum_exact_tied_sides(void **state)
{
	static const double a[] = { 100, 100, 101, 101, 101 };
	static const double b[] = { 120, 120, 120, 125, 125 };
	static const double one[] = { 2 }, two[] = { 1, 1 };
	static const double same[] = { 7, 7, 7, 7 };
	double u, p;

	(void)state;
	stats_mann_whitney_exact(a, 5, b, 5, &u, &p);
	assert_near(u, 0, 0);
	assert_near(p, 2.0 / 252, 1e-12);
	stats_mann_whitney_exact(one, 1, two, 2, &u, &p);
	assert_near(p, 1.0 / 3, 1e-15);
	stats_mann_whitney_exact(same, 4, same, 4, &u, &p);
	assert_near(p, 1, 0);
}

/*
 * The largest exact case, 100 a side with heavy ties, is quick and
 * agrees with the normal approximation, which is good at that size.
 */
static void
test_rank_sum_exact_large(void **state)
{
	double x[100], y[100], u, p, pn;
	size_t i;

	(void)state;
	for (i = 0; i < 100; i++) {
		x[i] = (double)(i % 13);
		y[i] = (double)((i * 7 + 3) % 13) + (i % 4 == 0);
	}
	stats_mann_whitney_exact(x, 100, y, 100, &u, &p);
	stats_mann_whitney(x, 100, y, 100, &u, &pn);
	assert_true(p > 0 && p < 1);
	assert_near(p, pn, 0.01 * pn);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mann_whitney_scipy),
		cmocka_unit_test(test_mann_whitney_symmetry),
		cmocka_unit_test(test_mann_whitney_empty),
		cmocka_unit_test(test_rank_sum_exact),
		cmocka_unit_test(test_rank_sum_exact_ties),
		cmocka_unit_test(test_rank_sum_exact_tied_sides),
		cmocka_unit_test(test_rank_sum_exact_large),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
