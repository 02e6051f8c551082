/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_json.c: the comparison parsed back with
 * jansson, every object with the keys docs/schema/compare.schema.json
 * documents, texts exactly as the files had them (markup is data in
 * JSON) or repaired where they are not UTF-8, an unknown figure null
 * rather than 0, and a real change's figures as the verdict set them.
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

#include <jansson.h>

#include "near.h"
#include "compare_fixture.h"
#include "schema_keys.h"

#define SCHEMA	"docs/schema/compare.schema.json"

static json_t *
render_json(void)
{
	json_error_t jerr;
	json_t *doc;
	char *out;

	out = cf_render(&cf_t, REPORT_JSON);
	doc = json_loads(out, JSON_REJECT_DUPLICATES, &jerr);
	if (doc == NULL)
		fail_msg("%d:%d: %s", jerr.line, jerr.column, jerr.text);
	free(out);
	return (doc);
}

/* The cell of side j of the row at index i of doc. */
static json_t *
cell_at(json_t *doc, size_t i, size_t j)
{

	return (json_array_get(json_object_get(json_array_get(
	    json_object_get(doc, "rows"), i), "cells"), j));
}

static void
test_documented_keys(void **state)
{
	json_t *doc, *s, *v, *c;
	size_t i, j;

	(void)state;
	s = schema_load(SCHEMA);
	doc = render_json();
	schema_keys(s, doc, "document");
	assert_string_equal(json_string_value(json_object_get(doc, "format")),
	    "cyclebench-compare");
	assert_true(fabs(json_real_value(json_object_get(doc, "threshold")) -
	    0.01) < 1e-15);
	/* What the verdicts held: the FDR, the intervals' level, m. */
	assert_double_equal(json_real_value(json_object_get(doc, "fdr")),
	    CMP_FDR);
	assert_double_equal(json_real_value(json_object_get(doc, "ci_level")),
	    cmp_ci_level(&cf_t));
	assert_int_equal(json_integer_value(json_object_get(doc, "tested")),
	    cf_t.ntested);
	assert_null(json_object_get(doc, "alpha"));
	assert_null(json_object_get(doc, "resamples"));
	assert_int_equal(json_array_size(json_object_get(doc, "inputs")), 2);
	for (i = 0; i < json_array_size(json_object_get(doc, "inputs")); i++)
		schema_keys(schema_at(s, "properties/inputs/items"),
		    json_array_get(json_object_get(doc, "inputs"), i), "input");
	assert_int_equal(json_array_size(json_object_get(doc, "rows")),
	    cf_t.nrows);
	for (i = 0; i < json_array_size(json_object_get(doc, "rows")); i++) {
		v = json_array_get(json_object_get(doc, "rows"), i);
		schema_keys(schema_at(s, "properties/rows/items"), v, "row");
		assert_int_equal(json_array_size(json_object_get(v, "cells")),
		    2);
		for (j = 0; j < json_array_size(json_object_get(v, "cells"));
		    j++) {
			c = json_array_get(json_object_get(v, "cells"), j);
			schema_keys(schema_at(s, "$defs/cell"), c, "cell");
		}
	}
	assert_int_equal(json_array_size(json_object_get(doc, "warnings")),
	    cf_t.nwarnings);
	assert_true(json_string_length(json_object_get(doc, "method")) > 100);
	json_decref(doc);
	json_decref(s);
}

