/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for the rank-sum test of core/stats_ranksum.c, which
 * decides whether two runs differ.  The Mann-Whitney p-values are scipy
 * 1.10.1's (Debian python3-scipy), computed once with
 *	scipy.stats.mannwhitneyu(x, y, method="asymptotic")
 * and copied here; the exact ones are worked out by enumeration.
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
	/* Ties: the normal approximation, as stats_mann_whitney gives. */
	c[0] = 1;
	stats_mann_whitney_exact(a, 5, c, 6, &u, &p);
	assert_true(p > 0 && p <= 1);
	assert_near(stats_rank_sum_min_p(5, 5), 2.0 / 252, 1e-15);
	assert_near(stats_rank_sum_min_p(3, 3), 0.1, 1e-15);
	assert_near(stats_rank_sum_min_p(1, 1), 1, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mann_whitney_scipy),
		cmocka_unit_test(test_mann_whitney_symmetry),
		cmocka_unit_test(test_mann_whitney_empty),
		cmocka_unit_test(test_rank_sum_exact),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
