/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_read.c: real results files load with
 * every figure intact, and each kind of broken file is refused with a
 * message naming the file and the place.  Fixtures and how they were
 * made: tests/fixtures/results/make-fixtures.py.  Reading within limits,
 * the getters, params, names shown and reading many files have tests of
 * their own (test_results_slurp.c and so on).
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

#include "results/results.h"

#define DIR	"tests/fixtures/results/"
#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
test_load_real(void **state)
{
	struct rs_file f;
	char err[512];

	(void)state;
	assert_int_equal(rs_load(DIR "basic-cpu0.json", &f, err, sizeof(err)),
	    0);
	assert_int_equal(f.schema_version, 1);
	assert_string_equal(f.machine.cycle_method, "calibrated");
	assert_string_equal(f.machine.cpu_brand,
	    "Oxide Virtual Turin-like Processor");
	assert_string_equal(f.machine.microcode, "");	/* null */
	assert_string_equal(f.machine.hypervisor, "bhyve");
	assert_true(strstr(f.argv, "--cpu 0") != NULL);
	assert_int_equal(f.nresults, 6);
	assert_string_equal(f.results[1].name, "basic/imul-latency");
	assert_string_equal(f.results[1].key, "basic/imul-latency");
	assert_string_equal(f.results[1].params, "");
	assert_string_equal(f.results[1].mode, "latency");
	assert_true(f.results[1].ok);
	assert_int_equal(f.results[1].nsamples, 31);
	assert_true(fabs(f.results[1].cycles.median - 3) < 0.05);
	assert_true(isnan(f.results[1].first_call));
	assert_true(strstr(f.results[5].flags, "below-resolution") != NULL);
	rs_free(&f);
}

static void
test_load_synthetic(void **state)
{
	struct rs_file f;
	struct rs_result *r;
	char err[512];
	size_t i;

	(void)state;
	assert_int_equal(rs_load(DIR "synthetic.json", &f, err, sizeof(err)),
	    0);
	assert_string_equal(f.results[1].params, "user_pct=50");
	assert_string_equal(f.results[1].key, "fixture/old user_pct=50");
	for (i = 0; i < f.nresults; i++) {
		r = &f.results[i];
		if (strcmp(r->name, "fixture-path/getppid") == 0) {
			assert_string_equal(r->mode, "path");
			assert_int_equal(r->nsamples, 303);
			assert_true(r->first_call > 0);
		}
		if (strcmp(r->name, "fixture-path/skipped") == 0) {
			assert_false(r->ok);
			assert_string_equal(r->reason, "not on this kernel");
			assert_int_equal(r->nsamples, 0);
			assert_true(isnan(r->cycles.median));
		}
	}
	rs_free(&f);
}

/* Every refusal: the file, then what is wrong. */
static const struct {
	const char	*file;
	const char	*want;
} refusals[] = {
	{ "truncated.json",	"truncated.json:307:3: premature EOF (the file "
	    "ends early: truncated?)" },
	{ "malformed.json",	"malformed.json:3:33: " },
	{ "empty.json",		"empty.json: is empty, not a results file" },
	{ "",			"results/: is a directory" },
	{ "absent.json",	"absent.json: cannot open: No such file" },
	{ "not-results.json",	"not-results.json: not a cyclebench results "
	    "file: the top level is an array" },
	{ "no-version.json",	"no-version.json: not a cyclebench results "
	    "file: no \"schema_version\"" },
	{ "future.json",	"future.json: schema_version 3 is newer than "
	    "this cyclebench reads (2)" },
	{ "missing-key.json",	"missing-key.json: results[1]: missing key "
	    "\"samples\"" },
	{ "wrong-type.json",	"wrong-type.json: results[3].cycles: "
	    "\"median\" should be a number or null, not a string" },
	{ "bad-enum.json",	"bad-enum.json: results[0]: \"mode\" is "
	    "\"warp\", which schema_version 1 does not define" },
	{ "bad-sample.json",	"bad-sample.json: results[2].samples: element "
	    "5 should be a number or null, not a string" },
	{ "duplicate-key.json",	"duplicate-key.json:3:" },
};

static void
test_refusals(void **state)
{
	struct rs_file f;
	char err[512], path[256];
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(refusals); i++) {
		snprintf(path, sizeof(path), DIR "%s", refusals[i].file);
		err[0] = '\0';
		assert_int_equal(rs_load(path, &f, err, sizeof(err)), -1);
		if (strstr(err, refusals[i].want) == NULL) {
			print_error("%s: got \"%s\"\n", path, err);
			fail();
		}
		/* Nothing left to free: rs_free is safe and does nothing. */
		assert_null(f.root);
		assert_null(f.results);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_real),
		cmocka_unit_test(test_load_synthetic),
		cmocka_unit_test(test_refusals),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
