/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_warn.c: warnings add up in order; the
 * same machines give none; each thing that shapes the numbers and
 * differs gives one line naming every side's value, what a file lacks
 * read as unknown, not listed or not given; a partial run is named.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results_fixture.h"
#include "verdict/compare_warn.h"

static void
table(struct cmp_table *t, const struct rs_file *f, size_t n)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->inputs = calloc(n, sizeof(*t->inputs));
	assert_non_null(t->inputs);
	t->ninputs = n;
	for (i = 0; i < n; i++) {
		t->inputs[i].f = &f[i];
		t->inputs[i].nfiles = 1;
	}
}

static void
test_warn(void **state)
{
	struct cmp_table t;

	(void)state;
	memset(&t, 0, sizeof(t));
	assert_int_equal(cmp_warn(&t, "first %d", 1), 0);
	assert_int_equal(cmp_warn(&t, "%s", "second"), 0);
	assert_int_equal(t.nwarnings, 2);
	assert_string_equal(t.warnings[0], "first 1");
	assert_string_equal(t.warnings[1], "second");
	cmp_free(&t);
	assert_int_equal(t.nwarnings, 0);
}

static void
test_same_machine(void **state)
{
	struct cmp_table t;
	struct rs_file f[2];

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	table(&t, f, 2);
	assert_int_equal(cmp_machine_warnings(&t), 0);
	assert_int_equal(t.nwarnings, 0);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

static void
test_differences(void **state)
{
	struct cmp_table t;
	struct rs_file f[3];
	json_t *ctx;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "rounds-lfence.json");
	f[1].machine.kernel = "6.1.0";
	f[2].machine.microcode = "";
	f[2].partial = 1;
	assert_int_equal(json_object_set_new(f[1].machine.mitigations,
	    "new_bug", json_string("Vulnerable")), 0);
	assert_int_equal(json_object_set_new(f[2].machine.mitigations,
	    "new_bug", json_null()), 0);
	ctx = json_pack("{s:s}", "commit", "v6.9");
	assert_non_null(ctx);
	f[0].context = ctx;
	table(&t, f, 3);
	assert_int_equal(cmp_machine_warnings(&t), 0);
	assert_int_equal(t.nwarnings, 5);
	assert_string_equal(t.warnings[0], "kernel differs: A 6.18.44-fc-v669; "
	    "B 6.1.0; C 6.18.44-fc-v669");
	assert_string_equal(t.warnings[1], "microcode differs: A 0x1; B 0x1; "
	    "C unknown");
	assert_string_equal(t.warnings[2], "mitigation new_bug differs: A not "
	    "listed; B Vulnerable; C unknown");
	assert_string_equal(t.warnings[3], "context commit differs: A v6.9; "
	    "B not given; C not given");
	assert_string_equal(t.warnings[4], "C: " RES "rounds-lfence.json is a "
	    "partial run: it was interrupted");
	cmp_free(&t);
	f[0].context = NULL;
	json_decref(ctx);
	rs_free(&f[0]);
	rs_free(&f[1]);
	rs_free(&f[2]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_warn),
		cmocka_unit_test(test_same_machine),
		cmocka_unit_test(test_differences),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
