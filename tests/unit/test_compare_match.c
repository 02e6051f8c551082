/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_match.c: rows come in order of first
 * appearance, the baseline's first; a side without a row has it missing;
 * a file that lists a row twice is warned of and its first is used; and a
 * verdict does not depend on the order of the rows.
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

#include "results_fixture.h"
#include "verdict/compare_match.h"

/* A table of f[0..n-1], a file a side, as cmp_build has it by then. */
static void
table(struct cmp_table *t, const struct rs_file *f, size_t n)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->inputs = calloc(n, sizeof(*t->inputs));
	assert_non_null(t->inputs);
	t->ninputs = n;
	t->threshold = 0.01;
	for (i = 0; i < n; i++) {
		t->inputs[i].f = &f[i];
		t->inputs[i].nfiles = 1;
		t->inputs[i].probe_floor = NAN;
	}
}

static void
test_order_and_missing(void **state)
{
	struct cmp_table t;
	struct rs_file f[2];
	size_t i;

	(void)state;
	load(&f[0], RES "basic-cpu0.json");
	load(&f[1], RES "synthetic.json");
	table(&t, f, 2);
	assert_int_equal(cmp_match(&t), 0);
	assert_int_equal(t.nrows, f[0].nresults + f[1].nresults);
	for (i = 0; i < f[0].nresults; i++) {
		assert_ptr_equal(t.rows[i].first, &f[0].results[i]);
		assert_int_equal(t.rows[i].cells[0].verdict, CMP_BASELINE);
		assert_ptr_equal(t.rows[i].cells[0].r, &f[0].results[i]);
		assert_int_equal(t.rows[i].cells[1].verdict, CMP_MISSING);
		assert_true(isnan(t.rows[i].cells[1].median));
	}
	for (i = 0; i < f[1].nresults; i++) {
		assert_ptr_equal(t.rows[f[0].nresults + i].first,
		    &f[1].results[i]);
		assert_int_equal(t.rows[f[0].nresults + i].cells[0].verdict,
		    CMP_MISSING);
	}
	assert_int_equal(t.nwarnings, 0);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

static void
test_duplicate_row(void **state)
{
	struct cmp_table t;
	struct rs_file f[2];

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	free(f[1].results[2].key);
	f[1].results[2].key = strdup(f[1].results[0].key);
	assert_non_null(f[1].results[2].key);
	/* Three times over: each later one once. */
	free(f[1].results[3].key);
	f[1].results[3].key = strdup(f[1].results[0].key);
	assert_non_null(f[1].results[3].key);
	table(&t, f, 2);
	assert_int_equal(cmp_match(&t), 0);
	assert_int_equal(t.nrows, f[0].nresults);
	assert_int_equal(t.nwarnings, 2);
	assert_string_equal(t.warnings[0], "B has basic/imul-latency more "
	    "than once; the first is used");
	assert_string_equal(t.warnings[1], "B has basic/imul-throughput "
	    "more than once; the first is used");
	assert_ptr_equal(t.rows[0].cells[1].r, &f[1].results[0]);
	/* The row f[1] renamed is missing there now. */
	assert_int_equal(t.rows[2].cells[1].verdict, CMP_MISSING);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

/* Reverse a file's results: the same rows, the other way round. */
static void
reverse(struct rs_file *f)
{
	struct rs_result tmp;
	size_t i;

	for (i = 0; i < f->nresults / 2; i++) {
		tmp = f->results[i];
		f->results[i] = f->results[f->nresults - 1 - i];
		f->results[f->nresults - 1 - i] = tmp;
	}
}

static const struct cmp_cell *
cell(const struct cmp_table *t, const char *key, size_t side)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].first->key, key) == 0)
			return (&t->rows[i].cells[side]);
	fail_msg("no row %s", key);
	return (NULL);
}

static void
test_row_order_independent(void **state)
{
	const struct cmp_cell *a, *b;
	struct cmp_table t, u;
	struct rs_file f[3], g[3];
	size_t i, j;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "rounds-lfence.json");
	load(&g[0], RES "rounds-cpu0.json");
	load(&g[1], RES "rounds-cpu1.json");
	load(&g[2], RES "rounds-lfence.json");
	for (i = 0; i < 3; i++)
		reverse(&g[i]);
	table(&t, f, 3);
	table(&u, g, 3);
	assert_int_equal(cmp_match(&t), 0);
	assert_int_equal(cmp_match(&u), 0);
	assert_int_equal(t.nrows, u.nrows);
	assert_string_equal(u.rows[0].first->key,
	    t.rows[t.nrows - 1].first->key);
	for (i = 0; i < t.nrows; i++)
		for (j = 1; j < 3; j++) {
			a = &t.rows[i].cells[j];
			b = cell(&u, t.rows[i].first->key, j);
			assert_int_equal(a->verdict, b->verdict);
			assert_true(a->ci_low == b->ci_low ||
			    (isnan(a->ci_low) && isnan(b->ci_low)));
			assert_true(a->ci_high == b->ci_high ||
			    (isnan(a->ci_high) && isnan(b->ci_high)));
		}
	assert_int_equal(cell(&t, "basic/imul-latency", 2)->verdict,
	    CMP_SLOWER);
	cmp_free(&t);
	cmp_free(&u);
	for (i = 0; i < 3; i++) {
		rs_free(&f[i]);
		rs_free(&g[i]);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order_and_missing),
		cmocka_unit_test(test_duplicate_row),
		cmocka_unit_test(test_row_order_independent),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
