/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A side of a row pooled (verdict/compare_side.h).  The rounds of a side
 * pool from all its files, in file order; the estimate of each side is
 * the one the run printed, computed again here from the samples the files
 * keep.  The row's flags are the union of the files' flags, each once.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/stats.h"
#include "verdict/compare_side.h"

void
cmp_side_free(struct cmp_side *d)
{
	if (d->estimated)
		est_free(&d->e);
	free(d->x);
	free(d->probe);
	free(d->count);
	free(d->runs);
	memset(d, 0, sizeof(*d));
}

/* The first result for `key' in f: a later one of the same key is not used. */
static const struct rs_result *
find_in(const struct rs_file *f, const char *key)
{
	size_t j;

	for (j = 0; j < f->nresults; j++)
		if (strcmp(f->results[j].key, key) == 0)
			return (&f->results[j]);
	return (NULL);
}

static int
has_flag(const char *flags, const char *flag)
{
	size_t n = strlen(flag);
	const char *p;

	for (p = flags; (p = strstr(p, flag)) != NULL; p += n)
		if ((p == flags || p[-1] == ',') && (p[n] == '\0' ||
		    p[n] == ','))
			return (1);
	return (0);
}

/* Add the flags of `more' to the cell's list, each once. */
static void
add_flags(struct cmp_cell *c, const char *more)
{
	char word[64];
	size_t n, used;

	while (*more != '\0') {
		n = strcspn(more, ",");
		snprintf(word, sizeof(word), "%.*s", (int)n, more);
		used = strlen(c->flags);
		if (word[0] != '\0' && !has_flag(c->flags, word))
			snprintf(c->flags + used, sizeof(c->flags) - used,
			    "%s%s", used ? "," : "", word);
		more += n + (more[n] == ',');
	}
}

/*
 * How much contention may have slowed a side's figure, judged the same
 * way on every side: 1 when it rests on quiet samples or was seldom
 * contended; otherwise the 90th percentile, over the samples the figure
 * uses, of how much slower the probe read than its floor.  Contention
 * slows nothing more than it slows the front end, so the figure
 * overstates the cost by at most this much.  A side contended from start
 * to end has a floor above the quiet one: where a file on the same CPU
 * read below its floor by more than the margin, that quiet reading
 * (ref) is the floor here, so the bound shows what its own floor hides.
 * The figure itself rests on the side's own files alone.
 */
static double
inflation(const struct est_input *in, const struct est *e, double ref)
{
	double *r, f = 1, floor = in->probe_floor;
	size_t i, n = 0, total;
	int never_quiet;

	total = stats_rounds_total(&in->s);
	never_quiet = ref < floor * (1 - EST_PROBE_MARGIN);
	if (never_quiet)
		floor = ref;
	else if (e->quiet || !(e->contended > CMP_CONTENDED))
		return (1);
	if (in->probe == NULL || !isfinite(floor) ||
	    (r = malloc((total + 1) * sizeof(*r))) == NULL)
		return (1);
	for (i = 0; i < total; i++)
		if (e->basis[i] && isfinite(in->probe[i]))
			r[n++] = fmax(1, in->probe[i] / floor);
	if (n > 0) {
		stats_sort(r, n);
		f = stats_quantile_sorted(r, n, 0.9);
	}
	free(r);
	return (f);
}

double
cmp_started(const struct rs_file *f)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = f->started_at != NULL ? strptime(f->started_at,
	    "%Y-%m-%dT%H:%M:%SZ", &tm) : NULL;
	return (end != NULL && *end == '\0' ? (double)timegm(&tm) : NAN);
}

