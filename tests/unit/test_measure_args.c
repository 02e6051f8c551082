/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/measure_args.c: every field of a benchmark and its
 * options that cb_measure() refuses is refused with a message naming
 * what is wrong, and the limits themselves are accepted, so the library
 * takes exactly what the command line does.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <sched.h>
#include <string.h>

#include "cyclebench.h"
#include "core/measure_args.h"

static void
body(uint64_t iters, void *ctx)
{
	(void)iters, (void)ctx;
}

static uint64_t
timed(void *ctx)
{
	(void)ctx;
	return (1);
}

static int
setup(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	return (0);
}

static const struct cb_bench good = { .name = "test/good",
    .mode = CB_LATENCY, .ops = 1, .body = body };

/* measure_args_check(b, o) refuses, saying exactly `want'. */
static void
refused(const struct cb_bench *b, const struct cb_options *o,
    const char *want)
{
	char why[256];

	memset(why, 'x', sizeof(why));
	assert_int_equal(measure_args_check(b, o, why, sizeof(why)), -1);
	assert_string_equal(why, want);
}

static void
accepted(const struct cb_bench *b, const struct cb_options *o)
{
	char why[256] = "";

	assert_int_equal(measure_args_check(b, o, why, sizeof(why)), 0);
	assert_string_equal(why, "");
}

static void
test_bench(void **state)
{
	struct cb_bench b;

	(void)state;
	accepted(&good, NULL);
	refused(NULL, NULL, "no benchmark (NULL)");
	b = good;
	b.name = NULL;
	refused(&b, NULL, "the benchmark has no name");
	b.name = "";
	refused(&b, NULL, "the benchmark has no name");
	b = good;
	b.mode = (enum cb_mode)-1;
	refused(&b, NULL, "mode -1 is none of CB_LATENCY, CB_THROUGHPUT and "
	    "CB_PATH");
	b.mode = (enum cb_mode)(CB_PATH + 1);
	refused(&b, NULL, "mode 3 is none of CB_LATENCY, CB_THROUGHPUT and "
	    "CB_PATH");
	b = good;
	b.ops = 0;
	refused(&b, NULL, "ops is 0: a body runs at least one operation per "
	    "iteration");
	b = good;
	b.body = NULL;
	refused(&b, NULL, "the benchmark has no body");
	/* A setup alone may decide about a row (skip it): accepted here. */
	b.setup = setup;
	accepted(&b, NULL);
	b = good;
	b.timed = timed;
	refused(&b, NULL, "a timed callback is for CB_PATH benchmarks only");
	b.mode = CB_PATH;
	accepted(&b, NULL);
	b.mode = CB_THROUGHPUT;
	b.timed = NULL;
	accepted(&b, NULL);
}

static void
test_bench_timeout(void **state)
{
	struct cb_bench b = good;

	(void)state;
	b.timeout = 0;
	accepted(&b, NULL);
	b.timeout = CB_MAX_TIMEOUT;
	accepted(&b, NULL);
	b.timeout = -1;
	refused(&b, NULL, "the benchmark's timeout -1 is not 0 or a number "
	    "of seconds up to 86400");
	b.timeout = CB_MAX_TIMEOUT + 1;
	refused(&b, NULL, "the benchmark's timeout 86401 is not 0 or a "
	    "number of seconds up to 86400");
	b.timeout = NAN;
	refused(&b, NULL, "the benchmark's timeout nan is not 0 or a number "
	    "of seconds up to 86400");
}

