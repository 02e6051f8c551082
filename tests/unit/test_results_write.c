/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_write.c: a whole document written
 * from a run (report_fixture.h) and read back the way a consumer would,
 * with jansson rather than against golden text: its keys and types,
 * numbers that come back bit for bit, unknown figures null, leftovers of
 * results that did not run not written as measurements; a parameter
 * written as a JSON number only when it is spelled exactly as one and
 * fits; text that is not UTF-8 repaired, never refused; and a document
 * rendered reads back through results_read.c with its run and context as
 * they were.
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

#include "report_fixture.h"

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

static int
setup_json(void **state)
{
	struct fixture *f;
	json_error_t jerr;
	char err[256];

	if (setup_dir(state) != 0)
		return (-1);
	f = *state;
	snprintf(f->path, sizeof(f->path), "%s/results.json", f->dir);
	if (results_write_file(f->path, &f->m, &f->run, f->r, NRESULTS, err,
	    sizeof(err)) != 0) {
		fprintf(stderr, "%s\n", err);
		return (-1);
	}
	f->doc = json_load_file(f->path, JSON_REJECT_DUPLICATES, &jerr);
	if (f->doc == NULL) {
		fprintf(stderr, "%s:%d: %s\n", f->path, jerr.line, jerr.text);
		return (-1);
	}
	return (0);
}

static json_t *
result_at(struct fixture *f, size_t i)
{
	json_t *a;

	a = json_object_get(f->doc, "results");
	assert_true(json_is_array(a));
	assert_int_equal(json_array_size(a), NRESULTS);
	return (json_array_get(a, i));
}

static void
assert_json_string(json_t *o, const char *key, const char *want)
{
	json_t *v;

	v = json_object_get(o, key);
	assert_true(json_is_string(v));
	assert_string_equal(json_string_value(v), want);
}

static void
assert_json_null(json_t *o, const char *key)
{
	json_t *v;

	v = json_object_get(o, key);
	assert_non_null(v);		/* present, not missing */
	assert_true(json_is_null(v));
}

static void
test_json_top_level(void **state)
{
	struct fixture *f = *state;
	json_t *v, *tool;

	v = json_object_get(f->doc, "schema_version");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), CB_SCHEMA_VERSION);
	tool = json_object_get(f->doc, "tool");
	assert_true(json_is_object(tool));
	assert_json_string(tool, "name", "cyclebench");
	assert_json_string(tool, "version", CB_VERSION);
	assert_json_string(f->doc, "format", CB_FORMAT_RESULTS);
	assert_int_equal(json_object_size(f->doc), 6);
}

static void
test_json_machine(void **state)
{
	static const char *const keys[] = { "cpu_vendor", "cpu_brand",
	    "cpu_family", "cpu_model", "cpu_stepping", "codename", "microcode",
	    "cpu_features", "ncpus", "reference_counter", "tsc_hz",
	    "tsc_source", "cycles_per_tick",
	    "cycle_method", "cycle_source", "imul_check", "os", "kernel",
	    "kernel_version", "arch", "mitigations", "hypervisor", "governor",
	    "boost", "smt",
	    "aslr", "perf_counters", "perf_reason", "perf_event_paranoid",
	    "core_types" };
	struct fixture *f = *state;
	json_t *m, *v;
	size_t i;

	m = json_object_get(f->doc, "machine");
	assert_true(json_is_object(m));
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (json_object_get(m, keys[i]) == NULL)
			fail_msg("machine.%s missing", keys[i]);
	assert_int_equal(json_object_size(m), sizeof(keys) / sizeof(keys[0]));
	assert_json_string(m, "cpu_vendor", "AuthenticAMD");
	assert_json_string(m, "cpu_brand", "AMD Ryzen 9 7950X");
	assert_int_equal(json_integer_value(json_object_get(m, "cpu_family")),
	    25);
	assert_true(json_is_integer(json_object_get(m, "cpu_model")));
	assert_true(json_is_integer(json_object_get(m, "cpu_stepping")));
	assert_json_null(m, "codename");
	assert_json_null(m, "cycle_source");
	assert_json_null(m, "kernel_version");
	assert_json_null(m, "hypervisor");
	assert_json_null(m, "perf_reason");
	v = json_object_get(m, "tsc_hz");
	assert_true(json_is_real(v));
	assert_true(json_real_value(v) == f->m.ref_hz);
	v = json_object_get(m, "cycles_per_tick");
	assert_true(json_real_value(v) == f->m.cycles_per_tick);
	assert_json_string(m, "cycle_method", "counted");
	v = json_object_get(m, "cpu_features");
	assert_true(json_is_array(v));
	assert_int_equal(json_array_size(v), 2);
	assert_string_equal(json_string_value(json_array_get(v, 0)), "rdtscp");
	assert_string_equal(json_string_value(json_array_get(v, 1)), "avx");
	v = json_object_get(m, "mitigations");
	assert_true(json_is_object(v));
	assert_int_equal(json_object_size(v), 2);
	assert_json_string(v, "spectre_v2",
	    "Mitigation: Enhanced / Automatic IBRS");
	assert_json_null(m, "aslr");
	assert_true(json_is_true(json_object_get(m, "perf_counters")));
	v = json_object_get(m, "perf_event_paranoid");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), 2);
}

