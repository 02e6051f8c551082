/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_get.c: a key looked up is there and of
 * a type the mask allows, or the refusal names the file, the place, the
 * key, what was wanted and what was found; nulls read as "" and NAN;
 * arrays of numbers are checked element by element.
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

#include "results/results_get.h"

static char err[512];
static struct rs_vctx c = { "f.json", err, sizeof(err), 2 };
static json_t *doc;

static int
setup(void **state)
{

	(void)state;
	doc = json_loads("{\"s\": \"text\", \"n\": null, \"i\": 3, "
	    "\"r\": 2.5, \"b\": true, \"o\": {}, \"a\": [1, null, 2], "
	    "\"bad\": [1, \"x\", false]}", 0, NULL);
	return (doc != NULL ? 0 : -1);
}

static int
teardown(void **state)
{

	(void)state;
	json_decref(doc);
	return (0);
}

static void
test_get(void **state)
{
	json_t *v;

	(void)state;
	assert_int_equal(rs_get(&c, doc, "results[0]", "i", RS_T_NUM, &v), 0);
	assert_int_equal(json_integer_value(v), 3);
	assert_int_equal(rs_get(&c, doc, "results[0]", "gone", RS_T_NUM, &v),
	    -1);
	assert_string_equal(err, "f.json: results[0]: missing key \"gone\"");
	assert_int_equal(rs_get(&c, doc, "", "gone", RS_T_NUM, &v), -1);
	assert_string_equal(err, "f.json: missing key \"gone\"");
	/* A number is never "an integer or a real number". */
	assert_int_equal(rs_get(&c, doc, "x", "s", RS_T_NUM | RS_T_NULL, &v),
	    -1);
	assert_string_equal(err, "f.json: x: \"s\" should be a number or null, "
	    "not a string");
	assert_int_equal(rs_get(&c, doc, "x", "a", RS_T_STR | RS_T_INT |
	    RS_T_OBJ, &v), -1);
	assert_string_equal(err, "f.json: x: \"a\" should be a string or an "
	    "integer or an object, not an array");
	assert_int_equal(rs_get(&c, doc, "x", "r", RS_T_INT, &v), -1);
	assert_string_equal(err, "f.json: x: \"r\" should be an integer, not "
	    "a real number");
	assert_int_equal(rs_get(&c, doc, "x", "b", RS_T_ARR, &v), -1);
	assert_string_equal(err, "f.json: x: \"b\" should be an array, not a "
	    "boolean");
}

static void
test_get_str_num(void **state)
{
	const char *s;
	double d;

	(void)state;
	assert_int_equal(rs_get_str(&c, doc, "x", "s", &s), 0);
	assert_string_equal(s, "text");
	assert_int_equal(rs_get_str(&c, doc, "x", "n", &s), 0);
	assert_string_equal(s, "");
	assert_int_equal(rs_get_str(&c, doc, "x", "i", &s), -1);
	assert_string_equal(err, "f.json: x: \"i\" should be null or a string, "
	    "not an integer");
	assert_int_equal(rs_get_num(&c, doc, "x", "i", &d), 0);
	assert_true(d == 3);
	assert_int_equal(rs_get_num(&c, doc, "x", "r", &d), 0);
	assert_true(d == 2.5);
	assert_int_equal(rs_get_num(&c, doc, "x", "n", &d), 0);
	assert_true(isnan(d));
	assert_int_equal(rs_get_num(&c, doc, "x", "o", &d), -1);
	assert_string_equal(err, "f.json: x: \"o\" should be a number or null, "
	    "not an object");
}

static void
test_get_enum(void **state)
{
	static const char *const names[] = { "text", "other", NULL };
	static const char *const none[] = { "other", NULL };
	const char *s;

	(void)state;
	assert_int_equal(rs_get_enum(&c, doc, "x", "s", names, &s), 0);
	assert_string_equal(s, "text");
	assert_int_equal(rs_get_enum(&c, doc, "x", "s", none, &s), -1);
	assert_string_equal(err, "f.json: x: \"s\" is \"text\", which "
	    "schema_version 2 does not define");
	assert_int_equal(rs_get_enum(&c, doc, "x", "n", names, &s), -1);
	assert_string_equal(err, "f.json: x: \"n\" should be a string, not "
	    "null");
}

