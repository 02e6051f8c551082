/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for the two-sample statistics in core/stats.c that decide
 * whether two runs differ.  The Mann-Whitney p-values are scipy 1.10.1's
 * (Debian python3-scipy), computed once with
 *	scipy.stats.mannwhitneyu(x, y, method="asymptotic")
 * and copied here; the bootstrap is checked against its definition
 * written the slow way and against properties any interval must have.
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

static void
fill(double *x, size_t n, double mu, double spread, uint64_t seed)
{
	struct stats_rng g;
	size_t i;

	stats_rng_seed(&g, seed);
	for (i = 0; i < n; i++)
		x[i] = mu + spread * ((double)(stats_rng_next(&g) >> 11) *
		    0x1p-53 - 0.5);
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

static double
median_of(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp);
	return (n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2);
}

/* The definition: draw each resample explicitly and take its median. */
static void
slow_ratio(const double *x, size_t nx, const double *y, size_t ny,
    unsigned resamples, uint64_t seed, double *lo, double *hi)
{
	struct stats_rng g;
	double *sx, *sy, *rx, *ry, *ratios, h;
	size_t i;
	unsigned r;

	sx = malloc(nx * sizeof(*sx));
	sy = malloc(ny * sizeof(*sy));
	rx = malloc(nx * sizeof(*rx));
	ry = malloc(ny * sizeof(*ry));
	ratios = malloc(resamples * sizeof(*ratios));
	assert_true(sx && sy && rx && ry && ratios);
	memcpy(sx, x, nx * sizeof(*sx));
	memcpy(sy, y, ny * sizeof(*sy));
	qsort(sx, nx, sizeof(*sx), cmp);
	qsort(sy, ny, sizeof(*sy), cmp);
	stats_rng_seed(&g, seed);
	for (r = 0; r < resamples; r++) {
		for (i = 0; i < nx; i++)
			rx[i] = sx[stats_rng_below(&g, nx)];
		for (i = 0; i < ny; i++)
			ry[i] = sy[stats_rng_below(&g, ny)];
		ratios[r] = median_of(ry, ny) / median_of(rx, nx);
	}
	qsort(ratios, resamples, sizeof(*ratios), cmp);
	/* Type 7 quantiles at 2.5% and 97.5%. */
	h = (resamples - 1) * 0.025;
	*lo = ratios[(size_t)h] + (h - floor(h)) *
	    (ratios[(size_t)h + 1] - ratios[(size_t)h]);
	h = (resamples - 1) * 0.975;
	*hi = ratios[(size_t)h] + (h - floor(h)) *
	    (ratios[(size_t)h + 1] - ratios[(size_t)h]);
	free(sx);
	free(sy);
	free(rx);
	free(ry);
	free(ratios);
}

static void
test_ratio_definition(void **state)
{
	static const size_t sizes[][2] = { { 2, 3 }, { 31, 31 }, { 10, 101 },
	    { 100, 7 } };
	double x[101], y[101], lo, hi, wlo, whi;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(sizes); i++) {
		fill(x, sizes[i][0], 10, 1, 1 + i);
		fill(y, sizes[i][1], 11, 1, 50 + i);
		stats_bootstrap_ratio_ci(x, sizes[i][0], y, sizes[i][1], 400,
		    9, &lo, &hi);
		slow_ratio(x, sizes[i][0], y, sizes[i][1], 400, 9, &wlo,
		    &whi);
		assert_near(lo, wlo, 1e-12);
		assert_near(hi, whi, 1e-12);
	}
}

static void
test_ratio_properties(void **state)
{
	double x[101], y[101], lo, hi, lo2, hi2;
	size_t i;

	(void)state;
	/* Constant samples: the ratio is known exactly. */
	for (i = 0; i < 31; i++) {
		x[i] = 3;
		y[i] = 3.3;
	}
	stats_bootstrap_ratio_ci(x, 31, y, 31, 1000, 1, &lo, &hi);
	assert_near(lo, 1.1, 1e-12);
	assert_near(hi, 1.1, 1e-12);
	/* The same sample twice: the interval holds 1. */
	fill(x, 101, 100, 10, 3);
	stats_bootstrap_ratio_ci(x, 101, x, 101, 1000, 1, &lo, &hi);
	assert_true(lo < 1 && hi > 1);
	/* A 20% shift well beyond the spread is found, and 1 excluded. */
	for (i = 0; i < 101; i++)
		y[i] = x[i] * 1.2;
	stats_bootstrap_ratio_ci(x, 101, y, 101, 1000, 1, &lo, &hi);
	assert_true(lo > 1.1 && lo < 1.2 && hi > 1.2 && hi < 1.3);
	/* Deterministic for a seed. */
	stats_bootstrap_ratio_ci(x, 101, y, 101, 1000, 1, &lo2, &hi2);
	assert_true(lo == lo2 && hi == hi2);
}

static void
test_ratio_degenerate(void **state)
{
	double x[] = { 0, 0, 0 }, y[] = { 1, 2, 3 }, lo, hi;

	(void)state;
	stats_bootstrap_ratio_ci(x, 3, y, 3, 100, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
	stats_bootstrap_ratio_ci(y, 0, y, 3, 100, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
	stats_bootstrap_ratio_ci(y, 3, y, 3, 0, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mann_whitney_scipy),
		cmocka_unit_test(test_mann_whitney_symmetry),
		cmocka_unit_test(test_mann_whitney_empty),
		cmocka_unit_test(test_ratio_definition),
		cmocka_unit_test(test_ratio_properties),
		cmocka_unit_test(test_ratio_degenerate),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
