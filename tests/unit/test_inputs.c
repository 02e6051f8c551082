/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/inputs.c: results files loaded in the order
 * named; when any is bad, every bad one said (not just the first) and
 * nothing kept; a name that is no file but reads as a selection of
 * stored runs gets the hint to write --db.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cli/cli.h"
#include "results_fixture.h"
#include "stderr_capture.h"

static void
test_loaded(void **state)
{
	char *paths[] = { RES "basic-cpu1.json", RES "rounds-cpu0.json",
	    RES "basic-cpu0.json" };
	struct rs_file *f = NULL;

	(void)state;
	assert_int_equal(load_inputs(paths, 3, &f), 0);
	assert_non_null(f);
	assert_string_equal(f[0].path, paths[0]);
	assert_string_equal(f[1].path, paths[1]);
	assert_string_equal(f[2].path, paths[2]);
	assert_true(f[0].nresults > 0 && f[1].nresults > 0);
	free_inputs(f, 3);
}

static void
test_every_bad_one(void **state)
{
	char *paths[] = { RES "malformed.json", RES "basic-cpu0.json",
	    RES "absent.json", RES "not-results.json" };
	struct rs_file *f = NULL;
	const char *said;

	(void)state;
	stderr_begin();
	assert_int_equal(load_inputs(paths, 4, &f), EXIT_USAGE);
	said = stderr_end();
	assert_null(f);
	assert_said(said, "malformed.json");
	assert_said(said, "absent.json");
	assert_said(said, "not-results.json");
	assert_null(strstr(said, "basic-cpu0.json"));
	assert_null(strstr(said, "--db"));
}

static void
test_selection_hint(void **state)
{
	char *paths[] = { "machine=box7,last=3", "nosuch-cb-file" };
	struct rs_file *f = NULL;
	const char *said;

	(void)state;
	stderr_begin();
	assert_int_equal(load_inputs(paths, 2, &f), EXIT_USAGE);
	said = stderr_end();
	assert_said(said, "cyclebench: for the stored runs "
	    "'machine=box7,last=3' selects, write --runs "
	    "'machine=box7,last=3'\n");
	/* No selection: no hint. */
	assert_null(strstr(said, "write --runs 'nosuch"));
	assert_said(said, "nosuch-cb-file");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_loaded),
		cmocka_unit_test(test_every_bad_one),
		cmocka_unit_test(test_selection_hint),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
