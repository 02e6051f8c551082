/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_noise.c: without noise runs the prior
 * is assumed by the row's kind (1% an instruction, 10% a kernel path,
 * the calibration's error added to a calibrated run); with noise runs in
 * two or more sessions that have the row, it is their measured spread,
 * n - 1 degrees of freedom, the sd of the sessions' values as compare
 * takes a side's; runs of one session, or a row they lack, leave it
 * assumed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "near.h"
#include "results_fixture.h"
#include "verdict/compare_floors.h"
#include "verdict/compare_noise.h"

#define KEY	"basic/imul-latency"

static void
test_assumed(void **state)
{
	struct cmp_run run = { .method = "calibrated" };
	struct cmp_table t;
	struct cmp_side d;
	struct cmp_prior p;

	(void)state;
	memset(&t, 0, sizeof(t));
	memset(&d, 0, sizeof(d));
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_int_equal(p.basis, CMP_BASIS_ASSUMED);
	assert_double_equal(p.sd, CMP_ASSUMED_SPREAD);
	assert_double_equal(p.sd, 0.01);
	assert_true(isinf(p.df));
	assert_true(p.calibration == 0);
	d.path = 1;
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_double_equal(p.sd, CMP_ASSUMED_PATH_SPREAD);
	assert_double_equal(p.sd, 0.10);
	/* A calibrated run's cycles carry the conversion's error. */
	d.path = 0;
	d.runs = &run;
	d.nruns = 1;
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_double_equal(p.calibration, CMP_CALIBRATION_SD);
	run.method = "counted";
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_true(p.calibration == 0);
}

/* The session value of key in f alone, as compare takes it. */
static double
value(const struct rs_file *f, const char *key)
{
	struct cmp_input in = { .f = f, .nfiles = 1 };
	struct cmp_cell c;
	struct cmp_side d;
	double v[2], se[2], df[2];

	memset(&c, 0, sizeof(c));
	in.probe_floor = cmp_files_floor(f, 1);
	assert_int_equal(cmp_side_build(&in, key, &c, &d), 0);
	assert_int_equal(cmp_run_values(&d, -INFINITY, INFINITY, v, se, df),
	    1);
	cmp_side_free(&d);
	return (v[0]);
}

static void
test_measured(void **state)
{
	static const char *const at[] = { "2026-12-01T10:00:00Z",
	    "2026-12-01T11:00:00Z", "2026-12-01T12:00:00Z" };
	struct rs_file f[3];
	struct cmp_table t;
	struct cmp_side d;
	struct cmp_prior p;
	double v[3], mean, ss = 0;
	size_t i;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "rounds-lfence.json");
	memset(&t, 0, sizeof(t));
	memset(&d, 0, sizeof(d));
	t.noise = f;
	t.nnoise = 3;
	/* Started seconds apart: one session, no spread between sessions. */
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_int_equal(p.basis, CMP_BASIS_ASSUMED);
	/* And the reader is told so, once. */
	assert_int_equal(cmp_noise_warn(&t), 0);
	assert_int_equal(t.nwarnings, 1);
	assert_non_null(strstr(t.warnings[0], "the 3 --noise runs started "
	    "within 300 seconds"));
	free(t.warnings[0]);
	free(t.warnings);
	t.warnings = NULL;
	t.nwarnings = 0;
	/* An hour apart: three sessions, sd of their values, df 2. */
	for (i = 0; i < 3; i++) {
		f[i].started_at = at[i];
		v[i] = value(&f[i], KEY);
	}
	mean = (v[0] + v[1] + v[2]) / 3;
	for (i = 0; i < 3; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_int_equal(p.basis, CMP_BASIS_NOISE);
	assert_true(p.df == 2);
	assert_int_equal(cmp_noise_warn(&t), 0);
	assert_int_equal(t.nwarnings, 0);
	assert_true(fabs(p.sd - sqrt(ss / 2)) < 1e-12);
	assert_true(p.sd > 0.01);	/* lfence's imul is slower */
	assert_true(p.calibration == 0);
	/* Two of them: df 1. */
	t.nnoise = 2;
	assert_int_equal(cmp_noise_prior(&t, KEY, &d, &p), 0);
	assert_int_equal(p.basis, CMP_BASIS_NOISE);
	assert_true(p.df == 1);
	assert_true(fabs(p.sd - fabs(v[0] - v[1]) / sqrt(2)) < 1e-12);
	/* A row the noise runs lack: assumed. */
	assert_int_equal(cmp_noise_prior(&t, "basic/no-such", &d, &p), 0);
	assert_int_equal(p.basis, CMP_BASIS_ASSUMED);
	for (i = 0; i < 3; i++)
		rs_free(&f[i]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_assumed),
		cmocka_unit_test(test_measured),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
