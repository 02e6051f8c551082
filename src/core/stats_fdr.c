/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The false discovery rate across many tests (Benjamini and Hochberg,
 * JRSS B 57, 1995), as adjusted p-values: sort the finite p-values, scale
 * each by m / rank, and take the running minimum from the largest down,
 * so that rejecting where adj <= q is the step-up procedure at level q
 * (what R's p.adjust(p, "BH") gives).
 */
#include <math.h>
#include <stdlib.h>

#include "core/stats.h"

struct ranked_p {
	double	p;
	size_t	i;
};

/* Ascending p, then the original order: a stable sort by p. */
static int
cmp_ranked_p(const void *pa, const void *pb)
{
	const struct ranked_p *a = pa, *b = pb;

	if (a->p != b->p)
		return (a->p < b->p ? -1 : 1);
	return (a->i < b->i ? -1 : a->i > b->i);
}

void
stats_bh_adjust(const double *p, size_t n, double *adj)
{
	struct ranked_p *r;
	double least, q;
	size_t i, m;

	if (n == 0)
		return;
	r = n <= SIZE_MAX / sizeof(*r) ? malloc(n * sizeof(*r)) : NULL;
	for (i = m = 0; i < n; i++) {
		adj[i] = isfinite(p[i]) ? 1 : NAN;
		if (r != NULL && isfinite(p[i]))
			r[m++] = (struct ranked_p){ p[i], i };
	}
	if (r == NULL)
		return;
	qsort(r, m, sizeof(*r), cmp_ranked_p);
	least = 1;
	for (i = m; i > 0; i--) {
		q = r[i - 1].p * (double)m / (double)i;
		if (q < least)
			least = q;
		adj[r[i - 1].i] = least;
	}
	free(r);
}
