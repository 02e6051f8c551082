/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/guard.c, which says whether anything could have
 * disturbed a sample: what it records, a guard pinned to a CPU it is not
 * on, a migration, and a thread made to share its CPU with two spinning
 * threads (every involuntary switch and every wait for the CPU it
 * watches shows).  A quiet guard may still trip on a shared host, so
 * that case asks only that some of many attempts do not.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <sched.h>

#include "core/guard.h"
#include "util/time.h"

static cpu_set_t saved;

static int
save_affinity(void **state)
{
	(void)state;
	return (sched_getaffinity(0, sizeof(saved), &saved));
}

static int
restore_affinity(void **state)
{
	(void)state;
	return (sched_setaffinity(0, sizeof(saved), &saved));
}

/* Pin this thread to the CPU it is on; that CPU. */
static int
pin_here(void)
{
	cpu_set_t set;
	int cpu = sched_getcpu();

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	assert_int_equal(sched_setaffinity(0, sizeof(set), &set), 0);
	return (cpu);
}

static void
spin_for(double seconds)
{
	double end = monotonic_seconds() + seconds;

	while (monotonic_seconds() < end)
		;
}

static void
test_thread_cpu(void **state)
{
	double c0, c1, w0, w1;

	(void)state;
	c0 = guard_thread_cpu();
	w0 = monotonic_seconds();
	spin_for(0.02);
	c1 = guard_thread_cpu();
	w1 = monotonic_seconds();
	assert_false(isnan(c0));
	assert_true(c1 > c0);
	/* A thread's CPU time cannot outrun the wall clock. */
	assert_true(c1 - c0 <= w1 - w0 + 1e-3);
}

static void
test_records(void **state)
{
	struct guard g;
	int cpu, tries, quiet = 0;

	(void)state;
	cpu = pin_here();
	guard_begin(&g, cpu, WATCH_SWITCHES);
	assert_true(g.nivcsw >= 0);
	assert_int_equal(g.cpu, cpu);
	assert_int_equal(g.pinned, cpu);
	assert_true(isnan(g.run_delay));
	assert_true(g.wall > 0);
	guard_begin(&g, -1, WATCH_NONE);
	assert_int_equal(g.nivcsw, -1);
	assert_int_equal(g.pinned, -1);
	assert_true(isnan(g.run_delay));
	/* Nothing happened in between, on some attempt at least. */
	for (tries = 0; tries < 50 && quiet == 0; tries++) {
		guard_begin(&g, cpu, WATCH_SWITCHES);
		quiet += !guard_tripped(&g);
	}
	assert_true(quiet > 0);
	restore_affinity(NULL);
}

/* Pinned to a CPU it is not on: every sample is on the wrong one. */
static void
test_wrong_cpu(void **state)
{
	struct guard g;
	int cpu;

	(void)state;
	cpu = pin_here();
	guard_begin(&g, cpu + 1, WATCH_NONE);
	assert_int_equal(guard_tripped(&g), 1);
	restore_affinity(NULL);
}

/* Moved to another CPU after it began: tripped, pinned or not. */
static void
test_migration(void **state)
{
	struct guard g;
	cpu_set_t set;
	int cpu, other;

	(void)state;
	if (CPU_COUNT(&saved) < 2)
		skip();
	cpu = pin_here();
	for (other = 0; other == cpu || !CPU_ISSET(other, &saved); other++)
		;
	guard_begin(&g, -1, WATCH_NONE);
	CPU_ZERO(&set);
	CPU_SET(other, &set);
	assert_int_equal(sched_setaffinity(0, sizeof(set), &set), 0);
	sched_yield();
	assert_int_equal(sched_getcpu(), other);
	assert_int_equal(guard_tripped(&g), 1);
	restore_affinity(NULL);
}

static volatile int spinning;

static void *
spinner(void *arg)
{
	cpu_set_t *set = arg;

	pthread_setaffinity_np(pthread_self(), sizeof(*set), set);
	while (spinning)
		;
	return (NULL);
}

/*
 * Two threads spinning on this thread's CPU: over 0.2 s it is switched
 * out involuntarily many times and waits for the CPU about two thirds
 * of the time, beyond the half the run-delay watch allows.
 */
static void
test_shared_cpu(void **state)
{
	pthread_t t[2];
	struct guard sw, rd;
	cpu_set_t set;
	int i, cpu;

	(void)state;
	cpu = pin_here();
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	spinning = 1;
	for (i = 0; i < 2; i++)
		assert_int_equal(pthread_create(&t[i], NULL, spinner, &set), 0);
	guard_begin(&sw, cpu, WATCH_SWITCHES);
	guard_begin(&rd, cpu, WATCH_RUN_DELAY);
	spin_for(0.2);
	assert_int_equal(guard_tripped(&sw), 1);
	/* Where the OS tells no wait, the CPU alone guards: not tripped. */
	assert_int_equal(guard_tripped(&rd), !isnan(rd.run_delay));
	spinning = 0;
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	restore_affinity(NULL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_thread_cpu),
		cmocka_unit_test(test_records),
		cmocka_unit_test(test_wrong_cpu),
		cmocka_unit_test(test_migration),
		cmocka_unit_test(test_shared_cpu),
	};

	return (cmocka_run_group_tests(tests, save_affinity,
	    restore_affinity));
}
