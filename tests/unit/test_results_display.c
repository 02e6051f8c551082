/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_display.c: a CPU brand shortened to
 * what tells machines apart, and what messages call an input.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
test_short_brand(void **state)
{
	static const char *const cases[][2] = {
		{ "Intel(R) Core(TM) i7-8700K CPU @ 3.70GHz",
		  "Core i7-8700K" },
		{ "AMD Ryzen 9 7950X 16-Core Processor", "Ryzen 9 7950X" },
		{ "AMD EPYC 9654 96-Core Processor", "EPYC 9654" },
		{ "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
		  "Xeon Platinum 8375C" },
		{ "Oxide Virtual Turin-like Processor",
		  "Oxide Virtual Turin-like" },
		{ "Intel(R) Celeron(R) CPU", "Celeron" },
		{ "Processor", "Processor" },
		{ "", "unknown CPU" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++) {
		rs_short_brand(cases[i][0], buf, sizeof(buf));
		assert_string_equal(buf, cases[i][1]);
	}
}

/* Too small a buffer: whole words only, never half of one. */
static void
test_short_brand_small(void **state)
{
	char buf[12];

	(void)state;
	rs_short_brand("AMD EPYC 9654 96-Core Processor", buf, sizeof(buf));
	assert_string_equal(buf, "EPYC 9654");
	rs_short_brand("AMD EPYC 9654 96-Core Processor", buf, 9);
	assert_string_equal(buf, "EPYC");
}

static void
test_input_name(void **state)
{

	(void)state;
	assert_string_equal(rs_input_name("-"), "standard input");
	assert_string_equal(rs_input_name("a.json"), "a.json");
	assert_string_equal(rs_input_name("./-"), "./-");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_short_brand),
		cmocka_unit_test(test_short_brand_small),
		cmocka_unit_test(test_input_name),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
