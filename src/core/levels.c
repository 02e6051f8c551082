/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Level detection (core/levels.h): densest windows in log space, as wide
 * as a level's spread read within rounds, each round weighing the same;
 * neighbours kept apart only across a valley a test finds real, merged
 * only where they fit in one window.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/levels.h"

/* Windows found before they are judged one level or several. */
#define CANDIDATES_MAX	(2 * LEVELS_MAX)

struct point {
	double	y;		/* the sample, then its log */
	double	w;		/* its weight: 1 / (rounds * its round's n) */
	size_t	r;		/* its round */
	size_t	at;		/* its place in the order taken */
};

static int
cmp_point(const void *pa, const void *pb)
{
	const struct point *a = pa, *b = pb;

	return ((a->y > b->y) - (a->y < b->y));
}

/* In the order the samples were taken. */
static int
cmp_point_taken(const void *pa, const void *pb)
{
	const struct point *a = pa, *b = pb;

	return ((a->at > b->at) - (a->at < b->at));
}

/*
 * Usable samples as weighted points, in round order; returns how many.
 * Every `stride'-th sample of each round is taken: all of them up to
 * LEVELS_MAX_POINTS, an even spread beyond.
 */
static size_t
points(const struct stats_rounds *s, size_t stride, struct point *p)
{
	const double *x = s->x;
	size_t r, i, n = 0, rounds = 0, first;

	for (r = 0; r < s->nrounds; x += s->count[r++]) {
		first = n;
		for (i = 0; i < s->count[r]; i += stride)
			if (x[i] > 0 && isfinite(x[i])) {
				p[n].r = rounds;
				p[n].at = n;
				p[n++].y = x[i];
			}
		for (i = first; i < n; i++)
			p[i].w = 1.0 / (double)(n - first);
		rounds += n > first;
	}
	for (i = 0; i < n; i++)
		p[i].w /= (double)rounds;
	return (n);
}

/*
 * The step of the lattice all of p (sorted by value) lie on, where one
 * shows: values tied, every one a whole multiple of the least distance
 * between two, and that step at most LEVEL_QUANTUM of the median.  0
 * where none.
 */
static double
lattice(const struct point *p, size_t n)
{
	double q = INFINITY, k;
	size_t i, ties = 0;

	for (i = 1; i < n; i++) {
		if (p[i].y > p[i - 1].y)
			q = fmin(q, p[i].y - p[i - 1].y);
		else
			ties++;
	}
	if (2 * ties < n || !(q <= LEVEL_QUANTUM * p[n / 2].y))
		return (0);
	for (i = 0; i < n; i++) {
		k = p[i].y / q;
		if (fabs(k - nearbyint(k)) > 1e-6)
			return (0);
	}
	return (q);
}

/*
 * Logs of the samples, each quantised one moved evenly across the cell
 * of width q its value stands for (p sorted by value): a count rounded
 * to whole cycles is a spread, not several values with nothing between.
 */
static void
to_log(struct point *p, size_t n, double q)
{
	size_t i, j, k;

	for (i = 0; i < n; i = j) {
		for (j = i; j < n && p[j].y == p[i].y; j++)
			;
		for (k = i; k < j; k++)
			p[k].y = log(p[k].y + q * (((double)(k - i) + 0.5) /
			    (double)(j - i) - 0.5));
	}
}

/*
 * The low quantile LEVEL_SPREAD_Q of d[0..k-1].y (each weighing w) as a
 * normal's standard deviation: of a level's differences between two
 * samples, that share lie within LEVEL_SPREAD_Z of its deviation (the
 * deviation of a difference is sqrt 2 of a sample's).
 */
static double
deviation(struct point *d, size_t k)
{
	double acc = 0, total = 0;
	size_t i;

	if (k == 0)
		return (0);
	qsort(d, k, sizeof(*d), cmp_point);
	for (i = 0; i < k; i++)
		total += d[i].w;
	for (i = 0; i + 1 < k; i++)
		if ((acc += d[i].w) >= LEVEL_SPREAD_Q * total)
			break;
	return (d[i].y / (LEVEL_SPREAD_Z * M_SQRT2));
}

/*
 * The spread of one level, in log space, as a normal's standard
 * deviation: from the differences between samples taken one after the
 * other in a round, which no move of the round as a whole widens.
 * Differences across two levels, or into a continuum, lie further from
 * 0, so the few closest to 0 are within one level wherever a level
 * holds much of each round.  Every round weighs the same.
 */
static double
spread(struct point *p, size_t n, struct point *d)
{
	size_t i, j, first, k = 0;

	qsort(p, n, sizeof(*p), cmp_point_taken);
	for (first = 0; first < n; first = i) {
		for (i = first + 1; i < n && p[i].r == p[first].r; i++)
			d[k++].y = fabs(p[i].y - p[i - 1].y);
		for (j = k - (i - first - 1); j < k; j++)
			d[j].w = 1.0 / (double)(i - first - 1);
	}
	return (deviation(d, k));
}

