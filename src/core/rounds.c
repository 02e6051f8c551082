/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rounds scheduler of core/rounds.h, and what turns a benchmark's
 * rounds into its result: the estimate, the summaries and the flags.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "core/clock.h"
#include "core/engine.h"
#include "core/estimate.h"
#include "core/flags.h"
#include "core/gather.h"
#include "core/isolate.h"
#include "core/measure_args.h"
#include "core/rescale.h"
#include "core/rounds.h"
#include "core/stats.h"
#include "util/time.h"

#define CHECK_RESAMPLES		200	/* for the interval that stops rounds */

/* One benchmark's rounds as they come in. */
struct acc {
	const struct cb_bench	*b;
	struct cb_options	 o;
	struct cb_result	*r;
	size_t			 cap;		/* samples allocated */
	size_t			 rcap;		/* rounds allocated */
	double			*r2;		/* per round */
	double			*first_call;
	struct cb_extra		(*extras)[CB_MAX_EXTRAS];
	unsigned		*nextras;
	double			 spent;		/* seconds in its rounds */
	int			 unsettled;	/* its samples are spares */
	int			 done;
};

static void
acc_free(struct acc *a)
{
	free(a->r2);
	free(a->first_call);
	free(a->extras);
	free(a->nextras);
}

static int
grow(void *pp, size_t n, size_t size)
{
	void *p;

	if (n > SIZE_MAX / size || (p = realloc(*(void **)pp, n * size)) ==
	    NULL)
		return (-1);
	*(void **)pp = p;
	return (0);
}

/* Room for one more round of n samples. */
static int
acc_reserve(struct acc *a, size_t n)
{
	struct cb_result *r = a->r;
	size_t need = r->nsamples + n, cap;

	if (need > a->cap) {
		cap = need > 2 * a->cap ? need : 2 * a->cap;
		if (grow(&r->samples, cap, sizeof(double)) != 0 ||
		    grow(&r->samples_ref, cap, sizeof(double)) != 0 ||
		    grow(&r->probe, cap, sizeof(double)) != 0)
			return (-1);
		a->cap = cap;
	}
	if (r->nrounds + 1 > a->rcap) {
		cap = a->rcap ? 2 * a->rcap : 8;
		if (grow(&r->rounds, cap, sizeof(*r->rounds)) != 0 ||
		    grow(&a->r2, cap, sizeof(double)) != 0 ||
		    grow(&a->first_call, cap, sizeof(double)) != 0 ||
		    grow(&a->extras, cap, sizeof(*a->extras)) != 0 ||
		    grow(&a->nextras, cap, sizeof(unsigned)) != 0)
			return (-1);
		a->rcap = cap;
	}
	return (0);
}

/* A round after the first failed: the benchmark fails, saying which. */
static void
fail(struct acc *a, const char *why)
{
	struct cb_result *r = a->r;

	r->status = CB_ERROR;
	snprintf(r->reason, sizeof(r->reason), "round %zu: %.*s",
	    r->nrounds + 1, (int)sizeof(r->reason) - 24, why);
	r->stop = CB_STOP_FAILED;
	a->done = 1;
}

