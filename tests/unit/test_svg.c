/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/svg.c: round tick steps, an axis that clamps
 * what falls outside it and puts nothing at or below 0 on a log scale
 * anywhere but its start, ticks never more than asked and none for an
 * empty, subnormal or infinite range, a palette that cycles, and a bar
 * chart well formed (markup_check.h) whatever its labels hold, a bar
 * without a value saying why, no "nan" or "inf" in any coordinate, and
 * as wide as its longest note needs (760 px at least).
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
#include "report/svg_draw.h"

static void
test_nice_step(void **state)
{

	(void)state;
	assert_true(svg_nice_step(100, 5) == 20);
	assert_true(svg_nice_step(7, 5) == 2);
	assert_true(svg_nice_step(25, 5) == 5);
	assert_true(svg_nice_step(60, 5) == 20);
	assert_true(svg_nice_step(1000, 5) == 200);
	assert_true(fabs(svg_nice_step(0.03, 5) / 0.01 - 1) < 1e-12);
	assert_true(svg_nice_step(51, 5) == 20);
}

static void
test_axis(void **state)
{
	struct axis lin = { 0, 0, 10, 100, 200 };
	struct axis lg = { 1, 1, 1000, 0, 300 };

	(void)state;
	assert_true(axis_x(&lin, 5) == 150);
	assert_true(axis_x(&lin, -5) == 100);
	assert_true(axis_x(&lin, 1e300) == 200);
	assert_true(axis_x(&lin, -INFINITY) == 100);
	assert_true(fabs(axis_x(&lg, 10) - 100) < 1e-9);
	assert_true(fabs(axis_x(&lg, 100) - 200) < 1e-9);
	assert_true(axis_x(&lg, 0) == 0);
	assert_true(axis_x(&lg, -3) == 0);
	assert_true(axis_x(&lg, 1e9) == 300);
}

/*
 * Ticks: within the range, never more than max, each once; rising on a
 * linear axis (a log one lists 1, 2, 5 times a power first, so that a
 * small max keeps the roundest).
 */
static size_t
ticks(int log, double lo, double hi, size_t max, double *t)
{
	struct axis a = { log, lo, hi, 0, 100 };
	size_t n, i, j;

	n = svg_ticks(&a, t, max);
	assert_true(n <= max);
	for (i = 0; i < n; i++) {
		assert_true(isfinite(t[i]));
		assert_true(t[i] >= lo * (1 - 1e-9) - 1e-300);
		assert_true(t[i] <= hi * (1 + 1e-9));
		if (!log && i > 0)
			assert_true(t[i] > t[i - 1]);
		for (j = 0; j < i; j++)
			assert_true(t[j] != t[i]);
	}
	return (n);
}

static void
test_ticks(void **state)
{
	double t[SVG_MAX_TICKS];

	(void)state;
	assert_int_equal(ticks(0, 0, 10, SVG_MAX_TICKS, t), 6);
	assert_true(t[0] == 0 && t[5] == 10);
	assert_int_equal(ticks(0, 0, 10, 3, t), 3);
	assert_int_equal(ticks(0, 3, 3, SVG_MAX_TICKS, t), 0);
	assert_int_equal(ticks(0, 0, NAN, SVG_MAX_TICKS, t), 0);
	assert_int_equal(ticks(0, 0, INFINITY, SVG_MAX_TICKS, t), 0);
	(void)ticks(0, 0, 1e-320, SVG_MAX_TICKS, t);	/* subnormal */
	(void)ticks(0, -50, 50, SVG_MAX_TICKS, t);
	/* Log: 1, 2, 5 times the powers of ten within three decades. */
	assert_int_equal(ticks(1, 1, 1000, SVG_MAX_TICKS, t), 10);
	assert_true(t[1] == 2 && t[2] == 5 && t[9] == 1000);
	assert_int_equal(ticks(1, 1, 9, SVG_MAX_TICKS, t), 9);
	assert_int_equal(ticks(1, 1, 9, 3, t), 3);
	assert_true(t[0] == 1 && t[1] == 2 && t[2] == 5);
	assert_true(ticks(1, 1e-300, 1e300, SVG_MAX_TICKS, t) > 0);
	assert_int_equal(ticks(1, 0, 100, SVG_MAX_TICKS, t), 0);
	/* No span: none, or on x87 (whose log10s differ in their last
	   bits) the one value there is. */
	assert_true(ticks(1, 5, 5, SVG_MAX_TICKS, t) <= 1);
}