static void
test_json_run(void **state)
{
	struct fixture *f = *state;
	json_t *run, *argv;

	run = json_object_get(f->doc, "run");
	assert_json_string(run, "started_at", "2024-05-01T12:00:00Z");
	assert_true(json_is_false(json_object_get(run, "partial")));
	argv = json_object_get(run, "argv");
	assert_true(json_is_array(argv));
	assert_int_equal(json_array_size(argv), 5);
	assert_string_equal(json_string_value(json_array_get(argv, 1)), "run");
	/* An empty argument stays "", unlike an unknown machine field. */
	assert_string_equal(json_string_value(json_array_get(argv, 2)), "");
	/* Not UTF-8: repaired rather than failing the whole file. */
	assert_string_equal(json_string_value(json_array_get(argv, 3)), "?x");
	assert_string_equal(json_string_value(json_array_get(argv, 4)),
	    "caf\xc3\xa9");
}

/* A JSON type a consumer may find under a key of every result. */
enum jtype { J_STRING, J_OBJECT, J_ARRAY, J_INT, J_NUMBER, J_NULLABLE_STR,
    J_NULLABLE_OBJ, J_NULLABLE_NUM, J_NULLABLE_INT };

static const struct {
	const char	*key;
	enum jtype	 type;
} result_keys[] = {
	{ "name",		J_STRING },
	{ "group",		J_STRING },
	{ "params",		J_OBJECT },
	{ "mode",		J_STRING },
	{ "status",		J_STRING },
	{ "reason",		J_NULLABLE_STR },
	{ "method",		J_STRING },
	{ "cycles",		J_NULLABLE_OBJ },
	{ "tsc",		J_NULLABLE_OBJ },
	{ "ns",			J_NULLABLE_OBJ },
	{ "r2",			J_NULLABLE_NUM },
	{ "loop_overhead",	J_NULLABLE_NUM },
	{ "ratio_before",	J_NULLABLE_NUM },
	{ "ratio_after",	J_NULLABLE_NUM },
	{ "disturbed_samples",	J_INT },
	{ "cpu",		J_NULLABLE_INT },
	{ "core_type",		J_NULLABLE_STR },
	{ "seconds",		J_NULLABLE_NUM },
	{ "samples",		J_ARRAY },
	{ "probe",		J_ARRAY },
	{ "rounds",		J_ARRAY },
	{ "estimate",		J_NULLABLE_OBJ },
	{ "levels",		J_ARRAY },
	{ "flags",		J_ARRAY },
	{ "extras",		J_OBJECT },
};

static int
has_type(json_t *v, enum jtype t)
{

	switch (t) {
	case J_STRING:		return (json_is_string(v));
	case J_OBJECT:		return (json_is_object(v));
	case J_ARRAY:		return (json_is_array(v));
	case J_INT:		return (json_is_integer(v));
	case J_NUMBER:		return (json_is_number(v));
	case J_NULLABLE_STR:	return (json_is_null(v) || json_is_string(v));
	case J_NULLABLE_OBJ:	return (json_is_null(v) || json_is_object(v));
	case J_NULLABLE_NUM:	return (json_is_null(v) || json_is_number(v));
	case J_NULLABLE_INT:	return (json_is_null(v) || json_is_integer(v));
	}
	return (0);
}

static void
test_json_result_keys(void **state)
{
	struct fixture *f = *state;
	json_t *res, *v;
	size_t i, k, extra;

	for (i = 0; i < NRESULTS; i++) {
		res = result_at(f, i);
		assert_true(json_is_object(res));
		for (k = 0; k < sizeof(result_keys) / sizeof(result_keys[0]);
		    k++) {
			v = json_object_get(res, result_keys[k].key);
			if (v == NULL || !has_type(v, result_keys[k].type))
				fail_msg("result %zu: bad or missing \"%s\"",
				    i, result_keys[k].key);
		}
		/* Three keys exist exactly for path results. */
		extra = f->r[i].bench->mode == CB_PATH ? 3 : 0;
		assert_int_equal(json_object_size(res),
		    sizeof(result_keys) / sizeof(result_keys[0]) + extra);
		assert_int_equal(json_object_get(res, "first_call") != NULL,
		    extra != 0);
		assert_int_equal(json_object_get(res, "batched") != NULL,
		    extra != 0);
		assert_int_equal(json_object_get(res, "histogram") != NULL,
		    extra != 0);
	}
	res = result_at(f, 0);
	assert_json_string(res, "name", "arith/imul");
	assert_json_string(res, "group", "arith");
	assert_json_string(res, "mode", "latency");
	assert_json_string(res, "status", "ok");
	assert_json_string(res, "method", "counted");
	assert_json_null(res, "reason");
	assert_int_equal(json_integer_value(json_object_get(res,
	    "disturbed_samples")), 2);
	assert_int_equal(json_integer_value(json_object_get(res, "cpu")), 3);
	assert_json_string(result_at(f, 1), "mode", "throughput");
	assert_json_string(result_at(f, 2), "group", "fork");
}