/* Fold one round into its benchmark's result. */
static void
acc_add(struct acc *a, struct cb_result *rd, double start)
{
	struct cb_result *r = a->r;
	struct cb_round *k;
	size_t n;

	a->spent += rd->seconds;
	if (rd->status != CB_OK) {
		if (r->nrounds == 0) {
			r->status = rd->status;
			memcpy(r->reason, rd->reason, sizeof(r->reason));
			r->stop = CB_STOP_FAILED;
			a->done = 1;
		} else if (strcmp(rd->reason, "interrupted") != 0)
			fail(a, rd->reason);
		return;
	}
	n = gather_settle(r, &a->unsettled, rd);
	if (acc_reserve(a, n) != 0) {
		fail(a, "out of memory");
		return;
	}
	if (n > 0) {
		memcpy(r->samples + r->nsamples, rd->samples,
		    n * sizeof(double));
		memcpy(r->samples_ref + r->nsamples, rd->samples_ref,
		    n * sizeof(double));
		memcpy(r->probe + r->nsamples, rd->probe, n * sizeof(double));
	}
	k = &r->rounds[r->nrounds];
	k->start = start;
	k->seconds = rd->seconds;
	k->median = stats_median(rd->samples, n);
	k->contended = NAN;
	k->imul_check = rd->imul_check;
	k->nsamples = n;
	k->disturbed = rd->disturbed;
	k->cpu = rd->cpu;
	a->r2[r->nrounds] = rd->r2;
	a->first_call[r->nrounds] = rd->first_call;
	memcpy(a->extras[r->nrounds], rd->extras, sizeof(rd->extras));
	a->nextras[r->nrounds] = rd->nextras;
	if (r->nrounds == 0) {
		r->method = rd->method;
		r->ratio_before = rd->ratio_before;
		r->batched = rd->batched;
	}
	r->ratio_after = rd->ratio_after;
	r->disturbed += rd->disturbed;
	r->seconds += rd->seconds;
	r->nsamples += n;
	r->nrounds++;
}

/* The median of the finite values of v[0..n-1]; NAN when none. */
static double
finite_median(double *v, size_t n)
{
	size_t i, k = 0;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]))
			v[k++] = v[i];
	return (k > 0 ? stats_median(v, k) : NAN);
}

/*
 * Each figure a benchmark added, as its median over the rounds the
 * figure rests on (used[k]): a figure derived from a contended round's
 * cycles would not match the quiet figure.
 */
static void
merge_extras(struct acc *a, const unsigned char *used)
{
	struct cb_result *r = a->r;
	double *v;
	size_t k, n;
	unsigned i, j;

	r->nextras = 0;
	if (r->nrounds == 0 || (v = calloc(r->nrounds, sizeof(*v))) == NULL)
		return;
	for (i = 0; i < a->nextras[0]; i++) {
		for (k = n = 0; k < r->nrounds; k++)
			for (j = 0; used[k] && j < a->nextras[k]; j++)
				if (strcmp(a->extras[k][j].key,
				    a->extras[0][i].key) == 0) {
					v[n++] = a->extras[k][j].value;
					break;
				}
		cb_result_extra(r, a->extras[0][i].key, stats_median(v, n));
	}
	free(v);
}

static struct est_input
est_input_of(const struct cb_result *r, const double *x, size_t *count)
{
	struct est_input in;
	size_t k;

	for (k = 0; k < r->nrounds; k++)
		count[k] = r->rounds[k].nsamples;
	in.s.x = x;
	in.s.count = count;
	in.s.nrounds = r->nrounds;
	in.probe = r->probe;
	in.probe_floor = r->probe_floor;
	return (in);
}

/*
 * Calibrated cycles carry the calibration's own error, common to every
 * sample of the run, which no resampling of them can show: the interval
 * grows by it in quadrature, each way by the larger of a 95% half-width
 * of 1.96 sd and how far the row's check, the median of its rounds'
 * readings as the figure is of their medians, is still off once the
 * figure is under the clock it read (core/rescale.h): above the whole
 * number, where a slowed multiply says nothing of the clock.
 */
static void
with_calibration(struct cb_result *r)
{
	struct cb_summary *c = &r->cycles;
	double lo, hi, cal, below, above;

	if (r->method != CB_CYCLES_CALIBRATED || !isfinite(c->ci95_low) ||
	    !isfinite(c->ci95_high))
		return;
	cal = 1.96 * ENGINE_CALIBRATION_SD;
	flags_cal_error(r->imul_check, r->imul_check, &below, &above);
	lo = c->median - c->ci95_low;
	hi = c->ci95_high - c->median;
	below = fmax(below, cal) * c->median;
	above = fmax(above, cal) * c->median;
	/* A figure low by `below' has its truth above it. */
	c->ci95_low = c->median - sqrt(lo * lo + above * above);
	c->ci95_high = c->median + sqrt(hi * hi + below * below);
}

/*
 * Statistics of x (cycles or ticks) over the samples the figure rests on:
 * quantiles of those samples, and the centre and interval of rounds.
 */
