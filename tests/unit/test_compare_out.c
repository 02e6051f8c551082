/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_out.c, compare's reporter: it offers
 * the five formats, each by its name, each renders the same comparison
 * (its own file's tests check the layout), and cmp_print says -1 when
 * the output cannot be written rather than losing it quietly.
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

static void
test_formats(void **state)
{
	static const char *const starts[REPORT_NFORMATS] = {
		[REPORT_TEXT] = "cyclebench compare: ",
		[REPORT_MARKDOWN] = "Median core cycles per operation; ",
		[REPORT_CSV] = "name,params,input,label,",
		[REPORT_JSON] = "{\n  \"format\": \"cyclebench-compare\"",
		[REPORT_GITHUB] = "::warning title=",
	};
	enum report_format f;
	char list[128], *out;
	int i;

	(void)state;
	for (i = 0; i < REPORT_NFORMATS; i++) {
		assert_int_equal(report_format_find(&cmp_reporter,
		    report_format_names[i], &f), 0);
		assert_int_equal(f, i);
		out = cf_render(&cf_t, f);
		if (strncmp(out, starts[i], strlen(starts[i])) != 0)
			fail_msg("%s starts: %.40s", report_format_names[i],
			    out);
		free(out);
	}
	assert_int_equal(report_format_find(&cmp_reporter, "html", &f), -1);
	report_format_list(&cmp_reporter, list, sizeof(list));
	assert_string_equal(list, "text, markdown, csv, json or github");
}

/* Output that cannot be written is an error, in every format. */
static void
test_write_error(void **state)
{
	FILE *fp;
	int i;

	(void)state;
	for (i = 0; i < REPORT_NFORMATS; i++) {
		fp = fopen("/dev/null", "r");
		assert_non_null(fp);
		assert_int_equal(cmp_print(&cf_t, (enum report_format)i, fp),
		    -1);
		fclose(fp);
	}
	fp = fopen("/dev/full", "w");
	if (fp == NULL)
		skip();
	assert_int_equal(cmp_print(&cf_t, REPORT_TEXT, fp), -1);
	fclose(fp);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_formats, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_write_error, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
