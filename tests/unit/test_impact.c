/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/impact.c: the arithmetic from counts and
 * cycles to seconds and shares, worked out by hand in the comments, and
 * which events need a cost.  --what-if parsing is test_whatif.c's, the
 * costs read from a results file test_costs.c's.
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
		cmocka_unit_test(test_change_relative),
		cmocka_unit_test(test_change_absolute),
		cmocka_unit_test(test_change_uncounted),
		cmocka_unit_test(test_needs_cost),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
