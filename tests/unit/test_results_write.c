/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_write.c, beside test_report.c's tests
 * of a whole document: a parameter is written as a JSON number only when
 * it is spelled exactly as one and fits; text that is not UTF-8 is
 * repaired, never refused; and a document rendered reads back through
 * results_read.c with its run and context as they were.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json_text.h"
#include "results/results.h"
#include "results/results_write.h"

static void
params_of(const char *const kv[][2], size_t n, json_t **out)
{
	struct cb_bench b;
	size_t i;

	memset(&b, 0, sizeof(b));
	for (i = 0; i < n; i++) {
		b.params[i].key = kv[i][0];
		b.params[i].value = kv[i][1];
	}
	*out = results_json_params(&b);
	assert_non_null(*out);
}

static void
test_param_numbers(void **state)
{
	static const char *const nums[][2] = {
		{ "e", "1e5" }, { "neg", "-0" }, { "frac", "-2.25" },
		{ "exp", "5E-3" },
	};
	static const char *const texts[][2] = {
		{ "big", "99999999999999999999" }, { "huge", "1e999" },
		{ "dot", "1." }, { "lead", ".5" },
	};
	static const char *const more[][2] = {
		{ "space", " 5" }, { "plus", "+5" }, { "inf", "inf" },
		{ "none", NULL },
	};
	json_t *p;

	(void)state;
	params_of(nums, 4, &p);
	assert_true(json_is_real(json_object_get(p, "e")));
	assert_true(json_real_value(json_object_get(p, "e")) == 1e5);
	assert_true(json_is_integer(json_object_get(p, "neg")));
	assert_int_equal(json_integer_value(json_object_get(p, "neg")), 0);
	assert_true(json_real_value(json_object_get(p, "frac")) == -2.25);
	assert_true(json_real_value(json_object_get(p, "exp")) ==
	    (double)5e-3);
	json_decref(p);
	/* Out of range, or not JSON's spelling: as written. */
	params_of(texts, 4, &p);
	assert_string_equal(json_string_value(json_object_get(p, "big")),
	    "99999999999999999999");
	assert_string_equal(json_string_value(json_object_get(p, "huge")),
	    "1e999");
	assert_string_equal(json_string_value(json_object_get(p, "dot")),
	    "1.");
	assert_string_equal(json_string_value(json_object_get(p, "lead")),
	    ".5");
	json_decref(p);
	params_of(more, 4, &p);
	assert_string_equal(json_string_value(json_object_get(p, "space")),
	    " 5");
	assert_string_equal(json_string_value(json_object_get(p, "plus")),
	    "+5");
	assert_string_equal(json_string_value(json_object_get(p, "inf")),
	    "inf");
	assert_true(json_is_null(json_object_get(p, "none")));
	json_decref(p);
}

static void
test_text_repaired(void **state)
{
	static const char *const odd[][2] = { { "k\xff", "v\xfe" } };
	json_t *t, *p;

	(void)state;
	t = results_json_text("caf\xc3\xa9");
	assert_string_equal(json_string_value(t), "caf\xc3\xa9");
	json_decref(t);
	t = results_json_text("a\xff" "b\xc3");
	assert_string_equal(json_string_value(t), "a?b?");
	json_decref(t);
	t = results_json_text(NULL);
	assert_true(json_is_null(t));
	json_decref(t);
	params_of(odd, 1, &p);
	assert_string_equal(json_string_value(json_object_get(p, "k?")),
	    "v?");
	json_decref(p);
}

/* What the writer writes, the reader reads: the run and its context. */
static void
test_render_reads_back(void **state)
{
	static char *argv[] = { "cyclebench", "run", "--cpu", "2" };
	struct run_context ctx;
	struct run_info run;
	struct machine m;
	struct rs_file f;
	char err[512], *buf;
	size_t len;

	(void)state;
	memset(&m, 0, sizeof(m));
	snprintf(m.cpu_brand, sizeof(m.cpu_brand), "Test CPU 9000");
	m.cpu_family = 6;
	m.cpu_model = 207;
	memset(&ctx, 0, sizeof(ctx));
	assert_int_equal(context_add(&ctx, "commit=v1.2", err, sizeof(err)),
	    0);
	memset(&run, 0, sizeof(run));
	snprintf(run.started_at, sizeof(run.started_at),
	    "2026-12-01T10:00:00Z");
	run.argc = 4;
	run.argv = argv;
	run.partial = 1;
	run.context = &ctx;
	assert_int_equal(results_render(&m, &run, NULL, 0, &buf, &len), 0);
	assert_int_equal(strlen(buf), len);
	if (rs_load_text("rendered", buf, len, &f, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(f.schema_version, CB_SCHEMA_VERSION);
	assert_string_equal(f.machine.cpu_brand, "Test CPU 9000");
	assert_int_equal(f.machine.cpu_model, 207);
	assert_string_equal(f.started_at, "2026-12-01T10:00:00Z");
	assert_string_equal(f.argv, "cyclebench run --cpu 2");
	assert_true(f.partial);
	assert_string_equal(json_string_value(json_object_get(f.context,
	    "commit")), "v1.2");
	assert_int_equal(f.nresults, 0);
	rs_free(&f);
	free(buf);
	context_free(&ctx);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_param_numbers),
		cmocka_unit_test(test_text_repaired),
		cmocka_unit_test(test_render_reads_back),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
