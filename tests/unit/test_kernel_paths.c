/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The path view and the path histogram in the JSON: what a reader of a
 * kernel-path result is promised (the mitigations above the numbers, only
 * measured path rows, the benchmark's own figures, a histogram that
 * accounts for every kept call).
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

#include <jansson.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "report/report.h"

static const struct cb_bench path_bench = {
	.name = "signal/divzero", .mode = CB_PATH, .ops = 1,
	.params = { { "avx", "dirty" } },
};
static const struct cb_bench skipped_bench = {
	.name = "signal/watch", .mode = CB_PATH, .ops = 1,
};
static const struct cb_bench loop_bench = {
	.name = "basic/imul-latency", .mode = CB_LATENCY, .ops = 100,
};

static double samples[] = { 3000, 3010, 3020, 3005, 2990, 3100, 45000 };
#define NSAMPLES	(sizeof(samples) / sizeof(samples[0]))

static void
mitigation(struct machine *m, const char *name, const char *state)
{
	struct machine_mitigation *mi = &m->mitigations[m->nmitigations++];

	snprintf(mi->name, sizeof(mi->name), "%s", name);
	snprintf(mi->state, sizeof(mi->state), "%s", state);
}

static void
fill(struct machine *m, struct cb_result r[3])
{
	memset(m, 0, sizeof(*m));
	mitigation(m, "l1tf", "Not affected");
	mitigation(m, "mds", "Mitigation: Clear CPU buffers");
	mitigation(m, "spectre_v2", "Mitigation: Retpolines");
	memset(r, 0, 3 * sizeof(*r));
	r[0].bench = &loop_bench;
	r[0].status = CB_OK;
	r[1].bench = &path_bench;
	r[1].status = CB_OK;
	r[1].cycles.median = 3010;
	r[1].cycles.p90 = 3100;
	r[1].cycles.p99 = 45000;
	r[1].cycles.max = 45000;
	r[1].first_call = 250000;
	r[1].batched = 3008;
	r[1].nsamples = NSAMPLES;
	r[1].samples = samples;
	cb_result_extra(&r[1], "frame_bytes", 3040);
	r[2].bench = &skipped_bench;
	r[2].status = CB_SKIPPED;
	snprintf(r[2].reason, sizeof(r[2].reason), "no debug registers");
}

static char *
paths_text(const struct machine *m, const struct cb_result *r, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	report_paths(fp, m, r, n, NULL);
	fclose(fp);
	return (buf);
}

static void
test_paths_view(void **state)
{
	struct cb_result r[3];
	struct machine m;
	char *out;

	(void)state;
	fill(&m, r);
	out = paths_text(&m, r, 3);
	/* Both headline mitigations, reported or not; others if they act. */
	assert_non_null(strstr(out, "meltdown"));
	assert_non_null(strstr(out, "(not reported)"));
	assert_non_null(strstr(out, "Mitigation: Retpolines"));
	assert_non_null(strstr(out, "Clear CPU buffers"));
	assert_null(strstr(out, "l1tf"));
	/* Measured path rows only, with the benchmark's own figures. */
	assert_non_null(strstr(out, "signal/divzero avx=dirty"));
	/* 250000 cycles, scaled to what a person reads */
	assert_non_null(strstr(out, " 250k "));
	assert_non_null(strstr(out, "frame_bytes=3040"));
	assert_null(strstr(out, "signal/watch"));
	assert_null(strstr(out, "imul-latency"));
	free(out);
}

static void
test_paths_none(void **state)
{
	struct cb_result r[3];
	struct machine m;
	char *out;

	(void)state;
	fill(&m, r);
	r[1].status = CB_ERROR;
	out = paths_text(&m, r, 3);
	assert_string_equal(out, "");
	free(out);
}

static void
test_json_histogram(void **state)
{
	char dir[] = "/tmp/cb-test-paths.XXXXXX", path[64];
	struct cb_result r[3];
	struct machine m;
	json_t *doc, *h, *counts, *edges;
	json_error_t e;
	size_t i, sum = 0;
	char err[256];

	(void)state;
	fill(&m, r);
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/r.json", dir);
	assert_int_equal(results_write_file(path, &m, NULL, r, 3, err,
	    sizeof(err)), 0);
	doc = json_load_file(path, 0, &e);
	unlink(path);
	rmdir(dir);
	assert_non_null(doc);
	h = json_object_get(json_array_get(json_object_get(doc, "results"),
	    1), "histogram");
	assert_string_equal(json_string_value(json_object_get(h, "scale")),
	    "log");
	counts = json_object_get(h, "counts");
	edges = json_object_get(h, "edges");
	assert_int_equal(json_array_size(edges), json_array_size(counts) + 1);
	for (i = 0; i < json_array_size(counts); i++)
		sum += (size_t)json_integer_value(json_array_get(counts, i));
	assert_int_equal(sum, NSAMPLES);
	assert_true(json_real_value(json_array_get(edges, 0)) == 2990);
	assert_true(json_real_value(json_array_get(edges,
	    json_array_size(counts))) == 45000);
	/* A path row that was not measured has no distribution. */
	assert_true(json_is_null(json_object_get(json_array_get(
	    json_object_get(doc, "results"), 2), "histogram")));
	json_decref(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_paths_view),
		cmocka_unit_test(test_paths_none),
		cmocka_unit_test(test_json_histogram),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
