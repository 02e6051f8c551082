/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for suites/counter_slots.c, where the counter suite keeps
 * its counters and how its setup checks a body: a context zeroed and
 * line-aligned; the counters placed in it, in this thread's TLS block
 * (another thread's are its own), or a block per possible CPU through
 * rseq (or skipped with the reason); their sum, and the increments one
 * call of a body adds.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <pthread.h>
#include <string.h>
#include <sys/sysinfo.h>

#include "suites/counter_slots.h"

struct ctx {
	struct counters	 k;
	uint64_t	 lines[LINES][LINE / 8] __attribute__((aligned(LINE)));
};

static char *
thread_pointer(void)
{
	char *tp = NULL;

#if defined(__x86_64__)
	__asm__("mov %%fs:0, %0" : "=r" (tp));
#elif defined(__i386__)
	__asm__("mov %%gs:0, %0" : "=r" (tp));
#elif defined(__aarch64__)
	__asm__("mrs %0, tpidr_el0" : "=r" (tp));
#endif
	return (tp);
}

static void
test_ctx_new(void **state)
{
	struct ctx *c;
	char why[128];
	size_t i;

	(void)state;
	c = counters_ctx_new(sizeof(*c), why, sizeof(why));
	assert_non_null(c);
	assert_int_equal((uintptr_t)c % LINE, 0);
	for (i = 0; i < sizeof(*c); i++)
		assert_int_equal(((unsigned char *)c)[i], 0);
	counters_teardown(c);
}

static void
test_in_ctx(void **state)
{
	struct ctx *c;
	char why[128];

	(void)state;
	c = counters_ctx_new(sizeof(*c), why, sizeof(why));
	assert_non_null(c);
	assert_int_equal(counters_place(&c->k, IN_CTX, &c->lines[0][0],
	    thread_pointer(), why, sizeof(why)), 0);
	assert_ptr_equal(c->k.base, c->lines);
	assert_ptr_equal(c->k.first, &c->lines[0][0]);
	assert_int_equal(c->k.n, LINES);
	/* One counter a line: words between them are not counted. */
	c->lines[0][0] = 5;
	c->lines[7][0] = 2;
	c->lines[3][1] = 100;
	assert_int_equal(counters_sum(&c->k), 7);
	counters_teardown(c);
}

/* Where this thread's TLS counters are, from thread pointer tp. */
static void *
tls_first(void *tp)
{
	struct counters k;
	char why[128];

	memset(&k, 0, sizeof(k));
	assert_int_equal(counters_place(&k, IN_TLS, NULL, tp, why,
	    sizeof(why)), 0);
	assert_int_equal(k.n, LINES);
	assert_true((uintptr_t)k.base + (uintptr_t)tp == (uintptr_t)k.first);
	assert_int_equal((uintptr_t)k.first % LINE, 0);
	return (k.first);
}

static void *
other_thread(void *arg)
{
	(void)arg;
	return (tls_first(thread_pointer()));
}

static void
test_in_tls(void **state)
{
	pthread_t t;
	void *mine, *theirs = NULL;

	(void)state;
	mine = tls_first(thread_pointer());
	assert_ptr_equal(tls_first((void *)(uintptr_t)0x1000), mine);
	assert_int_equal(pthread_create(&t, NULL, other_thread, NULL), 0);
	assert_int_equal(pthread_join(t, &theirs), 0);
	assert_non_null(theirs);
	assert_true(theirs != mine);
}

static void
test_per_cpu(void **state)
{
	struct ctx *c;
	char why[256];
	int rc;

	(void)state;
	c = counters_ctx_new(sizeof(*c), why, sizeof(why));
	assert_non_null(c);
	why[0] = '\0';
	rc = counters_place(&c->k, PER_CPU, &c->lines[0][0],
	    thread_pointer(), why, sizeof(why));
	if (rc == CB_SETUP_SKIP) {
		/* Said why: no rseq registered, or none in the C library. */
		assert_true(strstr(why, "rseq") != NULL);
		counters_teardown(c);
		skip();
	}
	assert_int_equal(rc, 0);
	assert_int_equal(c->k.n, (size_t)get_nprocs_conf() * LINES);
	assert_ptr_equal(c->k.base, c->k.percpu);
	assert_int_equal((uintptr_t)c->k.base % LINE, 0);
	counters_teardown(c);		/* frees the block too */
}

/* A body that adds OPS increments round robin over the first k lines. */
static void
body_k4(uint64_t iters, void *arg)
{
	struct counters *k = arg;
	uint64_t i, j;

	for (i = 0; i < iters; i++)
		for (j = 0; j < OPS; j++)
			k->first[(j % 4) * (LINE / 8)]++;
}

/* One that loses an increment, as a wrong sequence would. */
static void
body_short(uint64_t iters, void *arg)
{
	struct counters *k = arg;

	body_k4(iters, arg);
	k->first[0]--;
}

static void
test_added(void **state)
{
	struct ctx *c;
	char why[128];

	(void)state;
	c = counters_ctx_new(sizeof(*c), why, sizeof(why));
	assert_non_null(c);
	assert_int_equal(counters_place(&c->k, IN_CTX, &c->lines[0][0],
	    thread_pointer(), why, sizeof(why)), 0);
	c->lines[2][0] = 1000;		/* what earlier calls left */
	assert_int_equal(counters_added(&c->k, body_k4), OPS);
	assert_int_equal(counters_added(&c->k, body_short), OPS - 1);
	assert_int_equal(counters_sum(&c->k), 1000 + 2 * OPS - 1);
	counters_teardown(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ctx_new),
		cmocka_unit_test(test_in_ctx),
		cmocka_unit_test(test_in_tls),
		cmocka_unit_test(test_per_cpu),
		cmocka_unit_test(test_added),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