/* Weighted median of p[0..n-1] (sorted), n >= 1. */
static double
weighted_median(const struct point *p, size_t n)
{
	double total = 0, acc = 0;
	size_t i;

	for (i = 0; i < n; i++)
		total += p[i].w;
	for (i = 0; i < n; i++)
		if ((acc += p[i].w) >= total / 2)
			return (p[i].y);
	return (p[n - 1].y);
}

/* The start of the densest window of width w, and its n. */
static size_t
densest(const struct point *p, size_t n, double w, size_t *len)
{
	double acc = 0, best = -1;
	size_t i, j = 0, start = 0;

	for (i = 0; i < n; i++) {
		acc += p[i].w;
		while (p[i].y - p[j].y > w)
			acc -= p[j++].w;
		if (acc > best) {
			best = acc;
			start = j;
			*len = i - j + 1;
		}
	}
	return (start);
}

/* Take the points within h of c out of p; their weight. */
static double
take(struct point *p, size_t *n, double c, double h, double *lo, double *hi)
{
	double share = 0;
	size_t i, k = 0;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < *n; i++) {
		if (fabs(p[i].y - c) <= h) {
			share += p[i].w;
			*lo = fmin(*lo, p[i].y);
			*hi = fmax(*hi, p[i].y);
		} else
			p[k++] = p[i];
	}
	*n = k;
	return (share);
}

/* The weight of p (sorted) in [lo, hi]. */
static double
weight_in(const struct point *p, size_t n, double lo, double hi)
{
	double acc = 0;
	size_t i;

	for (i = 0; i < n && p[i].y <= hi; i++)
		if (p[i].y >= lo)
			acc += p[i].w;
	return (acc);
}

/* The least weight of p (sorted) in a stretch of width w of [from, to]. */
static double
emptiest(const struct point *p, size_t n, double from, double to, double w)
{
	double acc = 0, least;
	size_t i, j;

	for (i = 0; i < n && p[i].y <= from; i++)
		;
	for (j = i; j < n && p[j].y <= from + w; j++)
		acc += p[j].w;
	/* Then each stretch (p[i].y, p[i].y + w], acc holding p(i..j). */
	for (least = acc; i < n && p[i].y <= to - w; i++) {
		for (; j <= i; j++)
			acc += p[j].w;
		for (acc -= p[i].w; j < n && p[j].y <= p[i].y + w; j++)
			acc += p[j].w;
		least = fmin(least, acc);
	}
	return (fmax(least, 0));
}

/*
 * Whether the valley between levels at a < b (log space) is real.  If
 * the samples had one mode, the density between two points would be
 * nowhere below the lesser of theirs; so every stretch of the valley
 * (beyond h of either) should hold at least the lesser of the windows
 * a +- h and b +- h, pro rata to its width.  The emptiest stretch of
 * each width 2h, 4h, ... and the whole valley is compared with that, as
 * counts of n_eff samples on the square-root scale, where a count's
 * noise is 1/2 whatever its size; LEVEL_VALLEY_Z is calibrated on the
 * study's one-level samples (tests/study/levels_study.c).
 */
static int
valley(const struct point *p, size_t n, double a, double b, double h,
    double n_eff)
{
	double from = a + h, to = b - h, w, want, least;

	if (to <= from)
		return (0);
	want = fmin(weight_in(p, n, a - h, a + h),
	    weight_in(p, n, b - h, b + h)) * n_eff / (2 * h);
	w = fmin(to - from, 2 * h);
	for (;;) {
		least = emptiest(p, n, from, to, w) * n_eff;
		if (M_SQRT2 * (sqrt(want * w) - sqrt(least)) > LEVEL_VALLEY_Z)
			return (1);
		if (w >= to - from)
			return (0);
		w = fmin(to - from, 2 * w);
	}
}

/* The level all of p within [lo, hi] make (log space in, values out). */
static void
span_level(const struct point *p, size_t n, double lo, double hi,
    struct level *l)
{
	size_t a = 0, b;

	while (a < n && p[a].y < lo)
		a++;
	l->share = 0;
	for (b = a; b < n && p[b].y <= hi; b++)
		l->share += p[b].w;
	l->value = exp(weighted_median(p + a, b - a));
	l->lo = exp(lo);
	l->hi = exp(hi);
}

static int
cmp_level_value(const void *pa, const void *pb)
{
	const struct level *a = pa, *b = pb;

	return ((a->value > b->value) - (a->value < b->value));
}

static int
cmp_level_share(const void *pa, const void *pb)
{
	const struct level *a = pa, *b = pb;

	return ((a->share < b->share) - (a->share > b->share));
}

