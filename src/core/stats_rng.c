/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The bootstrap's random numbers (core/stats.h): xoshiro256** seeded by
 * splitmix64 (Blackman and Vigna, "Scrambled Linear Pseudorandom Number
 * Generators", 2021), and Lemire's multiply-and-reject for a number below a
 * bound without bias, so that a seed gives the same intervals everywhere.
 */
#include <stdint.h>

#include "core/stats.h"

static uint64_t
splitmix64(uint64_t *x)
{
	uint64_t z;

	z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

/*
 * splitmix64 is a bijection of its counter, so the four words are distinct
 * and never all zero, the one state xoshiro cannot leave.
 */
void
stats_rng_seed(struct stats_rng *g, uint64_t seed)
{
	int i;

	for (i = 0; i < 4; i++)
		g->s[i] = splitmix64(&seed);
}

static inline uint64_t
rotl(uint64_t x, int k)
{
	return ((x << k) | (x >> (64 - k)));
}

/* xoshiro256** 1.0 (Blackman and Vigna). */
uint64_t
stats_rng_next(struct stats_rng *g)
{
	uint64_t *s = g->s, result, t;

	result = rotl(s[1] * 5, 7) * 9;
	t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return (result);
}

/* The 128-bit product of a and b as high and low words. */
static inline void
mul64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 p = (unsigned __int128)a * b;

	*hi = (uint64_t)(p >> 64);
	*lo = (uint64_t)p;
#else
	/* i386 has no 128-bit type: schoolbook on 32-bit halves. */
	uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;

	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	*lo = (mid << 32) | (uint32_t)p00;
#endif
}

/*
 * Lemire's multiply-and-reject: the high word of x * bound is uniform once
 * the low words below 2^64 mod bound are rejected, and the division that
 * computes that threshold is needed only in the rare near-miss case.
 * A bound of 0 has no valid answer; it gives 0.
 */
uint64_t
stats_rng_below(struct stats_rng *g, uint64_t bound)
{
	uint64_t hi, lo, threshold;

	if (bound == 0)
		return (0);
	mul64(stats_rng_next(g), bound, &hi, &lo);
	if (lo < bound) {
		threshold = -bound % bound;
		while (lo < threshold)
			mul64(stats_rng_next(g), bound, &hi, &lo);
	}
	return (hi);
}
