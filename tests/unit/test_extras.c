/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The figures benchmarks add, as the run prints them: beside the median,
 * counts as whole numbers, nothing for results without figures or not ok;
 * on a narrow terminal the figures go on lines of their own, whole.
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

#include "cyclebench.h"
#include "report/report.h"

static const struct cb_bench plain = { .name = "g/plain" };
static const struct cb_bench seeded = { .name = "g/seeded",
	.params = { { "k", "4" } } };
static const struct cb_bench failed = { .name = "g/failed" };

static char *
extras(const struct cb_result *r, size_t n, int width)
{
	char *text = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&text, &len);
	assert_non_null(fp);
	report_extras(fp, r, n, width);
	fclose(fp);
	return (text);
}

static void
test_extras_lines(void **state)
{
	struct cb_result r[3];
	char *t;

	(void)state;
	memset(r, 0, sizeof(r));
	r[0].bench = &plain;
	r[0].cycles.median = 3.0;
	r[1].bench = &seeded;
	r[1].cycles.median = 20.04;
	cb_result_extra(&r[1], "seed_cycles", 19.012);
	cb_result_extra(&r[1], "seed_iters", 10000);
	cb_result_extra(&r[1], "partner_window_cycles", INFINITY);
	r[2].bench = &failed;
	r[2].status = CB_ERROR;
	cb_result_extra(&r[2], "never_shown", 1);
	t = extras(r, 3, 0);
	assert_non_null(strstr(t, "\nFigures the benchmarks added"));
	assert_non_null(strstr(t, "g/seeded k=4"));
	assert_non_null(strstr(t, "cycles 20.0  seed_cycles 19.0  "
	    "seed_iters 10000  partner_window_cycles -\n"));
	assert_null(strstr(t, "g/plain"));
	assert_null(strstr(t, "never_shown"));
	free(t);

	t = extras(r, 1, 0);
	assert_string_equal(t, "");
	free(t);
}

static void
test_extras_fit_width(void **state)
{
	struct cb_result r;
	char *t, *line, *save = NULL;

	(void)state;
	memset(&r, 0, sizeof(r));
	r.bench = &seeded;
	r.cycles.median = 20.04;
	cb_result_extra(&r, "seed_cycles", 19.012);
	cb_result_extra(&r, "seed_iters", 10000);
	cb_result_extra(&r, "partner_window_cycles", 123456);
	t = extras(&r, 1, 64);
	for (line = strtok_r(t, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		if (strlen(line) > 64)
			fail_msg("%zu columns: '%s'", strlen(line), line);
	free(t);
	t = extras(&r, 1, 64);
	/* Each continuation starts under "cycles", key and value together. */
	assert_non_null(strstr(t, "cycles 20.0  seed_cycles 19.0\n"));
	assert_non_null(strstr(t, "\n                                   "
	    "seed_iters 10000\n"));
	assert_non_null(strstr(t, "partner_window_cycles 123456\n"));
	free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_extras_lines),
		cmocka_unit_test(test_extras_fit_width),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
