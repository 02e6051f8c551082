/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/table.c, the run table as a person reads it:
 * the whole table, the legend apart, and the same rows as markdown.  The
 * figures' units are tested in test_units.c, the narrowing to a
 * terminal in test_grid.c.
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
#include "report/report.h"

static const struct table_row rows[] = {
	{ "basic/imul-latency", "latency", 1, "ok", "", 3.0, 2.97, 1.0,
	    0.0011, 0.003, 6, "calibrated", "", 8, NULL, 0 },
	{ "ctxsw/pipe-procs cpus=1 fpu=none", "path", 1, "ok", "", 12345,
	    11900, 4100, 35, 0.37, 8, "calibrated", "clock-drift,noisy", 0,
	    "levels 12.3k (60%) | 13.1k (40%)", 0 },
	{ "selftest/skip", "latency", 0, "skipped", "setup declines to run",
	    0, 0, 0, 0, 0, 0, "calibrated", "", 0, NULL, 0 },
};
#define NROWS	(sizeof(rows) / sizeof(rows[0]))

/* The table at `width' (0: whole) or as markdown, as one string. */
static char *
table(int width, enum report_format fmt)
{
	struct report_style st = { .format = fmt, .wide = width == 0 };
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
	/* +-ci95 in cycles on every row, never 0.00 nor a share; figures
	   lined up on their points, 3.00 under 12.3k, 0.0011 under 35.0 */
	assert_non_null(strstr(out, "latency   3.00  2.97 1.00ns  0.0011  "
	    "0.3%"));
	assert_non_null(strstr(out, "path     12.3k 11.9k 4.10\u00b5s 35.0    "
	    "37.0%"));
	assert_null(strstr(out, "0.037%"));
	assert_non_null(strstr(out, "calibrated clock-drift,noisy\n"
	    "                                 levels 12.3k (60%) | 13.1k (40%)\n"));
	assert_non_null(strstr(out, "disturbed") == NULL ? "8 dropped" :
	    NULL);
	assert_non_null(strstr(out, "selftest/skip                    "
	    "latency skipped: setup declines to run"));
	/* The legend is apart: a command prints it once, under all. */
	assert_null(strstr(out, "+-ci95 says"));
	assert_null(strstr(out, "To fit"));
	free(out);
}

static void
test_legend(void **state)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	report_legend(fp, "TSC", 0);
	fclose(fp);
	assert_non_null(strstr(out, "TSC"));
	assert_non_null(strstr(out, "+-ci95 says how well the figure is "
	    "known"));
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
	    "2.97 | 1.00ns | 0.0011 | 0.3% | 6 | calibrated | 8 dropped |\n"));
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
		cmocka_unit_test(test_whole),
		cmocka_unit_test(test_markdown),
		cmocka_unit_test(test_legend),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
