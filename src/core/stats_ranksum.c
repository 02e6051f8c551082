/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The exact Wilcoxon rank-sum (Mann-Whitney) test, for the few replicates
 * a comparison of rounds has: with five rounds a side the normal
 * approximation cannot reach p < 0.01 even when every round of one side
 * is slower than every round of the other, while the exact test gives
 * 2/252.  Without ties, the number of orderings of m x's and n y's in
 * which U equals k is the coefficient of q^k in the Gaussian binomial
 * [m+n choose m]_q = prod_{i=1..m} (1 - q^(n+i)) / (1 - q^i) (Andrews,
 * The Theory of Partitions, 3.3), built one factor at a time.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"

static int
tied(const double *x, size_t nx, const double *y, size_t ny)
{
	double *all;
	size_t i;
	int t = 0;

	if ((all = malloc((nx + ny) * sizeof(*all))) == NULL)
		return (1);
	memcpy(all, x, nx * sizeof(*all));
	memcpy(all + nx, y, ny * sizeof(*all));
	stats_sort(all, nx + ny);
	for (i = 1; i < nx + ny && !t; i++)
		t = !(all[i] > all[i - 1]);
	free(all);
	return (t);
}

/* P(U <= u) and P(U >= u) under the null, m and n at least 1. */
static int
tails(size_t m, size_t n, size_t u, double *below, double *above)
{
	size_t top = m * n, i, k, step;
	double *c, total = 0, lo = 0;

	if ((c = calloc(top + 1, sizeof(*c))) == NULL)
		return (-1);
	c[0] = 1;
	for (i = 1; i <= m; i++) {
		step = n + i;
		for (k = top; k >= step; k--)
			c[k] -= c[k - step];
		for (k = i; k <= top; k++)
			c[k] += c[k - i];
	}
	for (k = 0; k <= top; k++) {
		total += c[k];
		if (k <= u)
			lo += c[k];
	}
	*below = lo / total;
	*above = 1 - (lo - c[u]) / total;
	free(c);
	return (0);
}

void
stats_mann_whitney_exact(const double *x, size_t nx, const double *y,
    size_t ny, double *u, double *p)
{
	double below, above;

	stats_mann_whitney(x, nx, y, ny, u, p);
	if (isnan(*u) || nx > STATS_RANKSUM_EXACT || ny > STATS_RANKSUM_EXACT ||
	    tied(x, nx, y, ny) ||
	    tails(nx, ny, (size_t)*u, &below, &above) != 0)
		return;
	*p = fmin(1, 2 * fmin(below, above));
}

double
stats_rank_sum_min_p(size_t m, size_t n)
{
	double c = 1;
	size_t i;

	/* C(m + n, m), built so that it stays exact while it can. */
	for (i = 1; i <= m; i++)
		c = c * (double)(n + i) / (double)i;
	return (fmin(1, 2 / c));
}
