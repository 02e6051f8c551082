/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Student's t distribution, for tests of means (Welch's, whose degrees
 * of freedom need not be whole).  The two tails beyond |t| together are
 * the regularized incomplete beta function I_x(df/2, 1/2) at
 * x = df / (df + t^2) (Abramowitz and Stegun 26.7.1), evaluated by its
 * continued fraction (A&S 26.5.8) with the modified Lentz method
 * (Numerical Recipes, 3rd ed., 5.2 and 6.4), on whichever side of the
 * symmetry I_x(a, b) = 1 - I_(1-x)(b, a) it converges fast.  The tail
 * is computed directly, never as 1 - something, so p-values as small as
 * a false discovery rate's thresholds keep their relative accuracy.
 * The quantile inverts the CDF by Newton's method kept inside a bracket,
 * falling back to bisection when a step would leave it.  And the sample
 * mean and variance such tests start from.
 */
#include <float.h>
#include <math.h>

#include "core/stats.h"

#define CF_EPS		1e-16
#define CF_TINY		1e-300
#define CF_MAXIT	100000		/* ~sqrt(df) terms; ample for df 1e9 */

/*
 * lgamma(a) - (Stirling's approximation of it), for a >= 20, by the
 * asymptotic series (its next term is below 2e-15 there).
 */
static double
stirling_err(double a)
{
	double r = 1 / (a * a);

	return ((1.0 / 12 - r * (1.0 / 360 - r * (1.0 / 1260 -
	    r * (1.0 / 1680)))) / a);
}

/*
 * ln B(a, 1/2).  For large a, lgamma(a) - lgamma(a + 1/2) is taken from
 * Stirling's series rather than as the difference of two large numbers
 * that nearly cancel.
 */
static double
lbeta_half(double a)
{
	if (a < 20)
		return (lgamma(a) + lgamma(0.5) - lgamma(a + 0.5));
	return (-(a - 0.5) * log1p(0.5 / a) - 0.5 * log(a + 0.5) + 0.5 +
	    stirling_err(a) - stirling_err(a + 0.5) + lgamma(0.5));
}

/*
 * One step of the modified Lentz method with partial numerator num: c
 * and d move on, and the factor the fraction's value takes is returned.
 */
static double
lentz_step(double num, double *c, double *d)
{
	*d = 1 + num * *d;
	if (fabs(*d) < CF_TINY)
		*d = CF_TINY;
	*c = 1 + num / *c;
	if (fabs(*c) < CF_TINY)
		*c = CF_TINY;
	*d = 1 / *d;
	return (*d * *c);
}

/* The continued fraction of I_x(a, b), modified Lentz. */
static double
beta_cf(double a, double b, double x)
{
	double c = 1, d, h, del, m2;
	long m;

	d = 1 - (a + b) * x / (a + 1);
	if (fabs(d) < CF_TINY)
		d = CF_TINY;
	d = 1 / d;
	h = d;
	for (m = 1; m <= CF_MAXIT; m++) {
		m2 = 2.0 * (double)m;
		h *= lentz_step((double)m * (b - (double)m) * x /
		    ((a - 1 + m2) * (a + m2)), &c, &d);
		del = lentz_step(-(a + (double)m) * (a + b + (double)m) * x /
		    ((a + m2) * (a + 1 + m2)), &c, &d);
		h *= del;
		if (fabs(del - 1) < CF_EPS)
			break;
	}
	return (h);
}

/*
 * I_x(a, b) at b = 1/2, given x and y = 1 - x, each computed
 * without cancellation, and their logarithms.
 */
static double
beta_reg_half(double a, double x, double y, double lnx, double lny)
{
	double b = 0.5, front;

	front = a * lnx + b * lny - lbeta_half(a);
	if (x < (a + 1) / (a + b + 2))
		return (exp(front) * beta_cf(a, b, x) / a);
	return (1 - exp(front) * beta_cf(b, a, y) / b);
}

/* Both tails beyond |t|: P(|T| >= |t|). */
static double
two_tails(double t, double df)
{
	double u = fabs(t) / sqrt(df), w, x, y, lnx, lny;

	/* x = 1 / (1 + u^2), y = u^2 / (1 + u^2), safe from overflow. */
	if (u <= 1) {
		x = 1 / (1 + u * u);
		y = u * u * x;
		lnx = -log1p(u * u);
		lny = 2 * log(u) + lnx;
	} else {
		w = 1 / u;
		y = 1 / (1 + w * w);
		x = w * w * y;
		lny = -log1p(w * w);
		lnx = 2 * log(w) + lny;
	}
	return (beta_reg_half(df / 2, x, y, lnx, lny));
}

double
stats_t_cdf(double t, double df)
{
	double tails;

	if (isnan(t) || isnan(df) || !(df > 0))
		return (NAN);
	if (isinf(df))
		return (0.5 * erfc(-t / M_SQRT2));
	if (isinf(t))
		return (t < 0 ? 0 : 1);
	if (t == 0)
		return (0.5);
	tails = two_tails(t, df);
	return (t < 0 ? tails / 2 : 1 - tails / 2);
}

/* The density of t, for Newton's steps. */
static double
t_pdf(double t, double df)
{
	if (isinf(df))
		return (exp(-t * t / 2) / sqrt(2 * M_PI));
	return (exp(-(df + 1) / 2 * log1p(t * t / df) - 0.5 * log(df) -
	    lbeta_half(df / 2)));
}

double
stats_t_quantile(double p, double df)
{
	double lo, hi, t, f, step;
	int i;

	if (isnan(p) || isnan(df) || !(df > 0) || p < 0 || p > 1)
		return (NAN);
	if (p == 0 || p == 1)
		return (p == 0 ? -INFINITY : INFINITY);
	if (p > 0.5)
		return (-stats_t_quantile(1 - p, df));
	if (p == 0.5)
		return (0);

	/* The lower tail: bracket [lo, hi] with cdf(lo) < p <= cdf(hi). */
	hi = 0;
	lo = -1;
	while (stats_t_cdf(lo, df) >= p) {
		hi = lo;
		lo *= 2;
		if (isinf(lo))
			return (-INFINITY);
	}
	t = (lo + hi) / 2;
	for (i = 0; i < 200; i++) {
		f = stats_t_cdf(t, df) - p;
		if (f == 0)
			break;
		if (f < 0)
			lo = t;
		else
			hi = t;
		step = f / t_pdf(t, df);
		if (!(t - step > lo && t - step < hi))
			step = t - (lo + hi) / 2;
		t -= step;
		if (fabs(step) <= 4 * DBL_EPSILON * fabs(t) ||
		    hi - lo <= 4 * DBL_EPSILON * fabs(lo))
			break;
	}
	return (t);
}

double
stats_mean_var(const double *x, size_t n, double *mean)
{
	double s = 0, ss = 0;
	size_t i;

	for (i = 0; i < n; i++)
		s += x[i];
	*mean = n > 0 ? s / (double)n : NAN;
	for (i = 0; i < n; i++)
		ss += (x[i] - *mean) * (x[i] - *mean);
	return (n > 1 ? ss / (double)(n - 1) : NAN);
}
