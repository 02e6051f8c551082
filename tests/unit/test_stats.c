/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/stats.c: quantiles, the median (its selection
 * against the sort, NaN last), summaries, line fits, the bootstrap of the
 * median and of a ratio of medians, and the statistics of rounds (their
 * centre and its hierarchical bootstrap).  Expected values are worked
 * out by hand in the comments, or are published reference vectors; the
 * bootstrap, which has no closed form, is checked against its definition
 * written the slow way and against properties any valid interval must
 * have.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "near.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* Bitwise-equal doubles (both NaN counts as equal). */
#define assert_same(a, b) do {						\
	volatile double got_ = (a), want_ = (b);			\
									\
	if (!(got_ == want_ || (isnan(got_) && isnan(want_)))) {	\
		print_error("%s = %.17g, expected exactly %.17g\n",	\
		    #a, got_, want_);					\
		fail();							\
	}								\
} while (0)

/* Uniform in [0, 1) from the top 53 bits. */
static double
uniform(struct stats_rng *g)
{
	return ((double)(stats_rng_next(g) >> 11) * 0x1p-53);
}

/* Approximately N(mu, 1): Irwin-Hall sum of 12 uniforms, minus 6. */
static void
fill_normalish(double *x, size_t n, double mu, uint64_t seed)
{
	struct stats_rng g;
	size_t i;
	int k;

	stats_rng_seed(&g, seed);
	for (i = 0; i < n; i++) {
		x[i] = mu - 6;
		for (k = 0; k < 12; k++)
			x[i] += uniform(&g);
	}
}

static double *
sorted_copy(const double *x, size_t n)
{
	double *c;

	c = malloc((n ? n : 1) * sizeof(*c));
	assert_non_null(c);
	memcpy(c, x, n * sizeof(*c));
	stats_sort(c, n);
	return (c);
}

/* R: quantile(1:10, c(0, .1, .5, .9, 1), type = 7) = 1 1.9 5.5 9.1 10 */
static void
test_quantile_one_to_ten(void **state)
{
	static const double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 };

	(void)state;
	assert_near(stats_quantile_sorted(x, 10, 0.0), 1.0, 0);
	assert_near(stats_quantile_sorted(x, 10, 0.1), 1.9, 1e-12);
	assert_near(stats_quantile_sorted(x, 10, 0.5), 5.5, 1e-12);
	assert_near(stats_quantile_sorted(x, 10, 0.9), 9.1, 1e-12);
	assert_near(stats_quantile_sorted(x, 10, 1.0), 10.0, 0);
	/* h = 9 * 0.25 = 2.25: x[2] + 0.25 (x[3] - x[2]) = 3.25 */
	assert_near(stats_quantile_sorted(x, 10, 0.25), 3.25, 1e-12);
}

static void
test_quantile_edges(void **state)
{
	static const double four[] = { 1, 2, 3, 4 };
	static const double one[] = { 42.5 };
	static const double same[] = { 7, 7, 7 };
	static const double inf[] = { 0, INFINITY, INFINITY };

	(void)state;
	assert_true(isnan(stats_quantile_sorted(NULL, 0, 0.5)));
	assert_same(stats_quantile_sorted(one, 1, 0.0), 42.5);
	assert_same(stats_quantile_sorted(one, 1, 0.37), 42.5);
	assert_same(stats_quantile_sorted(one, 1, 1.0), 42.5);
	/* h = 3 * 0.25 = 0.75: 1 + 0.75 (2 - 1) */
	assert_near(stats_quantile_sorted(four, 4, 0.25), 1.75, 1e-12);
	/* Out of range q is clamped; NaN q has no answer. */
	assert_same(stats_quantile_sorted(four, 4, -0.5), 1);
	assert_same(stats_quantile_sorted(four, 4, 1.5), 4);
	assert_true(isnan(stats_quantile_sorted(four, 4, NAN)));
	/* Equal neighbours give their value exactly, infinities included. */
	assert_same(stats_quantile_sorted(same, 3, 0.3), 7);
	assert_same(stats_quantile_sorted(inf, 3, 0.75), INFINITY);
}

