/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/measure_opts.c: --quick, --cpu (a CPU this
 * process may use, or a kind of core), --repetitions, --timeout and
 * --precision, each at its bounds, one step past them refused with a
 * message that gives the range and quotes the value.  Fractions are
 * compared with a tolerance: on the x87 a constant 0.1 is a long double.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/measure_opts.h"
#include "near.h"
#include "stderr_capture.h"

/* Apply c with arg; on a refusal, stderr must say want. */
static int
apply(int c, const char *arg, struct cb_options *o, const char *want)
{
	const char *said;
	int rc;

	stderr_begin();
	rc = cli_measure_option("run", c, arg, o);
	said = stderr_end();
	if (want == NULL)
		assert_string_equal(said, "");
	else {
		assert_int_equal(rc, EXIT_USAGE);
		assert_said(said, want);
		assert_said(said, "Try 'cyclebench run --help'.");
	}
	return (rc);
}

static void
test_quick_and_others(void **state)
{
	struct cb_options o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(apply('k', "", &o, NULL), 0);
	assert_true(o.quick);
	/* 'q' is -q, --quiet: a style, not the engine's. */
	assert_int_equal(apply('q', "", &o, NULL), -1);
	assert_int_equal(apply('x', "1", &o, NULL), -1);
	assert_int_equal(apply('j', "a.json", &o, NULL), -1);
}

static void
test_repetitions(void **state)
{
	static const char *const bad[] = { "4", "100001", "-5", "5.0", "", "x",
	    "1e3" };
	struct cb_options o;
	char want[128];
	size_t i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(apply('r', "5", &o, NULL), 0);
	assert_int_equal(o.repetitions, 5);
	assert_int_equal(apply('r', "100000", &o, NULL), 0);
	assert_int_equal(o.repetitions, 100000);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(want, sizeof(want), "--repetitions takes a whole "
		    "number from 5 to 100000, not '%s'", bad[i]);
		apply('r', bad[i], &o, want);
	}
	assert_int_equal(o.repetitions, 100000);
}

static void
test_timeout(void **state)
{
	static const char *const bad[] = { "0.09", "0", "86400.5", "-1", "1s",
	    "inf", "nan", "" };
	struct cb_options o;
	char want[128];
	size_t i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(apply('t', "0.1", &o, NULL), 0);
	assert_near(o.timeout, 0.1, 1e-15);
	assert_int_equal(apply('t', "86400", &o, NULL), 0);
	assert_true(o.timeout == 86400);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(want, sizeof(want), "--timeout takes seconds from 0.1 "
		    "to 86400, not '%s'", bad[i]);
		apply('t', bad[i], &o, want);
	}
	assert_true(o.timeout == 86400);
}

/* A percentage on the command line, a fraction in the options. */
static void
test_precision(void **state)
{
	static const char *const bad[] = { "0.001", "50.5", "-1", "1%", "" };
	struct cb_options o;
	char want[128];
	size_t i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(apply('P', "50", &o, NULL), 0);
	assert_true(o.precision == 0.5);
	assert_int_equal(apply('P', "0.01", &o, NULL), 0);
	assert_near(o.precision, 1e-4, 1e-18);
	assert_int_equal(apply('P', "2", &o, NULL), 0);
	assert_near(o.precision, 0.02, 1e-15);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(want, sizeof(want), "--precision takes a percentage "
		    "from 0.01 to 50, not '%s'", bad[i]);
		apply('P', bad[i], &o, want);
	}
	assert_near(o.precision, 0.02, 1e-15);
}

static void
test_cpu(void **state)
{
	static const char *const bad[] = { "-1", "65536", "1x", "", "0 " };
	struct cb_options o;
	char arg[16], want[128];
	cpu_set_t set;
	int cpu, outside = -1;
	size_t i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	for (cpu = 0; !CPU_ISSET(cpu, &set); cpu++)
		;
	snprintf(arg, sizeof(arg), "%d", cpu);
	assert_int_equal(apply('p', arg, &o, NULL), 0);
	assert_int_equal(o.cpu, cpu);
	/* A number that is no CPU of ours. */
	for (i = CPU_SETSIZE - 1; outside < 0; i--)
		if (!CPU_ISSET(i, &set))
			outside = (int)i;
	snprintf(arg, sizeof(arg), "%d", outside);
	snprintf(want, sizeof(want), "--cpu '%d' is not a CPU this process "
	    "may use", outside);
	apply('p', arg, &o, want);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(want, sizeof(want), "--cpu '%s' is not a CPU this "
		    "process may use", bad[i]);
		apply('p', bad[i], &o, want);
	}
	assert_int_equal(o.cpu, cpu);
	/* A word is a kind of core, and this one is no kind anywhere. */
	apply('p', "nosuchcore", &o, "cyclebench: --cpu 'nosuchcore' is "
	    "neither a CPU number nor a kind of core");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_quick_and_others),
		cmocka_unit_test(test_repetitions),
		cmocka_unit_test(test_timeout),
		cmocka_unit_test(test_precision),
		cmocka_unit_test(test_cpu),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