static void
test_colour(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 10; i++) {
		assert_int_equal(svg_colour(i)[0], '#');
		assert_int_equal(strlen(svg_colour(i)), 7);
	}
	assert_string_equal(svg_colour(0), "#4e79a7");
	assert_string_not_equal(svg_colour(0), svg_colour(1));
	/* Past the palette it starts again, never off its end. */
	assert_ptr_equal(svg_colour(10), svg_colour(0));
	assert_ptr_equal(svg_colour(SIZE_MAX), svg_colour(SIZE_MAX % 10));
}

static char *
chart(const struct svg_chart *c)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	svg_bar_chart(fp, c);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static void
test_bar_chart(void **state)
{
	static const char *cats[] = { "<script>a</script>", "b & \"c\"" };
	static const char *sers[] = { "A 'x'", "<i>B</i>" };
	struct svg_bar bars[4];
	struct svg_chart c = { "title <t>", "cycles <u>", 2, 2, cats, sers,
	    bars };
	char *out;

	(void)state;
	memset(bars, 0, sizeof(bars));
	bars[0] = (struct svg_bar){ 1, 3.0, 2.5, 3.5, 1.0, "noisy<x>", "" };
	bars[1] = (struct svg_bar){ 1, 30.0, NAN, NAN, 10.0, "", "" };
	bars[2] = (struct svg_bar){ 0, NAN, NAN, NAN, NAN, "",
	    "not run: <because>" };
	bars[3] = (struct svg_bar){ 1, 0.5, 0.25, 0.75, NAN, "", "" };
	out = chart(&c);
	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(strncmp(out, "<svg ", 5), 0);
	assert_non_null(strstr(out, "aria-label=\"title &lt;t&gt;\""));
	assert_non_null(strstr(out, "not run: &lt;because&gt;"));
	assert_non_null(strstr(out, "&lt;i&gt;B&lt;/i&gt;"));
	assert_null(strstr(out, "nan"));
	assert_null(strstr(out, "inf"));
	free(out);
	/* Values across decades: a log axis, still finite everywhere. */
	bars[1].value = 30000;
	out = chart(&c);
	markup_check(out);
	assert_null(strstr(out, "nan"));
	assert_null(strstr(out, "inf"));
	free(out);
}

/* The chart is as wide as its longest note needs, at least CHART_W. */
static void
test_width_follows_labels(void **state)
{
	static const char *cats[] = { "imul-latency" };
	struct svg_bar bar;
	struct svg_chart c = { "t", "cycles", 1, 1, cats, NULL, &bar };
	char *out, *p;
	double w, x;

	(void)state;
	memset(&bar, 0, sizeof(bar));
	bar = (struct svg_bar){ 1, 3.0, 2.9, 3.1, 1.0, "", "3.00" };
	out = chart(&c);
	assert_non_null(strstr(out, "width=\"760\""));
	free(out);
	snprintf(bar.note, sizeof(bar.note), "3.86  levels 3.85 (80%%) | "
	    "3.99 (20%%) | scattered 30%%  -2.8%% ~");
	out = chart(&c);
	assert_non_null(p = strstr(out, " width=\""));
	w = strtod(p + 8, NULL);
	assert_non_null(p = strstr(out, "<text class=\"note\" x=\""));
	x = strtod(p + 25, NULL);
	assert_true(w > 760);
	assert_true(x + svg_text_width(bar.note, FONT_PX) <= w);
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_nice_step),
		cmocka_unit_test(test_axis),
		cmocka_unit_test(test_ticks),
		cmocka_unit_test(test_colour),
		cmocka_unit_test(test_bar_chart),
		cmocka_unit_test(test_width_follows_labels),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
