/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/context.c: --context pairs are taken as
 * KEY=VALUE with plain keys, once each, within the limits; "git" and
 * "host" wait to be resolved; the words selections use are refused as
 * keys; and the pairs become a JSON object of strings.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/context.h"

static void
test_pairs(void **state)
{
	struct run_context c;
	char err[256];
	json_t *o;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(context_add(&c, "commit=v6.9-rc1", err, sizeof(err)),
	    0);
	assert_int_equal(context_add(&c, "note=a=b c", err, sizeof(err)), 0);
	assert_int_equal(context_add(&c, "empty=", err, sizeof(err)), 0);
	assert_int_equal(c.n, 3);
	assert_string_equal(c.items[1].key, "note");
	assert_string_equal(c.items[1].value, "a=b c");
	o = context_json(&c);
	assert_non_null(o);
	assert_int_equal(json_object_size(o), 3);
	assert_string_equal(json_string_value(json_object_get(o, "commit")),
	    "v6.9-rc1");
	assert_string_equal(json_string_value(json_object_get(o, "empty")),
	    "");
	json_decref(o);
	/* A byte that is not UTF-8 is no control character, but no text. */
	assert_int_equal(context_set(&c, "raw", "a\xff", err, sizeof(err)), 0);
	o = context_json(&c);
	assert_non_null(o);
	assert_string_equal(json_string_value(json_object_get(o, "raw")),
	    "a?");
	json_decref(o);
	assert_int_equal(context_add(&c, "commit=other", err, sizeof(err)),
	    -1);
	assert_string_equal(err, "context key 'commit' given twice");
	assert_int_equal(c.n, 4);
	context_free(&c);
	assert_int_equal(c.n, 0);
}

static void
test_refused(void **state)
{
	struct run_context c;
	char err[256], arg[CTX_VALUE_MAX + 16], key[CTX_KEY_MAX + 2];
	size_t i;

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(context_add(&c, "novalue", err, sizeof(err)), -1);
	assert_string_equal(err, "--context takes KEY=VALUE, 'git' or 'host', "
	    "not 'novalue'");
	assert_int_equal(context_add(&c, "=v", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "context key '' is not 1 to 64 letters"));
	assert_int_equal(context_add(&c, "a b=v", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "context key 'a b' is not"));
	memset(key, 'k', CTX_KEY_MAX + 1);
	key[CTX_KEY_MAX + 1] = '\0';
	snprintf(arg, sizeof(arg), "%s=v", key);
	assert_int_equal(context_add(&c, arg, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "is not 1 to 64 letters"));
	key[CTX_KEY_MAX] = '\0';
	assert_int_equal(context_key_ok(key, err, sizeof(err)), 0);
	assert_int_equal(context_add(&c, "kernel=6.9", err, sizeof(err)), -1);
	assert_string_equal(err, "context key 'kernel' is reserved: the "
	    "results store records the run's kernel itself");
	assert_int_equal(context_add(&c, "last=3", err, sizeof(err)), -1);
	assert_string_equal(err, "context key 'last' is reserved: the results "
	    "store records the run's selection terms itself");
	assert_int_equal(context_add(&c, "k=a\tb", err, sizeof(err)), -1);
	assert_non_null(strstr(err, "has a control character"));
	memset(arg, 'v', sizeof(arg) - 1);
	arg[sizeof(arg) - 1] = '\0';
	memcpy(arg, "k=", 2);
	arg[2 + CTX_VALUE_MAX + 1] = '\0';
	assert_int_equal(context_add(&c, arg, err, sizeof(err)), -1);
	assert_string_equal(err, "context value of 'k' is 1025 bytes; at most "
	    "1024");
	arg[2 + CTX_VALUE_MAX] = '\0';
	assert_int_equal(context_add(&c, arg, err, sizeof(err)), 0);
	assert_int_equal(c.n, 1);
	for (i = 1; i < CTX_MAX; i++) {
		snprintf(arg, sizeof(arg), "k%zu=v", i);
		assert_int_equal(context_add(&c, arg, err, sizeof(err)), 0);
	}
	assert_int_equal(context_add(&c, "one=more", err, sizeof(err)), -1);
	assert_string_equal(err, "at most 16 context pairs");
	context_free(&c);
}

/* "git" and "host" start nothing until resolved. */
static void
test_resolved_later(void **state)
{
	struct run_context c;
	char err[256], host[256];

	(void)state;
	memset(&c, 0, sizeof(c));
	assert_int_equal(context_add(&c, "host", err, sizeof(err)), 0);
	assert_int_equal(context_add(&c, "git", err, sizeof(err)), 0);
	assert_true(c.want_host && c.want_git);
	assert_int_equal(c.n, 0);
	assert_int_equal(context_add(&c, "host", err, sizeof(err)), -1);
	assert_string_equal(err, "--context host given twice");
	c.want_git = 0;
	assert_int_equal(context_resolve(&c, err, sizeof(err)), 0);
	assert_false(c.want_host);
	assert_int_equal(c.n, 1);
	assert_string_equal(c.items[0].key, "host");
	assert_int_equal(gethostname(host, sizeof(host)), 0);
	host[sizeof(host) - 1] = '\0';
	assert_string_equal(c.items[0].value, host);
	/* Given as a pair too: refused as any key given twice. */
	c.want_host = 1;
	assert_int_equal(context_resolve(&c, err, sizeof(err)), -1);
	assert_string_equal(err, "context key 'host' given twice");
	context_free(&c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pairs),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_resolved_later),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