static void
test_sort(void **state)
{
	double x[] = { 3, -1, 2, -1, 0, 1e300, -1e-300 };
	static const double want[] = { -1, -1, -1e-300, 0, 2, 3, 1e300 };
	double y[] = { NAN, 1, -INFINITY, INFINITY, 0, NAN };
	size_t i;

	(void)state;
	stats_sort(x, NELEM(x));
	for (i = 0; i < NELEM(x); i++)
		assert_same(x[i], want[i]);
	/* NaN is ordered last instead of breaking the sort. */
	stats_sort(y, NELEM(y));
	assert_same(y[0], -INFINITY);
	assert_same(y[1], 0);
	assert_same(y[2], 1);
	assert_same(y[3], INFINITY);
	assert_true(isnan(y[4]) && isnan(y[5]));
	stats_sort(NULL, 0);
}

static void
test_median_small(void **state)
{
	double odd[] = { 9, 1, 5, 3, 7 };		/* 1 3 5 7 9 -> 5 */
	double even[] = { 8, 2, 6, 4 };			/* 2 4 6 8 -> 5 */
	double even2[] = { 10, 1, 2, 3 };		/* 1 2 3 10 -> 2.5 */
	double two[] = { -3, 4 };
	double one[] = { 6.25 };
	double dup[] = { 2, 2, 2, 1, 3, 2 };		/* 1 2 2 2 2 3 -> 2 */
	double copy[NELEM(odd)];

	(void)state;
	memcpy(copy, odd, sizeof(odd));
	assert_same(stats_median(odd, NELEM(odd)), 5);
	assert_memory_equal(odd, copy, sizeof(odd));
	assert_same(stats_median(even, NELEM(even)), 5);
	assert_same(stats_median(even2, NELEM(even2)), 2.5);
	assert_same(stats_median(two, NELEM(two)), 0.5);
	assert_same(stats_median(one, 1), 6.25);
	assert_same(stats_median(dup, NELEM(dup)), 2);
	assert_true(isnan(stats_median(NULL, 0)));
}

/* Past the stack buffer: 0..1000 reversed has median 500; 0..999 499.5. */
static void
test_median_large(void **state)
{
	double *x, *copy;
	size_t i, n = 1001;

	(void)state;
	x = malloc(n * sizeof(*x));
	copy = malloc(n * sizeof(*x));
	assert_non_null(x);
	assert_non_null(copy);
	for (i = 0; i < n; i++)
		x[i] = (double)(n - 1 - i);
	memcpy(copy, x, n * sizeof(*x));
	assert_same(stats_median(x, n), 500);
	assert_memory_equal(x, copy, n * sizeof(*x));
	assert_same(stats_median(x + 1, n - 1), 499.5);
	free(x);
	free(copy);
}

/*
 * A NaN sorts last for the median as for stats_sort(): 1 2 3 4 NaN has
 * the middle 3, and 1 2 NaN NaN the middle (2 + NaN) / 2.  A selection
 * comparing with `<' let the NaN land anywhere and gave 2 for the first.
 */
static void
test_median_nan_last(void **state)
{
	double five[] = { 4, 3, 2, 1, NAN };
	double front[] = { NAN, 4, 3, 2, 1 };
	double even[] = { 5, NAN, 1, 3, 2, 4 };	/* 1 2 3 4 5 NaN -> 3.5 */
	double two_nan[] = { NAN, 2, NAN, 1 };
	double all_nan[] = { NAN, NAN, NAN };

	(void)state;
	assert_same(stats_median(five, NELEM(five)), 3);
	assert_same(stats_median(front, NELEM(front)), 3);
	assert_same(stats_median(even, NELEM(even)), 3.5);
	assert_true(isnan(stats_median(two_nan, NELEM(two_nan))));
	assert_true(isnan(stats_median(all_nan, NELEM(all_nan))));
}

/*
 * The selection against the sort, over every size to 300 and inputs that
 * stress a partition: random, few distinct values, sorted, reversed,
 * organ pipe, all equal, and random or few distinct values with NaN
 * among them.
 */
