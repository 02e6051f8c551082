/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Hodges-Lehmann shift and its signed-rank interval, against values
 * worked out by hand from the definitions and against the published
 * critical values of the Wilcoxon signed-rank test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>

#include "core/stats.h"
#include "near.h"

/*
 * d = 1..10: the Walsh averages are (i + j) / 2.  Sums 2..6 occur
 * 1, 1, 2, 2, 3 times, so the 9th smallest average is 6/2 = 3 and by
 * symmetry the 9th largest is 8.  k = 9 because P(W+ <= 8) = 25/1024 =
 * 0.0244 <= 0.025 < P(W+ <= 9) = 33/1024 (the table's critical value 8
 * for n = 10 at two-sided 0.05).
 */
static void
test_one_to_ten(void **state)
{
	double d[10], est, lo, hi;
	int i;

	(void)state;
	for (i = 0; i < 10; i++)
		d[i] = i + 1;
	assert_int_equal(stats_hodges_lehmann(d, 10, &est, &lo, &hi), 0);
	assert_near(est, 5.5, 1e-12);
	assert_near(lo, 3.0, 1e-12);
	assert_near(hi, 8.0, 1e-12);
}

/* Order does not matter, a shift moves everything by the shift. */
static void
test_shift_and_order(void **state)
{
	double d[10] = { 7, 3, 10, 1, 5, 9, 2, 8, 6, 4 }, est, lo, hi;
	int i;

	(void)state;
	for (i = 0; i < 10; i++)
		d[i] -= 100;
	assert_int_equal(stats_hodges_lehmann(d, 10, &est, &lo, &hi), 0);
	assert_near(est, -94.5, 1e-12);
	assert_near(lo, -97.0, 1e-12);
	assert_near(hi, -92.0, 1e-12);
}

/*
 * n = 6 is the smallest n with a 95% interval: P(W+ = 0) = 1/64 < 0.025
 * but P(W+ <= 1) = 2/64 > 0.025, so k = 1: the extreme Walsh averages,
 * which are the extreme values.  n = 5 has none (1/32 > 0.025).
 */
static void
test_smallest_n(void **state)
{
	double d[6] = { 0.5, -1, 2, 3, 4, 10 }, est, lo, hi;

	(void)state;
	assert_int_equal(stats_hodges_lehmann(d, 6, &est, &lo, &hi), 0);
	assert_near(lo, -1.0, 1e-12);
	assert_near(hi, 10.0, 1e-12);
	assert_int_equal(stats_hodges_lehmann(d, 5, &est, &lo, &hi), -1);
	assert_true(isnan(est) && isnan(lo) && isnan(hi));
}

/*
 * Published lower critical values of W+ for a two-sided 0.05 test
 * (n = 8: 3, n = 15: 25, n = 20: 52, n = 30: 137): with d = 1..n the
 * interval's lower end is the (crit + 1)-th smallest Walsh average.
 */
static double
kth_walsh(size_t n, size_t k)
{
	double *w, v;
	size_t i, j, m = 0;

	w = malloc(n * (n + 1) / 2 * sizeof(*w));
	for (i = 1; i <= n; i++)
		for (j = i; j <= n; j++)
			w[m++] = (i + j) / 2.0;
	stats_sort(w, m);
	v = w[k - 1];
	free(w);
	return (v);
}

static void
test_critical_values(void **state)
{
	static const struct { size_t n, crit; } table[] = {
		{ 8, 3 }, { 15, 25 }, { 20, 52 }, { 30, 137 },
	};
	double d[30], est, lo, hi;
	size_t i, t;

	(void)state;
	for (t = 0; t < sizeof(table) / sizeof(table[0]); t++) {
		for (i = 0; i < table[t].n; i++)
			d[i] = (double)i + 1;
		assert_int_equal(stats_hodges_lehmann(d, table[t].n, &est,
		    &lo, &hi), 0);
		assert_near(lo, kth_walsh(table[t].n, table[t].crit + 1),
		    1e-12);
	}
}

/*
 * Past STATS_SIGNED_RANK_EXACT the normal approximation takes over; at
 * the seam both must cut the same number of averages, give or take one.
 */
static void
test_normal_seam(void **state)
{
	size_t n = STATS_SIGNED_RANK_EXACT, i;
	double *d, est, lo1, hi1, lo2, hi2;

	(void)state;
	d = malloc((n + 1) * sizeof(*d));
	for (i = 0; i <= n; i++)
		d[i] = (double)i;
	assert_int_equal(stats_hodges_lehmann(d, n, &est, &lo1, &hi1), 0);
	assert_int_equal(stats_hodges_lehmann(d, n + 1, &est, &lo2, &hi2), 0);
	/* One more value moves the averages by about half a step. */
	assert_true(fabs(lo2 - lo1) <= 1.0);
	assert_true(fabs(hi2 - hi1) <= 1.0);
	free(d);
}

/* An outlier moves the estimate by at most a little. */
static void
test_outlier(void **state)
{
	double d[12] = { 2, 2.1, 1.9, 2, 2.05, 1.95, 2, 2.02, 1.98, 2, 2, 500 };
	double est, lo, hi;

	(void)state;
	assert_int_equal(stats_hodges_lehmann(d, 12, &est, &lo, &hi), 0);
	assert_near(est, 2.0, 0.05);
	assert_true(lo < 2.0 && hi > 2.0 && hi < 3.0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_to_ten),
		cmocka_unit_test(test_shift_and_order),
		cmocka_unit_test(test_smallest_n),
		cmocka_unit_test(test_critical_values),
		cmocka_unit_test(test_normal_seam),
		cmocka_unit_test(test_outlier),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
