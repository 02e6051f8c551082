/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_test.c on values whose answers are
 * known: Welch's t over sessions a side (the change, its se and df by
 * hand), one session against several, one a side on the prior (assumed:
 * the runs' own errors added; measured: the prior's alone), equivalence
 * shown only where the spread is small beside the margin, a contended
 * side's bias that no change may hide behind, and the interval.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "core/stats.h"
#include "verdict/compare_test.h"

#define CLOSE(a, b, tol)	assert_true(fabs((a) - (b)) <= (tol))

static const struct cmp_prior assumed = { CMP_BASIS_ASSUMED,
    CMP_ASSUMED_SPREAD, INFINITY, 0 };

/* n session values log(v[i] * scale) into out. */
static struct cmp_reps
reps(double *out, const double *v, size_t n, double scale)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = log(v[i] * scale);
	return ((struct cmp_reps){ .v = out, .n = n, .se_df = NAN });
}

/* Three sessions a side, x 20% over a: Welch's t, its figures by hand. */
static void
test_welch(void **state)
{
	static const double v[] = { 1, 1.01, 0.99 };
	double va[3], vx[3], mean, var = 0, se;
	struct cmp_reps a, x;
	struct cmp_alt alt;
	size_t i;

	(void)state;
	a = reps(va, v, 3, 1);
	x = reps(vx, v, 3, 1.2);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_null(alt.why);
	assert_int_equal(alt.basis, CMP_BASIS_RUNS);
	CLOSE(alt.d, log(1.2), 1e-12);
	mean = (va[0] + va[1] + va[2]) / 3;
	for (i = 0; i < 3; i++)
		var += (va[i] - mean) * (va[i] - mean) / 2;
	se = sqrt(2 * var / 3);
	CLOSE(alt.se, se, 1e-12);
	CLOSE(alt.df, 4, 1e-9);		/* equal variances: 2(n-1) */
	CLOSE(alt.spread, sqrt(var), 1e-12);
	CLOSE(alt.p_up, stats_t_cdf(-log(1.2) / se, 4), 1e-12);
	assert_true(alt.p < 1e-4);
	assert_true(alt.p_down > 0.99);
	assert_true(alt.p_same > 0.99);	/* 20% is not within 1% */
	/* Faster the other way round, the same p. */
	assert_int_equal(cmp_test(&x, &a, &assumed, 0.01, &alt), 0);
	CLOSE(alt.d, -log(1.2), 1e-12);
	assert_true(alt.p_down < 1e-4 && alt.p_up > 0.99);
}

/*
 * The same sets: no change, and equivalence shown where the spread is
 * small beside the margin, not where it is as large.
 */
static void
test_equivalence(void **state)
{
	static const double tight[] = { 1, 1.001, 0.999 },
	    loose[] = { 1, 1.02, 0.98 };
	double va[3], vx[3];
	struct cmp_reps a, x;
	struct cmp_alt alt;

	(void)state;
	a = reps(va, tight, 3, 1);
	x = reps(vx, tight, 3, 1);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.05, &alt), 0);
	CLOSE(alt.d, 0, 1e-15);
	assert_true(alt.p == 1);
	assert_true(alt.p_same < 1e-3);
	a = reps(va, loose, 3, 1);
	x = reps(vx, loose, 3, 1);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_true(alt.p_same > 0.2);
	/* Sessions that agree exactly: the se's floor, not a zero. */
	x = reps(vx, (const double[]){ 1, 1 }, 2, 1);
	a = reps(va, (const double[]){ 1, 1 }, 2, 1);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_true(alt.se > 0 && alt.se < 1e-5);
	assert_true(alt.p_same < 1e-10 && alt.p == 1);
}

/* One session against three: the three's spread stands for both. */
static void
test_one_against_many(void **state)
{
	static const double v[] = { 1, 1.01, 0.99 };
	double va[3], vx[1], mean, sd;
	struct cmp_reps a, x;
	struct cmp_alt alt;

	(void)state;
	a = reps(va, v, 3, 1);
	x = reps(vx, v, 1, 1.1);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_int_equal(alt.basis, CMP_BASIS_RUNS);
	mean = (va[0] + va[1] + va[2]) / 3;
	sd = sqrt(((va[0] - mean) * (va[0] - mean) + (va[1] - mean) *
	    (va[1] - mean) + (va[2] - mean) * (va[2] - mean)) / 2);
	CLOSE(alt.spread, sd, 1e-12);
	CLOSE(alt.se, sd * sqrt(1 + 1.0 / 3), 1e-12);
	CLOSE(alt.df, 2, 0);
	CLOSE(alt.d, log(1.1) - mean, 1e-12);
}

/*
 * One session a side on the assumed prior: the se holds the prior's sd
 * for both, the calibration's for both, and each run's round sd (not
 * the sd of its mean: a session's phase outlasts its rounds).  One
 * round a side has no sd: not tested.
 */