static void
test_median_matches_sort(void **state)
{
	struct stats_rng g;
	double x[300], *s;
	size_t i, n;
	int kind;

	(void)state;
	stats_rng_seed(&g, 7);
	for (n = 1; n <= NELEM(x); n++) {
		for (kind = 0; kind < 8; kind++) {
			for (i = 0; i < n; i++) {
				switch (kind) {
				case 0:
					x[i] = uniform(&g) * 100 - 50;
					break;
				case 1:
					x[i] = (double)stats_rng_below(&g, 3);
					break;
				case 2:
					x[i] = (double)i;
					break;
				case 3:
					x[i] = (double)(n - i);
					break;
				case 4:
					x[i] = (double)(i < n / 2 ? i : n - i);
					break;
				case 5:
					x[i] = 1.5;
					break;
				case 6:
					x[i] = stats_rng_below(&g, 4) == 0 ?
					    NAN : uniform(&g) * 100 - 50;
					break;
				default:
					x[i] = (double)stats_rng_below(&g, 3);
					if (stats_rng_below(&g, 3) == 0)
						x[i] = NAN;
					break;
				}
			}
			s = sorted_copy(x, n);
			assert_same(stats_median(x, n),
			    stats_quantile_sorted(s, n, 0.5));
			free(s);
		}
	}
}

/*
 * x = { 2, 4, 4, 4, 5, 5, 7, 9 } (shuffled below), n = 8:
 *   mean = 40 / 8 = 5
 *   squared deviations 9 1 1 1 0 0 4 16, sum 32, sample variance 32/7
 *   sd = sqrt(32/7) = 2.1380899352993950, cv = sd / 5 = 0.42761798705987900
 * type 7 quantiles, h = 7q:
 *   p10: h = 0.7,  2 + 0.7 * (4 - 2)  = 3.4
 *   p50: h = 3.5,  4 + 0.5 * (5 - 4)  = 4.5
 *   p90: h = 6.3,  7 + 0.3 * (9 - 7)  = 7.6
 *   p99: h = 6.93, 7 + 0.93 * (9 - 7) = 8.86
 */
static void
test_summarize_known(void **state)
{
	double x[] = { 5, 2, 9, 4, 7, 4, 5, 4 };
	double copy[NELEM(x)], lo, hi;
	struct cb_summary s;

	(void)state;
	memcpy(copy, x, sizeof(x));
	stats_summarize(x, NELEM(x), 500, 1, &s);
	assert_memory_equal(x, copy, sizeof(x));
	assert_same(s.min, 2);
	assert_same(s.max, 9);
	assert_near(s.p10, 3.4, 1e-12);
	assert_near(s.median, 4.5, 1e-12);
	assert_near(s.p90, 7.6, 1e-12);
	assert_near(s.p99, 8.86, 1e-12);
	assert_near(s.mean, 5.0, 1e-12);
	assert_near(s.cv, 0.42761798705987900, 1e-12);
	assert_near(s.cv, sqrt(32.0 / 7.0) / 5.0, 1e-12);
	assert_true(s.min <= s.ci95_low && s.ci95_low <= s.median);
	assert_true(s.median <= s.ci95_high && s.ci95_high <= s.max);
	/* The same interval as asking for it directly. */
	stats_bootstrap_median_ci(x, NELEM(x), 500, 1, &lo, &hi);
	assert_same(s.ci95_low, lo);
	assert_same(s.ci95_high, hi);
}

/* Mirrored: the spread is the same, so cv must not go negative. */
static void
test_summarize_sign(void **state)
{
	static const double neg[] = { -5, -2, -9, -4, -7, -4, -5, -4 };
	static const double zero_mean[] = { -1, 1 };
	struct cb_summary s;

	(void)state;
	stats_summarize(neg, NELEM(neg), 100, 1, &s);
	assert_near(s.mean, -5.0, 1e-12);
	assert_near(s.cv, sqrt(32.0 / 7.0) / 5.0, 1e-12);
	assert_same(s.min, -9);
	assert_same(s.max, -2);
	stats_summarize(zero_mean, NELEM(zero_mean), 100, 1, &s);
	assert_same(s.mean, 0);
	assert_same(s.cv, 0);
}

static void
test_summarize_empty(void **state)
{
	struct cb_summary s;

	(void)state;
	memset(&s, 0, sizeof(s));
	stats_summarize(NULL, 0, 1000, 1, &s);
	assert_true(isnan(s.min));
	assert_true(isnan(s.p10));
	assert_true(isnan(s.median));
	assert_true(isnan(s.p90));
	assert_true(isnan(s.p99));
	assert_true(isnan(s.max));
	assert_true(isnan(s.mean));
	assert_true(isnan(s.cv));
	assert_true(isnan(s.ci95_low));
	assert_true(isnan(s.ci95_high));
}

