/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/rescale.c's recalibration: a check below the whole
 * number puts every cycle figure under the multiply's clock and widens
 * the interval by the check's spread; a check on or above it, counted
 * cycles and a missing check leave the result as it was.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "cyclebench.h"
#include "core/rescale.h"

/* A calibrated result whose every cycle figure is c, its check `check'. */
static void
result(struct cb_result *r, double *samples, struct cb_round *rounds,
    double c, double check)
{
	memset(r, 0, sizeof(*r));
	r->status = CB_OK;
	r->method = CB_CYCLES_CALIBRATED;
	r->cycles = (struct cb_summary){ c, c, c, c, c, c, c, 0.01, c, c };
	r->ref = (struct cb_summary){ c / 2, c / 2, c / 2, c / 2, c / 2,
	    c / 2, c / 2, 0.01, c / 2, c / 2 };
	samples[0] = samples[1] = c;
	r->samples = samples;
	r->nsamples = 2;
	rounds[0].median = rounds[1].median = c;
	rounds[0].imul_check = check - 0.01;
	rounds[1].imul_check = check + 0.01;
	r->rounds = rounds;
	r->nrounds = 2;
	r->levels[0] = (struct cb_level){ c, c, c, 1, c, c, 1 };
	r->nlevels = 1;
	r->loop_overhead = c / 10;
	r->imul_check = check;
	r->imul_low = check - 0.01;
	r->imul_high = check + 0.01;
	r->ratio_before = r->ratio_after = 1.6;
}

/* The vector add of the bhyve fixture: 1.95 under a chain slowed 2.7%. */
static void
test_slowed_chain(void **state)
{
	struct cb_result r;
	struct cb_round rounds[2];
	double samples[2], f = 3 / 2.92, e = 0.01 / 2.92;

	(void)state;
	result(&r, samples, rounds, 1.95, 2.92);
	assert_float_equal(result_recalibrate(&r), f, 1e-12);
	assert_float_equal(r.recalibration, f, 1e-12);
	assert_float_equal(r.cycles.median, 1.95 * f, 1e-12);
	assert_float_equal(r.cycles.min, 1.95 * f, 1e-12);
	assert_float_equal(r.samples[1], 1.95 * f, 1e-12);
	assert_float_equal(r.rounds[1].median, 1.95 * f, 1e-12);
	assert_float_equal(r.levels[0].value, 1.95 * f, 1e-12);
	assert_float_equal(r.loop_overhead, 0.195 * f, 1e-12);
	/* The check itself is under its own clock now: 3, as it must. */
	assert_float_equal(r.imul_check, 3, 1e-12);
	assert_float_equal(r.rounds[0].imul_check, 2.91 * f, 1e-12);
	/* The interval takes in the check's spread, in quadrature. */
	assert_float_equal(r.cycles.ci95_high, 1.95 * f * (1 + e), 1e-12);
	assert_float_equal(r.cycles.ci95_low, 1.95 * f * (1 - e), 1e-12);
	/* Ticks, nanoseconds and the clock stay as they were measured. */
	assert_float_equal(r.ref.median, 0.975, 0);
	assert_float_equal(r.ratio_before, 1.6, 0);
	assert_float_equal(r.cycles.cv, 0.01, 0);
}

static void
test_left_alone(void **state)
{
	struct cb_result r;
	struct cb_round rounds[2];
	double samples[2];

	(void)state;
	/* On the whole number, or above it (the multiply slowed). */
	result(&r, samples, rounds, 2.0, 3.0);
	assert_float_equal(result_recalibrate(&r), 1, 0);
	assert_float_equal(r.recalibration, 1, 0);
	assert_float_equal(r.cycles.median, 2.0, 0);
	assert_float_equal(r.cycles.ci95_high, 2.0, 0);
	result(&r, samples, rounds, 2.0, 3.05);
	assert_float_equal(result_recalibrate(&r), 1, 0);
	assert_float_equal(r.cycles.median, 2.0, 0);
	assert_float_equal(r.imul_check, 3.05, 0);
	/* Counted cycles need no clock; no check, nothing to go by. */
	result(&r, samples, rounds, 2.0, 2.92);
	r.method = CB_CYCLES_COUNTED;
	assert_float_equal(result_recalibrate(&r), 1, 0);
	assert_true(isnan(r.recalibration));
	assert_float_equal(r.cycles.median, 2.0, 0);
	result(&r, samples, rounds, 2.0, NAN);
	assert_float_equal(result_recalibrate(&r), 1, 0);
	assert_true(isnan(r.recalibration));
	result(&r, samples, rounds, 2.0, 0);
	assert_float_equal(result_recalibrate(&r), 1, 0);
	assert_float_equal(r.cycles.median, 2.0, 0);
}

/*
 * A check a hair below its number whose interval reaches far above it
 * (one round's multiply slowed: 4.0): the factor is barely over 1 and
 * can be no less than 1, so the interval grows by the reach below the
 * number only.  It grew by a third once, and a run whose rounds had
 * stopped at 5% precision printed an interval of +-32% (tests/cli/
 * run.bats, "adaptive rounds stop at the precision asked").
 */
static void
test_spread_above_converts_nothing(void **state)
{
	struct cb_result r;
	struct cb_round rounds[2];
	double samples[2], f = 3 / 2.9995, e = 0.0095 / 2.9995;

	(void)state;
	result(&r, samples, rounds, 3.0, 2.9995);
	r.cycles.ci95_low = r.cycles.ci95_high = 3.0;
	r.imul_low = 2.99;
	r.imul_high = 4.0;
	assert_float_equal(result_recalibrate(&r), f, 1e-12);
	assert_float_equal(r.cycles.ci95_high, 3.0 * f * (1 + e), 1e-12);
	assert_float_equal(r.cycles.ci95_low, 3.0 * f * (1 - e), 1e-12);
	assert_true(r.cycles.ci95_high - r.cycles.ci95_low < 0.02);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_slowed_chain),
		cmocka_unit_test(test_left_alone),
		cmocka_unit_test(test_spread_above_converts_nothing),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
