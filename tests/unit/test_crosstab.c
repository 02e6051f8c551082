/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/crosstab.c, the store's table by machine: text
 * columns aligned (a long header cut to 20, whole in the legend's
 * notes), an empty cell "-", flags as letters explained under the table
 * and an unknown flag a digit, never dropped; markdown rows of ncols + 2
 * bare pipes with every stored text escaped, the legend's too; CSV a
 * line per filled cell read back exactly; xt_add_flags a set.
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
#include "report/crosstab.h"

static const char *rows[] = { "imul r64", "a|b <i>x</i>" };
static const char *cols[] = { "zen4 <b>&", "Intel Xeon Platinum 8480+ long" };
static const char *notes[] = { "Ryzen | <script>x</script>", NULL };

static struct xt_cell cells[4];

static struct xt_table table = {
	.suite = "basic",
	.by = "machine",
	.last = 1,
	.nrows = 2, .ncols = 2,
	.rows = rows, .cols = cols, .col_notes = notes,
	.cells = cells,
};

static int
setup(void **state)
{

	(void)state;
	memset(cells, 0, sizeof(cells));
	cells[0] = (struct xt_cell){ 3, 20.0, "disturbed,noisy,contended",
	    41 };
	cells[1] = (struct xt_cell){ 1, 3.0, "", 42 };
	cells[2] = (struct xt_cell){ 0, 0, "", 0 };	/* none stored */
	cells[3] = (struct xt_cell){ 1, 1234.5, "future-flag,noisy", 43 };
	return (0);
}

static char *
render_quiet(enum report_format f, int quiet)
{
	struct report_style st = { .format = f, .quiet = quiet };
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&xt_reporter, fp, &table, &st), 0);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static char *
render(enum report_format f)
{
	return (render_quiet(f, 0));
}

/* -q: the heads and the rows, no title, no legend. */
static void
test_quiet(void **state)
{
	char *out;

	(void)state;
	out = render_quiet(REPORT_TEXT, 1);
	assert_true(strncmp(out, "benchmark     zen4 <b>&  Intel Xeon "
	    "Platinum \n", 38) == 0);
	assert_non_null(strstr(out, "a|b <i>x</i>          -               "
	    "1234 2n\n"));
	assert_null(strstr(out, "median core cycles per operation by"));
	assert_null(strstr(out, "flags:"));
	free(out);
}

static void
test_text(void **state)
{
	char *out;

	(void)state;
	out = render(REPORT_TEXT);
	assert_non_null(strstr(out, "basic: median core cycles per operation "
	    "by machine\n"
	    "benchmark     zen4 <b>&  Intel Xeon Platinum \n"
	    "imul r64        20.0 n1                  3.00\n"
	    "a|b <i>x</i>          -               1234 2n\n"));
	/* disturbed only informs: the CSV keeps it, the table does not */
	assert_non_null(strstr(out, "\nflags: n noisy, 1 contended, "
	    "2 future-flag (cyclebench(1) explains them)\n"));
	assert_non_null(strstr(out, "the median of the latest result; - none "
	    "stored\n"));
	assert_non_null(strstr(out, "zen4 <b>&: Ryzen | <script>x</script>\n"));
	free(out);
	table.last = 5;
	out = render(REPORT_TEXT);
	assert_non_null(strstr(out, "the median of the medians of the last 5 "
	    "results"));
	table.last = 1;
	free(out);
}

/* Bare pipes in a line (none escaped with '\'). */
static int
bare_pipes(const char *p, const char *end)
{
	int n = 0;

	for (; p < end; p++)
		if (*p == '|' && p[-1] != '\\')
			n++;
	return (n);
}

static void
test_markdown(void **state)
{
	const char *p, *end;
	char *out;
	int rows_seen = 0;

	(void)state;
	out = render(REPORT_MARKDOWN);
	for (p = out; *p != '\0'; p = end + 1) {
		end = strchr(p, '\n');
		assert_non_null(end);
		if (*p == '|') {
			assert_int_equal(bare_pipes(p + 1, end) + 1, 4);
			rows_seen++;
		}
	}
	assert_int_equal(rows_seen, 4);
	assert_non_null(strstr(out, "| benchmark | zen4 \\<b\\>\\& | "));
	assert_non_null(strstr(out,
	    "| a\\|b \\<i\\>x\\</i\\> | - | 1234 2n |\n"));
	/* The legend is markdown too: its stored texts escaped. */
	for (p = out; (p = strpbrk(p, "<>&")) != NULL; p++)
		if (p[-1] != '\\')
			fail_msg("raw markup: %.40s", p);
	assert_non_null(strstr(out, "- zen4 \\<b\\>\\&: Ryzen \\| "
	    "\\<script\\>x\\</script\\>\n"));
	free(out);
}

static void
test_csv(void **state)
{
	char fields[8][CSV_FIELD], *out;
	const char *p;
	int n, lines;

	(void)state;
	table.by = "by, \"quoted\"";
	out = render(REPORT_CSV);
	table.by = "machine";
	p = csv_record(out, fields, 8, &n);
	assert_int_equal(n, 7);
	assert_string_equal(fields[2], "by, \"quoted\"");
	for (lines = 0; *p != '\0'; lines++) {
		p = csv_record(p, fields, 8, &n);
		assert_int_equal(n, 7);
		assert_string_equal(fields[0], "basic");
		if (lines == 0) {
			assert_string_equal(fields[1], "imul r64");
			assert_string_equal(fields[2], "zen4 <b>&");
			assert_string_equal(fields[3], "20");
			assert_string_equal(fields[4], "3");
			assert_string_equal(fields[5],
			    "disturbed,noisy,contended");
			assert_string_equal(fields[6], "41");
		}
		if (lines == 2) {
			assert_string_equal(fields[1], "a|b <i>x</i>");
			assert_string_equal(fields[3], "1234.5");
		}
	}
	/* The empty cell is no line, not a line of zeros. */
	assert_int_equal(lines, 3);
	free(out);
}

static void
test_add_flags(void **state)
{
	char buf[40], small[8];

	(void)state;
	buf[0] = '\0';
	xt_add_flags(buf, sizeof(buf), "noisy,disturbed");
	xt_add_flags(buf, sizeof(buf), "disturbed,,few-samples,noisy");
	assert_string_equal(buf, "noisy,disturbed,few-samples");
	xt_add_flags(buf, sizeof(buf), "");
	assert_string_equal(buf, "noisy,disturbed,few-samples");
	/* A prefix of a flag in the set is a flag of its own. */
	xt_add_flags(buf, sizeof(buf), "nois");
	assert_string_equal(buf, "noisy,disturbed,few-samples,nois");
	/* What does not fit is left out whole, never cut. */
	memset(small, 'Z', sizeof(small));
	small[0] = '\0';
	xt_add_flags(small, 6, "abc,de,f");
	assert_string_equal(small, "abc,f");
	assert_int_equal(small[6], 'Z');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(test_text, setup),
		cmocka_unit_test_setup(test_markdown, setup),
		cmocka_unit_test_setup(test_csv, setup),
		cmocka_unit_test(test_add_flags),
		cmocka_unit_test_setup(test_quiet, setup),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
