/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/svg_text.c, how wide a chart's text is drawn:
 * in proportion to the font size, each ASCII character by its own width
 * (a digit wider than a dot, an M wider than an i), a character past
 * ASCII as a whole em whatever its bytes, and nothing for nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "report/svg_draw.h"

static void
test_widths(void **state)
{

	(void)state;
	assert_float_equal(svg_text_width("", 12), 0, 1e-9);
	assert_float_equal(svg_text_width(NULL, 12), 0, 1e-9);
	/* DejaVu Sans: a digit is 0.636 em, a dot 0.318, a space 0.318 */
	assert_float_equal(svg_text_width("0", 1000), 636, 1e-9);
	assert_float_equal(svg_text_width("3.00", 12), 12 * (3 * 0.636 +
	    0.318), 1e-9);
	assert_float_equal(svg_text_width("30%", 24), 2 *
	    svg_text_width("30%", 12), 1e-9);
	assert_true(svg_text_width("M", 12) > svg_text_width("i", 12));
	/* µ (two bytes) and € (three) are an em each; a control too */
	assert_float_equal(svg_text_width("\u00b5", 10), 10, 1e-9);
	assert_float_equal(svg_text_width("\u20ac\u00b5", 10), 20, 1e-9);
	assert_float_equal(svg_text_width("\t", 10), 10, 1e-9);
}

/*
 * The labels the report clipped at a fixed 760 px, against how wide
 * Chromium drew them (canvas measureText, DejaVu Sans at 12 px: 274.07
 * and 87.15 px): the estimate is no narrower, to the rounding of the
 * table's thousandths.
 */
static void
test_report_labels(void **state)
{

	(void)state;
	assert_true(svg_text_width("3.86  levels 3.85 (80%) | 3.99 (20%)  "
	    "-2.8% ~", 12) >= 274.0);
	assert_true(svg_text_width("scattered 30%", 12) >= 87.1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_widths),
		cmocka_unit_test(test_report_labels),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
