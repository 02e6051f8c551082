/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_params.c: params shown in file order,
 * the key with them sorted so that files listing them in another order
 * match; numbers printed readably; a key or value that could pass for
 * another pair quoted; what cannot be shown on a terminal scrubbed from
 * the text shown but kept exact in the key; other types refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results_params.h"

static char err[512];

/* Read {"params": <params>} for a result named "b/x"; its return. */
static int
read_params(const char *params, struct rs_result *r)
{
	struct rs_vctx c = { "f.json", err, sizeof(err), 2 };
	char text[512];
	json_t *obj;
	int rc;

	snprintf(text, sizeof(text), "{\"params\": %s}", params);
	obj = json_loads(text, 0, NULL);
	assert_non_null(obj);
	memset(r, 0, sizeof(*r));
	r->name = "b/x";
	rc = rs_get_params(&c, obj, "results[4]", r);
	json_decref(obj);
	r->params_json = NULL;
	return (rc);
}

static void
clear(struct rs_result *r)
{

	free(r->params);
	free(r->key);
}

static void
test_order(void **state)
{
	struct rs_result r, s;

	(void)state;
	assert_int_equal(read_params("{\"k\": 4, \"ds\": \"null\", "
	    "\"f\": 0.25}", &r), 0);
	assert_string_equal(r.params, "k=4 ds=null f=0.25");
	assert_string_equal(r.key, "b/x ds=null f=0.25 k=4");
	assert_int_equal(read_params("{\"f\": 0.25, \"k\": 4, "
	    "\"ds\": \"null\"}", &s), 0);
	assert_string_equal(s.params, "f=0.25 k=4 ds=null");
	assert_string_equal(s.key, r.key);
	clear(&r);
	clear(&s);
	assert_int_equal(read_params("{}", &r), 0);
	assert_string_equal(r.params, "");
	assert_string_equal(r.key, "b/x");
	clear(&r);
}

/* {"a": "1 b=2"} and {"a": "1", "b": "2"} never print nor match alike. */
static void
test_quoting(void **state)
{
	struct rs_result r, s;

	(void)state;
	assert_int_equal(read_params("{\"a\": \"1 b=2\"}", &r), 0);
	assert_int_equal(read_params("{\"a\": \"1\", \"b\": \"2\"}", &s), 0);
	assert_string_equal(r.params, "a=\"1 b=2\"");
	assert_string_equal(s.params, "a=1 b=2");
	assert_string_not_equal(r.key, s.key);
	clear(&r);
	clear(&s);
	assert_int_equal(read_params("{\"a\": \"b=2\"}", &r), 0);
	assert_string_equal(r.params, "a=\"b=2\"");
	clear(&r);
	assert_int_equal(read_params("{\"q\\\"\": \"\", \"w\": \"a\\\\b\"}",
	    &r), 0);
	assert_string_equal(r.params, "\"q\\\"\"=\"\" w=\"a\\\\b\"");
	clear(&r);
	/* Big and exact numbers: as integers, or 15 digits. */
	assert_int_equal(read_params("{\"n\": 12345678901234, "
	    "\"x\": 0.1, \"y\": 1e300}", &r), 0);
	assert_string_equal(r.params, "n=12345678901234 x=0.1 y=1e+300");
	clear(&r);
}

static void
test_scrubbed(void **state)
{
	struct rs_result r;

	(void)state;
	assert_int_equal(read_params("{\"c\\u001b\": \"v\"}", &r), 0);
	assert_null(strchr(r.params, '\033'));
	assert_string_equal(r.params, "c?=v");
	assert_string_equal(r.key, "b/x c\033=v");
	clear(&r);
}

static void
test_refused(void **state)
{
	struct rs_result r;

	(void)state;
	assert_int_equal(read_params("{\"a\": 1, \"b\": [1]}", &r), -1);
	assert_string_equal(err, "f.json: results[4]: parameter \"b\" should "
	    "be a string or a number, not an array");
	clear(&r);
	assert_int_equal(read_params("[1]", &r), -1);
	assert_string_equal(err, "f.json: results[4]: \"params\" should be an "
	    "object, not an array");
	clear(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_order),
		cmocka_unit_test(test_quoting),
		cmocka_unit_test(test_scrubbed),
		cmocka_unit_test(test_refused),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
