/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run table as a person reads it: figures scaled to readable units,
 * a tiny interval shown relative to the median, a table narrowed to a
 * terminal in the stated order with the legend saying what went, and the
 * same rows as markdown.
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
#include "report/grid.h"
#include "report/report.h"
#include "report/wrap.h"

static char *
text(void (*fn)(char *, size_t, double), double v)
{
	static char buf[64];

	fn(buf, sizeof(buf), v);
	return (buf);
}

static void
test_units(void **state)
{
	char buf[64];

	(void)state;
	assert_string_equal(text(report_cycles_text, 3.0), "3.00");
	assert_string_equal(text(report_cycles_text, 315.24), "315.2");
	assert_string_equal(text(report_cycles_text, 9999), "9999");
	assert_string_equal(text(report_cycles_text, 12200), "12.2k");
	assert_string_equal(text(report_cycles_text, 935800), "936k");
	assert_string_equal(text(report_cycles_text, 999600), "1.00M");
	assert_string_equal(text(report_cycles_text, 38.0e6), "38.0M");
	assert_string_equal(text(report_time_text, 0.334), "0.33ns");
	assert_string_equal(text(report_time_text, 105.2), "105ns");
	assert_string_equal(text(report_time_text, 290327), "290\u00b5s");
	assert_string_equal(text(report_time_text, 1250), "1.25\u00b5s");
	assert_string_equal(text(report_time_text, 12.3e6), "12.3ms");
	assert_string_equal(text(report_time_text, 2.5e9), "2.50s");
	/* An interval that would read 0.00 reads relative to the median. */
	report_ci_text(buf, sizeof(buf), 0.0012, 3.0);
	assert_string_equal(buf, "0.04%");
	report_ci_text(buf, sizeof(buf), 0.00001, 3.0);
	assert_string_equal(buf, "<0.01%");
	report_ci_text(buf, sizeof(buf), 0.06, 3.0);
	assert_string_equal(buf, "0.06");
	report_ci_text(buf, sizeof(buf), 15100, 605000);
	assert_string_equal(buf, "15.1k");
}

static const struct table_row rows[] = {
	{ "basic/imul-latency", "latency", 1, "ok", "", 3.0, 2.97, 1.0,
	    0.0011, 0.003, 6, "calibrated", "", 8, NULL },
	{ "ctxsw/pipe-procs cpus=1 fpu=none", "path", 1, "ok", "", 12345,
	    11900, 4100, 35, 0.37, 8, "calibrated", "clock-drift,noisy", 0,
	    "levels 12.3k (60%) | 13.1k (40%)" },
	{ "selftest/skip", "latency", 0, "skipped", "setup declines to run",
	    0, 0, 0, 0, 0, 0, "calibrated", "", 0, NULL },
};
#define NROWS	(sizeof(rows) / sizeof(rows[0]))

/* The table at `width' (0: whole) or as markdown, as one string. */
static char *
table(int width, enum report_format fmt)
{
	struct report_style st = { fmt, width == 0 };
	struct machine m;
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	memset(&m, 0, sizeof(m));
	snprintf(m.cpu_brand, sizeof(m.cpu_brand), "Test CPU");
	snprintf(m.cycle_source, sizeof(m.cycle_source), "add chain");
	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	/* not a terminal: the width is set through COLUMNS and a pty only;
	   here the table is narrowed by calling the layout directly */
	report_table_rows(fp, &m, 1, rows, NROWS, &st);
	fclose(fp);
	return (out);
}

static void
test_whole(void **state)
{
	char *out;

	(void)state;
	out = table(0, REPORT_TEXT);
	assert_non_null(strstr(out, "benchmark                        mode"));
	assert_non_null(strstr(out, " cycles "));
	assert_non_null(strstr(out, "12.3k"));
	assert_non_null(strstr(out, "4.10\u00b5s"));
	assert_non_null(strstr(out, "0.037%"));
	assert_non_null(strstr(out, "calibrated clock-drift,noisy\n"
	    "                                 levels 12.3k (60%) | 13.1k (40%)\n"));
	assert_non_null(strstr(out, "disturbed") == NULL ? "8 dropped" :
	    NULL);
	assert_non_null(strstr(out, "selftest/skip                    "
	    "latency skipped: setup declines to run"));
	assert_non_null(strstr(out, "+-ci95 says how well the figure is "
	    "known"));
	assert_null(strstr(out, "To fit"));
	free(out);
}

