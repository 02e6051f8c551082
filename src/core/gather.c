/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A round's samples as they come (core/gather.h): three arrays filled in
 * step, where spares stand until the first clean sample overwrites them;
 * and the rounds' rule that keeps a result's spares apart from clean
 * samples.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/gather.h"

int
gather_init(struct gather *s, size_t cap)
{
	memset(s, 0, sizeof(*s));
	s->ref = calloc(cap ? cap : 1, sizeof(double));
	s->cyc = calloc(cap ? cap : 1, sizeof(double));
	s->probe = calloc(cap ? cap : 1, sizeof(double));
	s->cap = cap;
	return (s->ref != NULL && s->cyc != NULL && s->probe != NULL ? 0 :
	    -1);
}

void
gather_free(struct gather *s)
{
	free(s->ref);
	free(s->cyc);
	free(s->probe);
}

void
gather_add(struct gather *s, int clean, int whole, double ref, double cyc,
    double probe_cycles)
{
	if (!clean)
		s->disturbed++;
	if (clean && s->spares) {
		s->n = 0;
		s->spares = 0;
	}
	if (!clean && !(whole && (s->spares || s->n == 0)))
		return;
	if (s->n < s->cap) {
		s->spares = !clean;
		s->ref[s->n] = ref;
		s->probe[s->n] = probe_cycles;
		s->cyc[s->n++] = cyc;
	}
}

void
gather_r2(struct gather *s, double r2)
{
	if (s->nr2 < sizeof(s->r2) / sizeof(s->r2[0]))
		s->r2[s->nr2++] = r2;
}

size_t
gather_clean(const struct gather *s)
{
	return (s->spares ? 0 : s->n);
}

int
gather_keep_spares(struct gather *s)
{
	if (!s->spares)
		return (0);
	s->disturbed -= (unsigned)s->n;
	return (1);
}

size_t
gather_settle(struct cb_result *r, int *unsettled, struct cb_result *rd)
{
	int spares = (rd->flags & CB_FLAG_UNSETTLED) != 0;
	size_t k;

	if (rd->nsamples == 0 || (spares && r->nsamples > 0 && !*unsettled)) {
		rd->disturbed += (unsigned)rd->nsamples;
		return (0);
	}
	if (!spares && *unsettled) {
		for (k = 0; k < r->nrounds; k++) {
			r->rounds[k].disturbed += r->rounds[k].nsamples;
			r->rounds[k].nsamples = 0;
			r->rounds[k].median = NAN;
		}
		r->disturbed += (unsigned)r->nsamples;
		r->nsamples = 0;
	}
	*unsettled = spares;
	return (rd->nsamples);
}
