/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/html_parts.c, what the report's sections share:
 * a set of distinct strings in order, a result's variant, whether it is
 * a path result to draw, its bar (figure and levels, or why there is
 * none), its table cells, its flags coloured by class, and its name,
 * escaped; and a captioned chart well formed (markup_check.h).
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
#include "report/html_parts.h"

static void
test_unique(void **state)
{
	const char *set[4];
	char a2[] = "a";
	size_t n = 0;

	(void)state;
	n = html_add_unique(set, n, "a");
	n = html_add_unique(set, n, "b");
	n = html_add_unique(set, n, a2);	/* equal, not the same */
	n = html_add_unique(set, n, "c");
	assert_int_equal(n, 3);
	assert_string_equal(set[0], "a");
	assert_string_equal(set[2], "c");
}

static void
test_variant_and_path(void **state)
{
	struct rs_result r;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.name = "basic/imul";
	r.group = "basic";
	assert_string_equal(html_variant(&r), "imul");
	/* A name that only starts like its group keeps it. */
	r.name = "basicx/imul";
	assert_string_equal(html_variant(&r), "basicx/imul");
	r.name = "fork";
	r.group = "fork";
	assert_string_equal(html_variant(&r), "fork");
	r.ok = 1;
	r.mode = "path";
	assert_true(html_is_path(&r));
	r.mode = "latency";
	assert_false(html_is_path(&r));
	r.mode = "path";
	r.ok = 0;
	assert_false(html_is_path(&r));
	assert_false(html_is_path(NULL));
}

static void
test_fill_bar(void **state)
{
	struct svg_bar b;
	struct rs_result r;

	(void)state;
	memset(&b, 0, sizeof(b));
	html_fill_bar(&b, NULL);
	assert_false(b.has_value);
	assert_string_equal(b.note, "not run");
	assert_true(isnan(b.lo) && isnan(b.hi) && isnan(b.ns));
	memset(&r, 0, sizeof(r));
	r.status = "skipped";
	r.reason = "no avx512";
	memset(&b, 0, sizeof(b));
	html_fill_bar(&b, &r);
	assert_false(b.has_value);
	assert_string_equal(b.note, "skipped: no avx512");
	r.reason = "";
	html_fill_bar(&b, &r);
	assert_string_equal(b.note, "skipped");
	r.ok = 1;
	r.flags = "noisy";
	r.cycles.median = 12200;
	r.cycles.p10 = 12000;
	r.cycles.p90 = 12500;
	r.ns_median = 4;
	html_fill_bar(&b, &r);
	assert_true(b.has_value);
	assert_true(b.value == 12200 && b.lo == 12000 && b.hi == 12500);
	assert_string_equal(b.flags, "noisy");
	assert_string_equal(b.note, "12.2k");
	r.nlevels = 2;
	r.levels[0].value = 8.5;
	r.levels[0].share = 0.75;
	r.levels[1].value = 6.5;
	r.levels[1].share = 0.25;
	html_fill_bar(&b, &r);
	assert_string_equal(b.note, "12.2k  levels 8.50 (75%) | 6.50 (25%)");
	/* ok but no figure: no bar, never a bar of nan */
	r.cycles.median = NAN;
	r.nlevels = 0;
	html_fill_bar(&b, &r);
	assert_false(b.has_value);
	assert_string_equal(b.note, "-");
}

static char *
capture(void (*fn)(FILE *, const struct rs_result *), const struct rs_result *r)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	fn(fp, r);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static void
row_name_full(FILE *fp, const struct rs_result *r)
{

	html_row_name(fp, r, 1);
}

static void
row_name_variant(FILE *fp, const struct rs_result *r)
{

	html_row_name(fp, r, 0);
}

static void
test_cells_and_names(void **state)
{
	struct rs_result r;
	char params[] = "k=<b>&\"'";
	char *out;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.name = "<g>/<v>";
	r.group = "<g>";
	r.params = params;
	r.cycles.median = 3.0;
	r.ns_median = NAN;
	out = capture(html_cycles_cell, &r);
	assert_string_equal(out, "<td>3.00</td>");
	free(out);
	out = capture(html_time_cell, &r);
	assert_string_equal(out, "<td>-</td>");
	free(out);
	/* As the text tables print them: k past ten thousand, a unit. */
	r.cycles.median = 935800;
	r.ns_median = 290327;
	out = capture(html_cycles_cell, &r);
	assert_string_equal(out, "<td>936k</td>");
	free(out);
	out = capture(html_time_cell, &r);
	assert_string_equal(out, "<td>290\u00b5s</td>");
	free(out);
	out = capture(row_name_full, &r);
	assert_string_equal(out, "&lt;g&gt;/&lt;v&gt; k=&lt;b&gt;&amp;&quot;"
	    "&#39;");
	free(out);
	r.params[0] = '\0';
	out = capture(row_name_variant, &r);
	assert_string_equal(out, "&lt;v&gt;");
	free(out);
}

static void
flags_of(FILE *fp, const struct rs_result *r)
{

	html_flags(fp, r->flags);
}

/* Each flag shown coloured by its class; what informs is left out. */
static void
test_flags(void **state)
{
	struct rs_result r;
	char *out;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.flags = "clock-drift,contended,noisy,disturbed,<new>";
	out = capture(flags_of, &r);
	assert_string_equal(out, "<span class=\"act\">contended</span>, "
	    "<span class=\"distrust\">noisy</span>, "
	    "<span class=\"distrust\">&lt;new&gt;</span>");
	free(out);
	r.flags = "clock-drift,disturbed";
	out = capture(flags_of, &r);
	assert_string_equal(out, "");
	free(out);
}

static void
test_bar_figure(void **state)
{
	const char *cats[] = { "<c>" }, *sers[] = { "<s>" };
	struct svg_bar bar;
	struct svg_chart c;
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	memset(&c, 0, sizeof(c));
	memset(&bar, 0, sizeof(bar));
	html_fill_bar(&bar, NULL);
	c.ncat = c.nser = 1;
	c.bars = &bar;
	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	html_bar_figure(fp, &c, "<script>g</script>", cats, sers);
	assert_int_equal(fclose(fp), 0);
	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(strncmp(out, "<figure><figcaption>&lt;script&gt;g"
	    "&lt;/script&gt;</figcaption>\n<svg ", 60), 0);
	assert_string_equal(out + strlen(out) - 10, "</figure>\n");
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unique),
		cmocka_unit_test(test_variant_and_path),
		cmocka_unit_test(test_fill_bar),
		cmocka_unit_test(test_cells_and_names),
		cmocka_unit_test(test_flags),
		cmocka_unit_test(test_bar_figure),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
