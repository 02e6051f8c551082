/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Robust statistics over samples.  Every function works on caller memory
 * plus, at most, one scratch allocation; there is no global state, so the
 * engine may summarize from several threads at once.
 */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"

/* Inputs up to this size are copied to the stack instead of the heap. */
#define STATS_STACK_MAX	64

/*
 * A total order even with NaN (sorted last): qsort's behaviour is undefined
 * for a comparator that is not consistent, and a stray NaN sample must not
 * be able to corrupt the sort.
 */
int
stats_cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	if (isnan(a) || isnan(b))
		return ((isnan(a) != 0) - (isnan(b) != 0));
	return ((a > b) - (a < b));
}

/* a before b in stats_cmp_double()'s order, for the selection below. */
static inline int
before(double a, double b)
{
	return (!isnan(a) && (isnan(b) || a < b));
}

/*
 * a + t (b - a), but exact when t is 0 or a == b: equal infinities would
 * otherwise give NaN, and a constant sample must give back its value.
 */
static double
lerp(double a, double b, double t)
{
	if (t == 0 || a == b)
		return (a);
	return (a + t * (b - a));
}

double
stats_quantile_sorted(const double *sorted, size_t n, double q)
{
	double h;
	size_t lo;

	if (n == 0 || isnan(q))
		return (NAN);
	if (n == 1)
		return (sorted[0]);
	/* Out-of-range q is clamped rather than read out of bounds. */
	if (q <= 0)
		return (sorted[0]);
	if (q >= 1)
		return (sorted[n - 1]);
	h = (double)(n - 1) * q;
	lo = (size_t)h;
	if (lo >= n - 1)
		return (sorted[n - 1]);
	return (lerp(sorted[lo], sorted[lo + 1], h - (double)lo));
}

void
stats_sort(double *x, size_t n)
{
	if (n > 1)
		qsort(x, n, sizeof(*x), stats_cmp_double);
}

static inline void
swap(double *a, double *b)
{
	double t = *a;

	*a = *b;
	*b = t;
}

/*
 * Move the k-th smallest of a[0..n-1] to a[k], smaller-or-equal ones
 * before it and greater-or-equal ones after (Hoare's FIND, as refined by
 * Wirth), in stats_sort()'s order: with `<' a NaN compares false both
 * ways and lands anywhere, so the median would not be the sorted one.
 * Stopping the scans on equal keys keeps many duplicates, which
 * quantized cycle counts have, from degrading it to quadratic time.
 */
static double
select_kth(double *a, size_t n, size_t k)
{
	ptrdiff_t l = 0, m = (ptrdiff_t)n - 1, i, j, mid;
	double x;

	while (l < m) {
		/* Median of three: sorted or reversed input stays linear. */
		mid = l + (m - l) / 2;
		if (before(a[mid], a[l]))
			swap(&a[mid], &a[l]);
		if (before(a[m], a[mid])) {
			swap(&a[m], &a[mid]);
			if (before(a[mid], a[l]))
				swap(&a[mid], &a[l]);
		}
		x = a[mid];
		i = l;
		j = m;
		do {
			while (before(a[i], x))
				i++;
			while (before(x, a[j]))
				j--;
			if (i <= j)
				swap(&a[i++], &a[j--]);
		} while (i <= j);
		if (j < (ptrdiff_t)k)
			l = i;
		if ((ptrdiff_t)k < i)
			m = j;
	}
	return (a[k]);
}

/* Type 7 median of a[0..n-1], n >= 1; reorders a. */
static double
median_inplace(double *a, size_t n)
{
	double hi, lo;
	size_t i, k;

	k = n / 2;
	hi = select_kth(a, n, k);
	if (n % 2 == 1)
		return (hi);
	/* Even n: the lower middle is the largest of the left part. */
	lo = a[0];
	for (i = 1; i < k; i++)
		if (before(lo, a[i]))
			lo = a[i];
	return (lerp(lo, hi, 0.5));
}

