/*
 * The pooled rows are for reading: all samples of a side together, with
 * the flags any round raised.  Their bootstrap intervals treat samples as
 * independent, which samples sharing a child and a calibration are not;
 * so the verdict does not use them, only the per-round medians.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ab.h"
#include "core/clock.h"
#include "core/stats.h"

#define BOOTSTRAP_RESAMPLES	1000

/* Fold `n' successful measurements of one benchmark into dst. */
static int
pool(struct cb_result *dst, const struct cb_result *src, unsigned n)
{
	double *r2, *loop, *ns, hz;
	size_t total = 0, at = 0, i;
	unsigned k;

	for (k = 0; k < n; k++)
		total += src[k].nsamples;
	*dst = src[0];
	dst->samples = calloc(total ? total : 1, sizeof(double));
	dst->samples_ref = calloc(total ? total : 1, sizeof(double));
	ns = calloc(total ? total : 1, sizeof(double));
	r2 = calloc(n, sizeof(double));
	loop = calloc(n, sizeof(double));
	if (dst->samples == NULL || dst->samples_ref == NULL || ns == NULL ||
	    r2 == NULL || loop == NULL) {
		free(ns);
		free(r2);
		free(loop);
		cb_result_free(dst);
		return (-1);
	}
	dst->disturbed = 0;
	dst->flags = 0;
	dst->seconds = 0;
	for (k = 0; k < n; k++) {
		memcpy(dst->samples + at, src[k].samples,
		    src[k].nsamples * sizeof(double));
		memcpy(dst->samples_ref + at, src[k].samples_ref,
		    src[k].nsamples * sizeof(double));
		at += src[k].nsamples;
		dst->disturbed += src[k].disturbed;
		dst->flags |= src[k].flags;
		dst->seconds += src[k].seconds;
		r2[k] = src[k].r2;
		loop[k] = src[k].loop_overhead;
	}
	dst->nsamples = total;
	dst->ratio_after = src[n - 1].ratio_after;
	dst->r2 = stats_median(r2, n);
	dst->loop_overhead = stats_median(loop, n);
	hz = clock_ref_hz();
	for (i = 0; i < total; i++)
		ns[i] = dst->samples_ref[i] / hz * 1e9;
	stats_summarize(dst->samples, total, BOOTSTRAP_RESAMPLES, 1,
	    &dst->cycles);
	stats_summarize(dst->samples_ref, total, BOOTSTRAP_RESAMPLES, 1,
	    &dst->ref);
	stats_summarize(ns, total, BOOTSTRAP_RESAMPLES, 1, &dst->ns);
	free(ns);
	free(r2);
	free(loop);
	return (0);
}

static void
not_measured(struct cb_result *r, const struct cb_bench *b, int cpu)
{
	memset(r, 0, sizeof(*r));
	r->bench = b;
	r->cpu = cpu;
	r->status = CB_SKIPPED;
	snprintf(r->reason, sizeof(r->reason), "not measured: the other "
	    "side of the comparison failed");
}

int
ab_measure(const struct cb_bench *a, const struct cb_bench *b,
    const struct cb_options *o, unsigned rounds, struct ab *r,
    ab_progress_fn *progress, void *arg)
{
	struct cb_result *ra, *rb, *cur;
	double *d;
	unsigned k, done = 0, m;
	int rc = -1, failed = 0;

	memset(r, 0, sizeof(*r));
	r->shift = r->lo = r->hi = NAN;
	ra = calloc(rounds, sizeof(*ra));
	rb = calloc(rounds, sizeof(*rb));
	d = calloc(rounds, sizeof(*d));
	if (ra == NULL || rb == NULL || d == NULL) {
		not_measured(&r->a, a, o->cpu);
		not_measured(&r->b, b, o->cpu);
		snprintf(r->a.reason, sizeof(r->a.reason), "out of memory");
		r->a.status = CB_ERROR;
		goto out;
	}
	for (k = 0; k < rounds; k++) {
		/* A first in even rounds, B first in odd ones: ABBA. */
		for (m = 0; m < 2 && !failed; m++) {
			cur = (k + m) % 2 == 0 ? &ra[k] : &rb[k];
			failed = cb_measure(cur == &ra[k] ? a : b, o, cur) !=
			    CB_OK;
			if (progress != NULL)
				progress(++done, 2 * rounds, arg);
		}
		if (failed) {
			if (cur == &ra[k]) {
				r->a = *cur;
				not_measured(&r->b, b, cur->cpu);
			} else {
				r->b = *cur;
				not_measured(&r->a, a, cur->cpu);
			}
			memset(cur, 0, sizeof(*cur));	/* moved to r */
			break;
		}
		d[k] = ra[k].cycles.median - rb[k].cycles.median;
	}
	if (failed)
		goto out;
	r->rounds = rounds;
	if (pool(&r->a, ra, rounds) != 0 || pool(&r->b, rb, rounds) != 0)
		goto out;
	stats_hodges_lehmann(d, rounds, &r->shift, &r->lo, &r->hi);
	rc = 0;
out:
	for (k = 0; ra != NULL && rb != NULL && k < rounds; k++) {
		cb_result_free(&ra[k]);
		cb_result_free(&rb[k]);
	}
	free(ra);
	free(rb);
	free(d);
	return (rc);
}

/* What prints as 0.00 is 0: no "-0.00". */
static double
tidy(double v)
{
	return (fabs(v) < 0.005 ? 0.0 : v);
}

void
ab_verdict(const struct ab *r, char *buf, size_t len)
{
	double half = (r->hi - r->lo) / 2;

	if (!isfinite(r->shift)) {
		snprintf(buf, len, "no verdict: the comparison did not "
		    "complete");
		return;
	}
	if (r->lo > 0 || r->hi < 0)
		snprintf(buf, len, "A is %.2f +- %.2f cycles %s than B, "
		    "A/B = %.2f (95%% CI of A-B: %.2f to %.2f; %u interleaved "
		    "rounds)", fabs(r->shift), half, r->lo > 0 ? "slower" :
		    "faster", r->a.cycles.median / r->b.cycles.median,
		    tidy(r->lo), tidy(r->hi), r->rounds);
	else
		snprintf(buf, len, "no difference detectable: A-B = %.2f "
		    "cycles, 95%% CI %.2f to %.2f (%u interleaved rounds)",
		    tidy(r->shift), tidy(r->lo), tidy(r->hi), r->rounds);
}

void
ab_free(struct ab *r)
{
	cb_result_free(&r->a);
	cb_result_free(&r->b);
}