static int
summarize(const struct est_input *in, const unsigned char *basis,
    unsigned resamples, struct cb_summary *out)
{
	struct stats_rounds sel;
	void *mem;

	if (est_select(in, basis, -INFINITY, INFINITY, &sel, &mem) != 0)
		return (-1);
	stats_summarize(sel.x, stats_rounds_total(&sel), 0, 0, out);
	out->median = stats_rounds_centre(&sel);
	stats_rounds_ci(&sel, resamples, 1, &out->ci95_low, &out->ci95_high);
	free(mem);
	return (0);
}

/* The precision a's rounds aim at, relative. */
static double
asked_precision(const struct acc *a)
{
	return (a->o.precision > 0 ? a->o.precision :
	    a->b->mode == CB_PATH ? ROUNDS_PATH_PRECISION : ROUNDS_PRECISION);
}

/* Which rounds the figure rests on, into used: those with a sample in it. */
static void
used_rounds(const struct cb_result *r, const unsigned char *basis,
    unsigned char *used)
{
	size_t k, i, at;

	for (k = at = 0; k < r->nrounds; at += r->rounds[k++].nsamples) {
		used[k] = 0;
		for (i = at; i < at + r->rounds[k].nsamples; i++)
			used[k] |= basis[i];
	}
}

/* The share of each round's samples that ran contended. */
static void
round_contention(struct cb_result *r)
{
	size_t k, i, at, busy, probed;

	for (k = at = 0; k < r->nrounds; at += r->rounds[k++].nsamples) {
		busy = probed = 0;
		for (i = at; i < at + r->rounds[k].nsamples; i++) {
			probed += !isnan(r->probe[i]);
			busy += est_contended(r->probe[i], r->probe_floor);
		}
		r->rounds[k].contended = probed ? (double)busy /
		    (double)probed : NAN;
	}
}

/* Everything a result says, from its rounds (with the run's probe floor). */
static void
finish(struct acc *a, const struct engine_prep *p, double floor)
{
	struct cb_result *r = a->r;
	struct flag_facts facts;
	struct est_input in;
	struct cb_summary ref;
	struct est e;
	unsigned char *used;
	size_t *count, i;
	double ratio, recal;

	r->probe_floor = floor;
	r->contended = r->imul_check = r->imul_low = r->imul_high = NAN;
	r->recalibration = NAN;
	if (r->status != CB_OK)
		return;
	r->r2 = finite_median(a->r2, r->nrounds);
	r->first_call = finite_median(a->first_call, r->nrounds);
	ratio = (r->ratio_before + r->ratio_after) / 2;
	r->loop_overhead = r->bench->mode == CB_PATH ? NAN :
	    p->loop_ticks * ratio / r->bench->ops;
	if (r->nsamples == 0) {
		r->status = CB_ERROR;
		snprintf(r->reason, sizeof(r->reason), "every sample was "
		    "disturbed (%u dropped): the machine is too busy",
		    r->disturbed);
		return;
	}
	count = calloc(r->nrounds, sizeof(*count) + 1);
	if (count == NULL)
		goto oom;
	used = (unsigned char *)(count + r->nrounds);
	in = est_input_of(r, r->samples, count);
	if (estimate(&in, EST_RESAMPLES, 1, &e) != 0)
		goto oom_stats;
	round_contention(r);
	used_rounds(r, e.basis, used);
	merge_extras(a, used);
	facts.all_centre = flags_check_and_all(r, &in, used);
	r->quiet = e.quiet;
	r->contended = e.contended;
	r->basis_rounds = e.rounds;
	r->scattered = e.scattered;
	r->nlevels = (unsigned)e.nlevels;
	for (i = 0; i < e.nlevels; i++)
		r->levels[i] = (struct cb_level){ e.levels[i].l.value,
		    e.levels[i].l.lo, e.levels[i].l.hi, e.levels[i].l.share,
		    e.levels[i].ci_low, e.levels[i].ci_high,
		    e.levels[i].rounds };
	in.s.x = r->samples_ref;
	if (summarize(&in, e.basis, EST_RESAMPLES, &ref) != 0)
		goto oom_stats;
	in.s.x = r->samples;
	if (summarize(&in, e.basis, 0, &r->cycles) != 0)
		goto oom_stats;
	r->cycles.median = e.centre;
	r->cycles.ci95_low = e.ci_low;
	r->cycles.ci95_high = e.ci_high;
	recal = result_recalibrate(r);
	with_calibration(r);
	r->ref = ref;
	r->ns = ref;
	summary_rescale(&r->ns, 1e9 / clock_ref_hz());
	r->ns.cv = ref.cv;
	est_free(&e);
	free(count);
	facts.loop_cycles = p->loop_ticks * ratio * recal;
	facts.all_centre *= recal;
	facts.precision = asked_precision(a);
	r->flags = flags_of(r, &facts) |
	    (a->unsettled ? CB_FLAG_UNSETTLED : 0) |
	    (p->emulated ? CB_FLAG_EMULATED : 0);
	return;
oom_stats:
	est_free(&e);
	free(count);
oom:
	r->status = CB_ERROR;
	snprintf(r->reason, sizeof(r->reason), "out of memory for the "
	    "statistics of %zu samples", r->nsamples);
}

