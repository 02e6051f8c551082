/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison to render in cmocka tests: basic-cpu0.json (A) against
 * inject.json (B), whose CPU brand, kernel, a name, parameters and flags
 * are HTML and markdown injection attempts; rows only one side has,
 * unknown cells (one round a side) and a warning that the kernels
 * differ.  cf_real makes a cell a real change, as the verdict would, so
 * the renderers' handling of one is tested without the statistics.
 * Include after <cmocka.h>.
 */
#ifndef CB_TEST_COMPARE_FIXTURE_H
#define CB_TEST_COMPARE_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results_fixture.h"
#include "report/compare_out.h"
#include "verdict/compare.h"

static struct rs_file cf_files[2];
static struct cmp_table cf_t;

static inline int
cf_setup(void **state)
{
	char err[512];

	(void)state;
	load(&cf_files[0], RES "basic-cpu0.json");
	load(&cf_files[1], RES "inject.json");
	if (cmp_build(&cf_t, cf_files, 2, NULL, 2, NULL, 0.01, err,
	    sizeof(err)) != 0)
		fail_msg("%s", err);
	return (0);
}

static inline int
cf_teardown(void **state)
{

	(void)state;
	cmp_free(&cf_t);
	rs_free(&cf_files[0]);
	rs_free(&cf_files[1]);
	return (0);
}

/* The row called name (and params), or a failed test. */
static inline struct cmp_row *
cf_row(const char *name, const char *params)
{
	size_t i;

	for (i = 0; i < cf_t.nrows; i++)
		if (strcmp(cf_t.rows[i].first->name, name) == 0 &&
		    strcmp(cf_t.rows[i].first->params, params) == 0)
			return (&cf_t.rows[i]);
	fail_msg("no row %s %s", name, params);
	return (NULL);
}

/*
 * Side B of row a real change by ratio, as the verdict would set it:
 * slower above 1, faster below, shown over two runs a side.
 */
static inline void
cf_real(struct cmp_row *row, double ratio)
{
	struct cmp_cell *c = &row->cells[1];

	c->verdict = ratio > 1 ? CMP_SLOWER : CMP_FASTER;
	c->why = "";
	c->ratio = c->tested = ratio;
	c->median = row->cells[0].median * ratio;
	c->ci_low = ratio - 0.0625;
	c->ci_high = ratio + 0.0625;
	c->p = 0.001;
	c->q = 0.002;
	c->p_same = c->q_same = 0.9;
	c->rounds = 8;
	c->runs = 2;
	c->basis = CMP_BASIS_RUNS;
	c->spread = 0.005;
	c->inflation = 1;
	row->cells[0].rounds = 8;
	row->cells[0].runs = 2;
}

/*
 * t in format fmt, as compare prints it, in a string to free.  Not
 * inlined: gcc then takes the string for the local that held its
 * address (a false -Wdangling-pointer).
 */
static __attribute__((noinline, unused)) char *
cf_render(const struct cmp_table *t, enum report_format fmt)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(cmp_print(t, fmt, fp), 0);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

#endif
