/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare.c, the comparison assembled: sides
 * refused, a failure in a part undoing the whole, what the gates see
 * (the worst slowdown shown, the unknowns), the intervals' level, and
 * the words tables print (changes, marks, the method).  The
 * verdicts, rows, floors, warnings and labels have tests of their own
 * (test_compare_<part>.c).
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

#include "near.h"
#include "results_fixture.h"
#include "verdict/compare.h"

/* A side of no files, or too many sides, is refused. */
static void
test_bad_sides(void **state)
{
	static const size_t empty[] = { 1, 0 }, over[] = { 1, 2 };
	struct rs_file f[2];
	struct cmp_table t;
	char err[256];

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	assert_int_equal(cmp_build(&t, f, 2, empty, 2, NULL, 0.01, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "side B has no results files"));
	assert_int_equal(cmp_build(&t, f, 2, over, 2, NULL, 0.01, err,
	    sizeof(err)), -1);
	rs_free(&f[0]);
	rs_free(&f[1]);
}


/* Labels that clash refuse the table, and leave nothing to free. */
static void
test_build_label_clash(void **state)
{
	static const char *const labels[] = { "same", "same" };
	struct rs_file f[2];
	struct cmp_table t;
	char err[256];

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	assert_int_equal(cmp_build(&t, f, 2, NULL, 0, labels, 0.01, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "two inputs are labelled 'same'; name them "
	    "apart with --label");
	assert_null(t.inputs);
	assert_null(t.rows);
	assert_int_equal(t.ninputs, 0);
	/* One side of both files. */
	assert_int_equal(cmp_build(&t, f, 2, (const size_t[]){ 2 }, 1,
	    NULL, 0.05, err, sizeof(err)), 0);
	assert_int_equal(t.ninputs, 1);
	assert_int_equal(t.inputs[0].nfiles, 2);
	assert_ptr_equal(t.inputs[0].f, &f[0]);
	assert_true(t.threshold == (double)0.05);
	assert_true(t.nrows > 0);
	cmp_free(&t);
	assert_null(t.rows);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

/* Rows over three sides: cells[row][side], zeroed. */
static void
grid(struct cmp_table *t, struct cmp_row rows[2], struct cmp_cell cells[2][3])
{

	memset(cells, 0, 2 * sizeof(cells[0]));
	memset(t, 0, sizeof(*t));
	rows[0].cells = cells[0];
	rows[1].cells = cells[1];
	t->rows = rows;
	t->nrows = 2;
	t->ninputs = 3;
}

/*
 * What a gate sees: the greatest low end of the interval of a cell called
 * slower on any side but the baseline's, not its ratio, so that a gate
 * fails only on a slowdown shown to pass it.
 */
static void
test_worst_slowdown(void **state)
{
	struct cmp_cell cells[2][3];
	struct cmp_row rows[2];
	struct cmp_table t;
	size_t row = 99, side = 99;

	(void)state;
	grid(&t, rows, cells);
	assert_true(cmp_worst_slowdown(&t, &row, &side) == 1);
	assert_int_equal(row, 99);	/* untouched: there is none */
	cells[0][0] = (struct cmp_cell){ .verdict = CMP_SLOWER,
	    .tested = 9, .ci_low = 8 };	/* the baseline's own: never */
	cells[0][1] = (struct cmp_cell){ .verdict = CMP_UNKNOWN,
	    .tested = 5, .ci_low = 4 };	/* not shown: never */
	cells[0][2] = (struct cmp_cell){ .verdict = CMP_SLOWER,
	    .tested = 1.6, .ci_low = 1.1 };
	cells[1][1] = (struct cmp_cell){ .verdict = CMP_SLOWER,
	    .tested = 1.5, .ci_low = 1.2 };
	cells[1][2] = (struct cmp_cell){ .verdict = CMP_FASTER,
	    .tested = 0.5, .ci_low = 0.4, .ci_high = 0.6 };
	/* 1.2 (row 1), not the larger ratio 1.6 (row 0). */
	assert_double_equal(cmp_worst_slowdown(&t, &row, &side), 1.2);
	assert_int_equal(row, 1);
	assert_int_equal(side, 1);
}

/* A strict gate counts the unknowns, and names the first. */
static void
test_unknowns(void **state)
{
	struct cmp_cell cells[2][3];
	struct cmp_row rows[2];
	struct cmp_table t;
	size_t row = 99, side = 99;

	(void)state;
	grid(&t, rows, cells);
	cells[0][0].verdict = cells[1][0].verdict = CMP_BASELINE;
	cells[0][1].verdict = CMP_SAME;
	cells[0][2].verdict = CMP_MISSING;
	cells[1][1].verdict = CMP_SLOWER;
	cells[1][2].verdict = CMP_NOT_OK;
	assert_int_equal(cmp_unknowns(&t, &row, &side), 0);
	assert_int_equal(row, 99);
	/* The baseline's own column is never judged, so never counted. */
	cells[0][0].verdict = CMP_UNKNOWN;
	assert_int_equal(cmp_unknowns(&t, &row, &side), 0);
	cells[0][2].verdict = CMP_UNKNOWN;
	cells[1][1].verdict = CMP_UNKNOWN;
	assert_int_equal(cmp_unknowns(&t, &row, &side), 2);
	assert_int_equal(row, 0);
	assert_int_equal(side, 2);
	/* Below the loop's resolution: unknown for good, not counted. */
	cells[0][2].why = cmp_why_resolution;
	assert_int_equal(cmp_unknowns(&t, &row, &side), 1);
	assert_int_equal(row, 1);
	assert_int_equal(side, 1);
}

/* Intervals widen to keep their coverage among the cells called. */
static void
test_ci_level(void **state)
{
	struct cmp_table t;

	(void)state;
	memset(&t, 0, sizeof(t));
	assert_true(fabs(cmp_ci_level(&t) - (1 - CMP_FDR)) < 1e-12);
	t.ntested = 100;
	assert_true(fabs(cmp_ci_level(&t) - (1 - CMP_FDR / 100)) < 1e-12);
	t.nchanged = 10;
	assert_true(fabs(cmp_ci_level(&t) - (1 - CMP_FDR * 0.1)) < 1e-12);
}

static void
test_change_text(void **state)
{
	static const struct {
		double		 ratio;
		const char	*want;
	} cases[] = {
		{ 1.05, "+5.0%" }, { 0.996, "-0.4%" }, { 1, "+0.0%" },
		{ 1.12, "+12%" }, { 0.9, "-10%" }, { 1.0994, "+9.9%" },
		{ 1.0996, "+10%" }, { 10.99, "+999%" }, { 26, "x26" },
		{ NAN, "?" }, { INFINITY, "?" },
		/* unchanged but a hair faster: no "-0.0%" */
		{ 0.9996, "+0.0%" }, { 0.99951, "+0.0%" },
	};
	char buf[16];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cmp_change_text(cases[i].ratio, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].want);
	}
}

