/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_md.c: the comparison as markdown, a
 * table whose every row has the header's number of bare pipes however
 * hostile the names, no raw < > & outside the code block (each escaped
 * with '\'), the notes in a code block no name can close, and a real
 * change marked.
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

/* Pipes no backslash escapes in the line at p, n bytes. */
static int
bare_pipes(const char *p, size_t n)
{
	size_t i;
	int pipes = 0;

	for (i = 0; i < n; i++)
		if (p[i] == '|' && (i == 0 || p[i - 1] != '\\'))
			pipes++;
	return (pipes);
}

static void
test_table_shape(void **state)
{
	const char *p, *q, *end, *fence;
	char *out;
	size_t rows = 0;
	int want = 0;

	(void)state;
	out = cf_render(&cf_t, REPORT_MARKDOWN);
	fence = strstr(out, "\n```\n");
	assert_non_null(fence);
	for (p = out; p < fence; p = end + 1) {
		end = strchr(p, '\n');
		if (*p == '|') {
			if (want == 0)
				want = bare_pipes(p, (size_t)(end - p));
			if (bare_pipes(p, (size_t)(end - p)) != want)
				fail_msg("%d pipes wanted: %.*s", want,
				    (int)(end - p), p);
			rows++;
		}
		/* Outside the code block, markup only escaped (a '>'
		   opening a line is the warnings' quote). */
		for (q = p + (*p == '>'); (q = strpbrk(q, "<>&")) != NULL &&
		    q < end; q++)
			if (q[-1] != '\\')
				fail_msg("raw markup: %.*s", (int)(end - q), q);
	}
	/* Two inputs: the benchmark, A, and B with its change. */
	assert_int_equal(want, 5);
	assert_int_equal(rows, 2 + cf_t.nrows);
	assert_non_null(strstr(out, "- **B** \"\\>\\<img src=x "
	    "onerror=alert(1)\\>: "));
	assert_non_null(strstr(out, "> **warning:** kernel differs: "));
	assert_non_null(strstr(out, "| \\<script\\>alert(3)\\</script\\>/x "
	    "| - | 1.00 |  |\n"));
	assert_non_null(strstr(out, "| basic/imul-latency \"k'\\\\\"\\<b\\>\""
	    "=\\<i\\>\\&amp; | - | 3.00 |  |\n"));
	/* The block ends the output. */
	assert_string_equal(out + strlen(out) - 4, "```\n");
	free(out);
}

/* A name of backticks inside the notes cannot end their code block. */
static void
test_fence_holds(void **state)
{
	const char *p, *start;
	char *out;
	int fences = 0;

	(void)state;
	cf_files[1].results[0].name = "``` <b>";
	out = cf_render(&cf_t, REPORT_MARKDOWN);
	start = strstr(out, "\n```\n");
	assert_non_null(start);
	assert_non_null(strstr(start, "``` <b>"));	/* in the notes */
	for (p = start + 1; p != NULL && *p != '\0';
	    p = strchr(p, '\n'), p = p != NULL ? p + 1 : NULL)
		if (strncmp(p, "```", 3) == 0)
			fences++;
	assert_int_equal(fences, 2);
	free(out);
}

static void
test_real_change(void **state)
{
	char *out;

	(void)state;
	cf_real(cf_row("basic/load-latency", ""), 1.25);
	cf_real(cf_row("basic/nop-throughput", ""), 0.75);
	out = cf_render(&cf_t, REPORT_MARKDOWN);
	assert_non_null(strstr(out, "| basic/load-latency | 4.00 | 5.00 | "
	    "+25% \\* |\n"));
	assert_non_null(strstr(out, "| basic/nop-throughput | 0.13 | 0.10 | "
	    "-25% \\* |\n"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_table_shape, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_fence_holds, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_real_change, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
