/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/ab.c: the verdict sentence for each outcome,
 * worked out by hand (slower, faster, no difference, an interval
 * touching zero, no "-0.00"), the shift of paired rounds with and
 * without a side's conversion error, and the measurement itself in this
 * process with --quick rounds: interleaved rounds paired, and a side that
 * fails leaving the other marked as not measured.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cyclebench.h"
#include "core/ab.h"

#include "emulated.h"

/* The sentence for shift, lo, hi over 6 rounds, medians ma and mb. */
static const char *
verdict(double shift, double lo, double hi, double ma, double mb)
{
	static char buf[256];
	struct ab r;

	memset(&r, 0, sizeof(r));
	r.shift = shift;
	r.lo = lo;
	r.hi = hi;
	r.rounds = 6;
	r.a.cycles.median = ma;
	r.b.cycles.median = mb;
	ab_verdict(&r, buf, sizeof(buf));
	return (buf);
}

static void
test_verdict(void **state)
{
	char small[16];
	struct ab r;

	(void)state;
	assert_string_equal(verdict(2.1, 1.9, 2.3, 10, 8), "A is 2.10 +- 0.20 "
	    "cycles slower than B, A/B = 1.25 (95% CI of A-B: 1.90 to 2.30; "
	    "6 interleaved rounds)");
	assert_string_equal(verdict(-2.1, -2.3, -1.9, 8, 10), "A is 2.10 +- "
	    "0.20 cycles faster than B, A/B = 0.80 (95% CI of A-B: -2.30 to "
	    "-1.90; 6 interleaved rounds)");
	assert_string_equal(verdict(0.25, -0.5, 1, 10, 10), "no difference "
	    "detectable: A-B = 0.25 cycles, 95% CI -0.50 to 1.00 (6 "
	    "interleaved rounds)");
	/* An interval that touches zero holds it: no difference. */
	assert_string_equal(verdict(0.5, 0, 1, 10, 9.5), "no difference "
	    "detectable: A-B = 0.50 cycles, 95% CI 0.00 to 1.00 (6 "
	    "interleaved rounds)");
	assert_string_equal(verdict(-0.5, -1, 0, 9.5, 10), "no difference "
	    "detectable: A-B = -0.50 cycles, 95% CI -1.00 to 0.00 (6 "
	    "interleaved rounds)");
	/* What would print as -0.00 prints as 0.00. */
	assert_string_equal(verdict(-0.002, -0.004, 0.5, 10, 10), "no "
	    "difference detectable: A-B = 0.00 cycles, 95% CI 0.00 to 0.50 "
	    "(6 interleaved rounds)");
	assert_string_equal(verdict(0.01, 0.004, 0.02, 10, 10), "A is 0.01 "
	    "+- 0.01 cycles slower than B, A/B = 1.00 (95% CI of A-B: 0.00 "
	    "to 0.02; 6 interleaved rounds)");
	assert_string_equal(verdict(NAN, NAN, NAN, 0, 0), "no verdict: the "
	    "comparison did not complete");
	assert_string_equal(verdict(INFINITY, 1, 2, 1, 1), "no verdict: the "
	    "comparison did not complete");
	/* Cut to the buffer. */
	memset(&r, 0, sizeof(r));
	r.shift = NAN;
	ab_verdict(&r, small, sizeof(small));
	assert_string_equal(small, "no verdict: the");
}

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

static int
setup_error(void **ctx, char *why, size_t len)
{
	(void)ctx;
	snprintf(why, len, "test: broken");
	return (CB_SETUP_ERROR);
}

static const struct cb_bench a = { .name = "t/a", .mode = CB_LATENCY,
    .ops = 1, .body = spin };
static const struct cb_bench b = { .name = "t/b", .mode = CB_LATENCY,
    .ops = 1, .body = spin };
static const struct cb_bench broken = { .name = "t/broken",
    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_error };

struct calls {
	unsigned	n, last, total;
};

static void
progress(unsigned done, unsigned total, void *arg)
{
	struct calls *c = arg;

	assert_int_equal(done, c->last + 1);
	c->n++;
	c->last = done;
	c->total = total;
}

static void
options(struct cb_options *o)
{
	cb_options_default(o);
	o->isolate = 0;
	o->quick = 1;
}

