/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/flags.c: when contention flags a row (only when it
 * moved the figure), the empty loop against itself, the calibration
 * check's interval and when it makes a row miscalibrated or says it was
 * recalibrated, and how far it widens a row's interval.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "core/flags.h"

static void
body(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
}

static const struct cb_bench lat = { .name = "t/lat", .mode = CB_LATENCY,
    .ops = 1, .body = body };
static const struct cb_bench loop = { .name = "basic/empty-loop",
    .mode = CB_THROUGHPUT, .ops = 1, .body = arch_empty_loop };

/* A clean 3-cycle row, calibrated, with a check that reads 3. */
static void
clean(struct cb_result *r, struct flag_facts *f)
{
	memset(r, 0, sizeof(*r));
	r->bench = &lat;
	r->status = CB_OK;
	r->method = CB_CYCLES_CALIBRATED;
	r->cycles = (struct cb_summary){ .min = 2.99, .p10 = 2.995,
	    .median = 3.0, .p90 = 3.005, .ci95_low = 2.99, .ci95_high = 3.01 };
	r->r2 = 1;
	r->ratio_before = r->ratio_after = 1.6;
	r->nsamples = 50;
	r->contended = 0;
	r->imul_check = 3.0;
	r->imul_low = 2.995;
	r->imul_high = 3.004;
	f->loop_cycles = 1;
	f->all_centre = 3.0;
	f->precision = 0.01;
}

static void
test_clean(void **state)
{
	struct cb_result r;
	struct flag_facts f;

	(void)state;
	clean(&r, &f);
	assert_int_equal(flags_of(&r, &f), 0);
	/* Dropped samples and a drifting clock: informative, still set. */
	r.disturbed = 20;
	r.ratio_after = 1.7;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_DISTURBED |
	    CB_FLAG_CLOCK_DRIFT);
}

/*
 * Contended: a quiet figure that the contended samples did not move is
 * no flag (rounds-cpu1.json: 3.003 either way); one they moved by more
 * than the precision is (add-imm-latency there: 0.169 quiet, 0.175 on
 * all samples); no quiet figure always is.
 */
static void
test_contended(void **state)
{
	struct cb_result r;
	struct flag_facts f;

	(void)state;
	clean(&r, &f);
	r.contended = 0.6;
	r.quiet = 1;
	f.all_centre = 3.0003;
	assert_int_equal(flags_of(&r, &f), 0);
	f.all_centre = 3.02;		/* outside the interval, within 1% */
	assert_int_equal(flags_of(&r, &f), 0);
	f.all_centre = 3.1;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_CONTENDED);
	f.all_centre = NAN;
	assert_int_equal(flags_of(&r, &f), 0);
	r.quiet = 0;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_CONTENDED);
	r.contended = 0.2;
	assert_int_equal(flags_of(&r, &f), 0);
}

/* The empty loop is the resolution itself; anything else that cheap is not. */
static void
test_below_resolution(void **state)
{
	struct cb_result r;
	struct flag_facts f;

	(void)state;
	clean(&r, &f);
	r.cycles.median = 1.0;
	r.cycles.p10 = 0.999;
	r.cycles.p90 = 1.001;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_BELOW_RESOLUTION);
	r.bench = &loop;
	assert_int_equal(flags_of(&r, &f), 0);
}

/*
 * Miscalibrated only when the whole check interval is more than 1% from
 * the whole number: rounds that all read 2.90 to 2.93 (the core shared
 * throughout) are, rounds that read 2.91 to 3.00 (shared for some) and
 * counted cycles are not.
 */
static void
test_miscalibrated(void **state)
{
	struct cb_result r;
	struct flag_facts f;

	(void)state;
	clean(&r, &f);
	r.imul_low = 2.90;
	r.imul_high = 2.93;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_MISCALIBRATED);
	r.imul_high = 3.0;
	assert_int_equal(flags_of(&r, &f), 0);
	r.imul_low = 3.04;
	r.imul_high = 3.05;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_MISCALIBRATED);
	r.method = CB_CYCLES_COUNTED;
	assert_int_equal(flags_of(&r, &f), 0);
	r.method = CB_CYCLES_CALIBRATED;
	r.imul_low = r.imul_high = NAN;
	assert_int_equal(flags_of(&r, &f), 0);
}

/* Recalibrated when the check moved the figures by more than 1%. */
static void
test_recalibrated(void **state)
{
	struct cb_result r;
	struct flag_facts f;

	(void)state;
	clean(&r, &f);
	r.recalibration = 3 / 2.92;
	assert_int_equal(flags_of(&r, &f), CB_FLAG_RECALIBRATED);
	r.recalibration = 3 / 2.985;
	assert_int_equal(flags_of(&r, &f), 0);
	r.recalibration = NAN;
	assert_int_equal(flags_of(&r, &f), 0);
}

/* Order statistics: 9 readings give ranks 2 to 8 (96%); 5, the extremes. */
static void
test_median_ci(void **state)
{
	double nine[] = { 9, 1, 8, 2, 7, 3, 6, 4, 5 };
	double five[] = { 5, NAN, 1, 4, 2, 3 };
	double none[] = { NAN, NAN };
	double med, lo, hi;

	(void)state;
	flags_median_ci(nine, 9, &med, &lo, &hi);
	assert_true(med == 5 && lo == 2 && hi == 8);
	flags_median_ci(five, 6, &med, &lo, &hi);
	assert_true(med == 3 && lo == 1 && hi == 5);
	flags_median_ci(none, 2, &med, &lo, &hi);
	assert_true(isnan(med) && isnan(lo) && isnan(hi));
	flags_median_ci(none, 0, &med, &lo, &hi);
	assert_true(isnan(med));
}

/* How far a check reaches from the whole number, each way. */
static void
test_cal_error(void **state)
{
	double below, above;
	char buf[512];

	(void)state;
	flags_cal_error(2.90, 3.03, &below, &above);
	assert_true(fabs(below - 0.1 / 3) < 1e-12);
	assert_true(fabs(above - 0.01) < 1e-12);
	flags_cal_error(3.001, 3.002, &below, &above);
	assert_true(below == 0 && fabs(above - 0.002 / 3) < 1e-12);
	flags_cal_error(NAN, 3, &below, &above);
	assert_true(below == 0 && above == 0);
	assert_string_equal(flags_cal_warning(0, 7, 0, buf, sizeof(buf)), "");
	flags_cal_warning(2, 7, 0.033, buf, sizeof(buf));
	assert_non_null(strstr(buf, "in 2 of 7 rows"));
	assert_non_null(strstr(buf, "off by up to 3.3%"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_clean),
		cmocka_unit_test(test_contended),
		cmocka_unit_test(test_below_resolution),
		cmocka_unit_test(test_miscalibrated),
		cmocka_unit_test(test_recalibrated),
		cmocka_unit_test(test_median_ci),
		cmocka_unit_test(test_cal_error),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
