/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The estimator of core/estimate.h: choose the basis (quiet samples at
 * the tightest margin that has enough rounds, or all), then its centre,
 * interval and levels.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/estimate.h"

int
est_contended(double probe, double floor)
{
	return (isfinite(probe) && isfinite(floor) &&
	    probe > floor * (1 + EST_PROBE_MARGIN));
}

int
est_select(const struct est_input *in, const unsigned char *basis, double lo,
    double hi, struct stats_rounds *out, void **mem)
{
	const struct stats_rounds *s = &in->s;
	size_t n, r, i, k, at;
	double *x;
	size_t *count;

	n = stats_rounds_total(s);
	if (n > SIZE_MAX / 2 / sizeof(double) ||
	    s->nrounds > SIZE_MAX / 2 / sizeof(size_t))
		return (-1);
	*mem = malloc((n + 1) * sizeof(double) +
	    (s->nrounds + 1) * sizeof(size_t));
	if (*mem == NULL)
		return (-1);
	x = *mem;
	count = (size_t *)(void *)(x + n + 1);
	for (r = at = k = 0; r < s->nrounds; r++) {
		count[r] = 0;
		for (i = 0; i < s->count[r]; i++, at++)
			if (basis[at] && s->x[at] >= lo && s->x[at] <= hi) {
				x[k++] = s->x[at];
				count[r]++;
			}
	}
	out->x = x;
	out->count = count;
	out->nrounds = s->nrounds;
	return (0);
}

size_t
est_round_values(const struct est_input *in, const struct est *e, double lo,
    double hi, double *out)
{
	struct stats_rounds sel;
	const double *x;
	size_t r, k = 0;
	void *mem;

	if (est_select(in, e->basis, lo, hi, &sel, &mem) != 0)
		return (0);
	x = sel.x;
	for (r = 0; r < sel.nrounds; x += sel.count[r++])
		if (sel.count[r] > 0)
			out[k++] = stats_median(x, sel.count[r]);
	free(mem);
	return (k);
}

static unsigned
rounds_with_samples(const struct stats_rounds *s)
{
	unsigned k = 0;
	size_t r;

	for (r = 0; r < s->nrounds; r++)
		k += s->count[r] > 0;
	return (k);
}

/*
 * Mark the samples whose probe read within `margin' of the floor, in
 * rounds with at least EST_QUIET_MIN_SAMPLES of them; returns how many
 * rounds that is, with how many samples were probed and how many of
 * those read above the margin.
 */
static unsigned
mark_quiet(const struct est_input *in, double margin, unsigned char *basis,
    size_t *probed, size_t *busy)
{
	const struct stats_rounds *s = &in->s;
	size_t r, i, at, quiet;
	unsigned rounds = 0;

	*probed = *busy = 0;
	for (r = at = 0; r < s->nrounds; at += s->count[r++]) {
		quiet = 0;
		for (i = at; i < at + s->count[r]; i++) {
			basis[i] = 0;
			if (isnan(in->probe[i]))
				continue;
			(*probed)++;
			if (in->probe[i] > in->probe_floor * (1 + margin))
				(*busy)++;
			else {
				basis[i] = 1;
				quiet++;
			}
		}
		if (quiet >= EST_QUIET_MIN_SAMPLES)
			rounds++;
		else
			memset(basis + at, 0, s->count[r]);
	}
	return (rounds);
}

/*
 * The quiet basis: at the tightest margin, doubling up to
 * EST_PROBE_MARGIN, that leaves EST_QUIET_MIN_ROUNDS rounds with quiet
 * samples.  The contended share is the one at EST_PROBE_MARGIN
 * (est_contended()), whatever the margin used.  1 if the basis is quiet
 * samples, 0 if it must be all of them.
 */
static int
quiet_basis(const struct est_input *in, unsigned char *basis,
    double *contended)
{
	size_t probed, busy;
	unsigned k;

	mark_quiet(in, EST_PROBE_MARGIN, basis, &probed, &busy);
	*contended = probed > 0 ? (double)busy / (double)probed : NAN;
	for (k = EST_MARGIN_STEPS; k > 0; k--)
		if (mark_quiet(in, EST_PROBE_MARGIN / (double)(1u << (k - 1)),
		    basis, &probed, &busy) >= EST_QUIET_MIN_ROUNDS)
			return (busy > 0);
	return (0);
}

static int
level_intervals(const struct est_input *in, struct est *e, unsigned resamples,
    uint64_t seed)
{
	struct stats_rounds sel;
	struct est_level *l;
	size_t i;
	void *mem;

	for (i = 0; i < e->nlevels; i++) {
		l = &e->levels[i];
		l->ci_low = l->ci_high = NAN;
		if (resamples == 0)
			continue;
		if (est_select(in, e->basis, l->l.lo, l->l.hi, &sel, &mem) != 0)
			return (-1);
		stats_rounds_ci(&sel, resamples, seed + i + 1, &l->ci_low,
		    &l->ci_high);
		l->rounds = rounds_with_samples(&sel);
		free(mem);
	}
	return (0);
}

int
estimate(const struct est_input *in, unsigned resamples, uint64_t seed,
    struct est *e)
{
	struct level lv[LEVELS_MAX];
	struct stats_rounds sel;
	size_t n, i;
	void *mem;

	memset(e, 0, sizeof(*e));
	e->centre = e->ci_low = e->ci_high = e->contended = NAN;
	e->scattered = 1;
	n = stats_rounds_total(&in->s);
	if ((e->basis = malloc(n + 1)) == NULL)
		return (-1);
	memset(e->basis, 1, n);
	if (in->probe != NULL && isfinite(in->probe_floor)) {
		if (quiet_basis(in, e->basis, &e->contended))
			e->quiet = 1;
		else
			memset(e->basis, 1, n);
	}
	if (est_select(in, e->basis, -INFINITY, INFINITY, &sel, &mem) != 0)
		return (-1);
	e->nbasis = stats_rounds_total(&sel);
	e->rounds = rounds_with_samples(&sel);
	e->centre = stats_rounds_centre(&sel);
	stats_rounds_ci(&sel, resamples, seed, &e->ci_low, &e->ci_high);
	e->nlevels = levels_find(&sel, lv, &e->scattered);
	free(mem);
	for (i = 0; i < e->nlevels; i++)
		e->levels[i].l = lv[i];
	return (level_intervals(in, e, resamples, seed));
}

int
est_settled(const struct est *e, unsigned rounds, double precision)
{
	if (!e->quiet && e->contended > 0)
		return (0);
	return (e->rounds >= rounds &&
	    (e->ci_high - e->ci_low) / 2 <= precision * fabs(e->centre));
}

void
est_free(struct est *e)
{
	free(e->basis);
	e->basis = NULL;
}
