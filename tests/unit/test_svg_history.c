/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/svg_history.c: a history chart for a series
 * with a shift, one of a single run, and one with a run of no figure:
 * each well formed (markup_check.h) with every stored text escaped (the
 * key, the machine, when and at which commit a run was), a point per
 * run with a figure, no "nan" or "inf" in a coordinate; nothing for a
 * series of no runs.
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

#include "markup_check.h"
#include "report/svg.h"

#define NRUNS	16	/* 8 a side: fewer cannot be told from a shuffle */

static struct hist_run runs[NRUNS];
static struct cp_point pts[NRUNS];
static struct hist_series h;

static void
series(size_t n, double step)
{
	size_t i;

	free(h.seg);
	memset(&h, 0, sizeof(h));
	h.label = "box <script>x</script>";
	h.ident = "0123456789abcdef";
	h.key = "basic/imul k=\"<v>\"";
	h.n = n;
	h.runs = runs;
	h.pts = pts;
	for (i = 0; i < n; i++) {
		runs[i] = (struct hist_run){ (long long)i + 1,
		    i == 0 ? "<img src=x>" : "2026-01-02", "6.8", "0xa",
		    i == 1 ? "abc'<svg onload=x>" : NULL, "" };
		pts[i].value = 100 + (i < n / 2 ? 0 : step);
		pts[i].lo = pts[i].value - 1;
		pts[i].hi = pts[i].value + 1;
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
draw(void)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	svg_history(fp, &h);
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
check(const char *out, size_t points)
{

	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(count(out, "<svg "), 1);
	assert_int_equal(count(out, "<circle class=\"run\""), points);
	assert_null(strstr(out, "nan"));
	assert_null(strstr(out, "inf"));
}

static void
test_shift(void **state)
{
	char *out;

	(void)state;
	series(NRUNS, 20);
	assert_int_equal(h.nseg, 2);
	out = draw();
	check(out, NRUNS);
	assert_non_null(strstr(out, "history of basic/imul k=&quot;&lt;v&gt;"
	    "&quot; on box &lt;script&gt;"));
	assert_non_null(strstr(out, "&lt;img src=x&gt;"));
	assert_non_null(strstr(out, "commit abc&#39;&lt;svg onload=x&gt;"));
	assert_non_null(strstr(out, "16 runs, oldest first"));
	free(out);
}

static void
test_edges(void **state)
{
	char *out;
	size_t i;

	(void)state;
	series(0, 0);
	out = draw();
	assert_string_equal(out, "");
	free(out);
	series(1, 0);
	out = draw();
	check(out, 1);
	free(out);
	/* A run without a figure is no point, and breaks nothing. */
	series(NRUNS, 0);
	pts[3].value = NAN;
	pts[5].lo = pts[5].hi = NAN;
	out = draw();
	check(out, NRUNS - 1);
	free(out);
	/* All the same value: a flat line, not a division by zero. */
	series(4, 0);
	for (i = 0; i < 4; i++)
		pts[i].lo = pts[i].hi = pts[i].value;
	out = draw();
	check(out, 4);
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_teardown(test_shift, teardown),
		cmocka_unit_test_teardown(test_edges, teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
