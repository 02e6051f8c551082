/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The counted path, driven by the test counter (core/testcounter.h) where
 * no hardware counter is: opening it, reading it around every sample,
 * converting, checking it for drift, the labels on the result, and every
 * way opening can be refused, each with the message the OS's counter
 * gives.  The test counter runs at a known ratio to the reference
 * counter, so what counted cycles must read is known exactly.
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
#include "core/clock.h"
#include "core/machine.h"
#include "core/stats.h"
#include "core/testcounter.h"

/*
 * A quick measurement that succeeds.  A busy machine may disturb every
 * sample of one (an emulated one often does): that is measured again.
 */
static void
measure(const char *name, const char *setting, struct cb_result *r)
{
	struct cb_options o;
	int i;

	assert_int_equal(setenv(TESTCOUNTER_ENV, setting, 1), 0);
	cb_options_default(&o);
	o.quick = 1;
	for (i = 0; i < 5; i++) {
		if (cb_measure(find(name), &o, r) == CB_OK)
			return;
		if (strstr(r->reason, "disturbed") == NULL)
			break;
		cb_result_free(r);
	}
	/* Emulated on a loaded host, the engine rightly keeps nothing. */
	if (EMULATED() && strstr(r->reason, "disturbed") != NULL) {
		fprintf(stderr, "%s: %s: skipped\n", name, r->reason);
		skip();
	}
	fail_msg("%s: %s", name, r->reason);
}

/* Counted cycles are the ticks times the ratio, sample by sample. */
static void
test_counted_at_ratio(void **state)
{
	struct cb_result r;
	size_t i;

	(void)state;
	measure("basic/add-latency", "ratio=2.5", &r);
	assert_int_equal(r.method, CB_CYCLES_COUNTED);
	/*
	 * Emulated, the counter and the reference are read instructions
	 * apart that take the emulator hundreds of cycles (qemu-i386 read a
	 * ratio of 2.73): the ratio is the native build's to check.
	 */
	if (EMULATED()) {
		cb_result_free(&r);
		return;
	}
	assert_true(fabs(r.ratio_before / 2.5 - 1) < 0.01);
	assert_true(fabs(r.ratio_after / 2.5 - 1) < 0.01);
	for (i = 0; i < r.nsamples; i++)
		if (fabs(r.samples[i] / (r.samples_ref[i] * 2.5) - 1) > 0.02)
			fail_msg("sample %zu: %.4f cycles for %.4f ticks", i,
			    r.samples[i], r.samples_ref[i]);
	assert_false(r.flags & CB_FLAG_CLOCK_DRIFT);
	cb_result_free(&r);
}

/*
 * A path row's calls, each less the stamps' own cost, count three cycles
 * a tick too: as the median of the calls' own ratios, which neither a
 * preempted call (the test counter, unlike a per-thread hardware one,
 * counts the wait its ticks leave out: 72,000 cycles for 392 ticks) nor
 * a run of calls whose stamps a noisy host spread apart can move, where
 * a mean of either moved it 13% under ASan.  The slack is one tick of
 * skew between the two reads, large on a coarse counter, and 10%.
 * Emulated, the stamps' cost varies too much for any ratio to hold.
 */
static void
test_counted_path(void **state)
{
	struct cb_result r;
	double *ratio, m, ticks;
	size_t i, n = 0;

	(void)state;
	measure("syscall/getppid", "ratio=3", &r);
	assert_int_equal(r.method, CB_CYCLES_COUNTED);
	assert_true(r.nsamples > 0);
	if (EMULATED()) {
		cb_result_free(&r);
		return;
	}
	ratio = calloc(r.nsamples, sizeof(*ratio));
	assert_non_null(ratio);
	for (i = 0; i < r.nsamples; i++)
		if (r.samples_ref[i] > 0)
			ratio[n++] = r.samples[i] / r.samples_ref[i];
	ticks = stats_median(r.samples_ref, r.nsamples);
	m = n > 0 ? stats_median(ratio, n) : NAN;
	free(ratio);
	cb_result_free(&r);
	assert_true(n > 0);
	if (!(fabs(m - 3) <= 3 / ticks + 0.3))
		fail_msg("%.3f cycles a tick over %zu calls of %.1f ticks", m,
		    n, ticks);
}

/* A core clock that moves against the reference is flagged. */
static void
test_counted_drift(void **state)
{
	struct cb_result r;

	(void)state;
	measure("basic/add-latency", "ratio=2,drift=40", &r);
	assert_int_equal(r.method, CB_CYCLES_COUNTED);
	assert_true(r.ratio_after > r.ratio_before * 1.02);
	assert_true(r.flags & CB_FLAG_CLOCK_DRIFT);
	cb_result_free(&r);
}

/* Each refusal leaves calibrated cycles and says what the OS would. */
static void
test_refusals(void **state)
{
	static const struct {
		const char	*setting, *says;
	} cases[] = {
		{ "refuse=paranoid", "perf_event_paranoid" },
		{ "refuse=absent", "no hardware cycle counter" },
		{ "refuse=user", "cycle counter opens but" },
		{ "ratio=-1", TESTCOUNTER_ENV ": cannot use 'ratio=-1'" },
		{ "bogus", TESTCOUNTER_ENV ": cannot use 'bogus'" },
	};
	struct cb_result r;
	struct machine m;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		measure("basic/add-latency", cases[i].setting, &r);
		assert_int_equal(r.method, CB_CYCLES_CALIBRATED);
		cb_result_free(&r);
		memset(&m, 0, sizeof(m));
		clock_describe(&m);
		assert_int_equal(m.perf_counters, 0);
		assert_int_equal(m.cycle_method, CB_CYCLES_CALIBRATED);
		if (strstr(m.perf_reason, cases[i].says) == NULL)
			fail_msg("%s: \"%s\" lacks \"%s\"", cases[i].setting,
			    m.perf_reason, cases[i].says);
	}
}

/* The fingerprint says the cycles are the test counter's. */
static void
test_fingerprint_label(void **state)
{
	struct machine m;

	(void)state;
	assert_int_equal(setenv(TESTCOUNTER_ENV, "ratio=1.5", 1), 0);
	memset(&m, 0, sizeof(m));
	clock_describe(&m);
	assert_int_equal(m.perf_counters, 1);
	assert_int_equal(m.cycle_method, CB_CYCLES_COUNTED);
	assert_true(fabs(m.cycles_per_tick / 1.5 - 1) < 0.01);
	assert_non_null(strstr(m.cycle_source, "test counter"));
	assert_non_null(strstr(m.cycle_source, TESTCOUNTER_ENV));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_counted_at_ratio),
		cmocka_unit_test(test_counted_path),
		cmocka_unit_test(test_counted_drift),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_fingerprint_label),
	};

	/* Before the clock starts: the provider is chosen once. */
	if (setenv(TESTCOUNTER_ENV, "", 1) != 0)
		return (1);
	return (cmocka_run_group_tests(tests, NULL, NULL));
}
