/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The library's contract with a careless caller: every input cb_measure()
 * takes is checked, a mistake is CB_ERROR with a reason (never a crash,
 * a number of no meaning, or a results file cyclebench's own reader
 * refuses), the free-style functions take NULL, and the version is the
 * one the library was built as.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cyclebench.h"

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

static uint64_t
no_ticks(void *ctx)
{
	(void)ctx;
	return (0);
}

static int
setup_ok(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	return (0);
}

static const struct cb_bench good = { .name = "test/spin",
    .mode = CB_LATENCY, .ops = 1, .body = spin };

/* cb_measure(b, o) refuses with a reason that contains `why'. */
static void
refused(const struct cb_bench *b, const struct cb_options *o,
    const char *why)
{
	struct cb_result r;

	memset(&r, 0x5a, sizeof(r));
	assert_int_equal(cb_measure(b, o, &r), CB_ERROR);
	assert_int_equal(r.status, CB_ERROR);
	if (strstr(r.reason, why) == NULL)
		fail_msg("reason '%s' lacks '%s'", r.reason, why);
	assert_int_equal(r.nsamples, 0);
	cb_result_free(&r);
}

static void
test_null(void **state)
{
	struct cb_result r;

	(void)state;
	refused(NULL, NULL, "no benchmark (NULL)");
	assert_int_equal(cb_measure(&good, NULL, NULL), CB_ERROR);
	cb_result_free(NULL);
	cb_print_results(NULL, &r, 1);
	cb_print_results(NULL, NULL, 0);
	/* Every function of the API takes NULL without a crash. */
	memset(&r, 0, sizeof(r));
	cb_result_extra(NULL, "x", 1);
	cb_result_extra(&r, NULL, 1);
	assert_int_equal(r.nextras, 0);
	cb_options_default(NULL);
	assert_null(cb_flags_string(1, NULL, 8));
	assert_int_equal(cb_write_json(NULL, NULL, 0, 0, NULL, NULL, 0), -1);
	assert_int_equal(cb_write_json(NULL, NULL, 0, 0, NULL, NULL, 64), -1);
}

static void
test_bench_fields(void **state)
{
	struct cb_bench b;

	(void)state;
	b = good;
	b.name = NULL;
	refused(&b, NULL, "has no name");
	b = good;
	b.name = "";
	refused(&b, NULL, "has no name");
	b = good;
	b.mode = (enum cb_mode)42;
	refused(&b, NULL, "mode 42 is none of");
	b = good;
	b.ops = 0;
	refused(&b, NULL, "ops is 0");
	b = good;
	b.body = NULL;
	refused(&b, NULL, "has no body");
	/* A setup may decide about a row without one (skip it), not run it. */
	b.setup = setup_ok;
	refused(&b, NULL, "has no body");
	b = good;
	b.timed = no_ticks;
	refused(&b, NULL, "for CB_PATH benchmarks only");
	b = good;
	b.timeout = -1;
	refused(&b, NULL, "timeout -1");
	b = good;
	b.params[0] = (struct cb_param){ "k", NULL };
	refused(&b, NULL, "needs a key and a value");
	b = good;
	b.params[1] = (struct cb_param){ NULL, "v" };
	refused(&b, NULL, "has a value but no key");
	b = good;
	b.params[0] = (struct cb_param){ "k", "1" };
	b.params[2] = (struct cb_param){ "k", "2" };
	refused(&b, NULL, "'k' is given twice");
}

static void
test_options(void **state)
{
	struct cb_options o;

	(void)state;
	cb_options_default(&o);
	o.repetitions = 3;
	refused(&good, &o, "repetitions 3 is not 0 (the default) or 5 to "
	    "100000");
	o.repetitions = 100001;
	refused(&good, &o, "repetitions 100001");
	/* A zeroed struct, not from cb_options_default(): timeout 0. */
	memset(&o, 0, sizeof(o));
	refused(&good, &o, "timeout 0 is not 0.1 to 86400 seconds");
	cb_options_default(&o);
	o.cpu = 65535;
	refused(&good, &o, "CPU 65535 is not one this process may run on");
	cb_options_default(&o);
	o.isolate = 7;
	refused(&good, &o, "isolate and quick are 0 or 1");
}

/* What cb_measure refused is not written as a file the reader refuses. */
static void
test_write_refused(void **state)
{
	struct cb_bench b = good;
	struct cb_result r;
	char err[256], path[] = "/tmp/cyclebench-test-api.XXXXXX";
	int fd;

	(void)state;
	b.name = NULL;
	assert_int_equal(cb_measure(&b, NULL, &r), CB_ERROR);
	assert_int_equal(cb_write_json(NULL, &r, 1, 0, NULL, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "path is NULL"));
	assert_true((fd = mkstemp(path)) >= 0);
	close(fd);
	assert_int_equal(cb_write_json(path, &r, 1, 0, NULL, err,
	    sizeof(err)), -1);
	if (strstr(err, "cannot write result 0: the benchmark has no name") ==
	    NULL)
		fail_msg("%s", err);
	assert_int_equal(cb_write_json(path, NULL, 1, 0, NULL, err,
	    sizeof(err)), -1);
	unlink(path);
	cb_result_free(&r);
}

/* A timed callback of 0 ticks is the caller's mistake, not a busy host. */
static void
test_timed_zero(void **state)
{
	const struct cb_bench b = { .name = "test/no-ticks", .mode = CB_PATH,
	    .ops = 1, .body = spin, .timed = no_ticks };
	struct cb_options o;
	struct cb_result r;

	(void)state;
	cb_options_default(&o);
	o.quick = 1;
	assert_int_equal(cb_measure(&b, &o, &r), CB_ERROR);
	if (strstr(r.reason, "the timed callback returned 0 ticks") == NULL)
		fail_msg("reason: %s", r.reason);
	cb_result_free(&r);
}

static void
test_version(void **state)
{
	(void)state;
	assert_string_equal(cb_version(), CB_VERSION);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_null),
		cmocka_unit_test(test_bench_fields),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_write_refused),
		cmocka_unit_test(test_timed_zero),
		cmocka_unit_test(test_version),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
