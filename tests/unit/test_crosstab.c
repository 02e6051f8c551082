/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/crosstab.c, the store's table by machine: text
 * columns aligned on the decimal point whatever a figure's size, flags
 * after them (a long header cut to 20, whole in the legend's notes), an
 * empty cell "-", flags as letters explained under the table, every
 * flag's its own and lower case, an unknown flag an upper-case one,
 * never a digit, never dropped; markdown rows of ncols + 2
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

#include "core/names.h"
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
	assert_non_null(strstr(out, "a|b <i>x</i>     -                 "
	    "1234    Zn\n"));
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
	    "imul r64        20.0 nc               3.00\n"
	    "a|b <i>x</i>     -                 1234    Zn\n"));
	/* disturbed only informs: the CSV keeps it, the table does not;
	   a flag from a newer build gets a letter too, never a digit */
	assert_non_null(strstr(out, "\nflags: n noisy, c contended, "
	    "Z future-flag (cyclebench(1) explains them)\n"));
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

/* Where the '.' of a line's last column is, or would be. */
static size_t
point_col(const char *line, size_t len)
{
	const char *p = line + len, *num;

	while (p > line && p[-1] == ' ')
		p--;
	while (p > line && p[-1] != ' ')	/* flags, or the number */
		p--;
	num = p;
	if (*num >= 'a' && *num <= 'z')	/* flags: the number before */
		for (num = p - 1; num > line && num[-1] == ' '; num--)
			;
	if (num != p)
		while (num > line && num[-1] != ' ')
			num--;
	return ((size_t)(num - line) + strspn(num, "-0123456789"));
}

/* Figures of every size line up on their points, flags after them. */
static void
test_lineup(void **state)
{
	static const char *r6[] = { "a", "b", "c", "d", "e", "f" };
	static const char *c1[] = { "cpu" };
	struct xt_cell x[6];
	struct xt_table t = { .suite = "s", .by = "machine", .last = 1,
	    .nrows = 6, .ncols = 1, .rows = r6, .cols = c1, .cells = x };
	struct report_style st = { .format = REPORT_TEXT };
	char *out = NULL, *line, *end;
	size_t len = 0, at = 0, n = 0;
	FILE *fp;

	(void)state;
	memset(x, 0, sizeof(x));
	x[0] = (struct xt_cell){ 1, 3.0, "noisy", 1 };
	x[1] = (struct xt_cell){ 1, 17.04, "", 1 };
	x[2] = (struct xt_cell){ 1, 3622, "contended,multilevel", 1 };
	x[3] = (struct xt_cell){ 1, 0.33, "", 1 };
	x[4] = (struct xt_cell){ 0, 0, "", 0 };
	x[5] = (struct xt_cell){ 1, 0.5, "below-resolution", 1 };
	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&xt_reporter, fp, &t, &st), 0);
	assert_int_equal(fclose(fp), 0);
	assert_non_null(strstr(out, "\n"
	    "a             3.00 n\n"
	    "b            17.0\n"
	    "c          3622    cm\n"
	    "d             0.33\n"
	    "e             -\n"
	    "f             0.50 r\n"));
	for (line = strstr(out, "\na ") + 1; *line != '\n'; line = end + 1) {
		end = strchr(line, '\n');
		if (n++ == 0)
			at = point_col(line, (size_t)(end - line));
		assert_int_equal(point_col(line, (size_t)(end - line)), at);
	}
	assert_int_equal(n, 6);
	free(out);
}

/* Every flag a letter of its own, lower case: never a digit. */
static void
test_letters(void **state)
{
	size_t i, j;
	char l;

	(void)state;
	for (i = 0; i < cb_nflags; i++) {
		l = xt_flag_letter(cb_flag_table[i].name);
		assert_true(l >= 'a' && l <= 'z');
		for (j = 0; j < i; j++)
			assert_int_not_equal(l,
			    xt_flag_letter(cb_flag_table[j].name));
	}
	assert_int_equal(xt_flag_letter("from-a-newer-build"), '\0');
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
	    "| a\\|b \\<i\\>x\\</i\\> | - | 1234 Zn |\n"));
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
		cmocka_unit_test(test_lineup),
		cmocka_unit_test(test_letters),
		cmocka_unit_test_setup(test_markdown, setup),
		cmocka_unit_test_setup(test_csv, setup),
		cmocka_unit_test(test_add_flags),
		cmocka_unit_test_setup(test_quiet, setup),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
