/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine against instruction costs every vendor table agrees on.  Each
 * check passes when one of five whole measurements, a second apart, lands
 * in band: a host's slow phase lasts seconds (CI once saw imul throughput
 * at 1.13 three times in a row), so one phase cannot fail it while a wrong
 * engine still does.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cyclebench.h"
#include "emulated.h"
#include "bench.h"
#include "core/machine.h"

#define ATTEMPTS 5

/* Median cycles per op of `name' lands in want +- tol in some attempt. */
static void
expect_cost(const char *name, double want, double tol)
{
	struct cb_options o;
	struct cb_result r;
	double got = NAN;
	int i;

	SKIP_IF_EMULATED();
	cb_options_default(&o);
	for (i = 0; i < ATTEMPTS; i++) {
		assert_int_equal(cb_measure(find(name), &o, &r), CB_OK);
		got = r.cycles.median;
		assert_true(r.nsamples >= 10);
		assert_true(r.cycles.min <= r.cycles.median);
		assert_true(r.cycles.ci95_low <= r.cycles.median &&
		    r.cycles.median <= r.cycles.ci95_high);
		cb_result_free(&r);
		if (fabs(got - want) <= tol)
			return;
		fprintf(stderr, "%s: %.3f cycles, want %.2f +- %.2f; "
		    "measuring again\n", name, got, want, tol);
		sleep(1);
	}
	fail_msg("%s: %.3f cycles, want %.2f +- %.2f", name, got, want, tol);
}

static void
test_add_latency(void **state)
{
	(void)state;
	expect_cost("basic/add-latency", 1.0, 0.05);
}

static void
test_imul_latency(void **state)
{
	(void)state;
	expect_cost("basic/imul-latency", 3.0, 0.15);
}

/*
 * One 64-bit multiplier on every x86 core from the P6 to Zen 4 and Golden
 * Cove; Zen 5 (family 1Ah) has three.
 */
static void
test_imul_throughput(void **state)
{
	struct machine m;

	(void)state;
	machine_read(&m, "");
	if (strcmp(m.cpu_vendor, "AuthenticAMD") == 0 && m.cpu_family >= 0x1a)
		expect_cost("basic/imul-throughput", 1.0 / 3, 0.033);
	else
		expect_cost("basic/imul-throughput", 1.0, 0.1);
}

/*
 * L1 load-to-use for a plain base register is 4 cycles on Zen and
 * Skylake, 5 on Golden Cove and later Intel cores; a noisy guest adds a
 * few per cent to the median (5.3 on an Emerald Rapids guest).
 */
static void
test_load_latency(void **state)
{
	struct cb_options o;
	struct cb_result r;

	(void)state;
	SKIP_IF_EMULATED();
	cb_options_default(&o);
	assert_int_equal(cb_measure(find("basic/load-latency"), &o, &r),
	    CB_OK);
	if (!(r.cycles.median > 3.5 && r.cycles.median < 6.0))
		fail_msg("load-to-use %.2f cycles", r.cycles.median);
	cb_result_free(&r);
}

/* The same numbers without the child process: the API's other path. */
static void
test_inline_matches(void **state)
{
	struct cb_options o;
	struct cb_result r;

	(void)state;
	SKIP_IF_EMULATED();
	cb_options_default(&o);
	o.isolate = 0;
	o.quick = 1;
	assert_int_equal(cb_measure(find("basic/imul-latency"), &o, &r),
	    CB_OK);
	assert_true(fabs(r.cycles.median - 3.0) < 0.3);
	assert_true(r.r2 > 0.99);
	assert_int_equal(r.method == CB_CYCLES_COUNTED ||
	    r.method == CB_CYCLES_CALIBRATED, 1);
	cb_result_free(&r);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_add_latency),
		cmocka_unit_test(test_imul_latency),
		cmocka_unit_test(test_imul_throughput),
		cmocka_unit_test(test_load_latency),
		cmocka_unit_test(test_inline_matches),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
