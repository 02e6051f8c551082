/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference clock's step and the spreading of tied readings over it
 * (core/lattice.h): a search down from the largest plausible step, and a
 * sort of the readings by value that finds the ties.
 */
#include <math.h>
#include <stdlib.h>

#include "core/lattice.h"

static int
by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return ((x > y) - (x < y));
}

/*
 * Whether nearly all of d are multiples of w, two of them one w apart;
 * q is scratch for n quotients.
 */
static int
is_step(const double *d, size_t n, unsigned w, double *q)
{
	size_t i, k;

	for (i = k = 0; i < n; i++)
		if (d[i] == floor(d[i]) && fmod(d[i], w) == 0)
			q[k++] = d[i] / w;
	if ((double)k < LATTICE_SHARE * (double)n)
		return (0);
	qsort(q, k, sizeof(*q), by_value);
	for (i = 1; i < k; i++)
		if (q[i] == q[i - 1] + 1)
			return (1);
	return (0);
}

unsigned
lattice_step(const double *d, size_t n)
{
	double *q;
	unsigned w;

	if (n == 0 || (q = malloc(n * sizeof(*q))) == NULL)
		return (1);
	for (w = LATTICE_MAX_STEP; w > 1 && !is_step(d, n, w, q); w--)
		;
	free(q);
	return (w);
}

struct at {
	double	v;
	size_t	i;
};

/* By value, then by index: ties keep the order they were taken in. */
static int
by_at(const void *a, const void *b)
{
	const struct at *x = a, *y = b;

	if (x->v != y->v)
		return ((x->v > y->v) - (x->v < y->v));
	return ((x->i > y->i) - (x->i < y->i));
}

static size_t
gcd(size_t a, size_t b)
{
	size_t t;

	while (b != 0) {
		t = a % b;
		a = b;
		b = t;
	}
	return (a);
}

/*
 * A stride through n slots that visits each once and jumps about (the
 * golden ratio's share of n, or the next number prime to n): readings
 * taken one after another get slots far apart, so the spread adds no
 * trend across a round that a reader of the samples would take for one.
 */
static size_t
coprime_stride(size_t n)
{
	size_t s = (size_t)((double)n * 0.618) + 1;

	while (gcd(s, n) != 1)
		s++;
	return (s);
}

int
lattice_spread(double *ref, double *cyc, size_t n, double step)
{
	struct at *s;
	size_t i, j, k, slot, stride;
	double v, to;

	if (!(step > 1) || n == 0)
		return (0);
	if ((s = malloc(n * sizeof(*s))) == NULL)
		return (-1);
	for (i = 0; i < n; i++)
		s[i] = (struct at){ ref[i], i };
	qsort(s, n, sizeof(*s), by_at);
	for (i = 0; i < n; i = j) {
		v = s[i].v;
		for (j = i + 1; j < n && s[j].v == v; j++)
			;
		if (!(v - step / 2 > 0))
			continue;
		stride = coprime_stride(j - i);
		for (k = i; k < j; k++) {
			slot = (k - i) * stride % (j - i);
			to = v + step * (((double)slot + 0.5) / (double)(j - i) -
			    0.5);
			if (cyc != NULL)
				cyc[s[k].i] *= to / v;
			ref[s[k].i] = to;
		}
	}
	free(s);
	return (0);
}
