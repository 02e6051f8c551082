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

#include <string.h>
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

/* utc_now: ISO 8601 UTC, as results files write started_at. */
static void
test_utc_now(void **state)
{
	char buf[32];
	size_t i;

	(void)state;
	utc_now(buf, sizeof(buf));
	assert_int_equal(strlen(buf), 20);
	for (i = 0; i < 20; i++)
		if (i == 4 || i == 7)
			assert_int_equal(buf[i], '-');
		else if (i == 10)
			assert_int_equal(buf[i], 'T');
		else if (i == 13 || i == 16)
			assert_int_equal(buf[i], ':');
		else if (i == 19)
			assert_int_equal(buf[i], 'Z');
		else
			assert_true(buf[i] >= '0' && buf[i] <= '9');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_never_back),
		cmocka_unit_test(test_keeps_pace_with_sleep),
		cmocka_unit_test(test_resolution),
		cmocka_unit_test(test_utc_now),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
