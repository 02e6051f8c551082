/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_text.c, the comparison for a mailing
 * list: no line past 80 columns, names too long for one line with their
 * numbers put on a line of their own, the columns of numbers aligned
 * under their headers, a long side label cut in the header (whole in
 * the legend), and a real change marked.
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
#include "report/wrap.h"

/* Every line at most 80 columns, none ending in a blank. */
static void
check_lines(const char *out)
{
	const char *p, *end;

	for (p = out; *p != '\0'; p = end + 1) {
		end = strchr(p, '\n');
		assert_non_null(end);
		if (wrap_columns(p, (size_t)(end - p)) > 80)
			fail_msg("too long: %.*s", (int)(end - p), p);
		if (end > p && end[-1] == ' ')
			fail_msg("trailing blank: %.*s", (int)(end - p), p);
	}
}

/* The line of out that starts with s. */
static const char *
line_of(const char *out, const char *s)
{
	const char *p;

	for (p = out; p != NULL; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, s, strlen(s)) == 0)
			return (p);
	fail_msg("no line starting %s", s);
	return (NULL);
}

static void
test_split_rows(void **state)
{
	char *out;

	(void)state;
	out = cf_render(&cf_t, REPORT_TEXT);
	check_lines(out);
	/* The sides' labels are long: a name, then its numbers. */
	assert_non_null(strstr(out, "\nbasic/load-latency\n"
	    "                    4.00          4.00   +0.0% ?\n"));
	/* The header cuts a label at 20; the legend has it whole. */
	assert_non_null(strstr(out, "    Oxide Virtual Turin-  \"><img src=x "
	    "onerror\n"));
	assert_non_null(strstr(out, "A  Oxide Virtual Turin-like: "
	    RES "basic-cpu0.json\n"));
	assert_non_null(strstr(out, "\nwarning: kernel differs: A "));
	free(out);
}

/* Short labels: one line a row, numbers under their headers. */
static void
test_aligned(void **state)
{
	const char *head, *row;
	size_t end_a, end_b;
	char *out;
	size_t i;

	(void)state;
	snprintf(cf_t.inputs[0].label, CMP_LABEL_MAX, "base");
	snprintf(cf_t.inputs[1].label, CMP_LABEL_MAX, "new");
	cf_real(cf_row("basic/load-latency", ""), 1.25);
	out = cf_render(&cf_t, REPORT_TEXT);
	check_lines(out);
	head = line_of(out, "benchmark ");
	end_a = (size_t)(strstr(head, "cycles") - head) + 6;
	end_b = (size_t)(strstr(head + end_a, "cycles") - head) + 6;
	for (i = 0; i < cf_t.nrows; i++) {
		row = line_of(out, cf_t.rows[i].first->name);
		assert_true(row[end_a - 1] != ' ' && row[end_a] == ' ');
		assert_true(row[end_b - 1] != ' ' &&
		    (row[end_b] == ' ' || row[end_b] == '\n'));
	}
	row = line_of(out, "basic/load-latency ");
	assert_non_null(strstr(row, "4.00     5.00    +25% *\n"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_split_rows, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_aligned, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
