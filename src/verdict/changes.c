/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Change points by binary segmentation with an interval test.  A
 * segment's level is the median of its runs' medians; its interval is
 * the hull of two 95% intervals: one for the level from the spread
 * between runs, and the median of the runs' own intervals (so it is
 * never narrower than one run can tell).  From 6 runs the first is the
 * distribution-free interval of the median from the order statistics
 * (binomial); below that no order statistics reach 95%, and Student's t
 * interval over the runs' medians stands in: wide for 2 runs (t = 12.7),
 * as it should be.  A shift is called only where two adjacent segments' intervals
 * are disjoint and their levels differ by at least the minimum shift:
 * the same rule as compare's, over runs instead of samples.
 *
 * Of the splits that pass, the series is cut at the one whose two levels
 * fit its runs best (least absolute deviation: a robust level alone does
 * not care which side a run at the boundary falls on), each side again,
 * and then every boundary is tested against its final neighbours,
 * merging those that no longer pass, until all pass.  A level needs CP_MIN_RUNS
 * runs, so one disturbed run is never a change.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "verdict/changes.h"

/*
 * The largest j with P(X_(j) <= median <= X_(n+1-j)) >= 95%, 1-based:
 * 1 - 2 P(Binomial(n, 1/2) <= j - 1) >= 0.95.  0: none (n < 6).
 */
static size_t
order_rank(size_t n)
{
	double term, tail;
	size_t j;

	/* P(B = 0) = 2^-n, then P(B = k) = P(B = k-1) (n-k+1)/k. */
	term = pow(0.5, (double)n);
	tail = term;
	if (2 * tail > 0.05)
		return (0);
	for (j = 1; j < n / 2; j++) {
		term *= (double)(n - j + 1) / (double)j;
		if (2 * (tail + term) > 0.05)
			break;
		tail += term;
	}
	return (j);
}

/* Student's t, two-sided 95%, for 1 to 5 degrees of freedom. */
static const double t975[] = { NAN, 12.706, 4.303, 3.182, 2.776, 2.571 };

/* The 95% interval of the level of sorted v[0..n) from their spread. */
static void
spread_interval(const double *v, size_t n, double level, double *a,
    double *b)
{
	double mean = 0, ss = 0, half;
	size_t i, j;

	if ((j = order_rank(n)) > 0) {
		*a = v[j - 1];
		*b = v[n - j];
		return;
	}
	if (n < 2) {
		*a = *b = level;
		return;
	}
	for (i = 0; i < n; i++)
		mean += v[i] / (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	half = t975[n - 1] * sqrt(ss / (double)(n - 1) / (double)n);
	*a = fmin(level - half, v[0]);
	*b = fmax(level + half, v[n - 1]);
}

void
changes_level(const struct cp_point *p, size_t start, size_t end,
    struct cp_segment *s)
{
	double *v, *lo, *hi, a, b;
	size_t i, n = end - start;

	memset(s, 0, sizeof(*s));
	s->start = start;
	s->end = end;
	s->level = s->lo = s->hi = NAN;
	if (n == 0 || (v = malloc(3 * n * sizeof(*v))) == NULL)
		return;
	lo = v + n;
	hi = v + 2 * n;
	for (i = 0; i < n; i++) {
		v[i] = p[start + i].value;
		lo[i] = isfinite(p[start + i].lo) ? p[start + i].lo : v[i];
		hi[i] = isfinite(p[start + i].hi) ? p[start + i].hi : v[i];
	}
	/* The interval from the spread wants v sorted: its median is there. */
	stats_sort(v, n);
	s->level = stats_quantile_sorted(v, n, 0.5);
	spread_interval(v, n, s->level, &a, &b);
	s->lo = fmin(a, stats_median(lo, n));
	s->hi = fmax(b, stats_median(hi, n));
	free(v);
}

/* How far apart two levels are, relative; 0 unless they pass the test. */
static double
separation(const struct cp_segment *a, const struct cp_segment *b,
    double min_shift)
{
	double gap;

	if (!(a->level > 0) || !isfinite(b->level))
		return (0);
	if (fabs(b->level / a->level - 1) < min_shift)
		return (0);
	gap = b->lo > a->hi ? b->lo - a->hi : a->lo > b->hi ? a->lo - b->hi :
	    0;
	return (gap / a->level);
}

/* How far the runs [s->start, s->end) lie from their level, summed. */
static double
deviation(const struct cp_point *p, const struct cp_segment *s)
{
	double d = 0;
	size_t i;

	for (i = s->start; i < s->end; i++)
		d += fabs(p[i].value - s->level);
	return (d);
}

/* Mark boundaries in cut[] (cut[k]: a segment starts at k) within [a, b). */
static void
split(const struct cp_point *p, size_t a, size_t b, double min_shift,
    char *cut)
{
	struct cp_segment l, r;
	double best = INFINITY, d;
	size_t k, at = 0;

	if (b - a < 2 * CP_MIN_RUNS)
		return;
	for (k = a + CP_MIN_RUNS; k + CP_MIN_RUNS <= b; k++) {
		changes_level(p, a, k, &l);
		changes_level(p, k, b, &r);
		if (separation(&l, &r, min_shift) == 0)
			continue;
		if ((d = deviation(p, &l) + deviation(p, &r)) < best) {
			best = d;
			at = k;
		}
	}
	if (at == 0)
		return;
	cut[at] = 1;
	split(p, a, at, min_shift, cut);
	split(p, at, b, min_shift, cut);
}

size_t
changes_find(const struct cp_point *p, size_t n, double min_shift,
    struct cp_segment *seg)
{
	size_t i, k, nseg;
	char *cut;
	int merged;

	if (n == 0)
		return (0);
	if ((cut = calloc(n, 1)) == NULL) {
		changes_level(p, 0, n, &seg[0]);
		return (1);
	}
	split(p, 0, n, min_shift, cut);
	do {
		nseg = 0;
		for (i = 0; i < n; i = k) {
			for (k = i + 1; k < n && !cut[k]; k++)
				;
			changes_level(p, i, k, &seg[nseg++]);
		}
		/* The first that fails goes; the rest meet new neighbours. */
		merged = 0;
		for (i = 1; i < nseg && !merged; i++)
			if (separation(&seg[i - 1], &seg[i], min_shift) == 0) {
				cut[seg[i].start] = 0;
				merged = 1;
			}
	} while (merged);
	free(cut);
	return (nseg);
}
