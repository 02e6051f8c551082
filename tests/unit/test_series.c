/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/series.c: stored points, oldest first, cut into
 * one series per machine and benchmark in order of first appearance,
 * each its newest `last' runs, with copies of every text (the points
 * are gone when the series are used) and its levels found.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "cli/series.h"

#define NPTS	7

/*
 * Machines A and B, benchmarks x and y, interleaved as runs 1 to 7
 * came: A/x three times, B/x twice, A/y twice.
 */
static void
points(struct store_points *p, struct store_point *pt, char text[][16])
{
	static const struct {
		const char *ident, *key;
	} who[NPTS] = {
		{ "A", "x" }, { "B", "x" }, { "A", "y" }, { "A", "x" },
		{ "B", "x" }, { "A", "x" }, { "A", "y" },
	};
	size_t i;

	memset(p, 0, sizeof(*p));
	memset(pt, 0, NPTS * sizeof(*pt));
	for (i = 0; i < NPTS; i++) {
		snprintf(text[i], 16, "t%zu", i + 1);
		pt[i].run = (long long)i + 1;
		pt[i].at = text[i];
		pt[i].ident = who[i].ident;
		pt[i].label = who[i].ident[0] == 'A' ? "box-a" : "box-b";
		pt[i].kernel = "6.1";
		pt[i].microcode = "0x1";
		/* Only runs 4 and 6 have the context asked for. */
		pt[i].ctx = i == 3 ? "v6.9" : i == 5 ? "v7.0" : NULL;
		pt[i].key = who[i].key;
		pt[i].flags = "";
		pt[i].median = 100.0 + (double)i;
		pt[i].ci_low = 99.0 + (double)i;
		pt[i].ci_high = 101.0 + (double)i;
	}
	p->p = pt;
	p->n = NPTS;
}

static void
test_cut(void **state)
{
	struct store_point pt[NPTS];
	struct store_points p;
	struct hist_series *h;
	char text[NPTS][16];
	size_t n;

	(void)state;
	points(&p, pt, text);
	assert_int_equal(series_build(&p, 0, &h, &n), 0);
	assert_int_equal(n, 3);
	assert_string_equal(h[0].ident, "A");
	assert_string_equal(h[0].key, "x");
	assert_string_equal(h[0].label, "box-a");
	assert_string_equal(h[1].ident, "B");
	assert_string_equal(h[1].label, "box-b");
	assert_string_equal(h[2].key, "y");
	assert_int_equal(h[0].n, 3);
	assert_int_equal(h[1].n, 2);
	assert_int_equal(h[2].n, 2);
	/* A/x: runs 1, 4, 6, oldest first, with their figures. */
	assert_int_equal(h[0].runs[0].run, 1);
	assert_int_equal(h[0].runs[1].run, 4);
	assert_int_equal(h[0].runs[2].run, 6);
	assert_true(h[0].pts[1].value == 103 && h[0].pts[1].lo == 102 &&
	    h[0].pts[1].hi == 104);
	assert_null(h[0].runs[0].commit);
	assert_string_equal(h[0].runs[1].commit, "v6.9");
	assert_string_equal(h[0].runs[2].commit, "v7.0");
	assert_int_equal(h[2].runs[1].run, 7);
	/* The texts are copies: the points may go. */
	assert_true(h[0].runs[0].at != pt[0].at);
	memset(text, 'z', sizeof(text));
	assert_string_equal(h[0].runs[0].at, "t1");
	assert_string_equal(h[2].runs[1].at, "t7");
	/* Its levels found: at least one segment. */
	assert_true(h[0].nseg >= 1 && h[0].seg != NULL);
	series_free(h, n);
}

/* The newest `last' of each series; a series shorter is whole. */
static void
test_last(void **state)
{
	struct store_point pt[NPTS];
	struct store_points p;
	struct hist_series *h;
	char text[NPTS][16];
	size_t n;

	(void)state;
	points(&p, pt, text);
	assert_int_equal(series_build(&p, 2, &h, &n), 0);
	assert_int_equal(n, 3);
	assert_int_equal(h[0].n, 2);
	assert_int_equal(h[0].runs[0].run, 4);
	assert_int_equal(h[0].runs[1].run, 6);
	assert_true(h[0].pts[0].value == 103);
	assert_int_equal(h[1].n, 2);
	assert_int_equal(h[1].runs[0].run, 2);
	series_free(h, n);
	assert_int_equal(series_build(&p, 1, &h, &n), 0);
	assert_int_equal(h[0].n, 1);
	assert_int_equal(h[0].runs[0].run, 6);
	assert_int_equal(h[2].runs[0].run, 7);
	series_free(h, n);
}

static void
test_empty(void **state)
{
	struct store_points p;
	struct hist_series *h;
	size_t n = 9;

	(void)state;
	memset(&p, 0, sizeof(p));
	assert_int_equal(series_build(&p, 0, &h, &n), 0);
	assert_int_equal(n, 0);
	series_free(h, n);
	series_free(NULL, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cut),
		cmocka_unit_test(test_last),
		cmocka_unit_test(test_empty),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
