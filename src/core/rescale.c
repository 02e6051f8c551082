/* SPDX-License-Identifier: BSD-2-Clause */
/* A result's cycles under another clock (core/rescale.h). */
#include <math.h>
#include <stddef.h>

#include "core/flags.h"
#include "core/rescale.h"

void
summary_rescale(struct cb_summary *s, double f)
{
	s->min *= f;
	s->p10 *= f;
	s->median *= f;
	s->p90 *= f;
	s->p99 *= f;
	s->max *= f;
	s->mean *= f;
	s->ci95_low *= f;
	s->ci95_high *= f;
}

void
result_rescale_cycles(struct cb_result *r, double factor)
{
	size_t i;

	summary_rescale(&r->cycles, factor);
	for (i = 0; i < r->nsamples; i++)
		r->samples[i] *= factor;
	for (i = 0; i < r->nrounds; i++)
		r->rounds[i].median *= factor;
	for (i = 0; i < r->nlevels; i++) {
		r->levels[i].value *= factor;
		r->levels[i].low *= factor;
		r->levels[i].high *= factor;
		r->levels[i].ci95_low *= factor;
		r->levels[i].ci95_high *= factor;
	}
}

void
interval_widen(double centre, double *lo, double *hi, double by)
{
	double below = centre - *lo, above = *hi - centre;

	*lo = centre - sqrt(below * below + by * by);
	*hi = centre + sqrt(above * above + by * by);
}

double
result_recalibrate(struct cb_result *r)
{
	double below, above, f, e;
	size_t i;

	r->recalibration = NAN;
	if (r->method != CB_CYCLES_CALIBRATED || !isfinite(r->imul_check) ||
	    r->imul_check <= 0)
		return (1);
	flags_cal_error(r->imul_check, r->imul_check, &below, &above);
	r->recalibration = f = 1 / (1 - below);
	if (f == 1)
		return (1);
	/*
	 * The factor's own uncertainty, relative: the check's interval,
	 * before it is converted, up to the whole number (check times f)
	 * and no further, since a check at or above it converts nothing.
	 * One round whose multiply was slowed must not widen the interval
	 * of a figure the conversion barely moves.
	 */
	e = fmax(r->imul_check - r->imul_low, fmin(r->imul_high,
	    r->imul_check * f) - r->imul_check) / r->imul_check;
	result_rescale_cycles(r, f);
	r->loop_overhead *= f;
	r->first_call *= f;
	r->batched *= f;
	r->imul_check *= f;
	r->imul_low *= f;
	r->imul_high *= f;
	for (i = 0; i < r->nrounds; i++)
		r->rounds[i].imul_check *= f;
	if (isfinite(e))
		interval_widen(r->cycles.median, &r->cycles.ci95_low,
		    &r->cycles.ci95_high, e * r->cycles.median);
	return (f);
}
