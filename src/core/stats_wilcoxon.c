/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Hodges-Lehmann shift and its Wilcoxon signed-rank confidence
 * interval (Hollander and Wolfe, Nonparametric Statistical Methods,
 * section 3.2): the interval runs from the k-th smallest to the k-th
 * largest Walsh average, where k - 1 is the largest signed-rank value
 * whose lower tail stays within 2.5%.
 */
#include <math.h>
#include <stdlib.h>

#include "core/stats.h"

#define TAIL		0.025		/* each side of a 95% interval */
#define Z_975		1.959963984540054

/*
 * The number of Walsh averages cut from each end: exact from the null
 * distribution of W+ (each rank in or out with probability 1/2, built up
 * one rank at a time, halving as it goes so the doubles stay in range).
 * Returns 0 when even W+ = 0 is likelier than TAIL.
 */
static size_t
signed_rank_cut(size_t n)
{
	size_t total = n * (n + 1) / 2, i, t, k;
	double *p, cum;

	if (n > STATS_SIGNED_RANK_EXACT) {
		/* Continuity-corrected normal quantile of W+. */
		cum = (double)total / 2 - Z_975 * sqrt((double)n * (n + 1) *
		    (2 * n + 1) / 24) - 0.5;
		return (cum > 0 ? (size_t)cum + 1 : 0);
	}
	if ((p = calloc(total + 1, sizeof(*p))) == NULL)
		return (0);
	p[0] = 1;
	for (i = 1; i <= n; i++) {
		for (t = i * (i + 1) / 2; t >= i; t--)
			p[t] = (p[t] + p[t - i]) / 2;
		for (t = 0; t < i; t++)
			p[t] /= 2;
	}
	cum = 0;
	for (k = 0; k <= total && cum + p[k] <= TAIL; k++)
		cum += p[k];
	free(p);
	return (k);
}

int
stats_hodges_lehmann(const double *d, size_t n, double *est, double *lo,
    double *hi)
{
	size_t m, i, j, w, k;
	double *walsh;

	*est = *lo = *hi = NAN;
	if (n < 6 || n > 100000)
		return (-1);
	m = n * (n + 1) / 2;
	if ((k = signed_rank_cut(n)) == 0 ||
	    (walsh = malloc(m * sizeof(*walsh))) == NULL)
		return (-1);
	for (i = w = 0; i < n; i++)
		for (j = i; j < n; j++)
			walsh[w++] = (d[i] + d[j]) / 2;
	stats_sort(walsh, m);
	*est = stats_quantile_sorted(walsh, m, 0.5);
	*lo = walsh[k - 1];
	*hi = walsh[m - k];
	free(walsh);
	return (0);
}
