/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_parts.c, what every format of a
 * comparison says alike: a row's "name k=v" label, a side's cycles cell
 * (the figure, "-" when missing, the status when it did not run), its
 * levels, the legend line with the run's --context, the line that counts
 * the verdicts, and the verdicts' names as CSV and JSON spell them.
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

#include <jansson.h>

#include "compare_fixture.h"
#include "report/compare_parts.h"

static void
test_row_label(void **state)
{
	char buf[256], small[8];

	(void)state;
	cmp_row_label(cf_row("basic/load-latency", ""), buf, sizeof(buf));
	assert_string_equal(buf, "basic/load-latency");
	cmp_row_label(&cf_t.rows[cf_t.nrows - 1], buf, sizeof(buf));
	assert_string_equal(buf, "basic/imul-latency \"k'\\\"<b>\"=<i>&amp;");
	memset(small, 'Z', sizeof(small));
	cmp_row_label(&cf_t.rows[cf_t.nrows - 1], small, 6);
	assert_string_equal(small, "basic");
	assert_int_equal(small[6], 'Z');
}

static void
test_cost_and_levels(void **state)
{
	struct cmp_cell c;
	struct rs_result r;
	char buf[64];

	(void)state;
	memset(&c, 0, sizeof(c));
	memset(&r, 0, sizeof(r));
	c.verdict = CMP_SAME;
	c.median = 12345;
	cmp_cost_text(&c, buf, sizeof(buf));
	assert_string_equal(buf, "12345");
	c.median = NAN;
	cmp_cost_text(&c, buf, sizeof(buf));
	assert_string_equal(buf, "-");
	c.verdict = CMP_MISSING;
	c.median = 3;
	cmp_cost_text(&c, buf, sizeof(buf));
	assert_string_equal(buf, "-");
	c.verdict = CMP_NOT_OK;
	c.r = &r;
	r.status = "error";
	cmp_cost_text(&c, buf, sizeof(buf));
	assert_string_equal(buf, "error");
	/* One level is no levels. */
	assert_string_equal(cmp_cell_levels(&c, buf, sizeof(buf)), "");
	c.nlevels = 2;
	c.levels[0].value = 8.25;
	c.levels[0].share = 0.75;
	c.levels[1].value = 6.5;
	c.levels[1].share = 0.25;
	c.scattered = 0.5;
	assert_string_equal(cmp_cell_levels(&c, buf, sizeof(buf)),
	    "8.25 (75%) | 6.50 (25%) | scattered 50%");
}

static void
test_legend(void **state)
{
	char buf[512];

	(void)state;
	cmp_legend_line(&cf_t.inputs[0], buf, sizeof(buf));
	assert_string_equal(buf, "Oxide Virtual Turin-like Processor; Linux "
	    "6.18.44-fc-v782 under bhyve; cycles calibrated; run "
	    "2026-11-29T23:16:13Z");
	/* What the user said of the run, and what is not known. */
	cf_files[0].context = json_pack("{s:s, s:s}", "commit", "abc123",
	    "build", "-O2");
	cf_files[0].machine.cpu_brand = "";
	cf_files[0].machine.hypervisor = "";
	cf_files[0].started_at = "";
	cmp_legend_line(&cf_t.inputs[0], buf, sizeof(buf));
	assert_string_equal(buf, "unknown CPU; Linux 6.18.44-fc-v782; cycles "
	    "calibrated; commit=abc123; build=-O2");
	json_decref(cf_files[0].context);
	cf_files[0].context = NULL;
}

/* The verdicts counted over the cells after the baseline's. */
static void
test_summary(void **state)
{
	char buf[160], want[160];
	size_t i, n[CMP_NOT_OK + 1] = { 0 };

	(void)state;
	for (i = 0; i < cf_t.nrows; i++)
		cf_t.rows[i].cells[1].verdict = CMP_SAME;
	cf_t.rows[0].cells[1].verdict = CMP_UNKNOWN;
	cf_real(cf_row("basic/load-latency", ""), 1.25);
	for (i = 0; i < cf_t.nrows; i++)
		n[cf_t.rows[i].cells[1].verdict]++;
	cmp_summary_text(&cf_t, buf, sizeof(buf));
	assert_int_equal(n[CMP_SLOWER], 1);
	assert_int_equal(n[CMP_UNKNOWN], 1);
	snprintf(want, sizeof(want), "1 slower, 0 faster, %zu same, 1 unknown "
	    "of %zu", n[CMP_SAME], cf_t.nrows);
	assert_string_equal(buf, want);
	cf_t.rows[0].cells[1].verdict = CMP_MISSING;
	cmp_summary_text(&cf_t, buf, sizeof(buf));
	snprintf(want, sizeof(want), "1 slower, 0 faster, %zu same, 0 unknown, "
	    "1 not compared of %zu", n[CMP_SAME], cf_t.nrows);
	assert_string_equal(buf, want);
}

static void
test_verdict_names(void **state)
{

	(void)state;
	assert_string_equal(cmp_verdict_names[CMP_BASELINE], "baseline");
	assert_string_equal(cmp_verdict_names[CMP_SLOWER], "slower");
	assert_string_equal(cmp_verdict_names[CMP_FASTER], "faster");
	assert_string_equal(cmp_verdict_names[CMP_SAME], "same");
	assert_string_equal(cmp_verdict_names[CMP_UNKNOWN], "unknown");
	assert_string_equal(cmp_verdict_names[CMP_MISSING], "missing");
	assert_string_equal(cmp_verdict_names[CMP_NOT_OK], "not-ok");
	assert_string_equal(cmp_basis_names[CMP_BASIS_NONE], "none");
	assert_string_equal(cmp_basis_names[CMP_BASIS_RUNS], "runs");
	assert_string_equal(cmp_basis_names[CMP_BASIS_NOISE], "noise");
	assert_string_equal(cmp_basis_names[CMP_BASIS_ASSUMED], "assumed");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_row_label, cf_setup,
		    cf_teardown),
		cmocka_unit_test(test_cost_and_levels),
		cmocka_unit_test_setup_teardown(test_legend, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_summary, cf_setup,
		    cf_teardown),
		cmocka_unit_test(test_verdict_names),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
