/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for Student's t distribution of core/stats_t.c.  The
 * reference values were computed once with mpmath 1.3.0 at 40 digits,
 *	cdf = 1 - betainc(df/2, 1/2, 0, df/(df+t^2), regularized=True)/2
 * (for t < 0 the betainc term alone), quantiles by bisection on it, and
 * copied here; they agree with the printed tables (t_{0.975,1} =
 * 12.7062, t_{0.975,5} = 2.5706, t_{0.995,8} = 3.3554, z_{0.975} =
 * 1.9600).
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

/*
 * Relative tolerances: of the CDF's tails, which a p-value relies on,
 * and of quantiles, which near the centre are only as exact as p next to
 * 1/2 can be (its ulp over the density there: QUANTILE_ABS).
 */
#define CDF_REL		1e-10
#define QUANTILE_REL	1e-9
#define QUANTILE_ABS	1e-15

static const struct {
	double	t, df, cdf;
} cdf_cases[] = {
	{ 2.0, 3, 0.93033701572057841158 },
	{ -6.5, 8, 0.000094052010607987760231 },
	{ -2, 1, 0.14758361765043327418 },
	{ 0.1, 1, 0.53172551743055357126 },
	{ -0.3, 2.5, 0.39367118574759860724 },
	{ -12.7062047361747, 1, 0.025000000000000010129 },
	{ -3.5, 4.7, 0.0095647967501382156545 },
	{ -8, 5, 0.00024645333028622204224 },
	{ -40, 3, 0.000017190340394579264142 },
	{ -1e6, 1, 3.1830988618368456824e-7 },
	{ -25, 30, 6.0459111906435131892e-22 },
	{ -7.5, 100, 1.3286199631860335943e-11 },
	{ -4.5, 1e4, 3.4360489269392331635e-6 },
	{ -5, 1e6, 2.8669989354453707845e-7 },
	{ -3, 0.5, 0.1836540779929717241 },
	{ -1.5, INFINITY, 0.066807201268858066004 },
	{ -7, INFINITY, 1.2798125438858350044e-12 },
	{ -2.2, 17.3, 0.020834797764636939294 },
	{ -0.01, 5, 0.49620400902129095138 },
	{ -50, 2, 0.00019988007994404029045 },
	{ -1000, 0.7, 0.0024690021703500873684 },
	{ -9.2, 20, 6.3066067761131288514e-9 },
};

static const struct {
	double	p, df, t;
} quantile_cases[] = {
	{ 0.975, 1, 12.706204736174693314 },
	{ 0.975, 5, 2.5705818356363147828 },
	{ 0.995, 8, 3.3553873313333949067 },
	{ 0.975, INFINITY, 1.9599639845400538556 },
	{ 1e-05, 3, -47.927728375933922875 },
	{ 1e-12, 1, -318309886183.79067794 },
	{ 1e-12, 10, -40.532096178662596601 },
	{ 0.3, 2.5, -0.59730773825231749483 },
	{ 0.9, 7.7, 1.4017109346113589169 },
	{ 1e-08, INFINITY, -5.6120012441747887279 },
	{ 0.499999999, 4, -2.6666667392779193848e-9 },
	{ 0.025, 1e5, -1.9599877075346096148 },
	{ 1e-10, 0.8, -733679538955.22991711 },
	{ 1e-05, 1.3, -3107.0903186368416614 },
};

static void
test_t_cdf_reference(void **state)
{
	double want, tail;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(cdf_cases); i++) {
		want = cdf_cases[i].cdf;
		assert_near(stats_t_cdf(cdf_cases[i].t, cdf_cases[i].df), want,
		    CDF_REL * want);
		/* The upper tail by symmetry, to the same relative error. */
		tail = 1 - stats_t_cdf(-cdf_cases[i].t, cdf_cases[i].df);
		if (want < 1e-3)
			continue;	/* 1 - x keeps no digits of a tiny x */
		assert_near(tail, want, CDF_REL * want);
	}
}

static void
test_t_quantile_reference(void **state)
{
	double want;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(quantile_cases); i++) {
		want = quantile_cases[i].t;
		assert_near(stats_t_quantile(quantile_cases[i].p,
		    quantile_cases[i].df), want,
		    QUANTILE_REL * fabs(want) + QUANTILE_ABS);
	}
}