static void
test_texts_and_nulls(void **state)
{
	json_t *doc, *in, *c, *row;
	const char *brand;

	(void)state;
	cf_files[0].machine.cpu_brand = "caf\xc3\xa9 \xff";
	doc = render_json();
	in = json_array_get(json_object_get(doc, "inputs"), 1);
	assert_string_equal(json_string_value(json_object_get(in,
	    "cpu_brand")), "\"><img src=x onerror=alert(1)>");
	assert_string_equal(json_string_value(json_object_get(in, "kernel")),
	    "</style><script>alert(2)</script>");
	/*
	 * Not UTF-8: repaired (the parse above took it), the bad byte a
	 * '?', never passed on to break a parser.
	 */
	in = json_array_get(json_object_get(doc, "inputs"), 0);
	brand = json_string_value(json_object_get(in, "cpu_brand"));
	assert_non_null(brand);
	assert_memory_equal(brand, "caf", 3);
	assert_string_equal(brand + strlen(brand) - 2, " ?");
	/* Row 0 is only in A: B's cell missing, its figures null. */
	c = cell_at(doc, 0, 1);
	assert_string_equal(json_string_value(json_object_get(c, "status")),
	    "missing");
	assert_string_equal(json_string_value(json_object_get(c, "verdict")),
	    "missing");
	assert_true(json_is_null(json_object_get(c, "median")));
	assert_true(json_is_null(json_object_get(c, "ratio")));
	assert_true(json_is_null(json_object_get(c, "reason")));
	assert_int_equal(json_integer_value(json_object_get(c, "runs")), 0);
	assert_string_equal(json_string_value(json_object_get(c, "basis")),
	    "none");
	c = cell_at(doc, 0, 0);
	assert_string_equal(json_string_value(json_object_get(c, "verdict")),
	    "baseline");
	/* One round a side: unknown, untested, and why. */
	c = cell_at(doc, (size_t)(cf_row("basic/imul-throughput", "") -
	    cf_t.rows), 1);
	assert_string_equal(json_string_value(json_object_get(c, "verdict")),
	    "unknown");
	assert_true(json_is_null(json_object_get(c, "p_value")));
	assert_true(json_is_null(json_object_get(c, "q_same")));
	assert_string_equal(json_string_value(json_object_get(c, "why")),
	    "one round a side: give several runs a side");
	assert_true(json_is_real(json_object_get(c, "median")));
	/* The hostile parameters: the object itself, keys and all. */
	row = json_array_get(json_object_get(doc, "rows"), 7);
	assert_string_equal(json_string_value(json_object_get(
	    json_object_get(row, "params"), "k'\"<b>")), "<i>&amp;");
	json_decref(doc);
}

static void
test_real_change(void **state)
{
	struct cmp_row *row;
	json_t *doc, *c;

	(void)state;
	row = cf_row("basic/load-latency", "");
	cf_real(row, 1.25);
	row->cells[1].contended = NAN;
	doc = render_json();
	c = cell_at(doc, (size_t)(row - cf_t.rows), 1);
	assert_string_equal(json_string_value(json_object_get(c, "verdict")),
	    "slower");
	assert_double_equal(json_real_value(json_object_get(c, "ratio")), 1.25);
	assert_double_equal(json_real_value(json_object_get(c, "ci_low")),
	    1.1875);
	assert_double_equal(json_real_value(json_object_get(c, "ci_high")),
	    1.3125);
	assert_double_equal(json_real_value(json_object_get(c, "p_value")),
	    0.001);
	assert_double_equal(json_real_value(json_object_get(c, "q_value")),
	    0.002);
	assert_double_equal(json_real_value(json_object_get(c, "p_same")), 0.9);
	assert_double_equal(json_real_value(json_object_get(c, "q_same")), 0.9);
	assert_int_equal(json_integer_value(json_object_get(c, "runs")), 2);
	assert_string_equal(json_string_value(json_object_get(c, "basis")),
	    "runs");
	assert_double_equal(json_real_value(json_object_get(c, "spread")),
	    0.005);
	assert_true(json_real_value(json_object_get(c, "inflation")) == 1);
	assert_double_equal(json_real_value(json_object_get(c, "tested_ratio")),
	    1.25);
	assert_int_equal(json_integer_value(json_object_get(c, "rounds")), 8);
	assert_true(json_is_null(json_object_get(c, "contended")));
	json_decref(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_documented_keys, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_texts_and_nulls, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_real_change, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