double
stats_median(const double *x, size_t n)
{
	double buf[STATS_STACK_MAX], *a, m;

	if (n == 0)
		return (NAN);
	if (n == 1)
		return (x[0]);
	if (n <= STATS_STACK_MAX)
		a = buf;
	else if (n > SIZE_MAX / sizeof(*a) ||
	    (a = malloc(n * sizeof(*a))) == NULL)
		return (NAN);
	memcpy(a, x, n * sizeof(*a));
	m = median_inplace(a, n);
	if (a != buf)
		free(a);
	return (m);
}

/*
 * One block holding a sorted copy of the sample, the resample medians and
 * the per-element draw counts, so a summary costs a single allocation.
 * Returns NULL on overflow or allocation failure.
 */
static void *
scratch_alloc(size_t n, unsigned resamples, double **sorted,
    double **medians, size_t **counts)
{
	const size_t per = sizeof(double) + sizeof(size_t);
	void *p;

	if (resamples > SIZE_MAX / per || n > SIZE_MAX / per - resamples)
		return (NULL);
	if ((p = malloc(n * per + (size_t)resamples * sizeof(double))) == NULL)
		return (NULL);
	*sorted = p;
	*medians = *sorted + n;
	/* Offset is a multiple of sizeof(double), enough for size_t. */
	*counts = (size_t *)(void *)(*medians + resamples);
	return (p);
}

/*
 * Type 7 median of the resample that drew sorted[j] counts[j] times.
 * Walking the counts finds the middle ranks in one linear pass with no
 * comparisons, cheaper than a selection over the drawn values.
 */
static double
counts_median(const double *sorted, const size_t *counts, size_t n)
{
	size_t cum, j, k;
	double a;

	k = (n - 1) / 2;
	cum = 0;
	j = 0;
	while ((cum += counts[j]) <= k)
		j++;
	a = sorted[j];
	if (n % 2 == 1 || cum > k + 1)
		return (a);
	/* Rank k + 1 < n, so a later element was drawn. */
	do
		j++;
	while (counts[j] == 0);
	return (lerp(a, sorted[j], 0.5));
}

/*
 * The bootstrap proper, over an already sorted sample.  Indices are drawn
 * into the sorted order, so the interval depends only on the values, not
 * on the order the samples came in.
 */
static void
bootstrap_sorted(const double *sorted, size_t n, unsigned resamples,
    uint64_t seed, double *medians, size_t *counts, double *lo, double *hi)
{
	struct stats_rng g;
	unsigned r;
	size_t i;

	if (n == 0 || (n > 1 && resamples == 0)) {
		*lo = *hi = NAN;
		return;
	}
	if (n == 1) {
		*lo = *hi = sorted[0];
		return;
	}
	stats_rng_seed(&g, seed);
	for (r = 0; r < resamples; r++) {
		memset(counts, 0, n * sizeof(*counts));
		for (i = 0; i < n; i++)
			counts[stats_rng_below(&g, n)]++;
		medians[r] = counts_median(sorted, counts, n);
	}
	stats_sort(medians, resamples);
	*lo = stats_quantile_sorted(medians, resamples, 0.025);
	*hi = stats_quantile_sorted(medians, resamples, 0.975);
}

void
stats_bootstrap_median_ci(const double *x, size_t n, unsigned resamples,
    uint64_t seed, double *lo, double *hi)
{
	double *sorted, *medians;
	size_t *counts;
	void *p;

	if (n == 0 || (n > 1 && resamples == 0)) {
		*lo = *hi = NAN;
		return;
	}
	if (n == 1) {
		*lo = *hi = x[0];
		return;
	}
	if ((p = scratch_alloc(n, resamples, &sorted, &medians,
	    &counts)) == NULL) {
		*lo = *hi = NAN;
		return;
	}
	memcpy(sorted, x, n * sizeof(*sorted));
	stats_sort(sorted, n);
	bootstrap_sorted(sorted, n, resamples, seed, medians, counts, lo, hi);
	free(p);
}

