/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * JSON numbers to doubles, correctly rounded, without strtod for the
 * numbers cyclebench writes: up to 19 significant digits and a decimal
 * exponent q (of the last digit) within pow5_table.h's range.  strtod
 * takes each text through multiprecision arithmetic and was the largest
 * part of reading a results file (docs/store.md).
 *
 * Digits w below 2^53 with |q| <= 22 are one exact operation of two exact
 * doubles, w * 10^q or w / 10^-q, which IEEE arithmetic rounds correctly
 * (Clinger's fast path; only where doubles are evaluated as doubles, not
 * x87's extended precision).  Other digits take the Eisel-Lemire method
 * (Lemire, "Number Parsing at a Gigabyte per Second", 2021): w normalised
 * to 64 bits times 5^q to 128 bits gives the significand's bits and the
 * one below them; a product too close to a rounding boundary to decide,
 * and every other text, goes to strtod.  test_decimal_double holds every
 * path to strtod, bit for bit.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "results/decimal_double.h"
#include "results/pow5_table.h"

#define SIGNIFICAND_BITS	52
#define EXPONENT_BIAS		1023
#define MAX_DIGITS		19	/* what a uint64_t always holds */

/* Sign, significant digits and the power of ten of the last. */
struct decimal {
	uint64_t	w;
	long		q;
	int		negative;
};

/*
 * The digits from p on, into *w, and how many are significant (not
 * leading zeros) into *n; where the digits end.  Past MAX_DIGITS, w has
 * wrapped and the caller does not use it.
 */
static const char *
digits_in(const char *p, const char *end, uint64_t *w, int *n)
{
	uint64_t v = *w;
	int significant = *n;

	for (; p < end && *p >= '0' && *p <= '9'; p++) {
		v = v * 10 + (uint64_t)(*p - '0');
		significant += significant > 0 || *p != '0';
	}
	*w = v;
	*n = significant;
	return (p);
}

/* s[0..len-1] as a decimal, or -1 when it is one for strtod. */
static int
split(const char *s, size_t len, struct decimal *d)
{
	const char *p = s, *end = s + len, *digits;
	long exponent = 0, fraction = 0;
	int n = 0, exp_negative = 0;

	d->w = 0;
	d->negative = p < end && *p == '-';
	digits = p += d->negative;
	if ((p = digits_in(p, end, &d->w, &n)) == digits)
		return (-1);
	if (p < end && *p == '.') {
		digits = ++p;
		if ((p = digits_in(p, end, &d->w, &n)) == digits)
			return (-1);
		fraction = p - digits;
	}
	if (n > MAX_DIGITS)
		return (-1);
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			exp_negative = *p++ == '-';
		if (p == end || *p < '0' || *p > '9')
			return (-1);
		for (; p < end && *p >= '0' && *p <= '9'; p++)
			if ((exponent = exponent * 10 + (*p - '0')) > 100000)
				return (-1);
	}
	if (p != end)
		return (-1);
	d->q = (exp_negative ? -exponent : exponent) - fraction;
	return (0);
}

/* a * b as high and low words. */
static void
mul_64x64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
#ifdef __SIZEOF_INT128__
	unsigned __int128 p = (unsigned __int128)a * b;

	*hi = (uint64_t)(p >> 64);
	*lo = (uint64_t)p;
#else
	uint64_t a0 = a & 0xffffffff, a1 = a >> 32;
	uint64_t b0 = b & 0xffffffff, b1 = b >> 32;
	uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
	uint64_t mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);

	*hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
	*lo = (mid << 32) | (p00 & 0xffffffff);
#endif
}

/*
 * floor(log2(10^q)), by 217706 / 2^16 for log2(10), exact for |q| < 2^11;
 * without shifting a negative number, which C leaves to the compiler.
 */
static long
floor_log2_pow10(long q)
{

	return (q >= 0 ? (q * 217706) >> 16 : -((-q * 217706 + 65535) >> 16));
}

/*
 * The bits of the double nearest w * 10^q, for w > 0 and q in the table,
 * or -1 when the 128-bit product cannot say.  Lemire's section 5, with
 * section 6's ties: only an exact product can be a tie, and only for
 * -4 <= q <= 23 is w * 5^q both exact in 128 bits and able to be one.
 */
static int
eisel_lemire(uint64_t w, long q, uint64_t *bits)
{
	const uint64_t *pow5 = pow5_128[q - POW5_MIN_Q];
	uint64_t hi, lo, hi2, lo2, significand;
	int zeros, top, shift;
	long power2;

	zeros = __builtin_clzll(w);
	w <<= zeros;
	mul_64x64(w, pow5[0], &hi, &lo);
	/* The low bits kept are all ones: the next word may carry into them. */
	if ((hi & 0x1ff) == 0x1ff) {
		mul_64x64(w, pow5[1], &hi2, &lo2);
		lo += hi2;
		hi += lo < hi2;
	}
	/* Still all ones: what the table leaves out could carry into
	   them, except where 5^q fits 128 bits or no tie is near. */
	if (lo == UINT64_MAX && (q < -27 || q > 55))
		return (-1);
	top = (int)(hi >> 63);
	shift = top + 64 - SIGNIFICAND_BITS - 3;
	significand = hi >> shift;
	power2 = floor_log2_pow10(q) + 63 + top - zeros + EXPONENT_BIAS;
	if (lo <= 1 && q >= -4 && q <= 23 && (significand & 3) == 1 &&
	    significand << shift == hi)
		significand &= ~(uint64_t)1;	/* a tie, to even: not up */
	significand += significand & 1;
	significand >>= 1;
	if (significand >= (uint64_t)2 << SIGNIFICAND_BITS) {
		significand = (uint64_t)1 << SIGNIFICAND_BITS;
		power2++;
	}
	/* Subnormal or infinite: not within the table's powers. */
	if (power2 <= 0 || power2 >= 0x7ff)
		return (-1);
	*bits = (significand & ~((uint64_t)1 << SIGNIFICAND_BITS)) |
	    (uint64_t)power2 << SIGNIFICAND_BITS;
	return (0);
}

static double
by_strtod(const char *s, size_t len)
{
	char small[64], *text = small;
	double d;

	if (len >= sizeof(small) && (text = malloc(len + 1)) == NULL)
		return (NAN);
	memcpy(text, s, len);
	text[len] = '\0';
	d = strtod(text, NULL);
	if (text != small)
		free(text);
	return (d);
}

double
decimal_to_double(const char *s, size_t len)
{
	struct decimal d;
	uint64_t bits;
	double v;

	if (split(s, len, &d) != 0)
		return (by_strtod(s, len));
	if (d.w == 0)
		return (d.negative ? -0.0 : 0.0);
#if FLT_EVAL_METHOD == 0
	if (d.w <= (uint64_t)1 << 53 && d.q >= -22 && d.q <= 22) {
		static const double exact_pow10[] = {
			1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
			1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
			1e20, 1e21, 1e22
		};

		v = (double)d.w;
		v = d.q < 0 ? v / exact_pow10[-d.q] : v * exact_pow10[d.q];
		return (d.negative ? -v : v);
	}
#endif
	if (d.q < POW5_MIN_Q || d.q > POW5_MAX_Q ||
	    eisel_lemire(d.w, d.q, &bits) != 0)
		return (by_strtod(s, len));
	memcpy(&v, &bits, sizeof(v));
	return (d.negative ? -v : v);
}
