/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Change points by e-divisive means (Matteson and James, "A Nonparametric
 * Approach for Multiple Change Point Analysis of Multivariate Data",
 * JASA 2014), hierarchical as Apache Otava (hunter) and MongoDB's
 * signal-processing run it on performance histories.  The run is the
 * unit of replication: each run gives one figure, its median, taken as a
 * log so that a shift is a ratio.  The runs' own intervals do not decide:
 * what varies between runs is what the spread between runs shows, and an
 * interval test on them called 20 false shifts in 100 flat series.
 *
 * Within a segment every split into two parts of at least CP_MIN_RUNS
 * runs is scored by the energy distance between the parts (alpha = 1),
 * scaled by lr/(l+r): q = 2/(l+r) (B - A r/(l-1) - C l/(r-1)), A, C the
 * sums of |x - y| within the left and right part, B across.  The best
 * split is tested by permutation: the segment's runs are shuffled
 * CP_PERMUTATIONS times (seeded from the segment's place, so a history
 * reads the same every time) and the best q of each shuffle compared; a
 * split is kept when p = (1 + shuffles at least as good) / (1 + shuffles)
 * is at most CP_ALPHA, and both parts are divided again.  The level is
 * not lowered for the parts: in a flat series the first test is the one
 * that can start a false shift.  Shuffling stops once p must exceed
 * CP_ALPHA, so a flat segment costs a few shuffles.  The sums come from
 * Fenwick trees over the figures' ranks, O(m log m) a shuffle of m runs;
 * a segment over CP_MANY_RUNS gets fewer shuffles, so 10000 runs take a
 * fraction of a second (a steep drift, tested in many parts, seconds),
 * in O(n) memory.  No shuffle test can call a shift with l runs on one
 * side of m unless C(m, l) is well over 2 / CP_ALPHA: a shuffle puts
 * those runs there once in C(m, l) / 2.
 *
 * Last, a shift smaller than the minimum (a fraction of the older level)
 * is merged away, the smallest first, until every one left is large
 * enough.  A level is the median of its runs' medians; its interval (for
 * the reader; the test does not use it) the hull of the interval of that
 * median from the spread between runs (order statistics from 6 runs,
 * Student's t below) and the median of the runs' own intervals.
 */
#include <math.h>
#include <stdint.h>
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
	double mean, half;
	size_t j;

	if ((j = order_rank(n)) > 0) {
		*a = v[j - 1];
		*b = v[n - j];
		return;
	}
	if (n < 2) {
		*a = *b = level;
		return;
	}
	half = t975[n - 1] * sqrt(stats_mean_var(v, n, &mean) / (double)n);
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

_Static_assert(CP_MIN_RUNS >= 2, "a part needs two runs to have a spread");

/* A figure and its place in the segment: sorted, they give the ranks. */
struct pair {
	double		 v;
	size_t		 i;
};

/* What dividing a series of n runs needs, allocated once. */
struct work {
	double		*x;		/* the figures, logs where they can be */
	size_t		*run, m;	/* x[k] is run run[k]'s; m of them */
	double		*v;		/* a segment's, sorted and centred */
	double		*a;		/* a[t]: sum of |x - y| in the first t */
	double		*fs, *fc;	/* Fenwick trees of sums, counts by rank */
	size_t		*rank, *perm;	/* the segment in order, shuffled */
	struct pair	*pr;
};

static int
pair_cmp(const void *pa, const void *pb)
{
	const struct pair *a = pa, *b = pb;
	int c;

	if ((c = stats_cmp_double(&a->v, &b->v)) != 0)
		return (c);
	return ((a->i > b->i) - (a->i < b->i));
}

static void
tree_add(struct work *w, size_t m, size_t r, double x)
{

	for (r++; r <= m; r += r & -r) {
		w->fs[r] += x;
		w->fc[r] += 1;
	}
}

/* The sum of |x - y| over the cnt figures y in the trees, summing sum,
   for x of rank r. */
static double
tree_dist(const struct work *w, size_t r, double x, double cnt, double sum)
{
	double s = 0, c = 0;

	for (; r > 0; r -= r & -r) {
		s += w->fs[r];
		c += w->fc[r];
	}
	return (x * c - s + (sum - s) - x * (cnt - c));
}

/*
 * The best q over the splits of the m runs in order o (ranks into w->v),
 * and where (the first run of the right part).  total: the sum of |x - y|
 * over all pairs, the same in every order.
 */
static double
best_split(struct work *w, const size_t *o, size_t m, double total,
    size_t *at)
{
	double x, c = 0, cnt = 0, sum = 0, l, r, q, best = -INFINITY;
	size_t t;

	*at = m / 2;
	memset(w->fs, 0, (m + 1) * sizeof(*w->fs));
	memset(w->fc, 0, (m + 1) * sizeof(*w->fc));
	w->a[0] = 0;
	for (t = 0; t < m; t++) {
		x = w->v[o[t]];
		w->a[t + 1] = w->a[t] + tree_dist(w, o[t], x, cnt, sum);
		tree_add(w, m, o[t], x);
		sum += x;
		cnt++;
	}
	memset(w->fs, 0, (m + 1) * sizeof(*w->fs));
	memset(w->fc, 0, (m + 1) * sizeof(*w->fc));
	cnt = sum = 0;
	/* From the right: c sums the part o[t..m). */
	for (t = m; t-- > CP_MIN_RUNS;) {
		x = w->v[o[t]];
		c += tree_dist(w, o[t], x, cnt, sum);
		tree_add(w, m, o[t], x);
		sum += x;
		cnt++;
		if (m - t < CP_MIN_RUNS)
			continue;
		l = (double)t;
		r = (double)(m - t);
		q = 2 / (l + r) * ((total - w->a[t] - c) - w->a[t] * r /
		    (l - 1) - c * l / (r - 1));
		if (q > best) {
			best = q;
			*at = t;
		}
	}
	return (best);
}

/*
 * Whether x[s..e) has a change, by permutation; if so, where (the index
 * into x of the first figure after it).
 */
static int
significant(struct work *w, size_t s, size_t e, size_t *at)
{
	struct stats_rng g;
	double total = 0, obs, centre;
	size_t i, j, m = e - s, dummy, tmp;
	unsigned k, shuffles, allowed, beaten = 0;

	for (i = 0; i < m; i++) {
		w->pr[i].v = w->x[s + i];
		w->pr[i].i = i;
	}
	qsort(w->pr, m, sizeof(*w->pr), pair_cmp);
	/* Centred, the sums of differences lose no digits to the level. */
	centre = w->pr[m / 2].v;
	for (i = 0; i < m; i++) {
		w->v[i] = w->pr[i].v - centre;
		w->rank[w->pr[i].i] = i;
		total += w->v[i] * (2 * (double)i - (double)m + 1);
	}
	obs = best_split(w, w->rank, m, total, at);
	*at += s;
	stats_rng_seed(&g, CP_SEED ^ ((uint64_t)s << 32 | (uint64_t)e));
	memcpy(w->perm, w->rank, m * sizeof(*w->perm));
	shuffles = m > CP_MANY_RUNS ? CP_PERMUTATIONS_MANY : CP_PERMUTATIONS;
	/* p <= CP_ALPHA: at most `allowed' - 1 shuffles as good. */
	allowed = (unsigned)(CP_ALPHA * (shuffles + 1) + 0.5);
	for (k = 0; k < shuffles; k++) {
		for (i = m - 1; i > 0; i--) {
			j = (size_t)stats_rng_below(&g, i + 1);
			tmp = w->perm[i];
			w->perm[i] = w->perm[j];
			w->perm[j] = tmp;
		}
		/* A near tie counts against the split: rounding may part
		   two orders of equal runs. */
		if (best_split(w, w->perm, m, total, &dummy) >= obs - 1e-9 *
		    fabs(obs) && ++beaten >= allowed)
			return (0);
	}
	return (1);
}

/* Mark change points among x[s..e) in cut[] (cut[k]: a level starts at
   run k). */
static void
divide(struct work *w, size_t s, size_t e, char *cut)
{
	size_t at;

	if (e - s < 2 * CP_MIN_RUNS || !significant(w, s, e, &at))
		return;
	cut[w->run[at]] = 1;
	divide(w, s, at, cut);
	divide(w, at, e, cut);
}

/* The segments cut[] marks, with their levels; how many. */
static size_t
segments(const struct cp_point *p, size_t n, const char *cut,
    struct cp_segment *seg)
{
	size_t i, k, nseg = 0;

	for (i = 0; i < n; i = k) {
		for (k = i + 1; k < n && !cut[k]; k++)
			;
		changes_level(p, i, k, &seg[nseg++]);
	}
	return (nseg);
}

/* The segment whose shift from the one before is the smallest under
   min_shift; 0 if none is. */
static size_t
weakest(const struct cp_segment *seg, size_t nseg, double min_shift)
{
	double d, least = min_shift;
	size_t i, at = 0;

	for (i = 1; i < nseg; i++) {
		d = fabs(seg[i].level - seg[i - 1].level) /
		    fabs(seg[i - 1].level);
		if (d < least) {
			least = d;
			at = i;
		}
	}
	return (at);
}

/* Room for n runs, the figures filled in; returns the one block to free. */
static void *
work_alloc(struct work *w, const struct cp_point *p, size_t n)
{
	size_t i;
	void *mem;
	int logs = 1;

	mem = malloc(n * (5 * sizeof(double) + 3 * sizeof(size_t) +
	    sizeof(struct pair)) + 3 * sizeof(double));
	if (mem == NULL)
		return (NULL);
	w->pr = mem;
	w->x = (double *)(void *)(w->pr + n);
	w->v = w->x + n;
	w->a = w->v + n;
	w->fs = w->a + n + 1;
	w->fc = w->fs + n + 1;
	w->rank = (size_t *)(void *)(w->fc + n + 1);
	w->perm = w->rank + n;
	w->run = w->perm + n;
	/* A run without a figure takes no part. */
	for (i = 0; i < n; i++)
		logs &= !isfinite(p[i].value) || p[i].value > 0;
	for (i = w->m = 0; i < n; i++)
		if (isfinite(p[i].value)) {
			w->run[w->m] = i;
			w->x[w->m++] = logs ? log(p[i].value) : p[i].value;
		}
	return (mem);
}

size_t
changes_find(const struct cp_point *p, size_t n, double min_shift,
    struct cp_segment *seg)
{
	struct work w;
	size_t i, nseg;
	char *cut;
	void *mem;

	if (n == 0)
		return (0);
	cut = calloc(n, 1);
	mem = work_alloc(&w, p, n);
	if (cut == NULL || mem == NULL) {
		free(cut);
		free(mem);
		changes_level(p, 0, n, &seg[0]);
		return (1);
	}
	divide(&w, 0, w.m, cut);
	free(mem);
	nseg = segments(p, n, cut, seg);
	while ((i = weakest(seg, nseg, min_shift)) > 0) {
		cut[seg[i].start] = 0;
		nseg = segments(p, n, cut, seg);
	}
	free(cut);
	return (nseg);
}
