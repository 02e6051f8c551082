/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/decimal_double.c, against strtod, bit for bit:
 * chosen texts (zeros, limits, ties, the long and the malformed), random
 * doubles as printf writes them, random digit strings with exponents in
 * and beyond the table, and exact ties between two doubles, which only
 * the Eisel-Lemire method's tie rule rounds right.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/decimal_double.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))
#define RANDOM_CASES	100000

/* 1 when decimal_to_double and strtod agree on text, as print_error says. */
static int
same_as_strtod(const char *text)
{
	double mine, theirs;

	mine = decimal_to_double(text, strlen(text));
	theirs = strtod(text, NULL);
	if (memcmp(&mine, &theirs, sizeof(mine)) == 0)
		return (1);
	print_error("%s: %.17g, strtod %.17g\n", text, mine, theirs);
	return (0);
}

/* splitmix64: the same cases on every machine. */
static uint64_t
next(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return (z ^ (z >> 31));
}

static void
test_chosen(void **state)
{
	static const char *const texts[] = {
		"0", "-0", "0.0", "-0.0", "0e5", "-0.000e-7", "1", "-1",
		"0.1", "0.3", "2.5", "1e22", "1e23", "9007199254740992",
		"9007199254740993", "9007199254740993.0", "9007199254740995",
		"90071992547409930e-1", "900719925474099.3e1",
		"18446744073709551615", "18446744073709551616", "1e19",
		"9999999999999999999", "1.7976931348623157e308",
		"1.7976931348623159e308", "1e400", "-1e400", "4.9e-324",
		"2.4703282292062327e-324", "2.2250738585072014e-308",
		"2.2250738585072011e-308", "1e-400", "1e-64", "1e-65", "1e64",
		"1e65", "1.002801203887527", "0.18188958340151193",
		"2299998190.0284166", "3.001183973241618e-05",
		"0.1000000000000000055511151231257827021181583404541015625",
		"123456789012345678901234567890e-10",
		("0.000000000000000000000000000000000000000000000000000000000"
		    "000000000000000000000000000000001"),
		"1e100000", "1e-100000", "1e999999999999",
		"", "-", "1.", ".5", "1e", "1e+", "+1", "01", "0x10", "inf",
		"nan", "1.5x", "1,5",
	};
	size_t i;
	int ok = 1;

	(void)state;
	for (i = 0; i < NELEM(texts); i++)
		ok &= same_as_strtod(texts[i]);
	assert_true(ok);
}

/* Text is not read past len: the digits after it are not its. */
static void
test_length(void **state)
{

	(void)state;
	assert_true(decimal_to_double("1.25e2999", 4) == 1.25);
	assert_true(decimal_to_double("3.0000000000000000000000000001", 3) ==
	    3.0);
	assert_true(decimal_to_double("0.1234567890123456789012345678901234"
	    "5678901234567890123456789012345678901234567890", 70) ==
	    strtod("0.1234567890123456789012345678901234567890123456789012"
	    "345678901234", NULL));
}

/* Doubles of every magnitude and near 1, as %.Ng and %.Ne write them. */
static void
test_random_doubles(void **state)
{
	char text[64];
	uint64_t seed = 1, bits;
	double d;
	int i, ok = 1;

	(void)state;
	for (i = 0; i < RANDOM_CASES && ok; i++) {
		bits = next(&seed);
		if (i % 2 == 0)	/* within 1e-20 and 1e20 */
			bits = (bits & 0x800fffffffffffffULL) |
			    (uint64_t)(1023 - 66 + (int)(bits % 133)) << 52;
		memcpy(&d, &bits, sizeof(d));
		if (!isfinite(d))
			continue;
		snprintf(text, sizeof(text), "%.*g", 15 + i % 3, d);
		ok &= same_as_strtod(text);
		snprintf(text, sizeof(text), "%.*e", i % 19, d);
		ok &= same_as_strtod(text);
	}
	assert_true(ok);
}

/* Up to 19 digits, a point anywhere, exponents in and past the table. */
static void
test_random_digits(void **state)
{
	char text[64], *p;
	uint64_t seed = 2, r;
	int i, k, ndigits, point, ok = 1;

	(void)state;
	for (i = 0; i < RANDOM_CASES && ok; i++) {
		r = next(&seed);
		p = text;
		if (r & 1)
			*p++ = '-';
		ndigits = 1 + (int)((r >> 1) % 20);
		point = (int)((r >> 8) % (uint64_t)(ndigits + 1));
		for (k = 0; k < ndigits; k++) {
			if (k == point && k > 0)
				*p++ = '.';
			*p++ = (char)('0' + next(&seed) % 10);
		}
		if ((r >> 16) % 3 != 0)
			p += sprintf(p, "e%d", (int)((r >> 20) % 181) - 90);
		*p = '\0';
		ok &= same_as_strtod(text);
	}
	assert_true(ok);
}

/*
 * Exact ties: n * 2^s with n odd and between 2^53 and 2^54 lies halfway
 * between two doubles, and rounds to the even one.  Written as integers,
 * with zeros and a negative exponent, and, where n is a multiple of 5^q,
 * as m e q; and n / 2^k as n * 5^k e -k.  The tie rule must see through
 * each exponent from -4 to 23, where such a tie fits 19 digits.
 */
static void
test_ties(void **state)
{
	char text[64];
	uint64_t seed = 3, n, pow5, m;
	int s, q, j, i, ok = 1;

	(void)state;
	for (i = 0; i < 2000; i++) {
		n = ((uint64_t)1 << 53) | next(&seed) >> 11 | 1;
		for (s = 0; s <= 10; s++) {
			snprintf(text, sizeof(text), "%" PRIu64, n << s);
			ok &= same_as_strtod(text);
			for (j = 1; j <= 3 && strlen(text) + j <= 19; j++) {
				snprintf(text, sizeof(text), "%" PRIu64 "%.*se-%d",
				    n << s, j, "000", j);
				ok &= same_as_strtod(text);
			}
		}
		for (q = 1, pow5 = 5; q <= 4; q++, pow5 *= 5) {
			snprintf(text, sizeof(text), "%" PRIu64 "e-%d", n * pow5,
			    q);
			ok &= same_as_strtod(text);
		}
		for (q = 1, pow5 = 5; q <= 23; q++, pow5 *= 5) {
			m = n / pow5 | 1;
			while (m * pow5 < (uint64_t)1 << 53)
				m += 2;
			if ((m * pow5) >> 54 != 0)
				continue;
			for (s = q; s <= q + 8; s++) {
				snprintf(text, sizeof(text), "%" PRIu64 "e%d",
				    m << (s - q), q);
				ok &= same_as_strtod(text);
			}
		}
	}
	assert_true(ok);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chosen),
		cmocka_unit_test(test_length),
		cmocka_unit_test(test_random_doubles),
		cmocka_unit_test(test_random_digits),
		cmocka_unit_test(test_ties),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