static void
test_json_params(void **state)
{
	struct fixture *f = *state;
	json_t *p, *v;

	p = json_object_get(result_at(f, 0), "params");
	assert_int_equal(json_object_size(p), 4);
	v = json_object_get(p, "width");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), 64);
	v = json_object_get(p, "scale");
	assert_true(json_is_real(v));
	assert_true(json_real_value(v) == 1.5);
	assert_json_string(p, "reg", "r64");
	assert_json_string(p, "base", "0x10");
	/* A number written differently from JSON's spelling stays as it is. */
	p = json_object_get(result_at(f, 1), "params");
	assert_json_string(p, "pad", "007");
	assert_int_equal(json_object_size(json_object_get(result_at(f, 2),
	    "params")), 0);
}

static void
test_json_stats(void **state)
{
	static const char *const keys[] = { "min", "p10", "median", "p90",
	    "p99", "max", "mean", "cv", "ci95_low", "ci95_high" };
	struct fixture *f = *state;
	json_t *res, *c;
	size_t i;

	res = result_at(f, 0);
	c = json_object_get(res, "cycles");
	assert_int_equal(json_object_size(c), 10);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		assert_non_null(json_object_get(c, keys[i]));
	assert_true(json_real_value(json_object_get(c, "median")) ==
	    f->r[0].cycles.median);
	/* NaN and infinity have no JSON spelling. */
	assert_json_null(c, "ci95_low");
	assert_json_null(json_object_get(res, "tsc"), "max");
	assert_true(json_real_value(json_object_get(json_object_get(res, "ns"),
	    "p99")) == f->r[0].ns.p99);
	/* The cast: on the x87 (i386) a constant has long double's
	   precision. */
	assert_true(json_real_value(json_object_get(res, "r2")) ==
	    (double)0.9999);
}

static void
test_json_samples_exact(void **state)
{
	struct fixture *f = *state;
	json_t *s, *v;
	size_t i;

	s = json_object_get(result_at(f, 0), "samples");
	assert_int_equal(json_array_size(s), NSAMPLES);
	for (i = 0; i < NSAMPLES; i++) {
		v = json_array_get(s, i);
		if (isnan(samples[i])) {
			assert_true(json_is_null(v));
			continue;
		}
		assert_true(json_is_real(v));
		if (json_real_value(v) != samples[i])
			fail_msg("sample %zu: %.17g read back as %.17g", i,
			    samples[i], json_real_value(v));
	}
}

static void
test_json_flags(void **state)
{
	struct fixture *f = *state;
	json_t *a;

	a = json_object_get(result_at(f, 0), "flags");
	assert_int_equal(json_array_size(a), 2);
	assert_string_equal(json_string_value(json_array_get(a, 0)),
	    "poor-fit");
	assert_string_equal(json_string_value(json_array_get(a, 1)), "noisy");
	assert_int_equal(json_array_size(json_object_get(result_at(f, 1),
	    "flags")), 0);
}

static void
test_json_not_ok(void **state)
{
	struct fixture *f = *state;
	json_t *res;
	size_t i;

	for (i = 1; i < NRESULTS; i++) {
		res = result_at(f, i);
		assert_json_null(res, "cycles");
		assert_json_null(res, "tsc");
		assert_json_null(res, "ns");
		assert_json_null(res, "r2");
		assert_int_equal(json_array_size(json_object_get(res,
		    "samples")), 0);
	}
	res = result_at(f, 1);
	assert_json_string(res, "status", "skipped");
	assert_json_string(res, "reason", "requires avx512f");
	assert_json_null(res, "cpu");
	res = result_at(f, 2);
	assert_json_string(res, "status", "error");
	assert_json_string(res, "mode", "path");
	assert_json_string(res, "reason", "setup failed: \"fork\", errno 12");
	assert_json_null(res, "first_call");
	assert_json_null(res, "batched");
	assert_json_null(res, "seconds");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_param_numbers),
		cmocka_unit_test(test_text_repaired),
		cmocka_unit_test(test_render_reads_back),
		cmocka_unit_test_setup_teardown(test_json_top_level,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_machine,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_run,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_result_keys,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_params,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_stats,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_samples_exact,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_flags,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_not_ok,
		    setup_json, teardown_dir),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
