/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Wilcoxon rank-sum (Mann-Whitney) test: by the normal approximation
 * with ties and continuity corrected, and exact, for the few replicates
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

struct ranked {
	double	v;
	int	from_x;
};

static int
cmp_ranked(const void *pa, const void *pb)
{
	const struct ranked *a = pa, *b = pb;

	return (stats_cmp_double(&a->v, &b->v));
}

void
stats_mann_whitney(const double *x, size_t nx, const double *y, size_t ny,
    double *u, double *p)
{
	struct ranked *all;
	double n1, n2, nn, rank_x, rank, sigma, ties, t, z;
	size_t i, j, k, n;

	*u = *p = NAN;
	if (nx == 0 || ny == 0 || nx > SIZE_MAX / sizeof(*all) - ny)
		return;
	n = nx + ny;
	if ((all = malloc(n * sizeof(*all))) == NULL)
		return;
	for (i = 0; i < nx; i++)
		all[i] = (struct ranked){ x[i], 1 };
	for (i = 0; i < ny; i++)
		all[nx + i] = (struct ranked){ y[i], 0 };
	qsort(all, n, sizeof(*all), cmp_ranked);

	/* Tied values share the mean of the ranks they span. */
	rank_x = ties = 0;
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && cmp_ranked(&all[j], &all[i]) == 0;
		    j++)
			;
		rank = ((double)i + 1 + (double)j) / 2;
		for (k = i; k < j; k++)
			if (all[k].from_x)
				rank_x += rank;
		t = (double)(j - i);
		ties += t * t * t - t;
	}
	free(all);

	n1 = (double)nx;
	n2 = (double)ny;
	nn = n1 + n2;
	*u = rank_x - n1 * (n1 + 1) / 2;
	sigma = sqrt(n1 * n2 / 12 * ((nn + 1) - ties / (nn * (nn - 1))));
	if (!(sigma > 0)) {
		*p = 1;
		return;
	}
	/* Continuity correction towards the mean, as scipy does. */
	z = (fabs(*u - n1 * n2 / 2) - 0.5) / sigma;
	*p = z <= 0 ? 1 : fmin(1, erfc(z / M_SQRT2));
}

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
