/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/stats_rng.c, the bootstrap's generator: published
 * reference vectors for xoshiro256** and splitmix64, the same stream for
 * the same seed, and draws below a bound that are in range and unbiased
 * (a chi-square test with a threshold only real bias trips).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>

#include "core/stats.h"
#include "near.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * Published reference vectors: xoshiro256** from the state {1, 2, 3, 4}
 * (as in rand_xoshiro's tests), and the first four splitmix64 outputs for
 * seed 0, which become the seeded state.
 */
static void
test_rng_reference(void **state)
{
	static const uint64_t want[] = {
		11520ULL, 0ULL, 1509978240ULL, 1215971899390074240ULL,
		1216172134540287360ULL, 607988272756665600ULL,
		16172922978634559625ULL, 8476171486693032832ULL,
		10595114339597558777ULL, 2904607092377533576ULL
	};
	struct stats_rng g = { { 1, 2, 3, 4 } };
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(want); i++)
		assert_true(stats_rng_next(&g) == want[i]);
	stats_rng_seed(&g, 0);
	assert_true(g.s[0] == 0xe220a8397b1dcdafULL);
	assert_true(g.s[1] == 0x6e789e6aa1b965f4ULL);
	assert_true(g.s[2] == 0x06c45d188009454fULL);
	assert_true(g.s[3] == 0xf88bb8a8724c81ecULL);
}

static void
test_rng_seeding(void **state)
{
	struct stats_rng a, b, c;
	int i, differ = 0;

	(void)state;
	stats_rng_seed(&a, 12345);
	stats_rng_seed(&b, 12345);
	stats_rng_seed(&c, 12346);
	for (i = 0; i < 100; i++) {
		uint64_t va = stats_rng_next(&a);

		assert_true(va == stats_rng_next(&b));
		differ += va != stats_rng_next(&c);
	}
	assert_true(differ > 90);
}

/*
 * 100000 draws below 10: Pearson's chi-square has 9 degrees of freedom,
 * mean 9; 40 is beyond the 1e-5 tail, so only real bias trips it.
 */
static void
test_rng_below_uniform(void **state)
{
	struct stats_rng g;
	unsigned long counts[10] = { 0 };
	double chi2, d, e;
	uint64_t v;
	size_t i;

	(void)state;
	stats_rng_seed(&g, 2024);
	for (i = 0; i < 100000; i++) {
		v = stats_rng_below(&g, 10);
		assert_true(v < 10);
		counts[v]++;
	}
	e = 100000.0 / 10;
	chi2 = 0;
	for (i = 0; i < 10; i++) {
		d = (double)counts[i] - e;
		chi2 += d * d / e;
	}
	assert_true(chi2 < 40);
}

/*
 * bound = 1.5 * 2^63: uniform draws land at or above 2^63 a third of the
 * time.  A plain modulo doubles the odds of [0, 2^62) and gives a quarter.
 */
static void
test_rng_below_large(void **state)
{
	const uint64_t bound = 3ULL << 62;
	struct stats_rng g;
	unsigned long high = 0;
	uint64_t v;
	size_t i;

	(void)state;
	stats_rng_seed(&g, 99);
	for (i = 0; i < 100000; i++) {
		v = stats_rng_below(&g, bound);
		assert_true(v < bound);
		high += v >= 1ULL << 63;
	}
	assert_near((double)high / 100000, 1.0 / 3, 0.01);
	for (i = 0; i < 1000; i++) {
		assert_true(stats_rng_below(&g, 1) == 0);
		assert_true(stats_rng_below(&g, 0) == 0);
		assert_true(stats_rng_below(&g, UINT64_MAX) < UINT64_MAX);
	}
}

/*
 * Draws worked out by hand from the generator's own outputs x, the same
 * seed drawn twice.  Bound 2^32: the high word of x * 2^32 is x >> 32,
 * and no low word is below the threshold 2^64 mod 2^32 = 0.  Bound
 * 2^63 + 1: x * bound = x 2^63 + x, so the low word is (x << 63) + x and
 * the high word x >> 1 plus that sum's carry; low words below the
 * threshold (2^64 - bound) mod bound = 2^63 - 1 are rejected, about half
 * of them, and the next x is drawn.  Both check the 128-bit product on
 * every build (i386's is schoolbook) and the second the rejection.
 */
static void
test_rng_below_known(void **state)
{
	const uint64_t bound = (1ULL << 63) + 1, threshold = (1ULL << 63) - 1;
	struct stats_rng a, b;
	uint64_t x, lo;
	size_t i, rejected = 0;

	(void)state;
	stats_rng_seed(&a, 77);
	stats_rng_seed(&b, 77);
	for (i = 0; i < 1000; i++) {
		x = stats_rng_next(&b);
		assert_true(stats_rng_below(&a, 1ULL << 32) == x >> 32);
	}
	stats_rng_seed(&a, 5);
	stats_rng_seed(&b, 5);
	for (i = 0; i < 1000; i++) {
		for (;;) {
			x = stats_rng_next(&b);
			lo = (x << 63) + x;
			if (lo >= threshold)
				break;
			rejected++;
		}
		assert_true(stats_rng_below(&a, bound) ==
		    (x >> 1) + (lo < x));
	}
	assert_true(rejected > 300 && rejected < 3000);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rng_reference),
		cmocka_unit_test(test_rng_seeding),
		cmocka_unit_test(test_rng_below_uniform),
		cmocka_unit_test(test_rng_below_large),
		cmocka_unit_test(test_rng_below_known),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