static void
test_summarize_single(void **state)
{
	static const double x[] = { 12.75 };
	struct cb_summary s;

	(void)state;
	stats_summarize(x, 1, 1000, 1, &s);
	assert_same(s.min, 12.75);
	assert_same(s.p10, 12.75);
	assert_same(s.median, 12.75);
	assert_same(s.p90, 12.75);
	assert_same(s.p99, 12.75);
	assert_same(s.max, 12.75);
	assert_same(s.mean, 12.75);
	assert_same(s.cv, 0);
	assert_same(s.ci95_low, 12.75);
	assert_same(s.ci95_high, 12.75);
}

/*
 * Ten copies of 0.1 sum to 0.9999999999999999, so a one-pass mean is off
 * by an ulp and the cv is not 0; a constant sample must read as exact.
 */
static void
test_summarize_constant(void **state)
{
	double x[10];
	struct cb_summary s;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(x); i++)
		x[i] = 0.1;
	stats_summarize(x, NELEM(x), 200, 3, &s);
	assert_same(s.mean, 0.1);
	assert_same(s.cv, 0);
	assert_same(s.min, 0.1);
	assert_same(s.max, 0.1);
	assert_same(s.median, 0.1);
	assert_same(s.ci95_low, 0.1);
	assert_same(s.ci95_high, 0.1);
}

/* A large common offset must not cost the spread its precision. */
static void
test_summarize_offset(void **state)
{
	double x[8];
	static const double base[] = { 5, 2, 9, 4, 7, 4, 5, 4 };
	struct cb_summary s;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(x); i++)
		x[i] = 1e9 + base[i];
	stats_summarize(x, NELEM(x), 100, 1, &s);
	assert_same(s.mean, 1e9 + 5);
	/* sd is still sqrt(32/7); cv = sd / (1e9 + 5) */
	assert_near(s.cv * (1e9 + 5), sqrt(32.0 / 7.0), 1e-9);
}

/* Sizes whose buffers cannot be allocated fail cleanly, without reading x. */
static void
test_allocation_failure(void **state)
{
	static const double x[1];
	struct cb_summary s;
	double lo = 0, hi = 0;

	(void)state;
	assert_true(isnan(stats_median(x, SIZE_MAX)));
	stats_bootstrap_median_ci(x, SIZE_MAX, 100, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
	stats_summarize(x, SIZE_MAX, 100, 1, &s);
	assert_true(isnan(s.min) && isnan(s.median) && isnan(s.mean));
	assert_true(isnan(s.cv) && isnan(s.ci95_low) && isnan(s.ci95_high));
}

static void
test_fit_exact(void **state)
{
	double x[10], y[10];
	struct stats_fit f;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(x); i++) {
		x[i] = (double)i;
		y[i] = 3 * x[i] + 7;
	}
	assert_int_equal(stats_linear_fit(x, y, NELEM(x), &f), 0);
	assert_near(f.slope, 3, 1e-12);
	assert_near(f.intercept, 7, 1e-12);
	assert_near(f.r2, 1, 1e-12);
	/* Two points always lie on a line: (1, 1), (3, 0). */
	assert_int_equal(stats_linear_fit((const double []){ 1, 3 },
	    (const double []){ 1, 0 }, 2, &f), 0);
	assert_near(f.slope, -0.5, 1e-15);
	assert_near(f.intercept, 1.5, 1e-15);
	assert_near(f.r2, 1, 1e-15);
}

/*
 * x = 1 2 3 4 5, y = 2 4 5 4 5:
 *   mean x = 3, mean y = 4
 *   dx = -2 -1 0 1 2, dy = -2 0 1 0 1
 *   Sxx = 10, Sxy = 4 + 0 + 0 + 0 + 2 = 6, SStot = Syy = 4 + 0 + 1 + 0 + 1 = 6
 *   slope = 6 / 10 = 0.6, intercept = 4 - 0.6 * 3 = 2.2
 *   fitted 2.8 3.4 4.0 4.6 5.2, residuals -0.8 0.6 1.0 -0.6 -0.2
 *   SSres = 0.64 + 0.36 + 1 + 0.36 + 0.04 = 2.4, r2 = 1 - 2.4 / 6 = 0.6
 */
static void
test_fit_noisy(void **state)
{
	static const double x[] = { 1, 2, 3, 4, 5 };
	static const double y[] = { 2, 4, 5, 4, 5 };
	struct stats_fit f;

	(void)state;
	assert_int_equal(stats_linear_fit(x, y, NELEM(x), &f), 0);
	assert_near(f.slope, 0.6, 1e-12);
	assert_near(f.intercept, 2.2, 1e-12);
	assert_near(f.r2, 0.6, 1e-12);
}

