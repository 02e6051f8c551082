/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_csv.c: a comparison read back as a
 * spreadsheet reads it (csv_read.h), a record of the 20 documented
 * columns per row and side, every text exactly as the results files had
 * it however hostile (commas, quotes, line ends, formula signs, markup:
 * CSV is not HTML and must not be escaped as such), unknown figures
 * empty and the verdicts by name.
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

#include "compare_fixture.h"
#include "csv_read.h"

#define NCOLS	20
#define HOSTILE	"=cmd|' /C calc'!A0,\"q\"\r\n@x"

static const char *const head[NCOLS] = {
	"name", "params", "input", "label", "file", "status",
	"cycles_median", "ratio", "ci_low", "ci_high", "p_value", "q_value",
	"q_same", "verdict", "rounds", "runs", "basis", "flags", "levels",
	"why",
};

/* The records after the header, each checked for NCOLS fields. */
static size_t
records(const char *csv, char rec[][NCOLS][CSV_FIELD], size_t max)
{
	char fields[NCOLS + 1][CSV_FIELD];
	const char *p;
	size_t n = 0;
	int nf, j;

	p = csv_record(csv, fields, NCOLS + 1, &nf);
	assert_int_equal(nf, NCOLS);
	for (j = 0; j < NCOLS; j++)
		assert_string_equal(fields[j], head[j]);
	while (*p != '\0') {
		assert_true(n < max);
		p = csv_record(p, fields, NCOLS + 1, &nf);
		assert_int_equal(nf, NCOLS);
		memcpy(rec[n++], fields, sizeof(rec[0]));
	}
	return (n);
}

static void
test_rows_and_sides(void **state)
{
	static char rec[32][NCOLS][CSV_FIELD];
	char *out;
	size_t n, i;

	(void)state;
	out = cf_render(&cf_t, REPORT_CSV);
	n = records(out, rec, 32);
	assert_int_equal(n, cf_t.nrows * cf_t.ninputs);
	for (i = 0; i < n; i++) {
		assert_string_equal(rec[i][2], i % 2 ? "B" : "A");
		assert_string_equal(rec[i][3], cf_t.inputs[i % 2].label);
		assert_string_equal(rec[i][4], cf_files[i % 2].path);
	}
	/*
	 * A's own cell is the baseline; B's unknown with the reason (one
	 * round a side), untested: no p, no basis.
	 */
	assert_string_equal(rec[4][0], "basic/imul-throughput");
	assert_string_equal(rec[4][13], "baseline");
	assert_string_equal(rec[5][13], "unknown");
	assert_string_equal(rec[5][10], "");
	assert_string_equal(rec[5][11], "");
	assert_string_equal(rec[5][15], "1");
	assert_string_equal(rec[5][16], "none");
	assert_string_equal(rec[5][19],
	    "one round a side: give several runs a side");
	assert_true(fabs(strtod(rec[4][6], NULL) /
	    cf_row("basic/imul-throughput", "")->cells[0].median - 1) < 1e-9);
	/* Only in A: B's cell missing, its figures empty, not 0. */
	assert_string_equal(rec[1][0], "basic/add-latency");
	assert_string_equal(rec[1][5], "missing");
	assert_string_equal(rec[1][6], "");
	assert_string_equal(rec[1][7], "");
	assert_string_equal(rec[1][13], "missing");
	assert_string_equal(rec[1][15], "0");
	free(out);
}

/*
 * Markup is data here: it comes back as the file had it, but for the
 * quote mark that keeps a spreadsheet from running a formula.
 */
static void
test_hostile_text(void **state)
{
	static char rec[32][NCOLS][CSV_FIELD];
	const char *saved;
	char *out;
	size_t n, i, seen = 0;

	(void)state;
	saved = cf_files[0].results[0].name;
	cf_files[0].results[0].name = HOSTILE;
	out = cf_render(&cf_t, REPORT_CSV);
	cf_files[0].results[0].name = saved;
	n = records(out, rec, 32);
	assert_string_equal(rec[0][0], "'" HOSTILE);
	assert_non_null(strstr(out, "\"'=cmd|' /C calc'!A0,\"\"q\"\"\r\n@x\","));
	assert_string_equal(rec[1][3], "\"><img src=x onerror=alert(1)>");
	for (i = 0; i < n; i++) {
		if (strcmp(rec[i][0], "<script>alert(3)</script>/x") == 0)
			seen |= 1;
		if (strcmp(rec[i][1], "\"k'\\\"<b>\"=<i>&amp;") == 0)
			seen |= 2;
	}
	assert_int_equal(seen, 3);
	free(out);
}

static void
test_real_change(void **state)
{
	static char rec[32][NCOLS][CSV_FIELD];
	char *out;

	(void)state;
	cf_real(cf_row("basic/load-latency", ""), 1.25);
	out = cf_render(&cf_t, REPORT_CSV);
	records(out, rec, 32);
	assert_string_equal(rec[7][0], "basic/load-latency");
	assert_string_equal(rec[7][7], "1.25");
	assert_string_equal(rec[7][8], "1.1875");
	assert_string_equal(rec[7][9], "1.3125");
	assert_string_equal(rec[7][10], "0.001");
	assert_string_equal(rec[7][11], "0.002");
	assert_string_equal(rec[7][12], "0.9");
	assert_string_equal(rec[7][13], "slower");
	assert_string_equal(rec[7][14], "8");
	assert_string_equal(rec[7][15], "2");
	assert_string_equal(rec[7][16], "runs");
	assert_string_equal(rec[7][19], "");
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_rows_and_sides, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_hostile_text, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_real_change, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
