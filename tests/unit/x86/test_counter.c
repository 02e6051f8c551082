/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counter suite's claims that a timing cannot show: its setup check
 * rejects a sequence that is not a correct increment, and the rseq per-CPU
 * increment loses nothing while threads migrate between CPUs and take
 * signals (a plain addq shared the same way does lose counts).  The suite
 * is included whole so its bodies and context can be reached.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdatomic.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "suites/x86/counter.c"
#include "os/cpuset.h"

#define WORKERS		3
#define ROUNDS		200000
#define CALLS		10

static void
nothing(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
}

static void
test_setup_rejects_wrong_sequences(void **state)
{
	char why[CB_REASON_MAX];
	void *ctx = NULL;

	(void)state;
	assert_int_equal(counter_setup(&ctx, why, sizeof(why), &simple_way,
	    nothing), CB_SETUP_ERROR);
	assert_non_null(strstr(why, "not a correct 64-bit increment"));
	/* A 32-bit add on a 64-bit counter loses the carry. */
	assert_int_equal(counter_setup(&ctx, why, sizeof(why), &simple_way,
	    addl32_1), CB_SETUP_ERROR);
	assert_int_equal(counter_setup(&ctx, why, sizeof(why), &simple_way,
	    unsigned32_4), 0);
	counters_teardown(ctx);
}

struct storm {
	struct counter_ctx *c;
	atomic_int	 stop;
	_Atomic pid_t	 tid[WORKERS];
	int		 cpu[2];
};

static void
on_signal(int sig)
{
	(void)sig;
}

static void *
worker(void *arg)
{
	struct storm *s = arg;
	pid_t zero;
	int i;

	/* Take a free slot, for the pest to find this thread by. */
	for (i = 0; i < WORKERS; i++) {
		zero = 0;
		if (atomic_compare_exchange_strong(&s->tid[i], &zero,
		    gettid()))
			break;
	}
	for (i = 0; i < ROUNDS; i++)
		rseq_8(CALLS, s->c);
	return (NULL);
}

/* Move every worker to the other CPU and interrupt it, until stopped. */
static void *
pest(void *arg)
{
	struct storm *s = arg;
	cpu_set_t set;
	unsigned n;
	pid_t t;
	int i;

	for (n = 0; !atomic_load(&s->stop); n++) {
		for (i = 0; i < WORKERS; i++) {
			if ((t = atomic_load(&s->tid[i])) == 0)
				continue;
			CPU_ZERO(&set);
			CPU_SET(s->cpu[(n + (unsigned)i) & 1], &set);
			sched_setaffinity(t, sizeof(set), &set);
			syscall(SYS_tgkill, getpid(), t, SIGUSR1);
		}
		usleep(20);
	}
	return (NULL);
}

static void
test_rseq_loses_nothing(void **state)
{
	struct storm s;
	pthread_t w[WORKERS], p;
	char why[CB_REASON_MAX];
	void *ctx = NULL;
	uint64_t before;
	int i;

	(void)state;
	memset(&s, 0, sizeof(s));
	s.cpu[0] = sched_getcpu();
	s.cpu[1] = cpuset_other_cpu(s.cpu[0]);
	if (s.cpu[1] < 0 || rseq_8_setup(&ctx, why, sizeof(why)) != 0)
		skip();
	s.c = ctx;
	signal(SIGUSR1, on_signal);
	before = counters_sum(&s.c->k);
	assert_int_equal(pthread_create(&p, NULL, pest, &s), 0);
	for (i = 0; i < WORKERS; i++)
		assert_int_equal(pthread_create(&w[i], NULL, worker, &s), 0);
	for (i = 0; i < WORKERS; i++)
		pthread_join(w[i], NULL);
	atomic_store(&s.stop, 1);
	pthread_join(p, NULL);
	assert_int_equal(counters_sum(&s.c->k) - before,
	    (uint64_t)WORKERS * ROUNDS * CALLS * OPS);
	counters_teardown(ctx);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setup_rejects_wrong_sequences),
		cmocka_unit_test(test_rseq_loses_nothing),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
