/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine on arm64 against costs every core's guide agrees on: the add
 * chain one cycle, a dependent mul a whole number of cycles from 2 to 5,
 * an L1 load 3 to 5.  Under emulation (CYCLEBENCH_EMULATED, set by make
 * check-arm64) a cycle means nothing, and only what the engine does is
 * checked: every row measured, samples kept, the statistics in order.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cyclebench.h"
#include "bench.h"
#include "emulated.h"

#define ATTEMPTS 3

/* One measurement that must succeed in order; its median cycles. */
static double
measure(const char *name, int isolate)
{
	struct cb_options o;
	struct cb_result r;
	double got;

	cb_options_default(&o);
	o.quick = EMULATED();
	o.isolate = isolate;
	/* Emulated on a loaded host, the engine rightly keeps nothing. */
	if (cb_measure(find(name), &o, &r) != CB_OK && EMULATED() &&
	    strstr(r.reason, "disturbed") != NULL) {
		fprintf(stderr, "%s: %s: skipped\n", name, r.reason);
		cb_result_free(&r);
		skip();
	}
	assert_int_equal(r.status, CB_OK);
	/*
	 * Emulated, a sample takes a hundred times as long and a round's
	 * time budget holds a sample or two, or none kept on a busy host:
	 * behaviour, not sample counts.
	 */
	assert_true(r.nsamples >= (EMULATED() ? 1 : 10));
	assert_true(r.nrounds >= 1);
	assert_true(r.cycles.min <= r.cycles.median);
	assert_true(r.cycles.ci95_low <= r.cycles.median &&
	    r.cycles.median <= r.cycles.ci95_high);
	assert_true(r.ref.median > 0);
	got = r.cycles.median;
	cb_result_free(&r);
	return (got);
}

/* Median cycles of `name' in [lo, hi], whole when `whole', in some try. */
static void
expect_cost(const char *name, double lo, double hi, int whole)
{
	double got = NAN;
	int i;

	for (i = 0; i < ATTEMPTS; i++) {
		got = measure(name, 1);
		if (EMULATED())
			return;
		if (got >= lo && got <= hi &&
		    (!whole || fabs(got - round(got)) < 0.1))
			return;
		fprintf(stderr, "%s: %.3f cycles, want %.1f to %.1f; "
		    "measuring again\n", name, got, lo, hi);
	}
	fail_msg("%s: %.3f cycles, want %.1f to %.1f", name, got, lo, hi);
}

static void
test_add_latency(void **state)
{
	(void)state;
	expect_cost("basic/add-latency", 0.95, 1.05, 0);
}

static void
test_mul_latency(void **state)
{
	(void)state;
	expect_cost("basic/mul-latency", 1.9, 5.1, 1);
}

static void
test_load_latency(void **state)
{
	(void)state;
	expect_cost("basic/load-latency", 2.9, 5.1, 1);
}

/* The same row without the child process: the API's other path. */
static void
test_inline(void **state)
{
	(void)state;
	measure("basic/add-imm-latency", 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add_latency),
		cmocka_unit_test(test_mul_latency),
		cmocka_unit_test(test_load_latency),
		cmocka_unit_test(test_inline),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
