/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_labels.c: machines that differ are
 * named by their short CPU brand, the same machine by the file name, the
 * same file by the file name and the side's letter; a label given is
 * kept, a clash it makes renames the automatic one, and a clash of
 * labels given is refused.
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
#include "verdict/compare_labels.h"

static struct rs_file f[3];

static int
setup(void **state)
{

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "basic-cpu0.json");
	return (0);
}

static int
teardown(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < 3; i++)
		rs_free(&f[i]);
	return (0);
}

/* Label sides of files f[which[0]], f[which[1]]; the result's return. */
static int
label(struct cmp_table *t, const int which[2], const char *const *given,
    char *err, size_t errlen)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	t->inputs = calloc(2, sizeof(*t->inputs));
	assert_non_null(t->inputs);
	t->ninputs = 2;
	for (i = 0; i < 2; i++) {
		t->inputs[i].f = &f[which[i]];
		t->inputs[i].nfiles = 1;
	}
	return (cmp_make_labels(t, given, err, errlen));
}

static void
test_automatic(void **state)
{
	struct cmp_table t;
	char err[256];

	(void)state;
	assert_int_equal(label(&t, (const int[]){ 0, 2 }, NULL, err,
	    sizeof(err)), 0);
	assert_string_equal(t.inputs[0].label, "Xeon");
	assert_string_equal(t.inputs[1].label, "Oxide Virtual Turin-like");
	cmp_free(&t);
	assert_int_equal(label(&t, (const int[]){ 0, 1 }, NULL, err,
	    sizeof(err)), 0);
	assert_string_equal(t.inputs[0].label, "rounds-cpu0");
	assert_string_equal(t.inputs[1].label, "rounds-cpu1");
	cmp_free(&t);
	assert_int_equal(label(&t, (const int[]){ 0, 0 }, NULL, err,
	    sizeof(err)), 0);
	assert_string_equal(t.inputs[0].label, "rounds-cpu0 (A)");
	assert_string_equal(t.inputs[1].label, "rounds-cpu0 (B)");
	cmp_free(&t);
}

static void
test_given(void **state)
{
	static const char *const one[] = { "before", NULL };
	static const char *const clash[] = { "Xeon", NULL };
	static const char *const both[] = { "x", "x" };
	struct cmp_table t;
	char err[256];

	(void)state;
	assert_int_equal(label(&t, (const int[]){ 0, 2 }, one, err,
	    sizeof(err)), 0);
	assert_string_equal(t.inputs[0].label, "before");
	assert_string_equal(t.inputs[1].label, "Oxide Virtual Turin-like");
	cmp_free(&t);
	/* A's given label is B's brand: B, automatic, gives way. */
	assert_int_equal(label(&t, (const int[]){ 2, 1 }, clash, err,
	    sizeof(err)), 0);
	assert_string_equal(t.inputs[0].label, "Xeon");
	assert_string_equal(t.inputs[1].label, "rounds-cpu1");
	cmp_free(&t);
	assert_int_equal(label(&t, (const int[]){ 0, 1 }, both, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "two inputs are labelled 'x'; name them "
	    "apart with --label");
	cmp_free(&t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_automatic),
		cmocka_unit_test(test_given),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