/* Whether a's rounds are done now, and why. */
static int
enough(struct acc *a, unsigned lo, unsigned hi, double budget, double floor)
{
	struct cb_result *r = a->r;
	struct est_input in;
	struct est e;
	size_t *count;
	double precision;
	int stop = 0;

	if (a->done)
		return (1);
	if (r->nrounds >= hi) {
		r->stop = CB_STOP_ROUNDS;
		return (1);
	}
	if (r->nrounds < lo || a->o.rounds != 0)
		return (0);
	if (a->spent >= budget) {
		r->stop = CB_STOP_TIME;
		return (1);
	}
	precision = asked_precision(a);
	if ((count = calloc(r->nrounds, sizeof(*count))) == NULL)
		return (0);
	r->probe_floor = floor;
	in = est_input_of(r, r->samples, count);
	/*
	 * The figure must rest on as many rounds as are asked for at
	 * least: where contention left few quiet ones, wait for more.
	 */
	if (estimate(&in, CHECK_RESAMPLES, 1, &e) == 0 &&
	    est_settled(&e, lo, precision)) {
		r->stop = CB_STOP_PRECISION;
		stop = 1;
	}
	est_free(&e);
	free(count);
	return (stop);
}

/* The probe's floor over every reading of the run so far. */
static double
probe_floor(const struct acc *a, size_t n)
{
	double *all, f;
	size_t i, k, total = 0;

	for (i = 0; i < n; i++)
		total += a[i].r->nsamples;
	if (total == 0 || (all = calloc(total, sizeof(*all))) == NULL)
		return (NAN);
	for (i = 0, total = 0; i < n; i++)
		for (k = 0; k < a[i].r->nsamples; k++)
			if (isfinite(a[i].r->probe[k]))
				all[total++] = a[i].r->probe[k];
	stats_sort(all, total);
	f = total ? stats_quantile_sorted(all, total, ROUNDS_PROBE_FLOOR_Q) :
	    NAN;
	free(all);
	return (f);
}

static void
shuffle(size_t *v, size_t n, struct stats_rng *g)
{
	size_t i, j, t;

	for (i = n; i > 1; i--) {
		j = (size_t)stats_rng_below(g, i);
		t = v[i - 1];
		v[i - 1] = v[j];
		v[j] = t;
	}
}