static const struct grid_col cols[] = {
	{ "name", GRID_LEFT, 0, 0, 0 },
	{ "a", GRID_RIGHT, 1, 0, 0 },
	{ "b", GRID_LEFT, 0, 2, 0 },
	{ "c", GRID_LEFT, 0, 0, 3 },
};

static char *
grid_at(int width, struct grid_fit *fit)
{
	struct grid g;
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	grid_init(&g, cols, 4);
	g.label_below_at = 4;
	grid_row(&g);
	grid_set(&g, 0, "first-name", NULL);
	grid_set(&g, 1, "1234", NULL);
	grid_set(&g, 2, "throughput", "thr");
	grid_set(&g, 3, "a long note", NULL);
	grid_row(&g);
	grid_set(&g, 0, "second", NULL);
	grid_span(&g, 1, "skipped: why");
	fp = open_memstream(&out, &len);
	assert_int_equal(grid_print(fp, &g, width, fit), 0);
	fclose(fp);
	grid_free(&g);
	return (out);
}

/* The steps, in order: drop a, brief b, c under the row, names above. */
static void
test_grid_steps(void **state)
{
	struct grid_fit fit;
	char *out;

	(void)state;
	out = grid_at(0, &fit);
	assert_string_equal(out, "name          a b          c\n"
	    "first-name 1234 throughput a long note\n"
	    "second     skipped: why\n");
	assert_int_equal(fit.dropped[0], -1);
	free(out);
	out = grid_at(35, &fit);
	assert_string_equal(out, "name       b          c\n"
	    "first-name throughput a long note\n"
	    "second     skipped: why\n");
	assert_int_equal(fit.dropped[0], 1);
	assert_int_equal(fit.dropped[1], -1);
	free(out);
	out = grid_at(28, &fit);
	assert_true(fit.briefed);
	assert_string_equal(out, "name       b   c\n"
	    "first-name thr a long note\n"
	    "second     skipped: why\n");
	free(out);
	out = grid_at(16, &fit);
	assert_true(fit.below);
	/* a skipped row's reason wraps within the width, under itself */
	assert_string_equal(out, "name       b\nfirst-name thr\n    a long note\n"
	    "second     skipped:\n           why\n");
	free(out);
	out = grid_at(10, &fit);
	assert_true(fit.label_below);
	assert_string_equal(out, "  b\nfirst-name\n  thr\n    a long\n    note\n"
	    "second\n  skipped:\n  why\n");
	free(out);
}

static void
test_markdown(void **state)
{
	char *out;

	(void)state;
	out = table(0, REPORT_MARKDOWN);
	assert_non_null(strstr(out, "**cyclebench " CB_VERSION "** on Test "
	    "CPU"));
	assert_non_null(strstr(out, "| benchmark | mode | cycles | min | time "
	    "| +-ci95 | cv | rounds | method | flags |\n|:--|:--|--:|--:|--:|"
	    "--:|--:|--:|:--|:--|\n"));
	assert_non_null(strstr(out, "| basic/imul-latency | latency | 3.00 | "
	    "2.97 | 1.00ns | 0.037% | 0.3% | 6 | calibrated | 8 dropped |\n"));
	/* a row's levels, in markdown, go with its flags */
	assert_non_null(strstr(out, "clock-drift,noisy; levels 12.3k (60%) \\| "
	    "13.1k (40%) |\n"));
	assert_non_null(strstr(out, "| selftest/skip | latency | skipped: "
	    "setup declines to run |  |  |  |  |  |  |  |\n"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_units),
		cmocka_unit_test(test_whole),
		cmocka_unit_test(test_grid_steps),
		cmocka_unit_test(test_markdown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
