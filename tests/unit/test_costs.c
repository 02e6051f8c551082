/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/costs.c: finding a benchmark's cost in a
 * results file (the fixture the CLI tests use), with its clock, and the
 * reasons given when there is none; files refused for what they lack;
 * the benchmark of this build that prices an event.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>
#include <unistd.h>

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

/* The file's own words for why it cannot give costs at all. */
static void
test_load_refuses(void **state)
{
	struct impact_clock clk;
	char err[512], path[] = "/tmp/cb-costs-XXXXXX";
	json_t *doc;
	int fd;

	(void)state;
	assert_null(costs_load("tests/fixtures/results/not-results.json", &clk,
	    err, sizeof(err)));
	assert_non_null(strstr(err, "not-results.json is not a cyclebench "
	    "results file (it needs schema_version, machine and results"));
	assert_null(costs_load("tests/fixtures/results/future.json", &clk, err,
	    sizeof(err)));
	assert_non_null(strstr(err, "future.json has schema_version 3; this "
	    "cyclebench reads 1 to 2"));
	assert_null(costs_load("tests/fixtures/results/malformed.json", &clk,
	    err, sizeof(err)));
	assert_non_null(strstr(err, "malformed.json"));
	/* No clock: cycles that cannot become seconds. */
	doc = load_fixture();
	json_object_set_new(json_object_get(doc, "machine"), "tsc_hz",
	    json_real(0));
	assert_true((fd = mkstemp(path)) >= 0);
	close(fd);
	assert_int_equal(json_dump_file(doc, path, 0), 0);
	json_decref(doc);
	assert_null(costs_load(path, &clk, err, sizeof(err)));
	unlink(path);
	assert_non_null(strstr(err, "lacks a positive machine.tsc_hz and "
	    "machine.cycles_per_tick"));
}

/* A result there, but not one to price with: why is said. */
static void
test_costs_unusable(void **state)
{
	struct impact_cost c;
	json_t *doc, *r;

	(void)state;
	doc = load_fixture();
	r = json_array_get(json_object_get(doc, "results"), 1);
	json_object_set_new(r, "status", json_string("failed"));
	assert_int_equal(costs_from_file(doc, FIXTURE,
	    impact_event_find("ctxsw"), &c), -1);
	assert_false(c.known);
	assert_non_null(strstr(c.source, "costs.json's result for "
	    "ctxsw/pipe-threads cpus=1 fpu=none is failed"));
	json_object_set_new(r, "status", json_string("ok"));
	json_object_set_new(json_object_get(r, "cycles"), "median",
	    json_real(0));
	assert_int_equal(costs_from_file(doc, FIXTURE,
	    impact_event_find("ctxsw"), &c), -1);
	assert_non_null(strstr(c.source, "is without a positive "
	    "cycles.median"));
	/* The other events keep their costs. */
	assert_int_equal(costs_from_file(doc, FIXTURE,
	    impact_event_find("minflt"), &c), 0);
	assert_true(c.cycles == 1500);
	json_decref(doc);
}

/* In this build's registry by name and every parameter, and no other. */
static void
test_bench(void **state)
{
	struct impact_event e = { .name = "probe" };
	const struct cb_bench *b;
	size_t i;

	(void)state;
	assert_null(costs_bench(impact_event_find("majflt")));
	assert_null(costs_bench(impact_event_find("migration")));
	e.bench.name = "syscall/getppid";
	b = costs_bench(&e);
	assert_non_null(b);
	assert_string_equal(b->name, "syscall/getppid");
	e.bench.params[0].key = "cpus";
	e.bench.params[0].value = "1";
	assert_null(costs_bench(&e));
	e.bench.name = "no/such";
	assert_null(costs_bench(&e));
#if defined(__x86_64__) || defined(__i386__)
	/* x86's ctxsw suite has the fpu parameter the table names. */
	b = costs_bench(impact_event_find("ctxsw"));
	assert_non_null(b);
	assert_string_equal(b->name, "ctxsw/pipe-threads");
	for (i = 0; i < 2; i++) {
		assert_string_equal(b->params[i].key,
		    impact_event_find("ctxsw")->bench.params[i].key);
		assert_string_equal(b->params[i].value,
		    impact_event_find("ctxsw")->bench.params[i].value);
	}
#endif
	/* What is found is what was named, on every instruction set. */
	for (i = 0; i < impact_nevents; i++)
		if ((b = costs_bench(&impact_events[i])) != NULL)
			assert_string_equal(b->name,
			    impact_events[i].bench.name);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_costs_from_fixture),
		cmocka_unit_test(test_costs_refuse),
		cmocka_unit_test(test_load_refuses),
		cmocka_unit_test(test_costs_unusable),
		cmocka_unit_test(test_bench),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
