/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact: --what-if parsing, finding a benchmark's
 * cost in a results file (the fixture the CLI tests use), and the
 * arithmetic from counts and cycles to seconds and shares, worked out by
 * hand in the comments.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "impact/impact.h"

#define FIXTURE	"tests/fixtures/impact/costs.json"

static void
test_whatif_parse(void **state)
{
	struct impact_whatif w;
	char err[512];

	(void)state;
	assert_int_equal(whatif_parse("ctxsw=+264", &w, err, sizeof(err)), 0);
	assert_string_equal(w.event->name, "ctxsw");
	assert_true(w.relative);
	assert_true(w.cycles == 264);
	assert_int_equal(whatif_parse("minflt=-30.5", &w, err, sizeof(err)),
	    0);
	assert_true(w.relative);
	assert_true(w.cycles == -30.5);
	assert_int_equal(whatif_parse("fpu-switch=2.5e2", &w, err,
	    sizeof(err)), 0);
	assert_false(w.relative);
	assert_true(w.cycles == 250);
}

static void
test_whatif_refuses(void **state)
{
	static const char *const bad[] = {
		"ctxsw", "ctxsw=", "=5", "ctxsw=+", "ctxsw=++5", "ctxsw=inf",
		"ctxsw=nan", "ctxsw=0x10", "ctxsw=1e999", "ctxsw= 5",
		"ctxsw=5 ", "ctxsw=5cycles", "nosuch=5",
		("a-very-long-name-that-is-longer-than-any-event-name-ever-"
		"was-or-will-be=5"),
	};
	struct impact_whatif w;
	char err[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (whatif_parse(bad[i], &w, err, sizeof(err)) != -1)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(strstr(err, "--what-if '"));
	}
	whatif_parse("nosuch=5", &w, err, sizeof(err));
	assert_non_null(strstr(err, "unknown event 'nosuch' (events: ctxsw"));
}

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

/* A run of 10 s wall, 4 s user, 2 s system on a 3 GHz core clock. */
static void
fake_run(struct impact *im)
{
	memset(im, 0, sizeof(*im));
	im->run.wall = 10;
	im->run.ru.ru_utime.tv_sec = 4;
	im->run.ru.ru_stime.tv_sec = 2;
	im->clock.tsc_hz = 2e9;
	im->clock.cycles_per_tick = 1.5;
	im->counts.c[IMPACT_CTXSW].available = 1;
	im->counts.c[IMPACT_CTXSW].value = 220000;
}

/*
 * Seed 003: 220000 extra FPU switches at 264 cycles each.  At 3e9
 * cycles/s: 220000 * 264 = 58,080,000 cycles = 0.01936 s, 0.1936% of
 * 10 s wall, 0.968% of 2 s system time.
 */
static void
test_change_relative(void **state)
{
	struct impact_change ch;
	struct impact im;

	(void)state;
	fake_run(&im);
	assert_int_equal(whatif_parse("fpu-switch=+264", &im.whatif[0], NULL,
	    0), 0);
	im.nwhatif = 1;
	impact_change(&im, &im.whatif[0], &ch);
	assert_null(ch.why);
	assert_false(ch.whole);
	assert_true(ch.cycles == 58080000.0);
	assert_true(fabs(ch.seconds - 0.01936) < 1e-12);
	assert_true(fabs(ch.seconds / impact_base_seconds(&im, IMPACT_WALL) -
	    0.001936) < 1e-12);
	assert_true(fabs(ch.seconds / impact_base_seconds(&im,
	    IMPACT_SYSTEM) - 0.00968) < 1e-12);
}

/* A new cost against a measured one: 264 instead of 105 is +159. */
static void
test_change_absolute(void **state)
{
	struct impact_change ch;
	struct impact im;
	size_t i;

	(void)state;
	fake_run(&im);
	i = (size_t)(impact_event_find("fpu-switch") - impact_events);
	im.cost[i].known = 1;
	im.cost[i].cycles = 105;
	assert_int_equal(whatif_parse("fpu-switch=264", &im.whatif[0], NULL,
	    0), 0);
	im.nwhatif = 1;
	impact_price_by_whatif(&im);
	assert_false(im.cost[i].from_whatif);
	impact_change(&im, &im.whatif[0], &ch);
	assert_false(ch.whole);
	assert_true(ch.per_event == 159);
	assert_true(ch.cycles == 220000.0 * 159);
	/* Without a measured cost the what-if prices the event itself. */
	im.cost[i].known = 0;
	impact_price_by_whatif(&im);
	assert_true(im.cost[i].known && im.cost[i].from_whatif);
	assert_true(im.cost[i].cycles == 264);
	impact_change(&im, &im.whatif[0], &ch);
	assert_true(ch.whole);
	assert_true(ch.cycles == 58080000.0);
	assert_true(fabs(impact_event_seconds(&im, i) - 0.01936) < 1e-12);
}

static void
test_change_uncounted(void **state)
{
	struct impact_change ch;
	struct impact im;

	(void)state;
	fake_run(&im);
	assert_int_equal(whatif_parse("syscall=+100", &im.whatif[0], NULL, 0),
	    0);
	impact_change(&im, &im.whatif[0], &ch);
	assert_non_null(ch.why);
	assert_true(isnan(ch.seconds));
}

/* Only what the report shows needs a cost; a what-if can stand in. */
static void
test_needs_cost(void **state)
{
	struct impact im;
	size_t ctxsw, fpu, majflt, syscall;

	(void)state;
	fake_run(&im);
	ctxsw = (size_t)(impact_event_find("ctxsw") - impact_events);
	fpu = (size_t)(impact_event_find("fpu-switch") - impact_events);
	majflt = (size_t)(impact_event_find("majflt") - impact_events);
	syscall = (size_t)(impact_event_find("syscall") - impact_events);
	assert_true(impact_needs_cost(&im, ctxsw));
	assert_false(impact_shown(&im, fpu));
	assert_false(impact_wants_cost(&im, fpu));
	assert_false(impact_wants_cost(&im, majflt));	/* no benchmark */
	assert_false(impact_wants_cost(&im, syscall));	/* not counted */
	assert_int_equal(whatif_parse("fpu-switch=+264", &im.whatif[0], NULL,
	    0), 0);
	assert_int_equal(whatif_parse("ctxsw=5000", &im.whatif[1], NULL, 0),
	    0);
	im.nwhatif = 2;
	assert_true(impact_shown(&im, fpu));
	assert_true(impact_wants_cost(&im, fpu));
	assert_false(impact_needs_cost(&im, fpu));
	assert_true(impact_wants_cost(&im, ctxsw));
	assert_false(impact_needs_cost(&im, ctxsw));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whatif_parse),
		cmocka_unit_test(test_whatif_refuses),
		cmocka_unit_test(test_costs_from_fixture),
		cmocka_unit_test(test_costs_refuse),
		cmocka_unit_test(test_change_relative),
		cmocka_unit_test(test_change_absolute),
		cmocka_unit_test(test_change_uncounted),
		cmocka_unit_test(test_needs_cost),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
