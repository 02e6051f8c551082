/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Choosing the CPU by kind of core (core/coretype_cpu.h) on the live
 * machine, and the affinity primitive it rests on (os/cpuset.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sched.h>
#include <string.h>

#include "core/coretype_cpu.h"
#include "os/cpuset.h"

/* The highest CPU this process may use, by the kernel's own word. */
static int
highest_allowed(void)
{
	cpu_set_t set;
	int cpu;

	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, &set))
			return (cpu);
	return (-1);
}

static void
test_highest(void **state)
{
	signed char kind[4] = { 0, 1, 0, 1 };
	int top = highest_allowed();

	(void)state;
	assert_int_equal(cpuset_highest(NULL, 0, -1), top);
	assert_int_equal(cpuset_highest(kind, 4, -1), top);
	/* A kind no allowed CPU is of; CPUs past the table are of none. */
	assert_int_equal(cpuset_highest(kind, 4, 7), -1);
	if (cpuset_allowed(0))
		assert_true(cpuset_highest(kind, 4, 0) == 0 ||
		    cpuset_highest(kind, 4, 0) == 2);
}

static void
test_default_and_named(void **state)
{
	struct coretypes ct;
	char why[512];
	int cpu;

	(void)state;
	cpu = coretypes_default_cpu();
	assert_true(cpuset_allowed(cpu));
	coretypes_read(&ct, "");
	assert_int_equal(coretypes_cpu_of_type("no-such-core", why,
	    sizeof(why)), -1);
	assert_non_null(strstr(why, "'no-such-core' is neither a CPU number "
	    "nor a kind of core"));
	if (ct.n > 1)
		assert_int_equal(coretypes_of(&ct, cpu) != NULL, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_highest),
		cmocka_unit_test(test_default_and_named),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
