/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The escaping of every output (report/escape.c): markdown escapes all
 * that is markup somewhere, CSV quotes only when RFC 4180 asks, JSON
 * strings and numbers that are unknown are null, HTML names the five
 * characters that end a text or an attribute.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/escape.h"
#include "results/json_text.h"

/* What f writes for s. */
static char *
written(void (*f)(FILE *, const char *), const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&text, &len);
	assert_non_null(fp);
	f(fp, s);
	fclose(fp);
	return (text);
}

static void
expect(void (*f)(FILE *, const char *), const char *s, const char *want)
{
	char *got;

	got = written(f, s);
	assert_string_equal(got, want);
	free(got);
}

/* The first three bytes of s, as a markdown writer takes a part. */
static void
md_three(FILE *fp, const char *s)
{

	report_md_textn(fp, s, 3);
}

/* Three numbers, one of them unknown: s is not used. */
static void
csv_numbers(FILE *fp, const char *s)
{

	(void)s;
	report_csv_num(fp, 1234567.891234);
	report_csv_num(fp, NAN);
	report_csv_num(fp, 3);
	/* a negative figure is a number, no formula guard */
	report_csv_num(fp, -3.1);
}

static void
test_markdown(void **state)
{

	(void)state;
	expect(report_md_text, "basic/imul-* k=4", "basic/imul-\\* k=4");
	expect(report_md_text, "a|b_c`d[e]<f>#g&h\\",
	    "a\\|b\\_c\\`d\\[e\\]\\<f\\>\\#g\\&h\\\\");
	expect(report_md_text, "plain words", "plain words");
	expect(report_md_text, NULL, "");
	expect(md_three, "a|b|c", "a\\|b");
}

static void
test_csv(void **state)
{

	(void)state;
	expect(report_csv_text, "plain", "plain");
	expect(report_csv_text, "a,b", "\"a,b\"");
	expect(report_csv_text, "say \"hi\"", "\"say \"\"hi\"\"\"");
	expect(report_csv_text, "two\r\nlines", "\"two\r\nlines\"");
	expect(report_csv_text, NULL, "");
	/* what a spreadsheet would run is text, quoted */
	expect(report_csv_text, "=HYPERLINK(\"http://x\")",
	    "\"'=HYPERLINK(\"\"http://x\"\")\"");
	expect(report_csv_text, "+1", "\"'+1\"");
	expect(report_csv_text, "-3.1", "\"'-3.1\"");
	expect(report_csv_text, "@SUM(A1)", "\"'@SUM(A1)\"");
	expect(report_csv_text, "\tx", "\"'\tx\"");
	expect(report_csv_text, "\rx", "\"'\rx\"");
	expect(report_csv_text, "a=b", "a=b");
	expect(csv_numbers, NULL, ",1234567.891,,3,-3.1");
}

static void
test_json(void **state)
{
	json_t *v;

	(void)state;
	v = results_json_num(2.5);
	assert_true(json_is_real(v));
	json_decref(v);
	assert_true(json_is_null(results_json_num(INFINITY)));
	assert_true(json_is_null(results_json_num(NAN)));
	assert_true(json_is_null(results_json_opt_text("")));
	assert_true(json_is_null(results_json_opt_text(NULL)));
	v = results_json_opt_text("caf\xe9");
	assert_non_null(v);
	assert_string_equal(json_string_value(v), "caf?");
	json_decref(v);
}

static void
test_html(void **state)
{

	(void)state;
	expect(html_text, "<b a='1'>&\"", "&lt;b a=&#39;1&#39;&gt;&amp;&quot;");
	expect(html_text, NULL, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_markdown),
		cmocka_unit_test(test_csv),
		cmocka_unit_test(test_json),
		cmocka_unit_test(test_html),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
