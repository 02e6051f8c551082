/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/html_compare.c, the report's comparison
 * section: basic-cpu0.json against inject.json (compare_fixture.h) as a
 * section well formed (markup_check.h), a chart per group, the sides'
 * labels and the warning escaped, a real change shown with its mark,
 * and the method's items each on a line of their own.
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
#include "report/html_parts.h"

/* Not inlined: see cf_render in compare_fixture.h. */
static __attribute__((noinline)) char *
section(void)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	html_compare_section(fp, &cf_t);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static size_t
count(const char *out, const char *s)
{
	size_t n = 0;

	for (; (out = strstr(out, s)) != NULL; out++)
		n++;
	return (n);
}

static void
test_section(void **state)
{
	const char *m;
	char *out;

	(void)state;
	cf_real(cf_row("basic/load-latency", ""), 1.25);
	out = section();
	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(strncmp(out, "<section>\n<h2>Comparison</h2>", 29),
	    0);
	assert_string_equal(out + strlen(out) - 11, "</section>\n");
	/* Two groups: basic and inject.json's <script> one. */
	assert_int_equal(count(out, "<figure>"), count(out, "</figure>"));
	assert_true(count(out, "<svg ") >= 2);
	assert_non_null(strstr(out, "<figcaption>&lt;script&gt;alert(3)"
	    "&lt;/script&gt;</figcaption>"));
	assert_non_null(strstr(out, "B</b> &quot;&gt;&lt;img src=x "
	    "onerror=alert(1)&gt;: "));
	assert_non_null(strstr(out, "<p class=\"warn\">warning: kernel "
	    "differs: A 6.18.44-fc-v782; B &lt;/style&gt;&lt;script&gt;"));
	assert_non_null(strstr(out, "+25%"));
	/* The method: wrapped by the browser, its items on their lines. */
	m = strstr(out, "<p class=\"method\">");
	assert_non_null(m);
	assert_non_null(strstr(m, "\n*  slower or faster"));
	assert_non_null(strstr(m, "\n=  the same"));
	assert_non_null(strstr(m, "\n?  unknown"));
	assert_null(strstr(m, "\n   contention may explain"));
	assert_null(strstr(m, "\nmeans more cycles"));
	assert_non_null(strstr(m, " means more cycles"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_section, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
