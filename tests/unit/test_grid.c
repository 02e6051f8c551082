/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/grid.c, tables of text cells: narrowed to a
 * terminal in the steps the columns state; widths counted in characters
 * (a "µs" is two columns) so columns align; a width of 0 or 1 still
 * prints every name and figure; a note's lines under its row; figures
 * lined up on their decimal points in a point column; and as
 * markdown, a row of ncols + 1 pipes whatever hostile text the cells
 * hold.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/grid.h"

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

/* The table printed at width (md: as markdown) into a string. */
static char *
print(const struct grid *g, int width, struct grid_fit *fit, int md)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	if (md)
		assert_int_equal(grid_markdown(fp, g), 0);
	else
		assert_int_equal(grid_print(fp, g, width, fit), 0);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

/* Pipes in a line that no backslash escapes. */
static int
bare_pipes(const char *line, size_t n)
{
	size_t i;
	int pipes = 0;

	for (i = 0; i < n; i++)
		if (line[i] == '|' && (i == 0 || line[i - 1] != '\\'))
			pipes++;
	return (pipes);
}

/* Every line of a markdown table: ncols + 1 pipes, no raw markup. */
static void
test_markdown_hostile(void **state)
{
	static const struct grid_col two[] = {
		{ "name|x", GRID_LEFT, 0, 0, 0 },
		{ "v", GRID_RIGHT, 0, 0, 0 },
	};
	const char *p, *end;
	struct grid g;
	char *out;
	int lines;

	(void)state;
	grid_init(&g, two, 2);
	grid_row(&g);
	grid_set(&g, 0, "a|b <script>*x*</script> [l](u) `c` #h &amp;",
	    NULL);
	grid_set(&g, 1, "1|2", NULL);
	grid_note(&g, "note|one\nnote <two>");
	grid_row(&g);
	grid_set(&g, 0, "plain", NULL);
	grid_span(&g, 1, "skipped: a|b");
	out = print(&g, 0, NULL, 1);
	lines = 0;
	for (p = out; *p != '\0'; p = end + 1, lines++) {
		end = strchr(p, '\n');
		assert_non_null(end);
		if (bare_pipes(p, (size_t)(end - p)) != 3)
			fail_msg("not 3 pipes: %.*s", (int)(end - p), p);
	}
	assert_int_equal(lines, 4);
	assert_non_null(strstr(out, "| name\\|x | v |\n|:--|--:|\n"));
	assert_non_null(strstr(out, "| a\\|b \\<script\\>\\*x\\*\\</script\\> "
	    "\\[l\\](u) \\`c\\` \\#h \\&amp; | 1\\|2; note\\|one; "
	    "note \\<two\\> |\n"));
	assert_non_null(strstr(out, "| plain | skipped: a\\|b |\n"));
	for (p = out; (p = strpbrk(p, "<>&")) != NULL; p++)
		assert_int_equal(p[-1], '\\');
	free(out);
	grid_free(&g);
}

/* Columns align on characters: "µs" is two columns, not three bytes. */
static void
test_utf8_alignment(void **state)
{
	static const struct grid_col two[] = {
		{ "time", GRID_RIGHT, 0, 0, 0 },
		{ "x", GRID_LEFT, 0, 0, 0 },
	};
	struct grid g;
	char *out;

	(void)state;
	grid_init(&g, two, 2);
	grid_row(&g);
	grid_set(&g, 0, "290\u00b5s", NULL);
	grid_set(&g, 1, "a", NULL);
	grid_row(&g);
	grid_set(&g, 0, "1ns", NULL);
	grid_set(&g, 1, "b", NULL);
	out = print(&g, 0, NULL, 0);
	assert_string_equal(out, " time x\n290\u00b5s a\n  1ns b\n");
	free(out);
	grid_free(&g);
}

/*
 * No width is too small to show the names and figures: a word longer
 * than the line goes whole on its own; width 0 is the whole table.
 */
