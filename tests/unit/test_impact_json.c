/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/impact_json.c: the impact report parsed back
 * with jansson, every object with the keys docs/schema/impact.schema.json
 * documents; a count nobody could take null, never 0; what an event
 * cost over the command and as a share of each time; a signal named
 * when the command died of one; argv that is not UTF-8 repaired; and
 * the file written atomically, an error when it cannot be.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "impact_fixture.h"
#include "report/impact_out.h"
#include "schema_keys.h"

#define SCHEMA	"docs/schema/impact.schema.json"

static json_t *
render(const struct impact *im)
{
	struct report_style st = { .format = REPORT_JSON };
	json_error_t jerr;
	char *out = NULL;
	size_t len = 0;
	json_t *doc;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&impact_reporter, fp, im, &st), 0);
	assert_int_equal(fclose(fp), 0);
	doc = json_loads(out, JSON_REJECT_DUPLICATES, &jerr);
	if (doc == NULL)
		fail_msg("%d:%d: %s", jerr.line, jerr.column, jerr.text);
	free(out);
	return (doc);
}

#define GET(o, k)	json_object_get((o), (k))
#define NUM(o, k)	json_number_value(GET((o), (k)))

static void
test_documented_keys(void **state)
{
	struct impact im;
	json_t *doc, *s, *v;
	void *it;
	size_t i;

	(void)state;
	if_fill(&im);
	s = schema_load(SCHEMA);
	doc = render(&im);
	schema_keys(s, doc, "document");
	schema_keys(schema_at(s, "properties/tool"), GET(doc, "tool"), "tool");
	schema_keys(schema_at(s, "properties/command"), GET(doc, "command"),
	    "command");
	schema_keys(schema_at(s, "properties/clock"), GET(doc, "clock"),
	    "clock");
	schema_keys(schema_at(s, "properties/counts"), GET(doc, "counts"),
	    "counts");
	for (it = json_object_iter(GET(doc, "counts")); it != NULL;
	    it = json_object_iter_next(GET(doc, "counts"), it)) {
		v = json_object_iter_value(it);
		if (json_is_object(v))
			schema_keys(schema_at(s, "$defs/count"), v,
			    json_object_iter_key(it));
	}
	assert_true(json_array_size(GET(doc, "events")) > 1);
	for (i = 0; i < json_array_size(GET(doc, "events")); i++)
		schema_keys(schema_at(s, "properties/events/items"),
		    json_array_get(GET(doc, "events"), i), "event");
	assert_int_equal(json_array_size(GET(doc, "what_if")), 1);
	schema_keys(schema_at(s, "properties/what_if/items"),
	    json_array_get(GET(doc, "what_if"), 0), "what_if");
	assert_string_equal(json_string_value(GET(doc, "format")),
	    "cyclebench-impact");
	json_decref(doc);
	json_decref(s);
}

static void
test_values(void **state)
{
	json_t *doc, *cmd, *ev, *c, *w;
	struct impact im;

	(void)state;
	if_fill(&im);
	doc = render(&im);
	cmd = GET(doc, "command");
	assert_string_equal(json_string_value(json_array_get(GET(cmd, "argv"),
	    2)), "echo <b>caf?");
	assert_int_equal(json_integer_value(GET(cmd, "exit_status")), 0);
	assert_true(json_is_null(GET(cmd, "signal")));
	assert_true(NUM(cmd, "wall_seconds") == 2.0);
	assert_true(NUM(cmd, "system_seconds") == 0.5);
	/* Counted, and not: null with the reason, never 0. */
	c = GET(GET(doc, "counts"), "ctxsw");
	assert_int_equal(json_integer_value(GET(c, "value")), 1000);
	assert_true(json_is_null(GET(c, "note")));
	c = GET(GET(doc, "counts"), "majflt");
	assert_true(json_is_null(GET(c, "value")));
	assert_string_equal(json_string_value(GET(c, "note")),
	    "no perf <here>");
	/* 1000 events x 3000 cycles at 3 GHz: 1 ms, of 2 s, 1 s, 0.5 s. */
	ev = json_array_get(GET(doc, "events"), 0);
	assert_string_equal(json_string_value(GET(ev, "name")), "ctxsw");
	assert_true(fabs(NUM(ev, "seconds") - 0.001) < 1e-12);
	assert_true(fabs(NUM(ev, "share_wall") - 0.0005) < 1e-12);
	assert_true(fabs(NUM(ev, "share_system") - 0.002) < 1e-12);
	assert_true(json_is_null(GET(ev, "cost_missing")));
	ev = json_array_get(GET(doc, "events"), 1);
	assert_true(json_is_null(GET(ev, "seconds")));
	assert_true(json_is_null(GET(ev, "share_wall")));
	assert_string_equal(json_string_value(GET(ev, "cost_missing")),
	    "no benchmark");
	/* +264 cycles a switch: 264000 cycles, 88 us. */
	w = json_array_get(GET(doc, "what_if"), 0);
	assert_true(json_is_true(GET(w, "relative")));
	assert_true(NUM(w, "cycles_change") == 264000);
	assert_true(fabs(NUM(w, "seconds_change") - 88e-6) < 1e-15);
	json_decref(doc);
	/* Killed by a signal: named; the shell's status. */
	im.run.status = SIGKILL;
	doc = render(&im);
	cmd = GET(doc, "command");
	assert_int_equal(json_integer_value(GET(cmd, "signal")), SIGKILL);
	assert_int_equal(json_integer_value(GET(cmd, "exit_status")),
	    128 + SIGKILL);
	json_decref(doc);
}

static void
test_file(void **state)
{
	struct impact im;
	char err[512];

	(void)state;
	if_fill(&im);
	err[0] = '\0';
	assert_int_equal(impact_report_json("/nonexistent/dir/i.json", &im,
	    err, sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/dir/i.json"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_documented_keys),
		cmocka_unit_test(test_values),
		cmocka_unit_test(test_file),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
