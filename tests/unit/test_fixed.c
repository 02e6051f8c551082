/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for util/fixed.c: signed and unsigned fixed decimals with a
 * suffix, and never a negative zero, whether the value is -0.0, a tiny
 * negative or one just under the rounding edge; real negatives, NaN and
 * infinities keep their sign, and a small buffer is cut, not overrun.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "util/fixed.h"

static char *
fx(double v, int decimals, int sign, const char *suffix)
{
	static char buf[32];

	return (fixed_text(buf, sizeof(buf), v, decimals, sign, suffix));
}

static void
test_plain(void **state)
{

	(void)state;
	assert_string_equal(fx(1.25, 1, 1, "%"), "+1.2%");
	assert_string_equal(fx(-0.44, 1, 1, "%"), "-0.4%");
	assert_string_equal(fx(-0.05, 2, 0, NULL), "-0.05");
	assert_string_equal(fx(-12.0, 0, 1, "%"), "-12%");
	assert_string_equal(fx(-100.4, 1, 0, " us"), "-100.4 us");
	assert_string_equal(fx(3, 2, 0, NULL), "3.00");
}

static void
test_no_negative_zero(void **state)
{

	(void)state;
	assert_string_equal(fx(-0.0, 1, 1, "%"), "+0.0%");
	assert_string_equal(fx(-0.04, 1, 1, "%"), "+0.0%");
	assert_string_equal(fx(-0.0499, 1, 1, "%"), "+0.0%");
	assert_string_equal(fx(-0.3, 0, 1, "%"), "+0%");
	assert_string_equal(fx(-0.001, 2, 0, NULL), "0.00");
	assert_string_equal(fx(-0.0, 3, 0, " us"), "0.000 us");
	assert_string_equal(fx(-4e-300, 1, 0, NULL), "0.0");
	/* Just past the edge a value is no zero, and keeps its sign. */
	assert_string_equal(fx(-0.051, 1, 1, "%"), "-0.1%");
}

static void
test_edges(void **state)
{
	char buf[4];

	(void)state;
	assert_string_equal(fx(-INFINITY, 1, 1, NULL), "-inf");
	assert_string_equal(fx(INFINITY, 1, 1, NULL), "+inf");
	assert_string_equal(fx(-NAN, 1, 0, NULL), "-nan");
	fixed_text(buf, sizeof(buf), -0.001, 2, 1, "%");
	assert_string_equal(buf, "+0.");
	fixed_text(buf, sizeof(buf), -123.4, 2, 1, "%");
	assert_string_equal(buf, "-12");
	assert_null(fixed_text(NULL, 0, 1, 1, 1, NULL));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain),
		cmocka_unit_test(test_no_negative_zero),
		cmocka_unit_test(test_edges),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