static void
test_params(void **state)
{
	struct cb_bench b = good;

	(void)state;
	b.params[0] = (struct cb_param){ "cpus", "1" };
	b.params[1] = (struct cb_param){ "fpu", "none" };
	accepted(&b, NULL);
	/* A hole among the parameters is no parameter. */
	b.params[1] = (struct cb_param){ NULL, NULL };
	b.params[3] = (struct cb_param){ "fpu", "none" };
	accepted(&b, NULL);
	b.params[2] = (struct cb_param){ NULL, "v" };
	refused(&b, NULL, "parameter 2 has a value but no key");
	b.params[2] = (struct cb_param){ "", "v" };
	refused(&b, NULL, "parameter 2 needs a key and a value");
	b.params[2] = (struct cb_param){ "k", NULL };
	refused(&b, NULL, "parameter 2 needs a key and a value");
	b.params[2] = (struct cb_param){ "cpus", "2" };
	refused(&b, NULL, "parameter 'cpus' is given twice");
	b.params[2] = (struct cb_param){ "k", "" };
	accepted(&b, NULL);
}

static void
test_options(void **state)
{
	struct cb_options o;

	(void)state;
	cb_options_default(&o);
	accepted(&good, &o);
	o.repetitions = CB_MIN_REPETITIONS;
	accepted(&good, &o);
	o.repetitions = CB_MAX_REPETITIONS;
	accepted(&good, &o);
	o.repetitions = CB_MIN_REPETITIONS - 1;
	refused(&good, &o, "repetitions 4 is not 0 (the default) or 5 to "
	    "100000");
	o.repetitions = CB_MAX_REPETITIONS + 1;
	refused(&good, &o, "repetitions 100001 is not 0 (the default) or 5 "
	    "to 100000");
	cb_options_default(&o);
	o.timeout = CB_MIN_TIMEOUT;
	accepted(&good, &o);
	o.timeout = CB_MAX_TIMEOUT;
	accepted(&good, &o);
	o.timeout = 0;
	refused(&good, &o, "timeout 0 is not 0.1 to 86400 seconds (start "
	    "from cb_options_default())");
	o.timeout = NAN;
	refused(&good, &o, "timeout nan is not 0.1 to 86400 seconds (start "
	    "from cb_options_default())");
	cb_options_default(&o);
	o.rounds = CB_MAX_ROUNDS;
	accepted(&good, &o);
	o.rounds = CB_MAX_ROUNDS + 1;
	refused(&good, &o, "rounds 1001 is not 0 (adaptive) or 1 to 1000");
	cb_options_default(&o);
	o.precision = CB_MIN_PRECISION;
	accepted(&good, &o);
	o.precision = CB_MAX_PRECISION;
	accepted(&good, &o);
	o.precision = -0.01;
	refused(&good, &o, "precision -0.01 is not 0 (the default) or "
	    "0.0001 to 0.5");
	o.precision = 0.6;
	refused(&good, &o, "precision 0.6 is not 0 (the default) or 0.0001 "
	    "to 0.5");
	o.precision = NAN;
	refused(&good, &o, "precision nan is not 0 (the default) or 0.0001 "
	    "to 0.5");
}

static void
test_options_cpu_flags(void **state)
{
	struct cb_options o;

	(void)state;
	cb_options_default(&o);
	o.cpu = sched_getcpu();
	accepted(&good, &o);
	o.cpu = -2;
	refused(&good, &o, "CPU -2 is not one this process may run on");
	o.cpu = 1 << 20;
	refused(&good, &o, "CPU 1048576 is not one this process may run on");
	cb_options_default(&o);
	o.isolate = 0;
	o.quick = 1;
	accepted(&good, &o);
	o.isolate = 2;
	refused(&good, &o, "isolate and quick are 0 or 1");
	o.isolate = 1;
	o.quick = -1;
	refused(&good, &o, "isolate and quick are 0 or 1");
}

/* The message is cut to the caller's buffer, never past it. */
static void
test_short_buffer(void **state)
{
	char why[8];

	(void)state;
	memset(why, 'x', sizeof(why));
	assert_int_equal(measure_args_check(NULL, NULL, why, 5), -1);
	assert_string_equal(why, "no b");
	assert_int_equal(why[5], 'x');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_bench),
		cmocka_unit_test(test_bench_timeout),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_options_cpu_flags),
		cmocka_unit_test(test_short_buffer),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