static void
test_one_each_assumed(void **state)
{
	struct cmp_prior prior = assumed;
	double va = 0, vx = log(1.005), sa = 0.002, sx = 0.003, w, want;
	struct cmp_reps a = { .v = &va, .se = &sa, .n = 1, .se_df = 4 };
	struct cmp_reps x = { .v = &vx, .se = &sx, .n = 1, .se_df = 9 };
	struct cmp_alt alt;

	(void)state;
	prior.calibration = CMP_CALIBRATION_SD;
	assert_int_equal(cmp_test(&a, &x, &prior, 0.01, &alt), 0);
	assert_int_equal(alt.basis, CMP_BASIS_ASSUMED);
	CLOSE(alt.spread, CMP_ASSUMED_SPREAD, 1e-15);
	w = (sa * sa * 5 + sx * sx * 10) / (1.2533 * 1.2533);
	want = sqrt(w + 2 * (CMP_ASSUMED_SPREAD * CMP_ASSUMED_SPREAD +
	    CMP_CALIBRATION_SD * CMP_CALIBRATION_SD));
	CLOSE(alt.se, want, 1e-12);
	assert_true(alt.se > sqrt(2) * CMP_ASSUMED_SPREAD);
	assert_true(alt.df > 10);	/* the prior's part has no error */
	/* 0.5% within 1%, but not shown: the assumed spread is as wide. */
	assert_true(alt.p > 0.5);
	assert_true(alt.p_same > CMP_FDR);
	/* A mixture's movement adds to it. */
	a.mix = 0.02;
	assert_int_equal(cmp_test(&a, &x, &prior, 0.01, &alt), 0);
	CLOSE(alt.se, sqrt(want * want + 0.02 * 0.02), 1e-12);
	a.mix = 0;
	/* One round a side: nothing to add, nothing tested. */
	sx = NAN;
	assert_int_equal(cmp_test(&a, &x, &prior, 0.01, &alt), -1);
	assert_string_equal(alt.why,
	    "one round a side: give several runs a side");
	/* No session with samples in the window. */
	x.n = 0;
	assert_int_equal(cmp_test(&a, &x, &prior, 0.01, &alt), -1);
	assert_string_equal(alt.why, "no run with samples there");
}

/* The noise model's spread alone, with its degrees of freedom. */
static void
test_one_each_noise(void **state)
{
	static const struct cmp_prior noise = { CMP_BASIS_NOISE, 0.002, 5,
	    0 };
	double va = 0, vx = log(1.05), sa = NAN, sx = NAN;
	struct cmp_reps a = { .v = &va, .se = &sa, .n = 1, .se_df = NAN };
	struct cmp_reps x = { .v = &vx, .se = &sx, .n = 1, .se_df = NAN };
	struct cmp_alt alt;

	(void)state;
	/* A round's sd is not needed: the noise runs hold it. */
	assert_int_equal(cmp_test(&a, &x, &noise, 0.01, &alt), 0);
	assert_int_equal(alt.basis, CMP_BASIS_NOISE);
	CLOSE(alt.se, sqrt(2) * 0.002, 1e-15);
	CLOSE(alt.df, 5, 0);
	CLOSE(alt.spread, 0.002, 1e-15);
	CLOSE(alt.p_up, stats_t_cdf(-log(1.05) / (sqrt(2) * 0.002), 5),
	    1e-12);
	assert_true(alt.p < 1e-3);
}

/*
 * x contended throughout may be high by log 1.3: a 10% rise is within
 * that, so no slowdown is shown however tight the sessions, nor is
 * equivalence; a's bias likewise hides no speed-up.
 */
static void
test_bias(void **state)
{
	static const double v[] = { 1, 1.001, 0.999 };
	double va[3], vx[3], lo, hi;
	struct cmp_reps a, x;
	struct cmp_alt alt;

	(void)state;
	a = reps(va, v, 3, 1);
	x = reps(vx, v, 3, 1.1);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_true(alt.p_up < 1e-4);	/* unbiased: shown */
	x.bias = log(1.3);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	CLOSE(alt.d, log(1.1), 1e-12);
	CLOSE(alt.bias_up, log(1.3), 0);
	assert_true(alt.p_up > 0.5);
	assert_true(alt.p_same > 0.5);
	/* Its interval reaches down past the bias. */
	cmp_alt_interval(alt.d, alt.se, alt.df, alt.bias_up, alt.bias_down,
	    0.05, &lo, &hi);
	assert_true(lo < 1.1 / 1.3 && hi > 1.1);
	/* The 40% rise goes past it. */
	x = reps(vx, v, 3, 1.4);
	x.bias = log(1.3);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_true(alt.p_up < 1e-3);
	/* a biased: x's 10% drop may be a's contention. */
	x = reps(vx, v, 3, 1 / 1.1);
	a.bias = log(1.3);
	assert_int_equal(cmp_test(&a, &x, &assumed, 0.01, &alt), 0);
	assert_true(alt.p_down > 0.5);
}

/* The interval: the t quantile either side of d, past the biases. */
static void
test_interval(void **state)
{
	double lo, hi, t;

	(void)state;
	cmp_alt_interval(log(1.2), 0.01, INFINITY, 0, 0, 0.05, &lo, &hi);
	CLOSE(lo, 1.2 * exp(-1.959964 * 0.01), 1e-6);
	CLOSE(hi, 1.2 * exp(1.959964 * 0.01), 1e-6);
	t = stats_t_quantile(1 - 0.005, 4);
	cmp_alt_interval(log(1.2), 0.01, 4, log(1.1), log(1.05), 0.01, &lo,
	    &hi);
	CLOSE(lo, 1.2 / 1.1 * exp(-t * 0.01), 1e-12);
	CLOSE(hi, 1.2 * 1.05 * exp(t * 0.01), 1e-12);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_welch),
		cmocka_unit_test(test_equivalence),
		cmocka_unit_test(test_one_against_many),
		cmocka_unit_test(test_one_each_assumed),
		cmocka_unit_test(test_one_each_noise),
		cmocka_unit_test(test_bias),
		cmocka_unit_test(test_interval),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
