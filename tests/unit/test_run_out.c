/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/run_out.c, what run prints after measuring:
 * as text, the table, then the tables by parameter and the benchmarks'
 * own figures, in that order; as markdown, the table in markdown and the
 * aligned parts in one code block whose fences are lines of their own,
 * or no block at all when there is nothing aligned to show; the legend
 * once, last, only when asked for and never in markdown; quiet, the rows
 * alone; the summary line.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "core/names.h"
#include "report/report.h"

#define NRES	4

static struct cb_bench benches[NRES] = {
	{ .name = "g/a", .mode = CB_LATENCY, .params = { { "n", "1" } } },
	{ .name = "g/a", .mode = CB_LATENCY, .params = { { "n", "2" } } },
	{ .name = "g/b", .mode = CB_LATENCY, .params = { { "n", "1" } } },
	{ .name = "g/b", .mode = CB_LATENCY, .params = { { "n", "2" } } },
};
static struct cb_result res[NRES];
static struct machine m;

static int
setup(void **state)
{
	size_t i;

	(void)state;
	memset(res, 0, sizeof(res));
	memset(&m, 0, sizeof(m));
	snprintf(m.cpu_brand, sizeof(m.cpu_brand), "Test CPU");
	for (i = 0; i < NRES; i++) {
		res[i].bench = &benches[i];
		res[i].status = CB_OK;
		res[i].cycles.median = 10.0 * (double)(i + 1);
	}
	return (0);
}

static char *
render_in(const struct report_style *st, size_t n)
{
	struct report_results d = { .m = &m, .r = res, .n = n };
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&report_run_reporter, fp, &d, st), 0);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static char *
render(enum report_format f, size_t n)
{
	struct report_style st = { .format = f, .wide = 1 };

	return (render_in(&st, n));
}

/* How many lines of out are exactly line. */
static int
lines_equal(const char *out, const char *line)
{
	const char *p;
	size_t n = strlen(line);
	int k = 0;

	for (p = out; p != NULL; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, line, n) == 0 && (p[n] == '\n' || p[n] == '\0'))
			k++;
	return (k);
}

static void
test_text(void **state)
{
	const char *table, *pivot, *extras;
	char *out;

	(void)state;
	cb_result_extra(&res[0], "hits", 42);
	out = render(REPORT_TEXT, NRES);
	table = strstr(out, "\ng/a n=1   latency   10.0 ");
	pivot = strstr(out, "\ng: median cycles per operation by n\n"
	    "variant      n=1      n=2\na           10.0     20.0\n");
	extras = strstr(out, "\nFigures the benchmarks added");
	assert_non_null(table);
	assert_non_null(pivot);
	assert_non_null(extras);
	assert_true(table < pivot && pivot < extras);
	assert_non_null(strstr(extras, "cycles 10.0  hits 42\n"));
	assert_int_equal(lines_equal(out, "```"), 0);
	free(out);
}

static void
test_markdown(void **state)
{
	const char *block;
	char *out;

	(void)state;
	cb_result_extra(&res[0], "hits", 42);
	out = render(REPORT_MARKDOWN, NRES);
	assert_non_null(strstr(out, "| g/a n=1 | latency | 10.0 | "));
	/* The aligned parts in one block, fences on lines of their own. */
	assert_int_equal(lines_equal(out, "```"), 2);
	block = strstr(out, "\n```\n");
	assert_non_null(block);
	assert_non_null(strstr(block, "g: median cycles per operation by n\n"));
	assert_non_null(strstr(block, "cycles 10.0  hits 42\n"));
	assert_null(strstr(block, "| g/a"));
	assert_string_equal(out + strlen(out) - 5, "\n```\n");
	free(out);
	/* Nothing aligned to show: no empty block. */
	memset(&res[0].extras, 0, sizeof(res[0].extras));
	res[0].nextras = 0;
	out = render(REPORT_MARKDOWN, 1);
	assert_non_null(strstr(out, "| g/a n=1 | latency | 10.0 | "));
	assert_null(strstr(out, "```"));
	free(out);
}

/* The legend: once, last, when asked (a memory stream is no terminal). */
static void
test_legend(void **state)
{
	struct report_style st = { .format = REPORT_TEXT, .wide = 1,
	    .legend = 1 };
	const char *legend, *extras;
	char *out;

	(void)state;
	cb_result_extra(&res[0], "hits", 42);
	out = render(REPORT_TEXT, NRES);
	assert_null(strstr(out, "+-ci95 says"));
	free(out);
	out = render_in(&st, NRES);
	legend = strstr(out, "+-ci95 says how well the figure is known");
	extras = strstr(out, "\nFigures the benchmarks added");
	assert_non_null(legend);
	assert_true(extras != NULL && extras < legend);
	assert_null(strstr(legend + 1, "+-ci95 says"));
	free(out);
	assert_int_equal(report_legend_wanted(&st, stdout), 1);
	st.quiet = 1;
	assert_int_equal(report_legend_wanted(&st, stdout), 0);
	st.quiet = 0;
	st.format = REPORT_MARKDOWN;
	assert_int_equal(report_legend_wanted(&st, stdout), 0);
	out = render(REPORT_MARKDOWN, NRES);
	assert_null(strstr(out, "+-ci95 says"));
	free(out);
}

/* Quiet: the column heads and the rows, nothing else. */
static void
test_quiet(void **state)
{
	struct report_style st = { .format = REPORT_TEXT, .wide = 1,
	    .quiet = 1 };
	char *out;

	(void)state;
	cb_result_extra(&res[0], "hits", 42);
	out = render_in(&st, NRES);
	assert_true(strncmp(out, "benchmark ", 10) == 0);
	assert_non_null(strstr(out, "\ng/b n=2   latency   40.0 "));
	assert_null(strstr(out, "Test CPU"));
	assert_null(strstr(out, "median cycles per operation by n"));
	assert_null(strstr(out, "Figures the benchmarks added"));
	assert_null(strstr(out, "\n\n"));
	free(out);
}

/* run's last line: rows measured, flagged (a shown flag), not measured. */
static void
test_summary(void **state)
{
	unsigned shown = flags_shown(~0u);
	char buf[128];

	(void)state;
	report_run_summary(buf, sizeof(buf), res, NRES, 12.34);
	assert_string_equal(buf, "4 rows measured, 0 flagged, 0 not "
	    "measured, 12.3 s");
	res[1].status = CB_SKIPPED;
	res[2].flags = shown & -shown;
	res[3].flags = ~shown;
	report_run_summary(buf, sizeof(buf), res, NRES, 0.04);
	assert_string_equal(buf, "3 rows measured, 1 flagged, 1 not "
	    "measured, 0.0 s");
	report_run_summary(buf, sizeof(buf), res, 1, 1);
	assert_string_equal(buf, "1 row measured, 0 flagged, 0 not measured, "
	    "1.0 s");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_text, setup),
		cmocka_unit_test_setup(test_markdown, setup),
		cmocka_unit_test_setup(test_legend, setup),
		cmocka_unit_test_setup(test_quiet, setup),
		cmocka_unit_test_setup(test_summary, setup),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
