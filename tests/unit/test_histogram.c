/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/histogram.c: where values land, worked out by hand
 * for small inputs, and the properties every histogram must have (counts
 * add up, edges ascend, each value lies inside its bin) for large ones.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "core/histogram.h"
#include "core/stats.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static size_t
total(const struct histogram *h)
{
	size_t i, sum = 0;

	for (i = 0; i < h->nbins; i++)
		sum += h->counts[i];
	return (sum);
}

/* 1..1000 in three geometric bins: edges 1, 10, 100, 1000. */
static void
test_decades(void **state)
{
	static const double x[] = { 1, 2, 9.99, 10, 50, 99, 100, 999, 1000 };
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_build(x, NELEM(x), 3, &h), NELEM(x));
	assert_int_equal(h.nbins, 3);
	assert_true(h.log);
	assert_true(h.edges[0] == 1 && h.edges[3] == 1000);
	assert_true(fabs(h.edges[1] - 10) < 1e-9);
	assert_true(fabs(h.edges[2] - 100) < 1e-9);
	/* Each edge value opens its bin; the maximum closes the last. */
	assert_int_equal(h.counts[0], 3);
	assert_int_equal(h.counts[1], 3);
	assert_int_equal(h.counts[2], 3);
}

/* A long tail stays visible: the peak and the outlier get their own bins. */
static void
test_tail(void **state)
{
	double x[1000];
	struct histogram h;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(x) - 1; i++)
		x[i] = 3000 + (double)(i % 10);
	x[NELEM(x) - 1] = 300000;
	histogram_build(x, NELEM(x), 32, &h);
	assert_int_equal(h.nbins, 32);
	assert_int_equal(h.counts[0], 999);
	assert_int_equal(h.counts[31], 1);
	for (i = 1; i < 31; i++)
		assert_int_equal(h.counts[i], 0);
}

static void
test_constant(void **state)
{
	static const double x[] = { 42, 42, 42, 42 };
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_build(x, NELEM(x), 32, &h), 4);
	assert_int_equal(h.nbins, 1);
	assert_true(h.edges[0] == 42 && h.edges[1] == 42);
	assert_int_equal(h.counts[0], 4);
}

/* Zero or negative values (an overhead over-subtracted) get linear bins. */
static void
test_linear(void **state)
{
	static const double x[] = { -10, 0, 5, 10, 30 };
	struct histogram h;

	(void)state;
	histogram_build(x, NELEM(x), 4, &h);
	assert_false(h.log);
	assert_true(h.edges[0] == -10 && h.edges[1] == 0 &&
	    h.edges[2] == 10 && h.edges[3] == 20 && h.edges[4] == 30);
	assert_int_equal(h.counts[0], 1);
	assert_int_equal(h.counts[1], 2);
	assert_int_equal(h.counts[2], 1);
	assert_int_equal(h.counts[3], 1);
}

/* NaN and infinities are not binned; fewer values than bins, fewer bins. */
static void
test_nonfinite_and_few(void **state)
{
	const double x[] = { NAN, 7, INFINITY, 70, -INFINITY };
	struct histogram h;

	(void)state;
	assert_int_equal(histogram_build(x, NELEM(x), 32, &h), 2);
	assert_int_equal(h.nbins, 2);
	assert_int_equal(total(&h), 2);
	assert_int_equal(histogram_build(x, 1, 32, &h), 0);
	assert_int_equal(h.nbins, 0);
	assert_int_equal(histogram_build(x, 0, 32, &h), 0);
	assert_int_equal(histogram_build(x + 1, 1, 0, &h), 0);
}

/* Bins are capped, counts add up, every value lies inside its bin. */
static void
test_properties(void **state)
{
	struct stats_rng g;
	struct histogram h;
	double x[5000];
	size_t i, b, in;

	(void)state;
	stats_rng_seed(&g, 7);
	for (i = 0; i < NELEM(x); i++)
		x[i] = 1000 * exp((double)stats_rng_below(&g, 100000) / 20000);
	assert_int_equal(histogram_build(x, NELEM(x), 1000, &h), NELEM(x));
	assert_int_equal(h.nbins, HISTOGRAM_MAX_BINS);
	assert_int_equal(total(&h), NELEM(x));
	for (b = 0; b < h.nbins; b++)
		assert_true(h.edges[b] < h.edges[b + 1]);
	for (b = 0; b < h.nbins; b++) {
		for (in = i = 0; i < NELEM(x); i++)
			in += x[i] >= h.edges[b] && (x[i] < h.edges[b + 1] ||
			    (b == h.nbins - 1 && x[i] == h.edges[b + 1]));
		assert_int_equal(in, h.counts[b]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decades),
		cmocka_unit_test(test_tail),
		cmocka_unit_test(test_constant),
		cmocka_unit_test(test_linear),
		cmocka_unit_test(test_nonfinite_and_few),
		cmocka_unit_test(test_properties),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
