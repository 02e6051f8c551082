/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The flag rules of core/flags.h, each a threshold on what rounds.c
 * measured, and the calibration check's interval.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/engine.h"
#include "core/estimate.h"
#include "core/flags.h"
#include "core/stats.h"

/*
 * Contention moved the figure when there is no quiet figure, or when the
 * figure on all samples lies outside the quiet figure's interval and
 * further from it than the precision asked for: closer, it is a
 * difference the run never set out to see (on healthy runs, 0.01% to
 * 0.1% on rows whose intervals were narrower still).
 */
static int
moved(const struct cb_result *r, const struct flag_facts *f)
{
	if (!r->quiet)
		return (1);
	return (isfinite(f->all_centre) &&
	    (f->all_centre < r->cycles.ci95_low ||
	    f->all_centre > r->cycles.ci95_high) &&
	    fabs(f->all_centre / r->cycles.median - 1) > f->precision);
}

/* The whole number of cycles nearest x that the architecture allows. */
static double
whole_of(double x)
{
	return (fmin(fmax(round(x), ARCH_MUL_CYCLES_LOW),
	    ARCH_MUL_CYCLES_HIGH));
}

static int
miscalibrated(const struct cb_result *r)
{
	double w;

	if (r->method != CB_CYCLES_CALIBRATED || isnan(r->imul_low) ||
	    isnan(r->imul_high))
		return (0);
	w = whole_of((r->imul_low + r->imul_high) / 2);
	return (r->imul_low > w * (1 + FLAGS_CAL_TOLERANCE) ||
	    r->imul_high < w * (1 - FLAGS_CAL_TOLERANCE));
}

unsigned
flags_of(const struct cb_result *r, const struct flag_facts *f)
{
	unsigned fl = 0;
	double kept = (double)r->nsamples;
	int loop = r->bench->mode != CB_PATH;

	if (loop && r->r2 < FLAGS_POOR_FIT_R2)
		fl |= CB_FLAG_POOR_FIT;
	if (fabs(r->ratio_after / r->ratio_before - 1) > ENGINE_DRIFT_LIMIT)
		fl |= CB_FLAG_CLOCK_DRIFT;
	if (r->disturbed > FLAGS_DISTURBED_SHARE * (kept + r->disturbed))
		fl |= CB_FLAG_DISTURBED;
	/* Robust spread: one stray sample must not condemn a clean row. */
	if (loop && (r->cycles.p90 - r->cycles.p10) / r->cycles.median >
	    FLAGS_NOISY_SPREAD)
		fl |= CB_FLAG_NOISY;
	if (kept < FLAGS_MIN_SAMPLES)
		fl |= CB_FLAG_FEW_SAMPLES;
	/* The empty loop is the resolution: against itself it is 1. */
	if (loop && r->bench->body != arch_empty_loop &&
	    r->cycles.median * r->bench->ops < 2 * f->loop_cycles)
		fl |= CB_FLAG_BELOW_RESOLUTION;
	if (r->nlevels >= 2)
		fl |= CB_FLAG_MULTILEVEL;
	if (r->contended > FLAGS_CONTENDED_SHARE && moved(r, f))
		fl |= CB_FLAG_CONTENDED;
	if (miscalibrated(r))
		fl |= CB_FLAG_MISCALIBRATED;
	if (r->recalibration > 1 + FLAGS_CAL_TOLERANCE)
		fl |= CB_FLAG_RECALIBRATED;
	return (fl);
}

/* P(X <= k) for X binomial(n, 1/2). */
static double
binom_half_cdf(size_t n, size_t k)
{
	double term = ldexp(1, -(int)n), sum = 0;
	size_t i;

	for (i = 0; i <= k; i++) {
		sum += term;
		term = term * (double)(n - i) / (double)(i + 1);
	}
	return (sum);
}

void
flags_median_ci(double *v, size_t n, double *med, double *lo, double *hi)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]))
			v[k++] = v[i];
	*med = *lo = *hi = NAN;
	if ((n = k) == 0)
		return;
	stats_sort(v, n);
	*med = stats_quantile_sorted(v, n, 0.5);
	/* x(k+1) to x(n-k) holds the median with 1 - 2 P(X <= k). */
	for (k = 0; k + 1 < n / 2 && 2 * binom_half_cdf(n, k + 1) <= 0.05;
	    k++)
		;
	*lo = v[k];
	*hi = v[n - 1 - k];
}

void
flags_cal_error(double lo, double hi, double *below, double *above)
{
	double w;

	*below = *above = 0;
	if (isnan(lo) || isnan(hi))
		return;
	w = whole_of((lo + hi) / 2);
	*below = fmax(0, 1 - lo / w);
	*above = fmax(0, hi / w - 1);
}

/*
 * The row's calibration check, over the rounds its figure rests on, and
 * its figure on all samples, for the flags.
 */
double
flags_check_and_all(struct cb_result *r, const struct est_input *in,
    const unsigned char *used)
{
	struct stats_rounds sel;
	double *v, all = NAN;
	unsigned char *every;
	void *mem;
	size_t k, n;

	r->imul_check = r->imul_low = r->imul_high = NAN;
	if ((v = calloc(r->nrounds + 1, sizeof(*v))) != NULL) {
		for (k = n = 0; k < r->nrounds; k++)
			if (used[k])
				v[n++] = r->rounds[k].imul_check;
		flags_median_ci(v, n, &r->imul_check, &r->imul_low,
		    &r->imul_high);
		free(v);
	}
	n = stats_rounds_total(&in->s);
	if ((every = malloc(n + 1)) == NULL)
		return (NAN);
	memset(every, 1, n);
	if (est_select(in, every, -INFINITY, INFINITY, &sel, &mem) == 0) {
		all = stats_rounds_centre(&sel);
		free(mem);
	}
	free(every);
	return (all);
}

const char *
flags_cal_warning(size_t bad, size_t n, double off, char *buf, size_t len)
{
	buf[0] = '\0';
	if (bad > 0)
		snprintf(buf, len, "in %zu of %zu rows a dependent "
		    ARCH_MUL_NAME " timed in each round read above a whole "
		    "number of calibrated cycles: it was slowed, or the clock "
		    "moved between it and the add chain the cycles are "
		    "calibrated on, so those rows, flagged miscalibrated, may "
		    "be off by up to %.1f%%", bad, n, 100 * off);
	return (buf);
}