/*
 * y = 3x + 7 at x = 1e9 .. 1e9 + 9: every value and centred sum is exact,
 * while raw sums of xy (~3e19) are not, so only a centred fit recovers the
 * line.
 */
static void
test_fit_offset(void **state)
{
	double x[10], y[10];
	struct stats_fit f;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(x); i++) {
		x[i] = 1e9 + (double)i;
		y[i] = 3 * x[i] + 7;
	}
	assert_int_equal(stats_linear_fit(x, y, NELEM(x), &f), 0);
	assert_near(f.slope, 3, 1e-12);
	assert_near(f.intercept, 7, 1e-3);
	assert_near(f.r2, 1, 1e-12);
}

static void
test_fit_degenerate(void **state)
{
	static const double cx[] = { 2, 2, 2, 2 };
	static const double tenth[] = { 0.1, 0.1, 0.1 };
	static const double y[] = { 1, 2, 3, 4 };
	static const double x[] = { 1, 2, 3, 4 };
	static const double cy[] = { 5, 5, 5, 5 };
	struct stats_fit f;

	(void)state;
	assert_int_equal(stats_linear_fit(cx, y, NELEM(cx), &f), -1);
	/* Constant, though a one-pass mean of it is 0.10000000000000002. */
	assert_int_equal(stats_linear_fit(tenth, y, NELEM(tenth), &f), -1);
	assert_int_equal(stats_linear_fit(x, y, 1, &f), -1);
	assert_int_equal(stats_linear_fit(x, y, 0, &f), -1);
	/* Constant y: the flat line is exact, r2 is 1 by convention. */
	assert_int_equal(stats_linear_fit(x, cy, NELEM(x), &f), 0);
	assert_same(f.slope, 0);
	assert_same(f.intercept, 5);
	assert_same(f.r2, 1);
}

