/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_side.c: a side's results for a row pool
 * round by round from all its files, in file order; its flags are the
 * files' flags, each once; a file without the row adds nothing; a run
 * that failed in any file stands for the side, unestimated.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results_fixture.h"
#include "verdict/compare_side.h"

static const struct rs_result *
find(const struct rs_file *f, const char *key)
{
	size_t i;

	for (i = 0; i < f->nresults; i++)
		if (strcmp(f->results[i].key, key) == 0)
			return (&f->results[i]);
	fail_msg("no %s in %s", key, f->path);
	return (NULL);
}

static void
test_pooled(void **state)
{
	const struct rs_result *a, *b;
	struct cmp_input in;
	struct cmp_side d;
	struct cmp_cell c;
	struct rs_file f[2];
	size_t k;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	memset(&in, 0, sizeof(in));
	in.f = f;
	in.nfiles = 2;
	in.probe_floor = NAN;
	memset(&c, 0, sizeof(c));
	assert_int_equal(cmp_side_build(&in, "basic/empty-loop", &c, &d), 0);
	a = find(&f[0], "basic/empty-loop");
	b = find(&f[1], "basic/empty-loop");
	assert_ptr_equal(c.r, a);
	assert_int_equal(d.in.s.nrounds, a->nrounds + b->nrounds);
	for (k = 0; k < a->nrounds; k++)
		assert_int_equal(d.count[k], a->count[k]);
	for (k = 0; k < b->nrounds; k++)
		assert_int_equal(d.count[a->nrounds + k], b->count[k]);
	assert_memory_equal(d.x, a->samples, a->nsamples * sizeof(double));
	assert_memory_equal(d.x + a->nsamples, b->samples,
	    b->nsamples * sizeof(double));
	assert_true(d.probe[a->nsamples] == b->probe[0] ||
	    (isnan(d.probe[a->nsamples]) && isnan(b->probe[0])));
	assert_string_equal(c.flags, "disturbed,below-resolution,contended");
	assert_true(d.below_resolution);
	assert_true(d.estimated);
	assert_true(c.median > 0);
	assert_true(c.rounds > 0 && c.rounds <= d.in.s.nrounds);
	assert_true(d.inflation >= 1);
	cmp_side_free(&d);
	assert_null(d.x);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

/* A row one file lacks pools from the others; a row none has is missing. */
static void
test_missing(void **state)
{
	const struct rs_result *a;
	struct cmp_input in;
	struct cmp_side d;
	struct cmp_cell c;
	struct rs_file f[2];

	(void)state;
	load(&f[0], RES "synthetic.json");
	load(&f[1], RES "rounds-cpu0.json");
	memset(&in, 0, sizeof(in));
	in.f = f;
	in.nfiles = 2;
	in.probe_floor = NAN;
	memset(&c, 0, sizeof(c));
	assert_int_equal(cmp_side_build(&in, "basic/imul-latency", &c, &d), 0);
	a = find(&f[1], "basic/imul-latency");
	assert_ptr_equal(c.r, a);
	assert_int_equal(d.in.s.nrounds, a->nrounds);
	assert_string_equal(c.flags, "disturbed");
	assert_false(d.below_resolution);
	cmp_side_free(&d);

	memset(&c, 0, sizeof(c));
	c.median = NAN;
	assert_int_equal(cmp_side_build(&in, "no/such-row", &c, &d), 0);
	assert_null(c.r);
	assert_false(d.estimated);
	assert_true(isnan(c.median));
	cmp_side_free(&d);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

/*
 * Runs started within CMP_SESSION_GAP of the one before are one
 * session, the replicate; an hour apart, two; a run without a start
 * time joins the session before it.
 */
static void
test_sessions(void **state)
{
	static const char *const at[] = { "2026-12-01T15:07:42Z",
	    "2026-12-01T16:07:42Z", NULL };
	struct cmp_input in;
	struct cmp_side d;
	struct cmp_cell c;
	struct rs_file f[3];
	double v[4], se[4], df[4];
	size_t k;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "rounds-lfence.json");
	memset(&in, 0, sizeof(in));
	in.f = f;
	in.nfiles = 3;
	in.probe_floor = NAN;
	memset(&c, 0, sizeof(c));
	assert_int_equal(cmp_side_build(&in, "basic/add-latency", &c, &d), 0);
	assert_int_equal(d.nruns, 3);
	assert_int_equal(d.nsessions, 1);
	assert_true(d.runs[0].new_session);
	assert_false(d.runs[1].new_session || d.runs[2].new_session);
	assert_int_equal(cmp_run_values(&d, -INFINITY, INFINITY, v, se, df),
	    1);
	cmp_side_free(&d);
	for (k = 0; k < 3; k++)
		f[k].started_at = at[k];
	memset(&c, 0, sizeof(c));
	assert_int_equal(cmp_side_build(&in, "basic/add-latency", &c, &d), 0);
	assert_int_equal(d.nsessions, 2);
	assert_true(d.runs[0].new_session && d.runs[1].new_session);
	assert_false(d.runs[2].new_session);
	assert_int_equal(cmp_run_values(&d, -INFINITY, INFINITY, v, se, df),
	    2);
	cmp_side_free(&d);
	for (k = 0; k < 3; k++)
		rs_free(&f[k]);
}

/* A run that failed in one file is what the side shows. */
static void
test_failed_in_one(void **state)
{
	struct rs_result *r;
	struct cmp_input in;
	struct cmp_side d;
	struct cmp_cell c;
	struct rs_file f[2];

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	r = (struct rs_result *)find(&f[1], "basic/add-latency");
	r->ok = 0;
	memset(&in, 0, sizeof(in));
	in.f = f;
	in.nfiles = 2;
	in.probe_floor = NAN;
	memset(&c, 0, sizeof(c));
	c.median = NAN;
	assert_int_equal(cmp_side_build(&in, "basic/add-latency", &c, &d), 0);
	assert_ptr_equal(c.r, r);
	assert_false(d.estimated);
	assert_null(d.x);
	assert_true(isnan(c.median));
	/* Its flags are the side's all the same. */
	assert_string_equal(c.flags, "disturbed,contended");
	cmp_side_free(&d);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pooled),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_sessions),
		cmocka_unit_test(test_failed_in_one),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
