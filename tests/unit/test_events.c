/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/events.c: every event found by its exact
 * name and nothing else (no prefix, no other case), the list of names
 * for messages, whole or cut to the buffer, and the table's own rules:
 * unique names, a counter for each, a note for an estimate.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "impact/events.h"

static void
test_find(void **state)
{
	static const char *const bad[] = {
		"", "ctx", "ctxsw ", "CTXSW", "fpu", "migrations", "syscalls",
		"fpu-switch=1", "nosuch",
	};
	const struct impact_event *e;
	size_t i;

	(void)state;
	for (i = 0; i < impact_nevents; i++)
		assert_ptr_equal(impact_event_find(impact_events[i].name),
		    &impact_events[i]);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (impact_event_find(bad[i]) != NULL)
			fail_msg("'%s' was found", bad[i]);
	e = impact_event_find("fpu-switch");
	assert_non_null(e);
	assert_int_equal(e->counter, IMPACT_CTXSW);
	assert_true(e->flags & IMPACT_EVENT_ON_REQUEST);
	assert_string_equal(e->bench.name, "fpu/fxsave64");
	e = impact_event_find("ctxsw");
	assert_string_equal(e->bench.name, "ctxsw/pipe-threads");
	assert_string_equal(e->bench.params[0].key, "cpus");
	assert_string_equal(e->bench.params[0].value, "1");
	assert_null(impact_event_find("majflt")->bench.name);
}

static void
test_names(void **state)
{
	char buf[256], small[10];

	(void)state;
	assert_ptr_equal(impact_event_names(buf, sizeof(buf)), buf);
	assert_string_equal(buf, "ctxsw, minflt, majflt, migration, syscall, "
	    "signal, fpu-switch");
	/* Cut to the buffer, terminated. */
	memset(small, 'x', sizeof(small));
	assert_string_equal(impact_event_names(small, sizeof(small)),
	    "ctxsw, mi");
	assert_string_equal(impact_event_names(small, 1), "");
}

static void
test_table(void **state)
{
	const struct impact_event *e;
	size_t i, j;

	(void)state;
	assert_true(impact_nevents > 0 && impact_nevents <= IMPACT_MAX_EVENTS);
	for (i = 0; i < impact_nevents; i++) {
		e = &impact_events[i];
		assert_non_null(e->name);
		assert_non_null(e->what);
		assert_true(e->counter < IMPACT_NCOUNTERS);
		/* A count that is an estimate says how it relates. */
		if (e->flags & IMPACT_EVENT_ON_REQUEST)
			assert_non_null(e->note);
		for (j = 0; j < i; j++)
			assert_string_not_equal(e->name, impact_events[j].name);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_find),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_table),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
