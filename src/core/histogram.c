/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <string.h>

#include "core/histogram.h"

static double
edge(const struct histogram *h, double lo, double hi, size_t i)
{
	double t = (double)i / (double)h->nbins;

	if (i == 0)
		return (lo);
	if (i == h->nbins)
		return (hi);	/* exactly, so the maximum is inside */
	return (h->log ? lo * pow(hi / lo, t) : lo + (hi - lo) * t);
}

/*
 * The bin from the formula, then corrected against the stored edges, so
 * a value on an edge lands where the edges say despite rounding.
 */
static size_t
bin_of(const struct histogram *h, double v)
{
	double lo = h->edges[0], hi = h->edges[h->nbins], t;
	size_t i;

	t = h->log ? log(v / lo) / log(hi / lo) : (v - lo) / (hi - lo);
	i = t <= 0 ? 0 : (size_t)(t * (double)h->nbins);
	if (i >= h->nbins)
		i = h->nbins - 1;
	while (i > 0 && v < h->edges[i])
		i--;
	while (i + 1 < h->nbins && v >= h->edges[i + 1])
		i++;
	return (i);
}

size_t
histogram_build(const double *x, size_t n, size_t nbins,
    struct histogram *h)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t i, finite = 0;

	memset(h, 0, sizeof(*h));
	for (i = 0; i < n; i++) {
		if (!isfinite(x[i]))
			continue;
		finite++;
		lo = fmin(lo, x[i]);
		hi = fmax(hi, x[i]);
	}
	if (finite == 0 || nbins == 0)
		return (0);
	if (nbins > HISTOGRAM_MAX_BINS)
		nbins = HISTOGRAM_MAX_BINS;
	if (nbins > finite)
		nbins = finite;
	h->nbins = lo == hi ? 1 : nbins;
	h->log = lo > 0;
	for (i = 0; i <= h->nbins; i++)
		h->edges[i] = edge(h, lo, hi, i);
	for (i = 0; i < n; i++)
		if (isfinite(x[i]))
			h->counts[lo == hi ? 0 : bin_of(h, x[i])]++;
	return (finite);
}
