/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The monotonic clock for deadlines: it never goes back, and it keeps
 * pace with the time the kernel sleeps (a tolerance wide enough for a
 * busy shared host, where a sleep may run long but never short).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <time.h>

#include "util/time.h"

static void
test_never_back(void **state)
{
	double t, prev;
	int i;

	(void)state;
	prev = monotonic_seconds();
	for (i = 0; i < 100000; i++) {
		t = monotonic_seconds();
		assert_true(t >= prev);
		prev = t;
	}
}

static void
test_keeps_pace_with_sleep(void **state)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };
	double t0, dt;

	(void)state;
	t0 = monotonic_seconds();
	while (nanosleep(&ts, &ts) != 0)
		;
	dt = monotonic_seconds() - t0;
	assert_true(dt >= 0.020);
	assert_true(dt < 5.0);
}

static void
test_resolution(void **state)
{
	double t0, t;

	(void)state;
	/* nanoseconds survive the conversion to double: it moves soon */
	t0 = monotonic_seconds();
	do
		t = monotonic_seconds();
	while (t == t0);
	assert_true(t - t0 < 0.001);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_never_back),
		cmocka_unit_test(test_keeps_pace_with_sleep),
		cmocka_unit_test(test_resolution),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
