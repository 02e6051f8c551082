/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reporter interface (report/reporter.c): a command accepts exactly
 * the formats its table has, lists them as a sentence in the order of
 * report_format_names, and report_render calls the one a style names
 * (text without a style) and says when writing failed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/report.h"

static int
say_text(FILE *fp, const void *data, const struct report_style *st)
{

	(void)st;
	fprintf(fp, "text %s", (const char *)data);
	return (0);
}

static int
say_csv(FILE *fp, const void *data, const struct report_style *st)
{

	(void)st;
	fprintf(fp, "csv,%s", (const char *)data);
	return (0);
}

static int
broken(FILE *fp, const void *data, const struct report_style *st)
{

	(void)fp;
	(void)data;
	(void)st;
	return (-1);
}

static const struct reporter two = { {
	[REPORT_TEXT] = say_text,
	[REPORT_CSV] = say_csv,
} };

static const struct reporter all = { {
	[REPORT_TEXT] = say_text,
	[REPORT_MARKDOWN] = say_text,
	[REPORT_CSV] = say_csv,
	[REPORT_JSON] = broken,
	[REPORT_GITHUB] = say_text,
} };

static void
test_find(void **state)
{
	enum report_format f;

	(void)state;
	assert_int_equal(report_format_find(&two, "csv", &f), 0);
	assert_int_equal(f, REPORT_CSV);
	assert_int_equal(report_format_find(&two, "text", &f), 0);
	assert_int_equal(f, REPORT_TEXT);
	assert_int_equal(report_format_find(&two, "markdown", &f), -1);
	assert_int_equal(report_format_find(&two, "CSV", &f), -1);
	assert_int_equal(report_format_find(&all, "github", &f), 0);
	assert_int_equal(f, REPORT_GITHUB);
}

static void
test_list(void **state)
{
	char buf[128];

	(void)state;
	report_format_list(&two, buf, sizeof(buf));
	assert_string_equal(buf, "text or csv");
	report_format_list(&all, buf, sizeof(buf));
	assert_string_equal(buf, "text, markdown, csv, json or github");
	report_format_list(&report_run_reporter, buf, sizeof(buf));
	assert_string_equal(buf, "text or markdown");
	report_format_list(&two, buf, 6);
	assert_string_equal(buf, "text ");
}

static void
test_render(void **state)
{
	struct report_style st = { .format = REPORT_CSV };
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&two, fp, "a", &st), 0);
	assert_int_equal(report_render(&two, fp, "b", NULL), 0);
	st.format = REPORT_MARKDOWN;
	assert_int_equal(report_render(&two, fp, "c", &st), -1);
	st.format = REPORT_JSON;
	assert_int_equal(report_render(&all, fp, "d", &st), -1);
	fclose(fp);
	assert_string_equal(out, "csv,atext b");
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_render),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
