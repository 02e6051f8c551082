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
 * How much contention slowed the probe on this side: the 90th percentile
 * of its contended readings over the floor (1 when none).  Contention
 * slows nothing more than it slows the front end, so a contended figure
 * may be inflated by up to this much, and no more.
 */
static double
inflation(const struct est_input *in)
{
	double *r, f = 1;
	size_t i, n = 0, total;

	total = stats_rounds_total(&in->s);
	if (in->probe == NULL || !isfinite(in->probe_floor) ||
	    (r = malloc((total + 1) * sizeof(*r))) == NULL)
		return (1);
	for (i = 0; i < total; i++)
		if (est_contended(in->probe[i], in->probe_floor))
			r[n++] = in->probe[i] / in->probe_floor;
	if (n > 0) {
		stats_sort(r, n);
		f = stats_quantile_sorted(r, n, 0.9);
	}
	free(r);
	return (f);
}

int
cmp_side_build(const struct cmp_input *in, const char *key,
    struct cmp_cell *c, struct cmp_side *d)
{
	const struct rs_result *r;
	size_t i, k, n = 0, rounds = 0, at = 0, ra = 0;
	double contended;

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
	if (d->x == NULL || d->probe == NULL || d->count == NULL)
		return (-1);
	for (i = 0; i < in->nfiles; i++) {
		if ((r = find_in(&in->f[i], key)) == NULL)
			continue;
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
	if (estimate(&d->in, 0, 0, &d->e) != 0)
		return (-1);
	d->estimated = 1;
	d->inflation = inflation(&d->in);
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
	c->median = d->e.centre;
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