void
stats_summarize(const double *x, size_t n, unsigned resamples,
    uint64_t seed, struct cb_summary *s)
{
	double *sorted, *medians, d, mean, sd, sum, sum2;
	size_t *counts, i;
	void *p;

	if (n == 0 || (p = scratch_alloc(n, resamples, &sorted, &medians,
	    &counts)) == NULL) {
		s->min = s->p10 = s->median = s->p90 = s->p99 = s->max = NAN;
		s->mean = s->cv = s->ci95_low = s->ci95_high = NAN;
		return;
	}
	memcpy(sorted, x, n * sizeof(*sorted));
	stats_sort(sorted, n);
	s->min = sorted[0];
	s->p10 = stats_quantile_sorted(sorted, n, 0.10);
	s->median = stats_quantile_sorted(sorted, n, 0.50);
	s->p90 = stats_quantile_sorted(sorted, n, 0.90);
	s->p99 = stats_quantile_sorted(sorted, n, 0.99);
	s->max = sorted[n - 1];

	/*
	 * Corrected two-pass mean and variance: the second pass removes the
	 * rounding error of the first, so a constant sample gets its exact
	 * value and a cv of 0, and a large common offset does not swamp the
	 * spread.
	 */
	sum = 0;
	for (i = 0; i < n; i++)
		sum += sorted[i];
	mean = sum / (double)n;
	sum = sum2 = 0;
	for (i = 0; i < n; i++) {
		d = sorted[i] - mean;
		sum += d;
		sum2 += d * d;
	}
	mean += sum / (double)n;
	s->mean = mean;
	if (n < 2 || mean == 0)
		s->cv = 0;
	else {
		d = sum2 - sum * sum / (double)n;
		sd = sqrt((d > 0 ? d : 0) / (double)(n - 1));
		/* |mean|: a negative net cost must still read as noisy. */
		s->cv = sd / fabs(mean);
	}

	bootstrap_sorted(sorted, n, resamples, seed, medians, counts,
	    &s->ci95_low, &s->ci95_high);
	free(p);
}

size_t
stats_rounds_total(const struct stats_rounds *s)
{
	size_t r, n = 0;

	for (r = 0; r < s->nrounds; r++)
		n += s->count[r];
	return (n);
}

/* The medians of the rounds that kept samples, into m; returns how many. */
static size_t
round_medians(const struct stats_rounds *s, double *m)
{
	const double *x = s->x;
	size_t r, k = 0;

	for (r = 0; r < s->nrounds; x += s->count[r++])
		if (s->count[r] > 0)
			m[k++] = stats_median(x, s->count[r]);
	return (k);
}

double
stats_rounds_centre(const struct stats_rounds *s)
{
	double buf[STATS_STACK_MAX], *m, c;
	size_t k;

	if (s->nrounds <= STATS_STACK_MAX)
		m = buf;
	else if ((m = calloc(s->nrounds, sizeof(*m))) == NULL)
		return (NAN);
	k = round_medians(s, m);
	c = k > 0 ? median_inplace(m, k) : NAN;
	if (m != buf)
		free(m);
	return (c);
}

/*
 * Scratch for the hierarchical bootstrap: each kept round sorted in one
 * block (with where it starts and its length), the round medians, one
 * resample's round medians, the resampled centres and the draw counts.
 */
struct hier {
	double	*sorted;
	size_t	*start, *len;
	double	*median, *drawn, *centre;
	size_t	*counts;
	size_t	 k;		/* rounds that kept samples */
};

static int
hier_init(struct hier *h, const struct stats_rounds *s, unsigned resamples)
{
	size_t n, r, maxlen, off;
	const double *x;

	memset(h, 0, sizeof(*h));
	n = stats_rounds_total(s);
	maxlen = 0;
	for (r = 0; r < s->nrounds; r++)
		if (s->count[r] > maxlen)
			maxlen = s->count[r];
	if (n > SIZE_MAX / 4 / sizeof(double) || s->nrounds > SIZE_MAX / 8 /
	    sizeof(double))
		return (-1);
	h->sorted = malloc(n * sizeof(double) + 1);
	h->start = calloc(s->nrounds + 1, sizeof(size_t));
	h->len = calloc(s->nrounds + 1, sizeof(size_t));
	h->median = calloc(s->nrounds + 1, sizeof(double));
	h->drawn = calloc(s->nrounds + 1, sizeof(double));
	h->centre = calloc((size_t)resamples + 1, sizeof(double));
	h->counts = calloc(maxlen + 1, sizeof(size_t));
	if (h->sorted == NULL || h->start == NULL || h->len == NULL ||
	    h->median == NULL || h->drawn == NULL || h->centre == NULL ||
	    h->counts == NULL)
		return (-1);
	x = s->x;
	off = 0;
	for (r = 0; r < s->nrounds; x += s->count[r++]) {
		if (s->count[r] == 0)
			continue;
		memcpy(h->sorted + off, x, s->count[r] * sizeof(double));
		stats_sort(h->sorted + off, s->count[r]);
		h->start[h->k] = off;
		h->len[h->k] = s->count[r];
		h->median[h->k] = stats_quantile_sorted(h->sorted + off,
		    s->count[r], 0.5);
		off += s->count[r];
		h->k++;
	}
	return (0);
}