size_t
rounds_run(const struct cb_bench *const *b, size_t n,
    const struct cb_options *o, struct cb_result *r,
    rounds_progress_fn *progress, void *arg)
{
	struct rounds_progress pr;
	struct engine_prep prep;
	struct cb_result *rd;
	struct stats_rng g;
	struct acc *a;
	const struct cb_bench **bs;
	const struct cb_options **os;
	size_t *order, i, j, k, m, active, got;
	unsigned lo, hi;
	double t0, start, budget, floor = NAN;

	memset(r, 0, n * sizeof(*r));
	a = calloc(n ? n : 1, sizeof(*a));
	order = calloc(n ? n : 1, sizeof(*order));
	bs = calloc(n ? n : 1, sizeof(const struct cb_bench *));
	os = calloc(n ? n : 1, sizeof(const struct cb_options *));
	rd = calloc(ISOLATE_MAX_SHARED, sizeof(*rd));
	if (a == NULL || order == NULL || bs == NULL || os == NULL ||
	    rd == NULL) {
		for (i = 0; i < n; i++) {
			r[i].bench = b[i];
			r[i].status = CB_ERROR;
			snprintf(r[i].reason, sizeof(r[i].reason),
			    "out of memory");
		}
		free(a);
		free(order);
		free(bs);
		free(os);
		free(rd);
		return (0);
	}
	lo = ROUNDS_MIN;
	hi = o != NULL && o->quick ? ROUNDS_QUICK_MAX : ROUNDS_MAX;
	budget = o != NULL && o->quick ? ROUNDS_QUICK_BUDGET : ROUNDS_BUDGET;
	if (o != NULL && o->rounds != 0)
		lo = hi = o->rounds;
	for (i = 0; i < n; i++) {
		a[i].b = b[i];
		a[i].r = &r[i];
		isolate_options(b[i], o, &a[i].o);
		r[i].bench = b[i];
		r[i].cpu = a[i].o.cpu;
		r[i].stop = CB_STOP_INTERRUPTED;
	}
	engine_prepare(&prep, o != NULL && o->quick);
	stats_rng_seed(&g, (uint64_t)time(NULL) ^ (uint64_t)getpid());
	t0 = monotonic_seconds();
	memset(&pr, 0, sizeof(pr));
	pr.n = n;
	for (pr.pass = 1; !cb_interrupted(); pr.pass++) {
		for (i = active = 0; i < n; i++)
			if (!a[i].done)
				order[active++] = i;
		if (active == 0)
			break;
		/*
		 * The first pass goes in the order asked, so a run cut short
		 * has results for what came first; every later one in a new
		 * random order.
		 */
		if (pr.pass > 1)
			shuffle(order, active, &g);
		for (k = 0; k < active; k++) {
			bs[k] = b[order[k]];
			os[k] = &a[order[k]].o;
		}
		/* Rounds that can share a process share one. */
		for (k = 0; k < active && !cb_interrupted(); k += m) {
			pr.bench = bs[k];
			pr.elapsed = monotonic_seconds() - t0;
			if (progress != NULL)
				progress(&pr, arg);
			m = isolate_rounds(bs + k, os + k, active - k, &prep,
			    pr.pass == 1, rd);
			for (j = 0, start = pr.elapsed; j < m; j++) {
				i = order[k + j];
				acc_add(&a[i], &rd[j], start);
				start += rd[j].seconds;
				cb_result_free(&rd[j]);
				if (enough(&a[i], lo, hi, budget, floor)) {
					a[i].done = 1;
					pr.finished++;
				}
			}
		}
		floor = probe_floor(a, n);
	}
	floor = probe_floor(a, n);
	for (i = got = 0; i < n; i++) {
		if (r[i].status == CB_OK && r[i].nrounds == 0) {
			r[i].status = CB_ERROR;
			snprintf(r[i].reason, sizeof(r[i].reason),
			    "interrupted");
		}
		got += r[i].nrounds > 0;
		finish(&a[i], &prep, floor);
		acc_free(&a[i]);
	}
	free(a);
	free(order);
	free(bs);
	free(os);
	free(rd);
	return (got);
}

enum cb_status
cb_measure(const struct cb_bench *b, const struct cb_options *o,
    struct cb_result *r)
{
	char why[CB_REASON_MAX - 16];

	if (r == NULL)
		return (CB_ERROR);
	/* A caller's mistake is its reason, before anything runs. */
	if (measure_args_check(b, o, why, sizeof(why)) != 0) {
		memset(r, 0, sizeof(*r));
		r->bench = b;
		r->cpu = -1;
		r->status = CB_ERROR;
		snprintf(r->reason, sizeof(r->reason), "cb_measure: %s", why);
		return (CB_ERROR);
	}
	rounds_run(&b, 1, o, r, NULL, NULL);
	return (r->status);
}
