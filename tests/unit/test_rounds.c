/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/rounds.c, the rounds scheduler: a fixed number of
 * rounds for every benchmark, the first pass in the order asked, a
 * benchmark that is skipped or fails once done and the others measured,
 * a failure in a later round named by its round, and a run interrupted
 * after the first pass keeping what it has; and a benchmark no sample of
 * which is clean ending at its time with what it has, flagged.
 * Benchmarks run in this process (isolate = 0) with --quick rounds: a
 * few hundredths of a second each, and nothing here depends on their
 * cost.  Under an emulator no sample is clean either, and every round
 * still ends with samples: these run there too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "cyclebench.h"
#include "core/rounds.h"

#include "emulated.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

static int
setup_skip(void **ctx, char *why, size_t len)
{
	(void)ctx;
	snprintf(why, len, "test: declines");
	return (CB_SETUP_SKIP);
}

static int
setup_error(void **ctx, char *why, size_t len)
{
	(void)ctx;
	snprintf(why, len, "test: broken");
	return (CB_SETUP_ERROR);
}

/* Succeeds in the first two rounds, fails in the third. */
static int calls;

static int
setup_third_fails(void **ctx, char *why, size_t len)
{
	(void)ctx;
	if (++calls < 3)
		return (0);
	snprintf(why, len, "test: gave up");
	return (CB_SETUP_ERROR);
}

static const struct cb_bench benches[] = {
	{ .name = "test/a", .mode = CB_LATENCY, .ops = 1, .body = spin },
	{ .name = "test/skip", .mode = CB_LATENCY, .ops = 1, .body = spin,
	  .setup = setup_skip },
	{ .name = "test/error", .mode = CB_LATENCY, .ops = 1, .body = spin,
	  .setup = setup_error },
	{ .name = "test/b", .mode = CB_THROUGHPUT, .ops = 1, .body = spin },
	{ .name = "test/third", .mode = CB_LATENCY, .ops = 1, .body = spin,
	  .setup = setup_third_fails },
};

/* What progress saw: the benchmark of each call and its pass. */
struct seen {
	const struct cb_bench	*bench[64];
	unsigned		 pass[64];
	size_t			 n, finished;
	unsigned		 interrupt_at;	/* pass; 0: never */
};

static void
progress(const struct rounds_progress *p, void *arg)
{
	struct seen *s = arg;

	if (s->interrupt_at != 0 && p->pass == s->interrupt_at) {
		cb_interrupt();
		return;
	}
	assert_true(s->n < NELEM(s->bench));
	assert_true(p->finished >= s->finished);
	s->finished = p->finished;
	s->bench[s->n] = p->bench;
	s->pass[s->n++] = p->pass;
}

static void
options(struct cb_options *o, unsigned rounds)
{
	cb_options_default(o);
	o->isolate = 0;
	o->quick = 1;
	o->rounds = rounds;
}

static size_t
calls_of(const struct seen *s, const struct cb_bench *b)
{
	size_t i, k = 0;

	for (i = 0; i < s->n; i++)
		k += s->bench[i] == b;
	return (k);
}

static void
test_fixed_rounds(void **state)
{
	const struct cb_bench *b[4] = { &benches[0], &benches[1], &benches[2],
	    &benches[3] };
	struct cb_result r[4];
	struct cb_options o;
	struct seen s;
	size_t i, k, total;

	(void)state;
	/* Emulated, a round may still keep no sample (issue 25). */
	SKIP_IF_EMULATED();
	memset(&s, 0, sizeof(s));
	options(&o, 5);
	/* Two measured: the skip and the error are no measurement. */
	assert_int_equal(rounds_run(b, 4, &o, r, progress, &s), 2);
	/* The first pass in the order asked. */
	for (i = 0; i < 4; i++) {
		assert_ptr_equal(s.bench[i], b[i]);
		assert_int_equal(s.pass[i], 1);
	}
	/* The skipped and the failed ran once; the others their 5. */
	assert_int_equal(calls_of(&s, b[0]), 5);
	assert_int_equal(calls_of(&s, b[1]), 1);
	assert_int_equal(calls_of(&s, b[2]), 1);
	assert_int_equal(calls_of(&s, b[3]), 5);
	assert_int_equal(s.pass[s.n - 1], 5);
	for (i = 0; i < 4; i += 3) {
		assert_ptr_equal(r[i].bench, b[i]);
		assert_int_equal(r[i].status, CB_OK);
		assert_int_equal(r[i].nrounds, 5);
		assert_int_equal(r[i].stop, CB_STOP_ROUNDS);
		for (k = total = 0; k < r[i].nrounds; k++) {
			assert_true(r[i].rounds[k].nsamples > 0);
			assert_true(r[i].rounds[k].median > 0);
			assert_true(k == 0 || r[i].rounds[k].start >=
			    r[i].rounds[k - 1].start);
			total += r[i].rounds[k].nsamples;
		}
		assert_int_equal(total, r[i].nsamples);
		assert_true(r[i].cycles.min <= r[i].cycles.median &&
		    r[i].cycles.median <= r[i].cycles.max);
	}
	assert_int_equal(r[1].status, CB_SKIPPED);
	assert_string_equal(r[1].reason, "test: declines");
	assert_int_equal(r[1].stop, CB_STOP_FAILED);
	assert_int_equal(r[1].nrounds, 0);
	assert_int_equal(r[2].status, CB_ERROR);
	assert_string_equal(r[2].reason, "test: broken");
	assert_int_equal(r[2].stop, CB_STOP_FAILED);
	for (i = 0; i < 4; i++)
		cb_result_free(&r[i]);
}

