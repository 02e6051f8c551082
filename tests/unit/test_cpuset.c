/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/cpuset.c, the affinity primitives, against the
 * kernel's own word (sched_getaffinity) on the live machine: the count,
 * which CPUs are allowed, the highest of a kind, pinning to an allowed
 * CPU (and refusing one that is not), and that the count and the
 * partner CPU still answer from the set the process had before it was
 * pinned.  The process's affinity is put back after each test.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "os/cpuset.h"

static cpu_set_t start;

static int
save(void **state)
{
	(void)state;
	return (sched_getaffinity(0, sizeof(start), &start));
}

static int
restore(void **state)
{
	(void)state;
	return (sched_setaffinity(0, sizeof(start), &start));
}

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

/* A CPU number this process may not use (the set's last, usually). */
static int
not_allowed(void)
{
	int cpu;

	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (!CPU_ISSET(cpu, &start))
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
test_count_and_allowed(void **state)
{
	int cpu;

	(void)state;
	assert_int_equal(cpuset_count(), CPU_COUNT(&start));
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
		assert_int_equal(cpuset_allowed(cpu),
		    CPU_ISSET(cpu, &start) != 0);
	assert_false(cpuset_allowed(-1));
	assert_false(cpuset_allowed(CPU_SETSIZE));
}

/* Pinned: the kernel agrees, and the count is still the process's. */
static void
test_pin(void **state)
{
	cpu_set_t now;
	char why[256];
	int cpu = highest_allowed(), other;

	(void)state;
	why[0] = '\0';
	assert_int_equal(cpuset_pin(cpu, why, sizeof(why)), 0);
	assert_string_equal(why, "");
	assert_int_equal(sched_getaffinity(0, sizeof(now), &now), 0);
	assert_int_equal(CPU_COUNT(&now), 1);
	assert_true(CPU_ISSET(cpu, &now));
	assert_int_equal(sched_getcpu(), cpu);
	assert_true(cpuset_allowed(cpu));
	assert_int_equal(cpuset_count(), CPU_COUNT(&start));
	/* The partner comes from the set before the pin. */
	other = cpuset_other_cpu(cpu);
	if (CPU_COUNT(&start) > 1) {
		assert_true(other >= 0 && other != cpu);
		assert_true(CPU_ISSET(other, &start));
		assert_false(cpuset_allowed(other));	/* pinned away */
		/* Pin to the partner, then back. */
		assert_int_equal(cpuset_pin(other, why, sizeof(why)), 0);
		assert_int_equal(sched_getcpu(), other);
		assert_int_equal(cpuset_other_cpu(other) >= 0, 1);
		assert_int_equal(cpuset_pin(cpu, why, sizeof(why)), 0);
		assert_int_equal(sched_getcpu(), cpu);
		assert_int_equal(cpuset_count(), CPU_COUNT(&start));
	} else
		assert_int_equal(other, -1);
}

static void
test_pin_refused(void **state)
{
	char why[256], want[64];
	int cpu = not_allowed();

	(void)state;
	assert_int_equal(cpuset_pin(-1, why, sizeof(why)), -1);
	assert_string_equal(why, "CPU -1 does not exist");
	assert_int_equal(cpuset_pin(CPU_SETSIZE, why, sizeof(why)), -1);
	snprintf(want, sizeof(want), "CPU %d does not exist", CPU_SETSIZE);
	assert_string_equal(why, want);
	if (cpu < 0)
		skip();
	assert_int_equal(cpuset_pin(cpu, why, sizeof(why)), -1);
	snprintf(want, sizeof(want), "cannot pin to CPU %d: ", cpu);
	assert_memory_equal(why, want, strlen(want));
	/* The process is as it was. */
	assert_int_equal(cpuset_count(), CPU_COUNT(&start));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_highest, save, restore),
		cmocka_unit_test_setup_teardown(test_count_and_allowed, save,
		    restore),
		cmocka_unit_test_setup_teardown(test_pin, save, restore),
		cmocka_unit_test_setup_teardown(test_pin_refused, save,
		    restore),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
