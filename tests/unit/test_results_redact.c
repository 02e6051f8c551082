/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Passwords out of results documents: a document whose run.argv or
 * context held one is laid out again without it; any other keeps its
 * bytes; a tree of another shape is left alone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "results/results_redact.h"

static const char with_password[] =
    "{\"schema_version\": 2, \"run\": {\"argv\": [\"cyclebench\", \"run\","
    " \"--db\", \"postgresql://bench:S3cr3tPW@db/x\"], \"partial\": false},"
    " \"context\": {\"store\": \"host=db password='S3cr3tPW'\","
    " \"commit\": \"v1\"}, \"results\": [0.1, 12345678901]}";

static void
test_document_with_password(void **state)
{
	char *out;
	size_t len;

	(void)state;
	assert_int_equal(rs_redact_document(with_password,
	    strlen(with_password), &out, &len), 1);
	assert_non_null(out);
	assert_int_equal(strlen(out), len);
	assert_null(strstr(out, "S3cr3tPW"));
	assert_non_null(strstr(out, "\"postgresql://bench:***@db/x\""));
	assert_non_null(strstr(out, "\"host=db password=***\""));
	/* The rest is kept, numbers exactly, laid out as files are. */
	assert_non_null(strstr(out, "\"commit\": \"v1\""));
	assert_non_null(strstr(out, "0.10000000000000001"));
	assert_non_null(strstr(out, "12345678901"));
	assert_int_equal(out[len - 1], '\n');
	free(out);
}

static void
test_document_without_password(void **state)
{
	const char doc[] = "{\"run\": {\"argv\": [\"cyclebench\", \"run\","
	    " \"--db\", \"postgresql://bench@db/x\"]}, \"context\": {}}";
	char *out;
	size_t len;

	(void)state;
	assert_int_equal(rs_redact_document(doc, strlen(doc), &out, &len), 0);
	assert_null(out);
	assert_int_equal(len, 0);
}

static void
test_tree_of_another_shape(void **state)
{
	json_t *t;

	(void)state;
	t = json_pack("{s:{s:s}, s:[s]}", "run", "argv",
	    "postgresql://a:S3cr3tPW@h", "context", "password=S3cr3tPW");
	assert_non_null(t);
	/* argv not an array, context not an object: not ours to change. */
	assert_int_equal(rs_redact_tree(t), 0);
	json_decref(t);
	t = json_pack("{s:{s:[i, s]}}", "run", "argv", 1, "PASSWORD=x");
	assert_int_equal(rs_redact_tree(t), 1);
	assert_string_equal(json_string_value(json_array_get(json_object_get(
	    json_object_get(t, "run"), "argv"), 1)), "PASSWORD=***");
	json_decref(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_document_with_password),
		cmocka_unit_test(test_document_without_password),
		cmocka_unit_test(test_tree_of_another_shape),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
