/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/testcounter.c, the stand-in cycle counter: its
 * setting parsed item by item, every malformed item refused with a
 * message naming it, each refusal saying what the OS's counter would,
 * its label, and counts that are the reference ticks times the ratio.
 * test_clock.c drives it through measurements.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/testcounter.h"

#define USAGE	" (ratio=R with R > 0, drift=D, refuse=paranoid|absent|user)"

/* Open with `setting'; 1 if it opened, with the reason in why if not. */
static int
open_with(const char *setting, char *why, size_t len)
{
	assert_int_equal(setenv(TESTCOUNTER_ENV, setting, 1), 0);
	why[0] = '\0';
	return (testcounter_open(why, len));
}

static void
opens(const char *setting, const char *label)
{
	char why[256], buf[256];

	if (!open_with(setting, why, sizeof(why)))
		fail_msg("'%s' refused: %s", setting, why);
	testcounter_describe(buf, sizeof(buf));
	assert_string_equal(buf, label);
	testcounter_close();
}

static void
malformed(const char *setting, const char *item)
{
	char why[256], want[256];

	snprintf(want, sizeof(want), TESTCOUNTER_ENV ": cannot use '%s'"
	    USAGE, item);
	assert_int_equal(open_with(setting, why, sizeof(why)), 0);
	assert_string_equal(why, want);
}

static void
test_wanted(void **state)
{
	(void)state;
	assert_int_equal(unsetenv(TESTCOUNTER_ENV), 0);
	assert_int_equal(testcounter_wanted(), 0);
	assert_int_equal(setenv(TESTCOUNTER_ENV, "", 1), 0);
	assert_int_equal(testcounter_wanted(), 1);
}

static void
test_settings(void **state)
{
	(void)state;
	opens("", "the test counter, 2 cycles per reference tick "
	    "(" TESTCOUNTER_ENV ")");
	opens("ratio=2.5", "the test counter, 2.5 cycles per reference tick "
	    "(" TESTCOUNTER_ENV ")");
	opens("ratio=3,drift=0.5", "the test counter, 3 cycles per reference "
	    "tick, drifting (" TESTCOUNTER_ENV ")");
	/* Empty items are nothing; a later item overrides an earlier. */
	opens(",ratio=4,,ratio=1.5,", "the test counter, 1.5 cycles per "
	    "reference tick (" TESTCOUNTER_ENV ")");
	opens("drift=-0.5", "the test counter, 2 cycles per reference tick, "
	    "drifting (" TESTCOUNTER_ENV ")");
	/* Each opening starts from the defaults again. */
	opens("drift=0", "the test counter, 2 cycles per reference tick "
	    "(" TESTCOUNTER_ENV ")");
}

static void
test_malformed(void **state)
{
	char long_item[80];

	(void)state;
	malformed("bogus", "bogus");
	malformed("ratio=2,bogus,drift=1", "bogus");
	malformed("ratio=0", "ratio=0");
	malformed("ratio=-1", "ratio=-1");
	malformed("ratio=", "ratio=");
	malformed("ratio=abc", "ratio=abc");
	malformed("ratio=2x", "ratio=2x");
	malformed("ratio=nan", "ratio=nan");
	malformed("ratio=inf", "ratio=inf");
	malformed("ratio=1e6", "ratio=1e6");
	malformed("drift=-1", "drift=-1");
	malformed("drift", "drift");
	malformed("=2", "=2");
	malformed("refuse=", "refuse=");
	malformed("refuse=maybe", "refuse=maybe");
	malformed("Ratio=2", "Ratio=2");
	/* Too long for any item: refused, not cut to something valid. */
	memset(long_item, '1', sizeof(long_item) - 1);
	memcpy(long_item, "ratio=", 6);
	long_item[sizeof(long_item) - 1] = '\0';
	malformed(long_item, long_item);
}

/* A refusal says what the OS's counter would, and opens nothing. */
static void
test_refusals(void **state)
{
	static const struct {
		const char	*setting, *starts;
	} cases[] = {
		{ "refuse=paranoid", "perf_event_open cycles: " },
		{ "refuse=absent", "no hardware cycle counter" },
		{ "refuse=user", "cycle counter opens but " },
		{ "ratio=3,refuse=absent", "no hardware cycle counter" },
	};
	char why[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(open_with(cases[i].setting, why, sizeof(why)),
		    0);
		if (strncmp(why, cases[i].starts, strlen(cases[i].starts)) !=
		    0)
			fail_msg("%s: '%s'", cases[i].setting, why);
	}
}

/*
 * Without drift the count is the reference ticks since opening times the
 * ratio: two reads differ by the ratio times the ticks between them, as
 * bracketed by reference stamps taken just inside and just outside them.
 */
static void
test_counts_at_ratio(void **state)
{
	uint64_t r0, r1, r2, r3, c1, c2;
	char why[256];
	double d;
	int i;

	(void)state;
	testcounter_rate(1e9);
	assert_int_equal(open_with("ratio=3", why, sizeof(why)), 1);
	r0 = arch_ref_begin();
	c1 = testcounter_read();
	r1 = arch_ref_begin();
	for (i = 0; i < 100000; i++)
		__asm__ volatile("" ::: "memory");
	r2 = arch_ref_begin();
	c2 = testcounter_read();
	r3 = arch_ref_begin();
	d = (double)(c2 - c1);
	assert_true(c1 >= 1000000);
	if (!(d >= 3.0 * (double)(r2 - r1) - 2 &&
	    d <= 3.0 * (double)(r3 - r0) + 2))
		fail_msg("%.0f cycles for %llu to %llu ticks", d,
		    (unsigned long long)(r2 - r1),
		    (unsigned long long)(r3 - r0));
	testcounter_close();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wanted),
		cmocka_unit_test(test_settings),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_counts_at_ratio),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
