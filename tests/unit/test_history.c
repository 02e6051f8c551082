/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/history.c: a benchmark's 16 runs with a 20% step
 * in the middle (8 a side: fewer cannot be told from a shuffle).  hist_levels finds the two levels and the shift text
 * says +20.0%; the text has a line per run, the shift line between the
 * levels, a column only for what varies (the kernel here, not the
 * microcode), one level and no shift for a flat series; the CSV reads
 * back with every run's level and hostile names exactly.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "csv_read.h"
#include "report/history.h"

#define NRUNS	16
#define STEP_AT	8

static struct hist_run runs[NRUNS];
static struct cp_point pts[NRUNS];
static char at[NRUNS][24];
static struct hist_series h;

/* Runs 0-7 at 100 cycles, 8-15 at 120 (step != 0): kernel 6.9 from 8. */
static void
series(double step)
{
	size_t i;

	free(h.seg);
	memset(&h, 0, sizeof(h));
	h.label = "box, \"lab\"";
	h.ident = "0123456789abcdef";
	h.key = "basic/imul k=<v>";
	h.n = NRUNS;
	h.runs = runs;
	h.pts = pts;
	for (i = 0; i < NRUNS; i++) {
		snprintf(at[i], sizeof(at[i]), "2026-01-%02zuT00:00:00Z", i + 1);
		runs[i] = (struct hist_run){ (long long)i + 10, at[i],
		    i < STEP_AT ? "6.8" : "6.9", "0xa", NULL,
		    i == STEP_AT + 1 ? "noisy" : "" };
		pts[i].value = 100 + (i < STEP_AT ? 0 : step) +
		    (i % 2 ? 0.25 : 0);
		pts[i].lo = pts[i].value - 0.5;
		pts[i].hi = pts[i].value + 0.5;
	}
	assert_int_equal(hist_levels(&h), 0);
}

static int
teardown(void **state)
{

	(void)state;
	free(h.seg);
	memset(&h, 0, sizeof(h));
	return (0);
}

static char *
render_quiet(enum report_format f, int quiet)
{
	struct hist_list l = { &h, 1 };
	struct report_style st = { .format = f, .quiet = quiet };
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&hist_reporter, fp, &l, &st), 0);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static char *
render(enum report_format f)
{
	return (render_quiet(f, 0));
}

/* -q: the series, not how the levels are found. */
static void
test_quiet(void **state)
{
	char *out;

	(void)state;
	series(20);
	out = render_quiet(REPORT_TEXT, 1);
	assert_non_null(strstr(out, "16 runs, "));
	assert_null(strstr(out, "A level is the median"));
	free(out);
	out = render(REPORT_TEXT);
	assert_non_null(strstr(out, "A level is the median"));
	free(out);
}

static void
test_levels(void **state)
{
	char buf[16];

	(void)state;
	series(20);
	assert_int_equal(h.nseg, 2);
	assert_int_equal(h.seg[1].start, STEP_AT);
	hist_shift_text(&h, 1, buf, sizeof(buf));
	assert_string_equal(buf, "+20.0%");
	series(0);
	assert_int_equal(h.nseg, 1);
	assert_int_equal(h.seg[0].end, NRUNS);
}

static void
test_text(void **state)
{
	char *out;

	(void)state;
	series(20);
	out = render(REPORT_TEXT);
	assert_non_null(strstr(out, "basic/imul k=<v> on box, \"lab\" "
	    "(01234567): 16 runs, "));
	/* The kernel varies: its column; the microcode does not. */
	assert_non_null(strstr(out, "   run  started               kernel"
	    "    cycles  95% interval         flags\n"));
	assert_null(strstr(out, "microcode"));
	assert_non_null(strstr(out, "    17  2026-01-08T00:00:00Z  6.8     "
	    "   100.2  99.8 - 100.8"));
	assert_non_null(strstr(out, "   --- shift +20.0%: "));
	assert_true(strstr(out, "   --- shift") < strstr(out, "    18  "));
	assert_true(strstr(out, "   --- shift") > strstr(out, "    17  "));
	assert_non_null(strstr(out, "    19  2026-01-10T00:00:00Z  6.9     "
	    "   120.2  119.8 - 120.8        noisy\n"));
	assert_non_null(strstr(out, "\n1 shift between 2 levels.\n"));
	assert_non_null(strstr(out, "A level is the median of its runs' "));
	free(out);
	series(0);
	out = render(REPORT_TEXT);
	assert_non_null(strstr(out, "\nOne level: 100.1 ["));
	assert_non_null(strstr(out, "] over 16 runs; no shift.\n"));
	assert_null(strstr(out, "--- shift"));
	free(out);
}

static void
test_csv(void **state)
{
	char fields[20][CSV_FIELD], *out;
	const char *p;
	int n, i;

	(void)state;
	series(20);
	out = render(REPORT_CSV);
	p = csv_record(out, fields, 20, &n);
	assert_int_equal(n, 16);
	assert_string_equal(fields[0], "machine");
	assert_string_equal(fields[15], "level_start");
	for (i = 0; *p != '\0'; i++) {
		p = csv_record(p, fields, 20, &n);
		assert_int_equal(n, 16);
		assert_string_equal(fields[0], "0123456789abcdef");
		assert_string_equal(fields[1], "box, \"lab\"");
		assert_string_equal(fields[2], "basic/imul k=<v>");
		assert_int_equal(atoi(fields[3]), i + 10);
		assert_string_equal(fields[5], i < STEP_AT ? "6.8" : "6.9");
		assert_string_equal(fields[7], "");	/* no commit */
		/* Every run carries its level and where it began. */
		assert_string_equal(fields[15], i < STEP_AT ? "10" : "18");
		assert_true(strtod(fields[12], NULL) > (i < STEP_AT ? 99 :
		    119));
		assert_true(strtod(fields[12], NULL) < (i < STEP_AT ? 101 :
		    121));
	}
	assert_int_equal(i, NRUNS);
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_levels, teardown),
		cmocka_unit_test_teardown(test_text, teardown),
		cmocka_unit_test_teardown(test_csv, teardown),
		cmocka_unit_test_teardown(test_quiet, teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