int
cmp_side_build(const struct cmp_input *in, const char *key,
    struct cmp_cell *c, struct cmp_side *d)
{
	const struct rs_result *r;
	struct est_input probed;
	size_t i, k, n = 0, rounds = 0, at = 0, ra = 0;
	double contended, start, last = NAN;
	int fresh;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < in->nfiles; i++) {
		if ((r = find_in(&in->f[i], key)) == NULL)
			continue;
		if (c->r == NULL || (c->r->ok && !r->ok))
			c->r = r;
		add_flags(c, r->flags);
		n += r->nsamples;
		rounds += r->nrounds;
	}
	if (c->r == NULL || !c->r->ok)
		return (0);
	d->x = malloc((n + 1) * sizeof(double));
	d->probe = malloc((n + 1) * sizeof(double));
	d->count = calloc(rounds + 1, sizeof(size_t));
	d->runs = calloc(in->nfiles + 1, sizeof(*d->runs));
	if (d->x == NULL || d->probe == NULL || d->count == NULL ||
	    d->runs == NULL)
		return (-1);
	for (i = 0; i < in->nfiles; i++) {
		if ((r = find_in(&in->f[i], key)) == NULL)
			continue;
		if (r->nrounds > 0) {
			start = cmp_started(&in->f[i]);
			fresh = d->nruns == 0 ||
			    fabs(start - last) > CMP_SESSION_GAP;
			d->runs[d->nruns++] = (struct cmp_run){ at, ra,
			    r->nrounds, r->method, fresh };
			d->nsessions += fresh;
			if (isfinite(start))
				last = start;
		}
		if (r->nsamples > 0)
			memcpy(d->x + at, r->samples,
			    r->nsamples * sizeof(double));
		for (k = 0; k < r->nsamples; k++)
			d->probe[at + k] = r->probe != NULL ? r->probe[k] : NAN;
		at += r->nsamples;
		for (k = 0; k < r->nrounds; k++)
			d->count[ra++] = r->count[k];
	}
	d->in.s.x = d->x;
	d->in.s.count = d->count;
	d->in.s.nrounds = rounds;
	d->in.probe = d->probe;
	d->in.probe_floor = in->probe_floor;
	d->below_resolution = has_flag(c->flags, "below-resolution");
	d->path = strcmp(c->r->mode, "path") == 0;
	if (estimate(&d->in, 0, 0, &d->e) != 0)
		return (-1);
	d->estimated = 1;
	/*
	 * A quiet figure on too few rounds to test is no use here: judge
	 * the side on all its samples, as contended (a mixture).
	 */
	if (d->e.quiet && d->e.rounds < CMP_QUIET_ROUNDS) {
		contended = d->e.contended;
		est_free(&d->e);
		d->estimated = 0;
		d->in.probe = NULL;
		if (estimate(&d->in, 0, 0, &d->e) != 0)
			return (-1);
		d->estimated = 1;
		d->e.contended = contended;
	}
	probed = d->in;
	probed.probe = d->probe;
	d->inflation = inflation(&probed, &d->e, in->ref_floor);
	c->median = d->e.centre;
	c->inflation = d->inflation;
	c->runs = (unsigned)d->nsessions;
	c->rounds = d->e.rounds;
	c->quiet = d->e.quiet;
	c->contended = d->e.contended;
	c->nlevels = 0;
	if (d->e.nlevels >= 2) {
		for (k = 0; k < d->e.nlevels; k++) {
			c->levels[k].value = d->e.levels[k].l.value;
			c->levels[k].share = d->e.levels[k].l.share;
		}
		c->nlevels = d->e.nlevels;
		c->scattered = d->e.scattered;
	}
	return (0);
}

/* One session's value from its rounds' values rv[0..m-1] (logs). */
static int
session_value(double *rv, size_t m, double *v, double *se, double *se_df)
{
	double mean;

	if (m == 0 || !isfinite(*v = stats_median(rv, m)))
		return (0);
	/* The median of m normal values: 1.2533 sd / sqrt(m). */
	*se = 1.2533 * sqrt(stats_mean_var(rv, m, &mean) / (double)m);
	*se_df = (double)m - 1;
	return (1);
}

size_t
cmp_run_values(const struct cmp_side *d, double lo, double hi, double *v,
    double *se, double *se_df)
{
	struct est_input sub;
	struct est sub_e;
	const struct cmp_run *run;
	double *rv;
	size_t k, i, got, at, m = 0, n = 0;

	if ((rv = malloc((d->in.s.nrounds + 1) * sizeof(*rv))) == NULL)
		return (0);
	for (k = 0; k < d->nruns; k++) {
		run = &d->runs[k];
		if (run->new_session && m > 0) {
			n += session_value(rv, m, &v[n], &se[n], &se_df[n]);
			m = 0;
		}
		memset(&sub, 0, sizeof(sub));
		sub.s.x = d->x + run->sample;
		sub.s.count = d->count + run->round;
		sub.s.nrounds = run->nrounds;
		sub.probe_floor = NAN;
		memset(&sub_e, 0, sizeof(sub_e));
		sub_e.basis = d->e.basis + run->sample;
		got = est_round_values(&sub, &sub_e, lo, hi, rv + m);
		/* In logs; a value that is no cost is left out. */
		for (i = 0, at = m; i < got; i++)
			if (rv[at + i] > 0)
				rv[m++] = log(rv[at + i]);
	}
	n += session_value(rv, m, &v[n], &se[n], &se_df[n]);
	free(rv);
	return (n);
}