static void
hier_free(struct hier *h)
{
	free(h->sorted);
	free(h->start);
	free(h->len);
	free(h->median);
	free(h->drawn);
	free(h->centre);
	free(h->counts);
}

/* The median of a resample of round j's samples. */
static double
hier_redraw(struct hier *h, size_t j, struct stats_rng *g)
{
	size_t i, n = h->len[j];

	if (n == 1)
		return (h->sorted[h->start[j]]);
	memset(h->counts, 0, n * sizeof(*h->counts));
	for (i = 0; i < n; i++)
		h->counts[stats_rng_below(g, n)]++;
	return (counts_median(h->sorted + h->start[j], h->counts, n));
}

void
stats_rounds_ci(const struct stats_rounds *s, unsigned resamples,
    uint64_t seed, double *lo, double *hi)
{
	struct stats_rng g;
	struct hier h;
	size_t j, pick;
	unsigned b;
	int within;

	*lo = *hi = NAN;
	if (resamples == 0)
		return;
	if (hier_init(&h, s, resamples) != 0 || h.k == 0) {
		hier_free(&h);
		return;
	}
	within = (double)stats_rounds_total(s) * resamples <= STATS_HIER_WORK;
	stats_rng_seed(&g, seed);
	for (b = 0; b < resamples; b++) {
		for (j = 0; j < h.k; j++) {
			pick = stats_rng_below(&g, h.k);
			h.drawn[j] = within ? hier_redraw(&h, pick, &g) :
			    h.median[pick];
		}
		h.centre[b] = median_inplace(h.drawn, h.k);
	}
	stats_sort(h.centre, resamples);
	*lo = stats_quantile_sorted(h.centre, resamples, 0.025);
	*hi = stats_quantile_sorted(h.centre, resamples, 0.975);
	hier_free(&h);
}

/* Mean of v[0..n-1], refined by a second pass over the residuals. */
static double
mean_refined(const double *v, size_t n)
{
	double m, r;
	size_t i;

	m = 0;
	for (i = 0; i < n; i++)
		m += v[i];
	m /= (double)n;
	r = 0;
	for (i = 0; i < n; i++)
		r += v[i] - m;
	return (m + r / (double)n);
}

int
stats_linear_fit(const double *x, const double *y, size_t n,
    struct stats_fit *f)
{
	double dx, dy, e, mx, my, slope, ssres, sxx, sxy, syy;
	size_t i;

	if (n < 2)
		return (-1);
	/*
	 * Test constancy exactly rather than trust Sxx to come out 0: a mean
	 * of equal values that is off by an ulp leaves a tiny nonzero Sxx
	 * and a meaningless slope.
	 */
	for (i = 1; i < n; i++)
		if (x[i] != x[0])
			break;
	if (i == n)
		return (-1);

	/* Centred sums: raw sums of squares cancel badly at large offsets. */
	mx = mean_refined(x, n);
	my = mean_refined(y, n);
	sxx = sxy = syy = 0;
	for (i = 0; i < n; i++) {
		dx = x[i] - mx;
		dy = y[i] - my;
		sxx += dx * dx;
		sxy += dx * dy;
		syy += dy * dy;
	}
	if (!(sxx > 0))
		return (-1);
	slope = sxy / sxx;
	ssres = 0;
	for (i = 0; i < n; i++) {
		e = (y[i] - my) - slope * (x[i] - mx);
		ssres += e * e;
	}
	f->slope = slope;
	f->intercept = my - slope * mx;
	/* All y equal: the horizontal line through them is exact. */
	f->r2 = syy == 0 ? 1 : 1 - ssres / syy;
	return (0);
}