static void
test_bootstrap_edges(void **state)
{
	static const double one[] = { 3.5 };
	static const double two[] = { 0, 1 };
	double lo, hi, c[50];
	size_t i;

	(void)state;
	stats_bootstrap_median_ci(NULL, 0, 1000, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
	stats_bootstrap_median_ci(one, 1, 1000, 1, &lo, &hi);
	assert_same(lo, 3.5);
	assert_same(hi, 3.5);
	stats_bootstrap_median_ci(two, 2, 0, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
	/*
	 * n = 2: a resample's median is 0, 0.5 or 1 with chance 1/4, 1/2,
	 * 1/4, so 2.5% and 97.5% of 1000 of them are 0 and 1.
	 */
	stats_bootstrap_median_ci(two, 2, 1000, 1, &lo, &hi);
	assert_same(lo, 0);
	assert_same(hi, 1);
	for (i = 0; i < NELEM(c); i++)
		c[i] = 17.25;
	stats_bootstrap_median_ci(c, NELEM(c), 1000, 9, &lo, &hi);
	assert_same(lo, 17.25);
	assert_same(hi, 17.25);
}

/*
 * The definition: sort the sample, draw n indices into it per resample,
 * take the type 7 median of each, then the 2.5% and 97.5% type 7
 * quantiles of the medians.  Written here with full sorts.
 */
static void
slow_bootstrap(const double *x, size_t n, unsigned resamples,
    uint64_t seed, double *lo, double *hi)
{
	struct stats_rng g;
	double *s, *r, *m;
	unsigned k;
	size_t i;

	s = sorted_copy(x, n);
	r = malloc(n * sizeof(*r));
	m = malloc(resamples * sizeof(*m));
	assert_non_null(r);
	assert_non_null(m);
	stats_rng_seed(&g, seed);
	for (k = 0; k < resamples; k++) {
		for (i = 0; i < n; i++)
			r[i] = s[stats_rng_below(&g, n)];
		stats_sort(r, n);
		m[k] = stats_quantile_sorted(r, n, 0.5);
	}
	stats_sort(m, resamples);
	*lo = stats_quantile_sorted(m, resamples, 0.025);
	*hi = stats_quantile_sorted(m, resamples, 0.975);
	free(s);
	free(r);
	free(m);
}

static void
test_bootstrap_definition(void **state)
{
	static const size_t sizes[] = { 2, 3, 10, 101, 100, 257 };
	double x[257], lo, hi, wlo, whi;
	struct stats_rng g;
	size_t i, j;

	(void)state;
	for (j = 0; j < NELEM(sizes); j++) {
		fill_normalish(x, sizes[j], 10, 100 + j);
		stats_bootstrap_median_ci(x, sizes[j], 300, 5, &lo, &hi);
		slow_bootstrap(x, sizes[j], 300, 5, &wlo, &whi);
		assert_same(lo, wlo);
		assert_same(hi, whi);
	}
	/* With ties: few distinct values, as quantized cycle counts are. */
	stats_rng_seed(&g, 11);
	for (i = 0; i < 100; i++)
		x[i] = 40 + (double)stats_rng_below(&g, 4);
	stats_bootstrap_median_ci(x, 100, 300, 5, &lo, &hi);
	slow_bootstrap(x, 100, 300, 5, &wlo, &whi);
	assert_same(lo, wlo);
	assert_same(hi, whi);
}

static void
test_bootstrap_properties(void **state)
{
	double x[1000], copy[1000], rev[1000], lo, hi, lo2, hi2, med, w30;
	size_t i;

	(void)state;
	fill_normalish(x, 30, 100, 1);
	memcpy(copy, x, 30 * sizeof(*x));
	med = stats_median(x, 30);
	stats_bootstrap_median_ci(x, 30, 1000, 42, &lo, &hi);
	assert_memory_equal(x, copy, 30 * sizeof(*x));
	assert_true(lo <= med && med <= hi);
	assert_true(lo < hi);
	w30 = hi - lo;

	/* Deterministic for a seed, and blind to the order of the sample. */
	stats_bootstrap_median_ci(x, 30, 1000, 42, &lo2, &hi2);
	assert_same(lo2, lo);
	assert_same(hi2, hi);
	for (i = 0; i < 30; i++)
		rev[i] = x[29 - i];
	stats_bootstrap_median_ci(rev, 30, 1000, 42, &lo2, &hi2);
	assert_same(lo2, lo);
	assert_same(hi2, hi);

	/*
	 * The standard error of a normal median is about 1.2533 / sqrt(n):
	 * the interval is near 0.9 wide at n = 30 and near 0.16 at 1000.
	 */
	fill_normalish(x, 1000, 100, 2);
	med = stats_median(x, 1000);
	stats_bootstrap_median_ci(x, 1000, 1000, 42, &lo, &hi);
	assert_true(lo <= med && med <= hi);
	assert_true(hi - lo < w30 / 2);
	assert_true(w30 > 0.3 && w30 < 2.5);
	assert_true(hi - lo > 0.05 && hi - lo < 0.4);
}

/* Normal-ish noise (Irwin-Hall of 12) of relative size `rel' around v. */
static double
around(struct stats_rng *g, double v, double rel)
{
	double s = -6;
	int k;

	for (k = 0; k < 12; k++)
		s += uniform(g);
	return (v * (1 + rel * s));
}

/* The median of round medians weighs rounds, not samples, alike. */
static void
test_centre_weighs_rounds(void **state)
{
	/* Round 0: 9 samples at 10; rounds 1 and 2: one sample at 20. */
	double x[] = { 10, 10, 10, 10, 10, 10, 10, 10, 10, 20, 20 };
	size_t count[] = { 9, 1, 1 };
	struct stats_rounds s = { x, count, 3 };

	(void)state;
	assert_int_equal(stats_rounds_total(&s), 11);
	assert_near(stats_rounds_centre(&s), 20, 0);
	/* A round that kept nothing is no round. */
	count[1] = 0;
	count[2] = 2;
	assert_near(stats_rounds_centre(&s), 15, 0);
}

static void
test_centre_empty(void **state)
{
	size_t count[] = { 0, 0 };
	struct stats_rounds s = { NULL, count, 2 };
	double lo, hi;

	(void)state;
	assert_true(isnan(stats_rounds_centre(&s)));
	stats_rounds_ci(&s, 100, 1, &lo, &hi);
	assert_true(isnan(lo) && isnan(hi));
}

/*
 * Rounds that each sit in their own phase: the samples of a round agree
 * to 0.1%, the rounds spread 5%.  An interval over pooled samples would
 * be a few tenths of a percent wide; over rounds it must span most of
 * the rounds' spread, and it must hold the centre.
 */
static void
test_hierarchical_interval_spans_rounds(void **state)
{
	enum { R = 9, N = 30 };
	double x[R * N], lo, hi, pooled_lo, pooled_hi, c;
	size_t count[R], r, i;
	struct stats_rng g;
	struct stats_rounds s = { x, count, R };

	(void)state;
	stats_rng_seed(&g, 42);
	for (r = 0; r < R; r++) {
		count[r] = N;
		for (i = 0; i < N; i++)
			x[r * N + i] = around(&g, 100 * (1 + 0.05 *
			    ((double)r / (R - 1) - 0.5)), 0.001);
	}
	c = stats_rounds_centre(&s);
	stats_rounds_ci(&s, 1000, 7, &lo, &hi);
	stats_bootstrap_median_ci(x, R * N, 1000, 7, &pooled_lo, &pooled_hi);
	assert_true(lo <= c && c <= hi);
	assert_true(hi - lo > 1.5);		/* of the 5 the rounds span */
	assert_true(hi - lo > 3 * (pooled_hi - pooled_lo));
	/* Deterministic for a seed. */
	stats_rounds_ci(&s, 1000, 7, &pooled_lo, &pooled_hi);
	assert_near(pooled_lo, lo, 0);
	assert_near(pooled_hi, hi, 0);
}

/*
 * Coverage: rounds drawn from one distribution, many times over; the 95%
 * interval of each draw should hold the true median of round medians
 * most of the time (the percentile bootstrap runs a little narrow with
 * few rounds, which is why the study measures it live as well).
 */
static void
test_hierarchical_coverage(void **state)
{
	enum { TRIALS = 200, R = 12, N = 10 };
	double x[R * N], lo, hi;
	size_t count[R], r, i, t, held = 0;
	struct stats_rng g;
	struct stats_rounds s = { x, count, R };

	(void)state;
	stats_rng_seed(&g, 3);
	for (t = 0; t < TRIALS; t++) {
		for (r = 0; r < R; r++) {
			double phase = around(&g, 50, 0.02);

			count[r] = N;
			for (i = 0; i < N; i++)
				x[r * N + i] = around(&g, phase, 0.005);
		}
		stats_rounds_ci(&s, 400, t, &lo, &hi);
		held += lo <= 50 && 50 <= hi;
	}
	assert_true(held >= TRIALS * 85 / 100);
}

/* One round: the plain bootstrap of its median. */
static void
test_one_round(void **state)
{
	double x[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 }, lo, hi, plo, phi;
	size_t count[] = { 9 };
	struct stats_rounds s = { x, count, 1 };

	(void)state;
	stats_rounds_ci(&s, 500, 11, &lo, &hi);
	stats_bootstrap_median_ci(x, 9, 500, 11, &plo, &phi);
	assert_true(lo >= 1 && hi <= 9 && lo < 5 && hi > 5);
	assert_true(fabs((hi - lo) - (phi - plo)) <= 2);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quantile_one_to_ten),
		cmocka_unit_test(test_quantile_edges),
		cmocka_unit_test(test_sort),
		cmocka_unit_test(test_median_small),
		cmocka_unit_test(test_median_large),
		cmocka_unit_test(test_median_nan_last),
		cmocka_unit_test(test_median_matches_sort),
		cmocka_unit_test(test_summarize_known),
		cmocka_unit_test(test_summarize_sign),
		cmocka_unit_test(test_summarize_empty),
		cmocka_unit_test(test_summarize_single),
		cmocka_unit_test(test_summarize_constant),
		cmocka_unit_test(test_summarize_offset),
		cmocka_unit_test(test_allocation_failure),
		cmocka_unit_test(test_fit_exact),
		cmocka_unit_test(test_fit_noisy),
		cmocka_unit_test(test_fit_offset),
		cmocka_unit_test(test_fit_degenerate),
		cmocka_unit_test(test_bootstrap_edges),
		cmocka_unit_test(test_bootstrap_definition),
		cmocka_unit_test(test_bootstrap_properties),
		cmocka_unit_test(test_centre_weighs_rounds),
		cmocka_unit_test(test_centre_empty),
		cmocka_unit_test(test_hierarchical_interval_spans_rounds),
		cmocka_unit_test(test_hierarchical_coverage),
		cmocka_unit_test(test_one_round),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
