/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_github.c: every line a GitHub workflow
 * command, "::warning title=...::message" or "::notice ...", a warning
 * per slowdown shown and per input difference, a notice per speedup and
 * one that sums up; and names escaped as the syntax requires (%, CR, LF
 * everywhere, ':' and ',' in the title), so no name can end a command
 * or start another.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_fixture.h"

/* Each line: a known level, a title free of ':' and ',', a message. */
static size_t
check_lines(const char *out, size_t *warnings)
{
	const char *p, *end, *title, *sep;
	size_t n = 0;

	*warnings = 0;
	for (p = out; *p != '\0'; p = end + 1, n++) {
		end = strchr(p, '\n');
		assert_non_null(end);
		if (strncmp(p, "::warning title=", 16) == 0) {
			title = p + 16;
			(*warnings)++;
		} else if (strncmp(p, "::notice title=", 15) == 0)
			title = p + 15;
		else {
			fail_msg("not a workflow command: %.*s",
			    (int)(end - p), p);
			return (n);
		}
		sep = strstr(title, "::");
		assert_true(sep != NULL && sep < end);
		assert_true(strcspn(title, ":,") == (size_t)(sep - title));
		assert_null(memchr(p, '\r', (size_t)(end - p)));
	}
	return (n);
}

static void
test_no_change(void **state)
{
	size_t warnings;
	char *out;

	(void)state;
	out = cf_render(&cf_t, REPORT_GITHUB);
	/* The kernels differ: one warning; then the summing notice. */
	assert_int_equal(check_lines(out, &warnings), 2);
	assert_int_equal(warnings, 1);
	assert_non_null(strstr(out, "::warning title=cyclebench%3A inputs "
	    "differ::kernel differs: A "));
	/* The summing line is the text's: one function for both. */
	assert_non_null(strstr(out, "::notice title=cyclebench compare::0 "
	    "slower, 0 faster, "));
	assert_non_null(strstr(out, " of 8 against "));
	assert_non_null(strstr(out, " over 8 benchmarks (a change of at "
	    "least 1%25, false discovery rate 1%25 across 0 cells tested, "
	    "Benjamini-Hochberg)\n"));
	free(out);
}

static void
test_changes(void **state)
{
	struct cmp_row *slow, *fast;
	size_t warnings;
	char *out;

	(void)state;
	slow = cf_row("basic/load-latency", "");
	fast = cf_row("basic/nop-throughput", "");
	cf_real(slow, 1.25);
	cf_real(fast, 0.75);
	out = cf_render(&cf_t, REPORT_GITHUB);
	assert_int_equal(check_lines(out, &warnings), 4);
	assert_int_equal(warnings, 2);
	assert_non_null(strstr(out, "::warning title=cyclebench%3A "
	    "basic/load-latency slower::basic/load-latency: 5.00 core cycles "
	    "per operation in "));
	assert_non_null(strstr(out, "+25%25; 99%25 interval of the ratio 1.188 "
	    "to 1.312, q = 0.002\n"));
	assert_non_null(strstr(out, "::notice title=cyclebench%3A "
	    "basic/nop-throughput faster::"));
	assert_non_null(strstr(out, "::1 slower, 1 faster, "));
	free(out);
}

/* A name cannot end the command, start another, or forge a title. */
static void
test_hostile_name(void **state)
{
	struct cmp_row *row;
	size_t warnings;
	char *out;

	(void)state;
	row = cf_row("basic/load-latency", "");
	cf_real(row, 1.25);
	cf_files[0].results[3].name = "a:b,c%d\r\n::error::x";
	out = cf_render(&cf_t, REPORT_GITHUB);
	assert_int_equal(check_lines(out, &warnings), 3);
	assert_non_null(strstr(out, "title=cyclebench%3A "
	    "a%3Ab%2Cc%25d%0D%0A%3A%3Aerror%3A%3Ax slower::"
	    "a:b,c%25d%0D%0A::error::x: 5.00 "));
	assert_null(strstr(out, "\n::error"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_no_change, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_changes, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_hostile_name, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
