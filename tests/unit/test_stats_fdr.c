/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for the Benjamini-Hochberg adjustment of core/stats_fdr.c.
 * The expected q-values are worked out by hand from the definition
 * adj[i] = min(1, min over p[j] >= p[i] of p[j] m / rank j).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "core/stats.h"
#include "near.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
check(const double *p, const double *want, size_t n)
{
	double adj[16];
	size_t i;

	assert_true(n <= NELEM(adj));
	stats_bh_adjust(p, n, adj);
	for (i = 0; i < n; i++) {
		if (isnan(want[i]))
			assert_true(isnan(adj[i]));
		else
			assert_near(adj[i], want[i], 1e-15);
	}
}

/* Ranks 1..4 of 0.005, 0.01, 0.03, 0.04: 0.02, 0.02, 0.04, 0.04. */
static void
test_bh_hand(void **state)
{
	static const double p[] = { 0.01, 0.04, 0.03, 0.005 };
	static const double want[] = { 0.02, 0.04, 0.04, 0.02 };
	/* 0.5 * 3 / 3 = 0.5 is less than 0.4 * 3 / 2 = 0.6: the minimum. */
	static const double p2[] = { 0.4, 0.5, 0.01 };
	static const double want2[] = { 0.5, 0.5, 0.03 };
	/* Scaled past 1: capped. */
	static const double p3[] = { 0.9, 0.6 };
	static const double want3[] = { 0.9, 0.9 };
	static const double p4[] = { 0.7 };
	static const double want4[] = { 0.7 };

	(void)state;
	check(p, want, NELEM(p));
	check(p2, want2, NELEM(p2));
	check(p3, want3, NELEM(p3));
	check(p4, want4, NELEM(p4));
}

/* Tied p-values share their q-value, whatever their order. */
static void
test_bh_ties(void **state)
{
	static const double p[] = { 0.02, 0.01, 0.02, 0.02, 0.3 };
	/* 0.02 * 5 / 4 = 0.025 for all three; 0.01 * 5 = 0.05 -> 0.025. */
	static const double want[] = { 0.025, 0.025, 0.025, 0.025, 0.3 };
	static const double same[] = { 0.04, 0.04, 0.04 };

	(void)state;
	check(p, want, NELEM(p));
	check(same, same, NELEM(same));
}

/* NAN and infinities get NAN and leave m to the finite ones. */
static void
test_bh_nan(void **state)
{
	static const double p[] = { NAN, 0.01, 0.04, INFINITY, 0.03, 0.005,
	    NAN };
	static const double want[] = { NAN, 0.02, 0.04, NAN, 0.04, 0.02,
	    NAN };
	static const double none[] = { NAN, NAN };

	(void)state;
	check(p, want, NELEM(p));
	check(none, none, NELEM(none));
}

static void
test_bh_empty(void **state)
{
	double adj[1] = { 42 };

	(void)state;
	stats_bh_adjust(NULL, 0, adj);
	assert_near(adj[0], 42, 0);
}

/* The step-up rule: with q = 0.05, adj <= q picks what BH rejects. */
static void
test_bh_step_up(void **state)
{
	/* m = 10; thresholds 0.005 k: ranks 1..4 pass (0.019 <= 0.02). */
	static const double p[] = { 0.001, 0.008, 0.012, 0.019, 0.026,
	    0.2, 0.4, 0.6, 0.8, 0.95 };
	double adj[NELEM(p)];
	size_t i;

	(void)state;
	stats_bh_adjust(p, NELEM(p), adj);
	for (i = 0; i < NELEM(p); i++)
		assert_true((adj[i] <= 0.05) == (i < 4));
	for (i = 1; i < NELEM(p); i++)
		assert_true(adj[i] >= adj[i - 1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bh_hand),
		cmocka_unit_test(test_bh_ties),
		cmocka_unit_test(test_bh_nan),
		cmocka_unit_test(test_bh_empty),
		cmocka_unit_test(test_bh_step_up),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
