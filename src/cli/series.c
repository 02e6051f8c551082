/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stored points, oldest first, into one history per machine and
 * benchmark.  A series is found by a linear scan of those made so far:
 * a history has a few series, and a report one per benchmark.  Series
 * keep copies of their texts, so they outlive the points.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/series.h"

static struct hist_series *
find(struct hist_series *h, size_t n, const struct store_point *p)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(h[i].ident, p->ident) == 0 &&
		    strcmp(h[i].key, p->key) == 0)
			return (&h[i]);
	return (NULL);
}

int
series_build(const struct store_points *p, size_t last,
    struct hist_series **out, size_t *n)
{
	struct hist_series *h, *s;
	const struct store_point *pt;
	struct hist_run *r;
	size_t i, k, skip;

	*out = NULL;
	*n = 0;
	if ((h = calloc(p->n + 1, sizeof(*h))) == NULL)
		return (-1);
	for (i = 0; i < p->n; i++) {
		pt = &p->p[i];
		if ((s = find(h, *n, pt)) == NULL) {
			s = &h[(*n)++];
			if ((s->label = strdup(pt->label)) == NULL ||
			    (s->ident = strdup(pt->ident)) == NULL ||
			    (s->key = strdup(pt->key)) == NULL) {
				*out = h;
				return (-1);
			}
		}
		s->n++;
	}
	*out = h;
	for (k = 0; k < *n; k++) {
		s = &h[k];
		skip = last > 0 && s->n > last ? s->n - last : 0;
		s->runs = calloc(s->n, sizeof(*s->runs));
		s->pts = calloc(s->n, sizeof(*s->pts));
		if (s->runs == NULL || s->pts == NULL)
			return (-1);
		s->n = 0;
		for (i = 0; i < p->n; i++) {
			pt = &p->p[i];
			if (strcmp(pt->ident, s->ident) != 0 ||
			    strcmp(pt->key, s->key) != 0)
				continue;
			if (skip > 0) {
				skip--;
				continue;
			}
			/* Counted first: a partial copy is freed too. */
			r = &s->runs[s->n];
			s->pts[s->n].value = pt->median;
			s->pts[s->n].lo = pt->ci_low;
			s->pts[s->n].hi = pt->ci_high;
			s->n++;
			r->run = pt->run;
			if ((r->at = strdup(pt->at)) == NULL ||
			    (r->kernel = strdup(pt->kernel)) == NULL ||
			    (r->microcode = strdup(pt->microcode)) == NULL ||
			    (pt->ctx != NULL &&
			    (r->commit = strdup(pt->ctx)) == NULL) ||
			    (r->flags = strdup(pt->flags)) == NULL)
				return (-1);
		}
		if (hist_levels(s) != 0)
			return (-1);
	}
	return (0);
}

void
series_free(struct hist_series *h, size_t n)
{
	struct hist_run *r;
	size_t i, k;

	for (i = 0; h != NULL && i < n; i++) {
		for (k = 0; h[i].runs != NULL && k < h[i].n; k++) {
			r = &h[i].runs[k];
			free((char *)r->at);
			free((char *)r->kernel);
			free((char *)r->microcode);
			free((char *)r->commit);
			free((char *)r->flags);
		}
		free((char *)h[i].label);
		free((char *)h[i].ident);
		free((char *)h[i].key);
		free(h[i].runs);
		free(h[i].pts);
		free(h[i].seg);
	}
	free(h);
}