/* A round that fails after some succeeded fails the benchmark, named. */
static void
test_later_round_fails(void **state)
{
	const struct cb_bench *b[1] = { &benches[4] };
	struct cb_result r;
	struct cb_options o;

	(void)state;
	SKIP_IF_EMULATED();
	calls = 0;
	options(&o, 5);
	assert_int_equal(rounds_run(b, 1, &o, &r, NULL, NULL), 1);
	assert_int_equal(calls, 3);
	assert_int_equal(r.status, CB_ERROR);
	assert_string_equal(r.reason, "round 3: test: gave up");
	assert_int_equal(r.stop, CB_STOP_FAILED);
	assert_int_equal(r.nrounds, 2);
	cb_result_free(&r);
}

/*
 * Adaptive rounds (rounds = 0) with --quick: from ROUNDS_MIN to
 * ROUNDS_QUICK_MAX, stopped for one of the reasons that allows.
 */
static void
test_adaptive_rounds(void **state)
{
	const struct cb_bench *b[1] = { &benches[0] };
	struct cb_result r;
	struct cb_options o;

	(void)state;
	SKIP_IF_EMULATED();
	options(&o, 0);
	assert_int_equal(rounds_run(b, 1, &o, &r, NULL, NULL), 1);
	assert_int_equal(r.status, CB_OK);
	assert_true(r.nrounds >= ROUNDS_MIN && r.nrounds <= ROUNDS_QUICK_MAX);
	assert_true(r.stop == CB_STOP_PRECISION || r.stop == CB_STOP_ROUNDS ||
	    r.stop == CB_STOP_TIME);
	cb_result_free(&r);
}

/*
 * A benchmark no sample of which is ever clean, as under an emulator:
 * every call yields its CPU to a partner spinning on it, an involuntary
 * switch the guard drops the sample for.
 */
static struct {
	pthread_t	 thread;
	int		 cpu;
	volatile int	 stop;
} hog;

static void *
hog_spin(void *arg)
{
	cpu_set_t set;

	(void)arg;
	CPU_ZERO(&set);
	CPU_SET(hog.cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
	while (!hog.stop)
		sched_yield();
	return (NULL);
}

static int
setup_hog(void **ctx, char *why, size_t len)
{
	(void)ctx;
	hog.stop = 0;
	hog.cpu = sched_getcpu();
	if (pthread_create(&hog.thread, NULL, hog_spin, NULL) != 0) {
		snprintf(why, len, "test: no partner thread");
		return (CB_SETUP_ERROR);
	}
	return (0);
}

static void
teardown_hog(void *ctx)
{
	(void)ctx;
	hog.stop = 1;
	pthread_join(hog.thread, NULL);
}

static void
spin_and_yield(uint64_t iters, void *ctx)
{
	spin(iters, ctx);
	sched_yield();
}

/*
 * It ends at its time budget with a figure from the disturbed samples,
 * flagged unsettled, not "every sample was disturbed".
 */
static void
test_never_clean(void **state)
{
	static const struct cb_bench b = { .name = "test/disturbed",
	    .mode = CB_LATENCY, .ops = 1, .body = spin_and_yield,
	    .setup = setup_hog, .teardown = teardown_hog };
	const struct cb_bench *bp = &b;
	struct cb_result r;
	struct cb_options o;

	(void)state;
	options(&o, 5);
	o.isolate = 1;	/* the round's flag crosses the pipe */
	assert_int_equal(rounds_run(&bp, 1, &o, &r, NULL, NULL), 1);
	assert_int_equal(r.status, CB_OK);
	assert_int_equal(r.nrounds, 5);
	assert_true(r.nsamples > 0);
	assert_true(isfinite(r.cycles.median) && r.cycles.median > 0);
	assert_true(r.flags & CB_FLAG_UNSETTLED);
	cb_result_free(&r);
	/*
	 * A full round waits four times 40 ms for a clean sample: under the
	 * shortest time limit it stops at half the limit with what it has,
	 * where it was killed, "timed out after 0.1 s".  (An emulator takes
	 * longer than that to start a child and end its round at all.)
	 */
	if (EMULATED())
		return;
	o.quick = 0;
	o.timeout = CB_MIN_TIMEOUT;
	assert_int_equal(rounds_run(&bp, 1, &o, &r, NULL, NULL), 1);
	if (r.status != CB_OK)
		fail_msg("%s", r.reason);
	assert_true(r.flags & CB_FLAG_UNSETTLED);
	cb_result_free(&r);
}

/*
 * Interrupted as the second pass begins: every benchmark keeps its first
 * round, stopped as interrupted.  Last: the interruption is for good.
 */
static void
test_interrupted(void **state)
{
	const struct cb_bench *b[2] = { &benches[0], &benches[3] };
	struct cb_result r[2];
	struct cb_options o;
	struct seen s;
	size_t i;

	(void)state;
	SKIP_IF_EMULATED();
	memset(&s, 0, sizeof(s));
	s.interrupt_at = 2;
	options(&o, 5);
	assert_int_equal(rounds_run(b, 2, &o, r, progress, &s), 2);
	assert_int_equal(s.n, 2);
	for (i = 0; i < 2; i++) {
		assert_int_equal(r[i].status, CB_OK);
		assert_int_equal(r[i].nrounds, 1);
		assert_int_equal(r[i].stop, CB_STOP_INTERRUPTED);
		cb_result_free(&r[i]);
	}
	/* Nothing measured yet: an error saying so. */
	assert_int_equal(rounds_run(b, 1, &o, r, NULL, NULL), 0);
	assert_int_equal(r[0].status, CB_ERROR);
	assert_string_equal(r[0].reason, "interrupted");
	cb_result_free(&r[0]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_rounds),
		cmocka_unit_test(test_later_round_fails),
		cmocka_unit_test(test_adaptive_rounds),
		cmocka_unit_test(test_never_clean),
		cmocka_unit_test(test_interrupted),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
