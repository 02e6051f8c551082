/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Level detection (core/levels.h): densest windows in log space, each
 * round weighing the same, merged where they are one level.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/levels.h"

/* Windows found before merging: a merged level may take several. */
#define CANDIDATES_MAX	(2 * LEVELS_MAX)

struct point {
	double	y;		/* log of the sample */
	double	w;		/* its weight: 1 / (rounds * its round's n) */
};

static int
cmp_point(const void *pa, const void *pb)
{
	const struct point *a = pa, *b = pb;

	return ((a->y > b->y) - (a->y < b->y));
}

/*
 * Usable samples as weighted points, sorted; returns how many.  Every
 * `stride'-th sample of each round is taken: all of them up to
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
			if (x[i] > 0 && isfinite(x[i]))
				p[n++].y = log(x[i]);
		for (i = first; i < n; i++)
			p[i].w = 1.0 / (double)(n - first);
		rounds += n > first;
	}
	for (i = 0; i < n; i++)
		p[i].w /= (double)rounds;
	qsort(p, n, sizeof(*p), cmp_point);
	return (n);
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

/* The start of the densest window of width 2 LEVEL_HALF_WIDTH, and its n. */
static size_t
densest(const struct point *p, size_t n, size_t *len)
{
	double acc = 0, best = -1;
	size_t i, j = 0, start = 0;

	for (i = 0; i < n; i++) {
		acc += p[i].w;
		while (p[i].y - p[j].y > 2 * LEVEL_HALF_WIDTH)
			acc -= p[j++].w;
		if (acc > best) {
			best = acc;
			start = j;
			*len = i - j + 1;
		}
	}
	return (start);
}

/* Take the points within LEVEL_HALF_WIDTH of c out of p; their weight. */
static double
take(struct point *p, size_t *n, double c, double *lo, double *hi)
{
	double share = 0;
	size_t i, k = 0;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (i = 0; i < *n; i++) {
		if (fabs(p[i].y - c) <= LEVEL_HALF_WIDTH) {
			share += p[i].w;
			*lo = fmin(*lo, p[i].y);
			*hi = fmax(*hi, p[i].y);
		} else
			p[k++] = p[i];
	}
	*n = k;
	return (share);
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

size_t
levels_find(const struct stats_rounds *s, struct level *out,
    double *scattered)
{
	struct level cand[CANDIDATES_MAX];
	struct point *all, *alive;
	double c, lo, hi, total;
	size_t n, nalive, start, len = 0, k, m, i, stride;

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
	n = points(s, stride ? stride : 1, all);
	memcpy(alive, all, n * sizeof(*all));
	nalive = n;
	for (k = 0; k < CANDIDATES_MAX && nalive > 0; k++) {
		start = densest(alive, nalive, &len);
		c = weighted_median(alive + start, len);
		if (take(alive, &nalive, c, &lo, &hi) < LEVEL_MIN_SHARE)
			break;
		cand[k].value = c;
		cand[k].lo = lo;
		cand[k].hi = hi;
	}
	/* Merge neighbours that are one level, then measure on all points. */
	qsort(cand, k, sizeof(cand[0]), cmp_level_value);
	for (m = 0, i = 0; i < k; i++) {
		if (m > 0 && cand[i].value - cand[m - 1].value <
		    LEVEL_SEPARATION * LEVEL_HALF_WIDTH) {
			cand[m - 1].hi = cand[i].hi;
			cand[m - 1].value = cand[i].value;
			continue;
		}
		cand[m++] = cand[i];
	}
	for (i = 0; i < m; i++)
		span_level(all, n, cand[i].lo, cand[i].hi, &cand[i]);
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
