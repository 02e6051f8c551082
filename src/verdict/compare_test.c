/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One test (verdict/compare_test.h), on logs, where a change of the code
 * multiplies a cost.  The run is the replicate.  With two or more runs a
 * side, Welch's t over the runs' values: their spread holds everything
 * that moves a run, the host's phases and the calibration included.
 * With one side of one run, the other side's spread stands for both.
 * With one run a side, the prior: a measured between-run spread (the
 * noise model), or an assumed one to which the runs' own within-run
 * errors, the calibration's error and a mixture's movement are added.
 * A side contended throughout may be high by its bias, never low: the
 * change is shown only past the bias, and equivalence only when it holds
 * whatever the bias.
 */
#include <math.h>

#include "core/stats.h"
#include "verdict/compare_test.h"

/* The smallest standard error: runs that agree exactly (counted
   cycles) still differ by rounding. */
#define SE_FLOOR	1e-6

/*
 * Welch-Satterthwaite: the df of a sum of variance terms, the last
 * (known, or assumed) with no error of its own.
 */
static double
welch_df(double v1, double df1, double v2, double df2, double known)
{
	double num = (v1 + v2 + known) * (v1 + v2 + known), den = 0;

	if (df1 > 0 && v1 > 0)
		den += v1 * v1 / df1;
	if (df2 > 0 && v2 > 0)
		den += v2 * v2 / df2;
	return (den > 0 ? num / den : INFINITY);
}

/* With one run a side: the prior's spread plus the runs' own errors. */
static int
one_run_each(const struct cmp_reps *a, const struct cmp_reps *x,
    const struct cmp_prior *prior, struct cmp_alt *alt)
{
	double wa, wx, extra;

	alt->basis = prior->basis;
	alt->spread = prior->sd;
	if (prior->basis == CMP_BASIS_NOISE) {
		alt->se = sqrt(2) * prior->sd;
		alt->df = prior->df;
		return (0);
	}
	if (isnan(a->se[0]) || isnan(x->se[0])) {
		alt->why = "one round a side: give several runs a side";
		return (-1);
	}
	/*
	 * Host phases outlast a session, so its figure may move between
	 * sessions as far as one round moves within it: a round's sd, not
	 * the sd of the mean of its rounds.
	 */
	wa = a->se[0] * a->se[0] * (a->se_df + 1) / (1.2533 * 1.2533);
	wx = x->se[0] * x->se[0] * (x->se_df + 1) / (1.2533 * 1.2533);
	extra = 2 * (prior->sd * prior->sd +
	    prior->calibration * prior->calibration) + a->mix * a->mix +
	    x->mix * x->mix;
	alt->se = sqrt(wa + wx + extra);
	alt->df = welch_df(wa, a->se_df, wx, x->se_df, extra);
	return (0);
}

int
cmp_test(const struct cmp_reps *a, const struct cmp_reps *x,
    const struct cmp_prior *prior, double threshold, struct cmp_alt *alt)
{
	double ma, va, mx, vx, m;
	const struct cmp_reps *many;

	alt->d = alt->se = alt->df = alt->p = alt->p_same = NAN;
	alt->p_up = alt->p_down = NAN;
	alt->basis = CMP_BASIS_NONE;
	alt->spread = NAN;
	alt->why = NULL;
	alt->bias_up = x->bias;
	alt->bias_down = a->bias;
	if (a->n == 0 || x->n == 0) {
		alt->why = "no run with samples there";
		return (-1);
	}
	va = stats_mean_var(a->v, a->n, &ma);
	vx = stats_mean_var(x->v, x->n, &mx);
	/*
	 * A mixture's figure jumps between its levels from session to
	 * session; a few sessions that happened to agree do not show that
	 * it cannot: its spread is at least its mixture's.
	 */
	va = fmax(va, a->mix * a->mix);
	vx = fmax(vx, x->mix * x->mix);
	alt->d = mx - ma;
	if (a->n >= 2 && x->n >= 2) {
		alt->basis = CMP_BASIS_RUNS;
		alt->se = sqrt(va / (double)a->n + vx / (double)x->n);
		alt->df = welch_df(va / (double)a->n, (double)a->n - 1,
		    vx / (double)x->n, (double)x->n - 1, 0);
		alt->spread = sqrt((va + vx) / 2);
	} else if (a->n >= 2 || x->n >= 2) {
		many = a->n >= 2 ? a : x;
		alt->basis = CMP_BASIS_RUNS;
		alt->spread = sqrt(many == a ? va : vx);
		alt->se = alt->spread * sqrt(1 + 1 / (double)many->n);
		alt->df = (double)many->n - 1;
	} else if (one_run_each(a, x, prior, alt) != 0)
		return (-1);
	alt->se = fmax(alt->se, SE_FLOOR);
	m = log1p(threshold);
	/* A change: slower past x's bias, or faster past a's. */
	alt->p_up = stats_t_cdf(-(alt->d - alt->bias_up) / alt->se, alt->df);
	alt->p_down = stats_t_cdf((alt->d + alt->bias_down) / alt->se, alt->df);
	alt->p = fmin(1, 2 * fmin(alt->p_up, alt->p_down));
	/* Equivalence: above -m even at x's bias, below m even at a's. */
	alt->p_same = fmax(
	    stats_t_cdf(-(alt->d - alt->bias_up + m) / alt->se, alt->df),
	    stats_t_cdf((alt->d + alt->bias_down - m) / alt->se, alt->df));
	return (0);
}

void
cmp_alt_interval(double d, double se, double df, double bias_up,
    double bias_down, double alpha, double *lo, double *hi)
{
	double t = stats_t_quantile(1 - alpha / 2, df);

	*lo = exp(d - bias_up - t * se);
	*hi = exp(d + bias_down + t * se);
}
