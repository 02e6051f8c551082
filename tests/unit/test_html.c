/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/html.c, the self-contained HTML report: for one
 * file, for a comparison and with histories, a page that opens with the
 * doctype and its Content-Security-Policy, closes every tag it opens
 * (markup_check.h), holds a chart per suite, and shows the fixtures'
 * injection attempts (inject.json) as text, never as markup; a failed
 * write is an error.
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
#include "markup_check.h"
#include "report/html.h"

/* How many times s occurs in out. */
static size_t
count(const char *out, const char *s)
{
	size_t n = 0;

	for (; (out = strstr(out, s)) != NULL; out++)
		n++;
	return (n);
}

static void
check_page(const char *out)
{

	assert_int_equal(strncmp(out, "<!DOCTYPE html>\n", 16), 0);
	assert_non_null(strstr(out, "Content-Security-Policy\" "
	    "content=\"default-src 'none';"));
	assert_string_equal(out + strlen(out) - 8, "</html>\n");
	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(count(out, "<svg "), count(out, "</svg>"));
}

static char *
page(size_t n, const struct cmp_table *t, const struct hist_series *h,
    size_t nh)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	if (h != NULL)
		assert_int_equal(html_report_history(fp, cf_files, n, t, h, nh),
		    0);
	else
		assert_int_equal(html_report(fp, cf_files, n, t), 0);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static void
test_one_file(void **state)
{
	struct rs_file first = cf_files[0];
	char *out;

	(void)state;
	cf_files[0] = cf_files[1];	/* inject.json alone */
	out = page(1, NULL, NULL, 0);
	check_page(out);
	assert_non_null(strstr(out, "&lt;script&gt;alert(3)&lt;/script&gt;"));
	assert_non_null(strstr(out, "&quot;&gt;&lt;img src=x "
	    "onerror=alert(1)&gt;"));
	assert_true(count(out, "<svg ") >= 1);
	free(out);
	cf_files[0] = first;	/* for the teardown to free */
}

static void
test_comparison(void **state)
{
	char *out;

	(void)state;
	out = page(2, &cf_t, NULL, 0);
	check_page(out);
	assert_non_null(strstr(out, "&lt;/style&gt;&lt;script&gt;alert(2)"));
	/* Both inputs' names, and the comparison's rows. */
	assert_non_null(strstr(out, "load-latency"));
	free(out);
}

static void
test_history(void **state)
{
	struct hist_run runs[3] = {
		{ 1, "2026-01-01", "6.8", "0xa", NULL, "" },
		{ 2, "2026-01-02", "6.8", "0xa", NULL, "noisy" },
		{ 3, "2026-01-03", "<script>6.9", "0xa", "abc", "" },
	};
	struct cp_point pts[3] = { { 10, 9, 11 }, { 10, 9.5, 10.5 },
	    { 12, 11, 13 } };
	struct hist_series h = { "box <img>", "0123abcd", "<script>k</script>",
	    3, runs, pts, NULL, 0 };
	char *out;

	(void)state;
	assert_int_equal(hist_levels(&h), 0);
	out = page(1, NULL, &h, 1);
	check_page(out);
	assert_non_null(strstr(out, "&lt;script&gt;k&lt;/script&gt;"));
	free(out);
	free(h.seg);
}

/* A page that could not be written is an error, not a quiet half. */
static void
test_write_error(void **state)
{
	FILE *fp;

	(void)state;
	fp = fopen("/dev/null", "r");
	assert_non_null(fp);
	assert_int_equal(html_report(fp, cf_files, 2, &cf_t), -1);
	fclose(fp);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_one_file, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_comparison, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_history, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_write_error, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