/*
 * Of the run of candidates c[0..k-1] that no real valley parts, the
 * level into *l: all of them where they fit in one window (they are one
 * level); else, the run being wider than a level, the candidate that
 * holds LEVEL_DOMINANT times as much as any other, alone (a level with a
 * shoulder); else none (a continuum).  Returns 1 with a level, else 0.
 */
static int
run_level(const struct level *c, size_t k, double h, struct level *l)
{
	size_t i, top = 0;

	*l = c[0];
	if (c[k - 1].value - c[0].value <= 2 * h) {
		for (i = 1; i < k; i++) {
			l->lo = fmin(l->lo, c[i].lo);
			l->hi = fmax(l->hi, c[i].hi);
		}
		return (1);
	}
	for (i = 1; i < k; i++)
		if (c[i].share > c[top].share)
			top = i;
	for (i = 0; i < k; i++)
		if (i != top && c[top].share < LEVEL_DOMINANT * c[i].share)
			return (0);
	*l = c[top];
	return (1);
}

/*
 * Candidates cand[0..k-1] (sorted by value) judged: split where a real
 * valley lies between neighbours, each run between made one level or
 * none (run_level).  The levels, measured on all of p, into cand;
 * returns how many.
 */
static size_t
judge(const struct point *p, size_t n, double sd, struct level *cand,
    size_t k)
{
	double h = fmax(LEVEL_HALF_WIDTH, LEVEL_WIDTH_SPREADS * sd);
	double n_eff = 0;
	size_t i, first, m = 0;

	for (i = 0; i < n; i++)
		n_eff += p[i].w * p[i].w;
	n_eff = 1 / n_eff;
	for (first = 0, i = 1; i <= k; i++) {
		if (i < k && !valley(p, n, cand[i - 1].value, cand[i].value,
		    fmax(LEVEL_HALF_WIDTH, sd), n_eff))
			continue;
		if (run_level(cand + first, i - first, h, &cand[m])) {
			span_level(p, n, cand[m].lo, cand[m].hi, &cand[m]);
			m++;
		}
		first = i;
	}
	return (m);
}

size_t
levels_find(const struct stats_rounds *s, struct level *out,
    double *scattered)
{
	struct level cand[CANDIDATES_MAX];
	struct point *all, *alive;
	double c, lo, hi, sd, h, total;
	size_t n, nalive, was, start, len = 0, k, m, i, stride;

	*scattered = 1;
	n = stats_rounds_total(s);
	stride = (n + LEVELS_MAX_POINTS - 1) / LEVELS_MAX_POINTS;
	/* Each round may round its share up: one point more a round. */
	n = n / (stride ? stride : 1) + s->nrounds;
	if (n == 0 || n > SIZE_MAX / 2 / sizeof(*all))
		return (0);
	if ((all = malloc(2 * n * sizeof(*all))) == NULL)
		return (0);
	alive = all + n;
	if ((n = points(s, stride ? stride : 1, all)) == 0) {
		free(all);
		return (0);
	}
	qsort(all, n, sizeof(*all), cmp_point);
	to_log(all, n, lattice(all, n));
	sd = spread(all, n, alive);
	sd = fmin(sd, LEVEL_MAX_HALF_WIDTH / LEVEL_WIDTH_SPREADS);
	h = fmax(LEVEL_HALF_WIDTH, LEVEL_WIDTH_SPREADS * sd);
	qsort(all, n, sizeof(*all), cmp_point);
	memcpy(alive, all, n * sizeof(*all));
	nalive = n;
	for (k = 0; k < CANDIDATES_MAX && nalive > 0; k++) {
		/* Centred on the densest stretch one level's spread wide. */
		start = densest(alive, nalive, 2 * fmax(LEVEL_HALF_WIDTH, sd),
		    &len);
		c = weighted_median(alive + start, len);
		was = nalive;
		cand[k].share = take(alive, &nalive, c, h, &lo, &hi);
		if (cand[k].share < LEVEL_MIN_SHARE ||
		    was - nalive < LEVEL_MIN_SAMPLES)
			break;
		cand[k].value = c;
		cand[k].lo = lo;
		cand[k].hi = hi;
	}
	qsort(cand, k, sizeof(cand[0]), cmp_level_value);
	m = judge(all, n, sd, cand, k);
	if (m > LEVELS_MAX) {
		qsort(cand, m, sizeof(cand[0]), cmp_level_share);
		m = LEVELS_MAX;
	}
	qsort(cand, m, sizeof(cand[0]), cmp_level_value);
	total = 0;
	for (i = 0; i < m; i++) {
		out[i] = cand[i];
		total += cand[i].share;
	}
	*scattered = fmax(0, 1 - total);
	free(all);
	return (m);
}