static void
test_arrays(void **state)
{
	double *x;
	size_t n;

	(void)state;
	assert_int_equal(rs_numbers(&c, json_object_get(doc, "a"), "x.a", &x,
	    &n), 0);
	assert_int_equal(n, 2);
	assert_true(x[0] == 1 && x[1] == 2);
	free(x);
	assert_int_equal(rs_numbers(&c, json_object_get(doc, "bad"), "x.bad",
	    &x, &n), -1);
	assert_string_equal(err, "f.json: x.bad: element 1 should be a number "
	    "or null, not a string");
	free(x);
	assert_int_equal(rs_per_sample(&c, json_object_get(doc, "a"), "x.a", 3,
	    &x), 0);
	assert_true(x[0] == 1 && isnan(x[1]) && x[2] == 2);
	free(x);
	assert_int_equal(rs_per_sample(&c, json_object_get(doc, "a"), "x.a", 4,
	    &x), -1);
	assert_string_equal(err, "f.json: x.a: has 3 elements for 4 samples");
	assert_int_equal(rs_per_sample(&c, json_object_get(doc, "bad"), "x.b",
	    3, &x), -1);
	assert_string_equal(err, "f.json: x.b: element 1 should be a number "
	    "or null, not a string");
	free(x);
}

/* 1e308 cycles, or -2e12: no measurement gives them, the reader refuses. */
static void
test_absurd_numbers(void **state)
{
	json_t *o;
	double d, *x;
	size_t n;

	(void)state;
	assert_non_null(o = json_loads("{\"big\": 1e308, \"neg\": -2e12, "
	    "\"net\": -5, \"a\": [1, 1e13], \"b\": [null, -1e300]}", 0,
	    NULL));
	assert_int_equal(rs_get_num(&c, o, "x", "big", &d), -1);
	assert_string_equal(err, "f.json: x: \"big\" is 1e+308, which no "
	    "measurement gives (figures are finite and at most 1e+12 either "
	    "way)");
	assert_int_equal(rs_get_num(&c, o, "x", "neg", &d), -1);
	/* a net cost below zero is a figure some measurements give */
	assert_int_equal(rs_get_num(&c, o, "x", "net", &d), 0);
	assert_true(d == -5);
	assert_int_equal(rs_numbers(&c, json_object_get(o, "a"), "x.a", &x,
	    &n), -1);
	assert_string_equal(err, "f.json: x.a: element 1 is 1e+13, which no "
	    "measurement gives (figures are finite and at most 1e+12 either "
	    "way)");
	free(x);
	assert_int_equal(rs_per_sample(&c, json_object_get(o, "b"), "x.b", 2,
	    &x), -1);
	free(x);
	json_decref(o);
}

static void
test_type_text(void **state)
{

	(void)state;
	assert_string_equal(rs_type_text(json_object_get(doc, "n")), "null");
	assert_string_equal(rs_type_text(json_object_get(doc, "s")),
	    "a string");
	assert_string_equal(rs_type_text(json_object_get(doc, "i")),
	    "an integer");
	assert_string_equal(rs_type_text(json_object_get(doc, "r")),
	    "a real number");
	assert_string_equal(rs_type_text(json_object_get(doc, "b")),
	    "a boolean");
	assert_string_equal(rs_type_text(json_object_get(doc, "o")),
	    "an object");
	assert_string_equal(rs_type_text(json_object_get(doc, "a")),
	    "an array");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_get),
		cmocka_unit_test(test_get_str_num),
		cmocka_unit_test(test_get_enum),
		cmocka_unit_test(test_absurd_numbers),
		cmocka_unit_test(test_arrays),
		cmocka_unit_test(test_type_text),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
