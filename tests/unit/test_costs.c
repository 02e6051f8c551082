/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/costs.c: finding a benchmark's cost in a
 * results file (the fixture the CLI tests use), with its clock, and the
 * reasons given when there is none.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "impact/costs.h"

#define FIXTURE	"tests/fixtures/impact/costs.json"

/* The fixture, with its clock: 2 GHz TSC x 1.5 cycles per tick. */
static json_t *
load_fixture(void)
{
	struct impact_clock clk;
	json_t *doc;
	char err[512];

	doc = costs_load(FIXTURE, &clk, err, sizeof(err));
	if (doc == NULL)
		fail_msg("%s", err);
	assert_true(clk.tsc_hz == 2e9 && clk.cycles_per_tick == 1.5);
	return (doc);
}

static void
test_costs_from_fixture(void **state)
{
	struct impact_cost c;
	json_t *doc;

	(void)state;
	doc = load_fixture();
	/* cpus=2 comes first in the file and must not be taken. */
	assert_int_equal(costs_from_file(doc, FIXTURE,
	    impact_event_find("ctxsw"), &c), 0);
	assert_true(c.known && c.cycles == 3000);
	assert_non_null(strstr(c.source, "ctxsw/pipe-threads cpus=1 fpu=none"));
	assert_int_equal(costs_from_file(doc, FIXTURE,
	    impact_event_find("syscall"), &c), 0);
	assert_true(c.cycles == 600);
	json_decref(doc);
}

static void
test_costs_refuse(void **state)
{
	struct impact_clock clk;
	struct impact_cost c;
	json_t *doc;
	char err[512];

	(void)state;
	doc = load_fixture();
	/* Only the cpus=2 variant is left: no cost for cpus=1 fpu=none. */
	assert_int_equal(json_array_remove(json_object_get(doc, "results"),
	    1), 0);
	assert_int_equal(costs_from_file(doc, FIXTURE,
	    impact_event_find("ctxsw"), &c), -1);
	assert_false(c.known);
	assert_non_null(strstr(c.source, "has no result for "
	    "ctxsw/pipe-threads cpus=1 fpu=none"));
	json_decref(doc);
	assert_null(costs_load("tests/fixtures/impact/absent.json", &clk, err,
	    sizeof(err)));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_costs_from_fixture),
		cmocka_unit_test(test_costs_refuse),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