/*
 * cdf(-t) = 1 - cdf(t), quantile(1 - p) = -quantile(p), round trips.
 * Upper p is taken as pu = 1 - p and its mirror as 1 - pu, exactly the
 * p it stands for: 1 - 1e-12 alone holds 1e-12 to only four digits.
 */
static void
test_t_symmetry_inverse(void **state)
{
	static const double dfs[] = { 0.3, 1, 2, 3.7, 9, 29.5, 300, INFINITY };
	static const double ps[] = { 1e-12, 1e-7, 1e-5, 0.001, 0.02, 0.2,
	    0.49 };
	double t, q, pu;
	size_t i, j;

	(void)state;
	for (i = 0; i < NELEM(dfs); i++) {
		for (t = -20; t <= 20; t += 0.37)
			assert_near(stats_t_cdf(-t, dfs[i]),
			    1 - stats_t_cdf(t, dfs[i]), 1e-15);
		for (j = 0; j < NELEM(ps); j++) {
			pu = 1 - ps[j];
			q = stats_t_quantile(1 - pu, dfs[i]);
			assert_true(q < 0);
			assert_near(stats_t_quantile(pu, dfs[i]), -q,
			    QUANTILE_REL * fabs(q));
			assert_near(stats_t_cdf(q, dfs[i]), 1 - pu,
			    CDF_REL * (1 - pu));
		}
	}
}

/* The CDF rises with t, and its tails thin as df grows. */
static void
test_t_monotone(void **state)
{
	static const double dfs[] = { 0.5, 1, 4, 17.2, 1e3 };
	double t, prev, c;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(dfs); i++) {
		prev = 0;
		for (t = -60; t <= 60; t += 0.05) {
			c = stats_t_cdf(t, dfs[i]);
			assert_true(c >= prev && c <= 1);
			prev = c;
		}
	}
	for (t = -10; t < 0; t += 0.5)
		for (i = 1; i < NELEM(dfs); i++)
			assert_true(stats_t_cdf(t, dfs[i]) <
			    stats_t_cdf(t, dfs[i - 1]));
	/* Towards the normal: 1e6 degrees of freedom against infinity. */
	assert_near(stats_t_cdf(-2, 1e6), stats_t_cdf(-2, INFINITY), 1e-6);
}

static void
test_t_edges(void **state)
{
	(void)state;
	assert_true(isnan(stats_t_cdf(NAN, 3)));
	assert_true(isnan(stats_t_cdf(1, NAN)));
	assert_true(isnan(stats_t_cdf(1, 0)));
	assert_true(isnan(stats_t_cdf(1, -2)));
	assert_near(stats_t_cdf(0, 3), 0.5, 0);
	assert_near(stats_t_cdf(-INFINITY, 3), 0, 0);
	assert_near(stats_t_cdf(INFINITY, 3), 1, 0);
	assert_near(stats_t_cdf(1e300, 2), 1, 0);
	/* Cauchy: 1/2 + atan(t)/pi, 1/(pi |t|) far out, with no overflow. */
	assert_near(stats_t_cdf(-1e300, 1), 1 / (M_PI * 1e300),
	    CDF_REL * 1 / (M_PI * 1e300));
	assert_true(isnan(stats_t_quantile(NAN, 3)));
	assert_true(isnan(stats_t_quantile(0.5, NAN)));
	assert_true(isnan(stats_t_quantile(0.5, 0)));
	assert_true(isnan(stats_t_quantile(-0.1, 3)));
	assert_true(isnan(stats_t_quantile(1.1, 3)));
	assert_true(stats_t_quantile(0, 3) == -INFINITY);
	assert_true(stats_t_quantile(1, 3) == INFINITY);
	assert_near(stats_t_quantile(0.5, 3), 0, 0);
}

/* The sample mean and variance a t-test starts from. */
static void
test_mean_var(void **state)
{
	static const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
	double mean;

	(void)state;
	/* Squares about the mean 5 sum to 32; over n - 1 = 7. */
	assert_true(fabs(stats_mean_var(x, 8, &mean) - 32.0 / 7) < 1e-12);
	assert_true(mean == 5);
	assert_true(isnan(stats_mean_var(x, 1, &mean)) && mean == 2);
	assert_true(isnan(stats_mean_var(x, 0, &mean)) && isnan(mean));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t_cdf_reference),
		cmocka_unit_test(test_t_quantile_reference),
		cmocka_unit_test(test_t_symmetry_inverse),
		cmocka_unit_test(test_t_monotone),
		cmocka_unit_test(test_t_edges),
		cmocka_unit_test(test_mean_var),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
