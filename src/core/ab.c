/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A against B over rounds (core/rounds.h): the rounds of the two
 * benchmarks interleave in a new random order every pass, so round k of
 * A and round k of B ran within moments of each other and their
 * difference cancels what the host was doing then.  The verdict rests on
 * those paired differences alone.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/ab.h"
#include "core/rescale.h"
#include "core/rounds.h"
#include "core/stats.h"

struct relay {
	ab_progress_fn	*fn;
	void		*arg;
	unsigned	 done, total;
};

static void
relay(const struct rounds_progress *p, void *arg)
{
	struct relay *r = arg;

	(void)p;
	r->fn(++r->done, r->total, r->arg);
}

static void
not_measured(struct cb_result *r, const struct cb_bench *b, int cpu)
{
	cb_result_free(r);
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
	const struct cb_bench *both[2] = { a, b };
	struct cb_result res[2];
	struct cb_options opts;
	struct relay rl = { progress, arg, 0, 2 * rounds };

	memset(r, 0, sizeof(*r));
	r->shift = r->lo = r->hi = NAN;
	opts = *o;
	opts.rounds = rounds;
	rounds_run(both, 2, &opts, res, progress != NULL ? relay : NULL, &rl);
	r->a = res[0];
	r->b = res[1];
	if (r->a.status != CB_OK || r->b.status != CB_OK) {
		if (r->a.status == CB_OK)
			not_measured(&r->a, a, r->a.cpu);
		else if (r->b.status == CB_OK)
			not_measured(&r->b, b, r->b.cpu);
		return (-1);
	}
	return (ab_shift(r, 0, 0));
}

int
ab_shift(struct ab *r, double err_a, double err_b)
{
	double *d;
	size_t k;

	r->shift = r->lo = r->hi = NAN;
	r->rounds = (unsigned)(r->a.nrounds < r->b.nrounds ? r->a.nrounds :
	    r->b.nrounds);
	if ((d = calloc(r->rounds + 1, sizeof(*d))) == NULL)
		return (-1);
	for (k = 0; k < r->rounds; k++)
		d[k] = r->a.rounds[k].median - r->b.rounds[k].median;
	stats_hodges_lehmann(d, r->rounds, &r->shift, &r->lo, &r->hi);
	free(d);
	/* Each side's conversion may be off by its error, in whole. */
	interval_widen(r->shift, &r->lo, &r->hi, hypot(err_a *
	    r->a.cycles.median, err_b * r->b.cycles.median));
	return (0);
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
