/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/units.c, figures as the tables print them:
 * cycles scaled by k, M and G, times in the unit that keeps them short,
 * intervals in cycles with the digits that keep a tiny one from reading
 * 0.00, levels on one line; and at the edges, never a number that is not
 * one (NaN, infinities print "-"), negatives scaled as their size says
 * and never a negative zero, and a huge value or a small buffer cut
 * short rather than written past.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cyclebench.h"
#include "report/units.h"

static char *
text(void (*fn)(char *, size_t, double), double v)
{
	static char buf[64];

	fn(buf, sizeof(buf), v);
	return (buf);
}

static void
test_units(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(text(report_cycles_text, 3.0), "3.00");
	assert_string_equal(text(report_cycles_text, 315.24), "315.2");
	assert_string_equal(text(report_cycles_text, 9999), "9999");
	assert_string_equal(text(report_cycles_text, 12200), "12.2k");
	assert_string_equal(text(report_cycles_text, 935800), "936k");
	assert_string_equal(text(report_cycles_text, 999600), "1.00M");
	assert_string_equal(text(report_cycles_text, 38.0e6), "38.0M");
	assert_string_equal(text(report_time_text, 0.334), "0.33ns");
	assert_string_equal(text(report_time_text, 105.2), "105ns");
	assert_string_equal(text(report_time_text, 290327), "290\u00b5s");
	assert_string_equal(text(report_time_text, 1250), "1.25\u00b5s");
	assert_string_equal(text(report_time_text, 12.3e6), "12.3ms");
	assert_string_equal(text(report_time_text, 2.5e9), "2.50s");
	/* An interval is in cycles, never 0.00 when tiny, scaled as the
	   cycles column is past ten thousand. */
	report_ci_text(buf, sizeof(buf), 0.0012);
	assert_string_equal(buf, "0.0012");
	report_ci_text(buf, sizeof(buf), 0.00001234);
	assert_string_equal(buf, "0.000012");
	report_ci_text(buf, sizeof(buf), 0.0000001);
	assert_string_equal(buf, "<0.000001");
	report_ci_text(buf, sizeof(buf), 0.06);
	assert_string_equal(buf, "0.060");
	report_ci_text(buf, sizeof(buf), 0.12);
	assert_string_equal(buf, "0.12");
	report_ci_text(buf, sizeof(buf), 17.04);
	assert_string_equal(buf, "17.0");
	report_ci_text(buf, sizeof(buf), 0);
	assert_string_equal(buf, "0");
	report_ci_text(buf, sizeof(buf), NAN);
	assert_string_equal(buf, "-");
	report_ci_text(buf, sizeof(buf), 15100);
	assert_string_equal(buf, "15.1k");
}

/* What is not a number is "-", never "nan", "inf" or 0. */
static void
test_not_finite(void **state)
{
	static const double bad[] = { NAN, INFINITY, -INFINITY };
	char buf[16];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_string_equal(text(report_cost_text, bad[i]), "-");
		assert_string_equal(text(report_cycles_text, bad[i]), "-");
		assert_string_equal(text(report_time_text, bad[i]), "-");
		report_ci_text(buf, sizeof(buf), bad[i]);
		assert_string_equal(buf, "-");
	}
}

/* The digits follow the size, whatever the sign; 0 is a figure. */
static void
test_signs_and_steps(void **state)
{
	char buf[16];

	(void)state;
	assert_string_equal(text(report_cost_text, 0), "0.00");
	assert_string_equal(text(report_cost_text, -3), "-3.00");
	assert_string_equal(text(report_cost_text, 9.5), "9.50");
	assert_string_equal(text(report_cost_text, 999.5), "999.5");
	assert_string_equal(text(report_cost_text, -1234), "-1234");
	assert_string_equal(text(report_cycles_text, -12200), "-12.2k");
	assert_string_equal(text(report_cycles_text, -38.0e6), "-38.0M");
	assert_string_equal(text(report_cycles_text, 2.5e9), "2.50G");
	/* Past G there is no letter: the G count grows. */
	assert_string_equal(text(report_cycles_text, 1.5e12), "1500G");
	assert_string_equal(text(report_time_text, 0), "0.00ns");
	assert_string_equal(text(report_time_text, -1250), "-1.25\u00b5s");
	assert_string_equal(text(report_time_text, 7200e9), "7200s");
	/* A tiny negative cost is no negative zero; a negative half
	   interval is no interval. */
	assert_string_equal(text(report_cost_text, -0.001), "0.00");
	report_ci_text(buf, sizeof(buf), -0.5);
	assert_string_equal(buf, "-");
}

/* A value of hundreds of digits is cut at the buffer, never past it. */
static void
test_huge_into_small(void **state)
{
	char buf[24];

	(void)state;
	memset(buf, 'Z', sizeof(buf));
	report_cost_text(buf, 12, 1e300);
	assert_int_equal(strlen(buf), 11);
	assert_memory_equal(buf, "10000000000", 11);
	assert_int_equal(buf[12], 'Z');
	memset(buf, 'Z', sizeof(buf));
	report_cycles_text(buf, 8, -1e300);
	assert_int_equal(strlen(buf), 7);
	assert_int_equal(buf[8], 'Z');
	memset(buf, 'Z', sizeof(buf));
	report_time_text(buf, 4, 1e300);
	assert_int_equal(strlen(buf), 3);
	assert_int_equal(buf[4], 'Z');
}

static void
test_levels(void **state)
{
	struct cb_level l[CB_MAX_LEVELS + 1];
	char buf[128], small[20];
	size_t i;

	(void)state;
	memset(l, 0, sizeof(l));
	l[0].value = 8.3;
	l[0].share = 0.6;
	l[1].value = 6.4;
	l[1].share = 0.375;
	report_levels_text(buf, sizeof(buf), l, 2, 0.125);
	assert_string_equal(buf, "8.30 (60%) | 6.40 (38%) | scattered 12%");
	/* Below REPORT_SCATTERED_SHOWN the scattered share is not news. */
	report_levels_text(buf, sizeof(buf), l, 2, 0.04);
	assert_string_equal(buf, "8.30 (60%) | 6.40 (38%)");
	report_levels_text(buf, sizeof(buf), l, 0, 0);
	assert_string_equal(buf, "");
	l[0].value = 936000;
	report_levels_text(buf, sizeof(buf), l, 1, 0);
	assert_string_equal(buf, "936k (60%)");
	/* A small buffer holds what fits, ended, and nothing past it. */
	memset(small, 'Z', sizeof(small));
	report_levels_text(small, 12, l, 2, 0.5);
	assert_int_equal(strlen(small), 11);
	assert_string_equal(small, "936k (60%) ");
	assert_int_equal(small[12], 'Z');
	/* More levels than a result holds: only CB_MAX_LEVELS of them. */
	for (i = 0; i < CB_MAX_LEVELS + 1; i++) {
		l[i].value = 1;
		l[i].share = 0;
	}
	report_levels_text(buf, sizeof(buf), l, CB_MAX_LEVELS + 1, 0);
	for (i = 0; strstr(buf, "1.00 (0%)") != NULL; i++)
		memcpy(strstr(buf, "1.00 (0%)"), "x", 1);
	assert_int_equal(i, CB_MAX_LEVELS);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_not_finite),
		cmocka_unit_test(test_signs_and_steps),
		cmocka_unit_test(test_huge_into_small),
		cmocka_unit_test(test_levels),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
