/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The time runnable but waiting (os/runwait.h): Linux's schedstat line
 * parsed, and the live figure of this thread read.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <unistd.h>

#include "os/linux/schedstat.h"
#include "os/runwait.h"

static void
test_schedstat_delay(void **state)
{
	unsigned long long ns = 7;

	(void)state;
	assert_int_equal(schedstat_delay("123456 7890 12\n", &ns), 0);
	assert_true(ns == 7890);
	assert_int_equal(schedstat_delay("0 0 0\n", &ns), 0);
	assert_true(ns == 0);
	assert_int_equal(schedstat_delay("18446744073709551615 "
	    "18446744073709551615 1\n", &ns), 0);
	assert_true(ns == 18446744073709551615ull);
	/* One field, no field, a word where the delay should be. */
	assert_int_equal(schedstat_delay("123456\n", &ns), -1);
	assert_int_equal(schedstat_delay("", &ns), -1);
	assert_int_equal(schedstat_delay("1 x 2\n", &ns), -1);
}

/* This thread, and a partner that is not there (left out). */
static void
test_live(void **state)
{
	pid_t gone = 0x7ffffff0;
	double a, b;

	(void)state;
	if (access("/proc/thread-self/schedstat", R_OK) != 0)
		skip();
	assert_int_equal(os_runwait_open(&gone, 1), 0);
	a = os_runwait_read();
	assert_false(isnan(a));
	assert_true(a >= 0);
	usleep(1000);
	b = os_runwait_read();
	assert_true(b >= a);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_schedstat_delay),
		cmocka_unit_test(test_live),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
