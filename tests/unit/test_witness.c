/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/witness.c's decision and core/rescale.c: a
 * witness reading 2% or more over a cycle a link, its interval's low end
 * 1.5% or more, converts; one short of either does not, nor does one
 * of a sixth or more over (a body run in series with the chain), nor a
 * reading that is no number; a converted result has every cycle figure
 * divided by the reading and its interval widened by the reading's, its
 * ticks, nanoseconds and probe untouched, the flag and the extra set; an
 * unconverted one only the extra; a failed witness changes nothing.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "core/rescale.h"
#include "snippet/witness.h"

static void
test_factor(void **state)
{
	(void)state;
	assert_float_equal(snippet_witness_factor(1.08, 1.07), 1 / 1.08, 1e-12);
	/* Just past both bounds (at them, i386's x87 rounds either way). */
	assert_float_equal(snippet_witness_factor(1.0201, 1.0151), 1 / 1.0201,
	    1e-12);
	assert_float_equal(snippet_witness_factor(1.019, 1.018), 1, 0);
	assert_float_equal(snippet_witness_factor(1.05, 1.014), 1, 0);
	assert_float_equal(snippet_witness_factor(1.0, 0.99), 1, 0);
	assert_float_equal(snippet_witness_factor(0.9, 0.8), 1, 0);
	/* A body in series with the chain (a microcode assist), no clock. */
	assert_float_equal(snippet_witness_factor(1.16, 1.15), 1 / 1.16,
	    1e-12);
	assert_float_equal(snippet_witness_factor(1.17, 1.16), 1, 0);
	assert_float_equal(snippet_witness_factor(1.31, 1.30), 1, 0);
	assert_float_equal(snippet_witness_factor(NAN, 1.1), 1, 0);
	assert_float_equal(snippet_witness_factor(1.1, NAN), 1, 0);
}

/* A result whose every figure is `c' cycles (and c / 2 ticks, c ns). */
static void
result(struct cb_result *r, double *samples, struct cb_round *rounds,
    double c)
{
	memset(r, 0, sizeof(*r));
	r->status = CB_OK;
	r->cycles = (struct cb_summary){ c, c, c, c, c, c, c, 0.01, c, c };
	r->ref = (struct cb_summary){ c / 2, c / 2, c / 2, c / 2, c / 2,
	    c / 2, c / 2, 0.01, c / 2, c / 2 };
	r->ns.median = c;
	samples[0] = samples[1] = c;
	r->samples = samples;
	r->nsamples = 2;
	rounds[0].median = c;
	r->rounds = rounds;
	r->nrounds = 1;
	r->levels[0] = (struct cb_level){ c, c, c, 1, c, c, 1 };
	r->nlevels = 1;
	r->probe_floor = 0.25;
}

/* r, all figures `c', after a witness of status st read median, ci_low. */
static void
apply(struct cb_result *r, double *samples, struct cb_round *rounds, double c,
    enum cb_status st, double median, double ci_low)
{
	struct cb_result w;

	memset(&w, 0, sizeof(w));
	w.status = st;
	w.cycles.median = median;
	w.cycles.ci95_low = ci_low;
	result(r, samples, rounds, c);
	assert_float_equal(snippet_witness_apply(r, &w), st == CB_OK &&
	    snippet_witness_factor(median, ci_low) != 1 ?
	    (median - ci_low) / median : 0, 1e-12);
}

static void
test_apply(void **state)
{
	struct cb_result r;
	struct cb_round rounds[1];
	double samples[2];

	(void)state;
	apply(&r, samples, rounds, 4.32, CB_OK, 1.08, 1.075);
	assert_true(r.flags & CB_FLAG_CLOCK_SLOWED);
	assert_int_equal(r.nextras, 1);
	assert_string_equal(r.extras[0].key, "clock_witness");
	assert_float_equal(r.extras[0].value, 1.08, 0);
	assert_float_equal(snippet_witness_reading(&r), 1.08, 0);
	assert_float_equal(r.cycles.median, 4, 1e-12);
	assert_float_equal(r.cycles.min, 4, 1e-12);
	assert_float_equal(r.cycles.p99, 4, 1e-12);
	/* Its interval takes in the reading's error, 0.005 / 1.08. */
	assert_float_equal(r.cycles.ci95_high, 4 + 4 * 0.005 / 1.08, 1e-12);
	assert_float_equal(r.cycles.ci95_low, 4 - 4 * 0.005 / 1.08, 1e-12);
	assert_float_equal(r.cycles.cv, 0.01, 0);
	assert_float_equal(r.samples[1], 4, 1e-12);
	assert_float_equal(r.rounds[0].median, 4, 1e-12);
	assert_float_equal(r.levels[0].value, 4, 1e-12);
	assert_float_equal(r.levels[0].ci95_low, 4, 1e-12);
	assert_float_equal(r.ref.median, 2.16, 1e-12);
	assert_float_equal(r.ns.median, 4.32, 0);
	assert_float_equal(r.probe_floor, 0.25, 0);

	/* Held clock: the reading is kept, the figures are not touched. */
	apply(&r, samples, rounds, 1.0, CB_OK, 1.001, 0.999);
	assert_false(r.flags & CB_FLAG_CLOCK_SLOWED);
	assert_int_equal(r.nextras, 1);
	assert_float_equal(r.cycles.median, 1.0, 0);

	/* A witness that failed: nothing, and no reading. */
	apply(&r, samples, rounds, 6.0, CB_ERROR, 1.5, 1.4);
	assert_int_equal(r.nextras, 0);
	assert_int_equal(r.flags, 0);
	assert_float_equal(r.cycles.median, 6.0, 0);
	assert_true(isnan(snippet_witness_reading(&r)));
}

/*
 * A witness recalibrated for a slowed add chain (core/rescale.h) is read
 * on that chain's clock, as the body was timed: its links were slowed
 * with the calibration's, which is no lower clock.
 */
static void
test_recalibrated(void **state)
{
	struct cb_result r, w;
	struct cb_round rounds[1];
	double samples[2];

	(void)state;
	memset(&w, 0, sizeof(w));
	w.status = CB_OK;
	w.recalibration = 1.027;
	w.cycles.median = 1.027;
	w.cycles.ci95_low = 1.025;
	result(&r, samples, rounds, 2.0);
	assert_float_equal(snippet_witness_apply(&r, &w), 0, 0);
	assert_false(r.flags & CB_FLAG_CLOCK_SLOWED);
	assert_float_equal(snippet_witness_reading(&r), 1, 1e-12);
	assert_float_equal(r.cycles.median, 2.0, 0);
	/* A lower clock under the body still converts, by its own drop. */
	w.cycles.median = 1.08 * 1.027;
	w.cycles.ci95_low = 1.075 * 1.027;
	result(&r, samples, rounds, 4.32);
	snippet_witness_apply(&r, &w);
	assert_true(r.flags & CB_FLAG_CLOCK_SLOWED);
	assert_float_equal(snippet_witness_reading(&r), 1.08, 1e-12);
	assert_float_equal(r.cycles.median, 4, 1e-12);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_factor),
		cmocka_unit_test(test_apply),
		cmocka_unit_test(test_recalibrated),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