static void
test_measure(void **state)
{
	struct cb_options o;
	struct calls c = { 0, 0, 0 };
	struct ab r;

	(void)state;
	/* Emulated, the rounds measure the emulator: no interval to hold. */
	SKIP_IF_EMULATED();
	options(&o);
	assert_int_equal(ab_measure(&a, &b, &o, AB_MIN_ROUNDS, &r, progress,
	    &c), 0);
	/* Both sides' rounds, one call each. */
	assert_int_equal(c.n, 2 * AB_MIN_ROUNDS);
	assert_int_equal(c.total, 2 * AB_MIN_ROUNDS);
	assert_int_equal(r.rounds, AB_MIN_ROUNDS);
	assert_int_equal(r.a.status, CB_OK);
	assert_int_equal(r.b.status, CB_OK);
	assert_int_equal(r.a.nrounds, AB_MIN_ROUNDS);
	assert_ptr_equal(r.a.bench, &a);
	assert_ptr_equal(r.b.bench, &b);
	assert_true(isfinite(r.shift));
	assert_true(r.lo <= r.shift && r.shift <= r.hi);
	ab_free(&r);
	/* No progress callback is fine too. */
	assert_int_equal(ab_measure(&a, &b, &o, AB_MIN_ROUNDS, &r, NULL,
	    NULL), 0);
	ab_free(&r);
}

/*
 * The side that did not fail: marked not measured.  Under qemu-user its
 * own rounds end without samples, so it fails on its own and keeps its
 * own reason: both sides failed, neither is "not measured".
 */
static void
other_side(const struct cb_result *r, const struct cb_bench *bench)
{
	assert_ptr_equal(r->bench, bench);
	if (EMULATED() && r->status == CB_ERROR)
		return;
	assert_int_equal(r->status, CB_SKIPPED);
	assert_string_equal(r->reason, "not measured: the other side of the "
	    "comparison failed");
	assert_null(r->samples);
}

/* A side that fails keeps its reason; the other is not measured. */
static void
test_measure_fails(void **state)
{
	struct cb_options o;
	struct ab r;
	char buf[128];

	(void)state;
	options(&o);
	assert_int_equal(ab_measure(&broken, &b, &o, AB_MIN_ROUNDS, &r, NULL,
	    NULL), -1);
	assert_int_equal(r.a.status, CB_ERROR);
	assert_string_equal(r.a.reason, "test: broken");
	other_side(&r.b, &b);
	assert_true(isnan(r.shift) && isnan(r.lo) && isnan(r.hi));
	ab_verdict(&r, buf, sizeof(buf));
	assert_string_equal(buf, "no verdict: the comparison did not "
	    "complete");
	ab_free(&r);
	assert_int_equal(ab_measure(&a, &broken, &o, AB_MIN_ROUNDS, &r, NULL,
	    NULL), -1);
	other_side(&r.a, &a);
	assert_int_equal(r.b.status, CB_ERROR);
	ab_free(&r);
}

/*
 * Six pairs of rounds whose differences are 0.1 .. 0.6: the shift is
 * their Hodges-Lehmann estimate, 0.35, and a side converted with a 1%
 * error on a figure of 4 cycles adds 0.04 in quadrature to each side of
 * the interval.
 */
static void
test_shift(void **state)
{
	struct cb_round ra[6], rb[6];
	double lo, hi;
	struct ab r;
	size_t k;

	(void)state;
	memset(&r, 0, sizeof(r));
	for (k = 0; k < 6; k++) {
		ra[k].median = 4.1 + 0.1 * (double)k;
		rb[k].median = 4;
	}
	r.a.rounds = ra;
	r.b.rounds = rb;
	r.a.nrounds = r.b.nrounds = 6;
	r.a.cycles.median = r.b.cycles.median = 4;
	assert_int_equal(ab_shift(&r, 0, 0), 0);
	assert_int_equal(r.rounds, 6);
	assert_float_equal(r.shift, 0.35, 1e-9);
	assert_true(r.lo > 0 && r.lo < 0.35 && r.hi > 0.35);
	lo = r.lo;
	hi = r.hi;
	assert_int_equal(ab_shift(&r, 0.01, 0), 0);
	assert_float_equal(r.shift, 0.35, 1e-9);
	assert_float_equal(0.35 - r.lo, sqrt((0.35 - lo) * (0.35 - lo) +
	    0.04 * 0.04), 1e-9);
	assert_float_equal(r.hi - 0.35, sqrt((hi - 0.35) * (hi - 0.35) +
	    0.04 * 0.04), 1e-9);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_verdict),
		cmocka_unit_test(test_shift),
		cmocka_unit_test(test_measure),
		cmocka_unit_test(test_measure_fails),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