static void
test_marks(void **state)
{

	(void)state;
	assert_string_equal(cmp_mark(CMP_SLOWER), "*");
	assert_string_equal(cmp_mark(CMP_FASTER), "*");
	assert_string_equal(cmp_mark(CMP_SAME), "=");
	assert_string_equal(cmp_mark(CMP_UNKNOWN), "?");
	assert_string_equal(cmp_mark(CMP_BASELINE), "");
	assert_string_equal(cmp_mark(CMP_MISSING), "");
	assert_string_equal(cmp_mark(CMP_NOT_OK), "");
}

/* The method states the threshold and constants the verdicts used. */
static void
test_method_text(void **state)
{
	struct cmp_table t;
	char *text;
	size_t len;
	FILE *fp;

	(void)state;
	memset(&t, 0, sizeof(t));
	t.threshold = 0.05;
	t.ntested = 42;
	fp = open_memstream(&text, &len);
	assert_non_null(fp);
	cmp_method_text(&t, fp);
	assert_int_equal(fclose(fp), 0);
	assert_non_null(strstr(text, "baseline's (A)"));
	assert_non_null(strstr(text, "assumed (1%, 10% for"));
	assert_non_null(strstr(text, "rate at 1% across the 42 cells tested"));
	assert_non_null(strstr(text, "least 5% (--threshold)"));
	assert_non_null(strstr(text, "within +-5% (two one-sided"));
	assert_non_null(strstr(text, "?  unknown"));
	assert_true(len > 0 && text[len - 1] == '\n');
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bad_sides),
		cmocka_unit_test(test_build_label_clash),
		cmocka_unit_test(test_worst_slowdown),
		cmocka_unit_test(test_unknowns),
		cmocka_unit_test(test_ci_level),
		cmocka_unit_test(test_change_text),
		cmocka_unit_test(test_marks),
		cmocka_unit_test(test_method_text),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