static void
test_tiny_width(void **state)
{
	struct grid_fit fit;
	char *out, *wide;

	(void)state;
	out = grid_at(1, &fit);
	assert_true(fit.label_below);
	assert_non_null(strstr(out, "first-name\n"));
	assert_non_null(strstr(out, "thr\n"));
	assert_non_null(strstr(out, "second\n"));
	assert_non_null(strstr(out, "skipped:\n"));
	free(out);
	wide = grid_at(0, &fit);
	out = grid_at(10000, &fit);
	assert_string_equal(out, wide);
	assert_int_equal(fit.dropped[0], -1);
	assert_false(fit.briefed || fit.below || fit.label_below);
	free(out);
	free(wide);
}

/* Cells set out of range, or before a row, are ignored, not written. */
static void
test_out_of_range(void **state)
{
	struct grid g;
	char *out;

	(void)state;
	grid_init(&g, cols, 4);
	grid_set(&g, 0, "before any row", NULL);
	grid_span(&g, 0, "before any row");
	grid_note(&g, "before any row");
	grid_row(&g);
	grid_set(&g, 4, "past the columns", NULL);
	grid_set(&g, 0, "x", NULL);
	grid_set(&g, 0, "y", NULL);	/* set again: the last one */
	out = print(&g, 0, NULL, 0);
	assert_null(strstr(out, "before"));
	assert_null(strstr(out, "past"));
	assert_string_equal(out, "name a b c\ny\n");
	free(out);
	out = print(&g, 0, NULL, 1);
	assert_string_equal(out, "| name | a | b | c |\n|:--|--:|:--|:--|\n"
	    "| y |  |  |  |\n");
	free(out);
	grid_free(&g);
	/* A table that ran out of memory prints nothing and says so. */
	grid_init(&g, cols, 4);
	g.oom = 1;
	assert_int_equal(grid_print(stdout, &g, 0, NULL), -1);
	assert_int_equal(grid_markdown(stdout, &g), -1);
	grid_free(&g);
}

/* A point column: figures of every size on one point, blanks to close
   no line, an empty cell and a span left alone, markdown right-aligned. */
static void
test_point_column(void **state)
{
	static const struct grid_col pc[] = {
		{ "n", GRID_LEFT, 0, 0, 0 },
		{ "cycles", GRID_POINT, 0, 0, 0 },
	};
	static const char *figs[] = { "3.00", "17.0", "3622", "936k",
	    "1.23M", "0.00036", "", "<0.000001" };
	struct grid g;
	char *out = NULL;
	size_t len = 0, i;
	FILE *fp;

	(void)state;
	grid_init(&g, pc, 2);
	for (i = 0; i < sizeof(figs) / sizeof(figs[0]); i++) {
		grid_row(&g);
		grid_set(&g, 0, "r", NULL);
		grid_set(&g, 1, figs[i], NULL);
	}
	grid_row(&g);
	grid_set(&g, 0, "s", NULL);
	grid_span(&g, 1, "skipped: why");
	fp = open_memstream(&out, &len);
	assert_int_equal(grid_print(fp, &g, 0, NULL), 0);
	assert_int_equal(grid_markdown(fp, &g), 0);
	fclose(fp);
	grid_free(&g);
	assert_non_null(strstr(out, "n      cycles\n"
	    "r    3.00\n"
	    "r   17.0\n"
	    "r 3622\n"
	    "r  936k\n"
	    "r    1.23M\n"
	    "r    0.00036\n"
	    "r\n"
	    "r   <0.000001\n"
	    "s skipped: why\n"));
	assert_non_null(strstr(out, "| n | cycles |\n|:--|--:|\n| r | 3.00 |\n"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_grid_steps),
		cmocka_unit_test(test_markdown_hostile),
		cmocka_unit_test(test_utf8_alignment),
		cmocka_unit_test(test_tiny_width),
		cmocka_unit_test(test_out_of_range),
		cmocka_unit_test(test_point_column),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
