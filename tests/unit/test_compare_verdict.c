/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for compare's verdicts (verdict/compare_verdict.c) on real
 * runs from a noisy cloud guest (tests/fixtures/zen3-kvm: two passes of
 * eight fresh processes each, seconds apart: one session a side) and
 * from this project's machine (tests/fixtures/results/rounds-*.json: runs
 * with rounds).  Same-build passes must call no row slower or faster; the
 * same passes with one side made 1.5x slower must call the stable rows
 * slower and none faster; a file from before rounds is one round, which
 * shows nothing; a side contended throughout is judged against the quiet
 * one past its probe's inflation; a cell without a result, or whose run
 * failed, is not judged.
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

#include "near.h"
#include "results_fixture.h"
#include "verdict/compare.h"
#include "verdict/compare_verdict.h"

#define PASS	8

/* Passes m1 and m2 of the zen3 fixtures: files[0..7] and files[8..15]. */
static struct rs_file *
two_passes(void)
{
	struct rs_file *f;
	char path[128];
	int m, r;

	f = calloc(2 * PASS, sizeof(*f));
	assert_non_null(f);
	for (m = 0; m < 2; m++)
		for (r = 0; r < PASS; r++) {
			snprintf(path, sizeof(path), ZEN3 "m%dr%d.json", m + 1,
			    r + 1);
			load(&f[m * PASS + r], path);
		}
	return (f);
}

static void
free_files(struct rs_file *f, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		rs_free(&f[i]);
	free(f);
}

/* Cells of side whose verdict is v. */
static size_t
count(const struct cmp_table *t, size_t side, enum cmp_verdict v)
{
	size_t i, n = 0;

	for (i = 0; i < t->nrows; i++)
		n += t->rows[i].cells[side].verdict == v;
	return (n);
}

static const struct cmp_cell *
cell(const struct cmp_table *t, const char *key, size_t side)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		if (strcmp(t->rows[i].first->key, key) == 0)
			return (&t->rows[i].cells[side]);
	fail_msg("no row %s", key);
	return (NULL);
}

/* Pass 2's samples times scale. */
static void
scale_pass(struct rs_file *f, double scale)
{
	struct rs_result *r;
	size_t i, j, k;

	for (i = PASS; i < 2 * PASS; i++)
		for (j = 0; j < f[i].nresults; j++) {
			r = &f[i].results[j];
			for (k = 0; k < r->nsamples; k++)
				r->samples[k] *= scale;
		}
}

/*
 * Two passes of the same build on a noisy host, one session a side: no
 * row slower or faster.  With one session a side the between-run spread
 * is assumed (1%), so equivalence within 1% cannot be shown either: the
 * tested rows are unknown, and say why.
 */
static void
test_same_build_no_false_alarm(void **state)
{
	static const size_t sides[] = { PASS, PASS };
	struct rs_file *f = two_passes();
	const struct cmp_cell *c;
	struct cmp_table t;
	char err[256];

	(void)state;
	assert_int_equal(cmp_build(&t, f, 2 * PASS, sides, 2, NULL, 0.01, err,
	    sizeof(err)), 0);
	assert_true(t.nrows > 40);
	assert_int_equal(count(&t, 1, CMP_SLOWER), 0);
	assert_int_equal(count(&t, 1, CMP_FASTER), 0);
	assert_int_equal(t.nchanged, 0);
	assert_true(t.ntested > t.nrows / 2);
	/* Every side pooled its 8 files' rounds, one session. */
	c = cell(&t, "basic/imul-latency", 1);
	assert_int_equal(c->rounds, PASS);
	assert_int_equal(c->verdict, CMP_UNKNOWN);
	assert_int_equal(c->basis, CMP_BASIS_ASSUMED);
	assert_double_equal(c->spread, CMP_ASSUMED_SPREAD);
	assert_ptr_equal(c->why, cmp_why_assumed);
	assert_true(c->q > CMP_FDR && c->q_same > CMP_FDR);
	assert_true(c->ci_low < 1 && c->ci_high > 1);
	/* Levels on one side only (lock add, in pass 2): never the same. */
	assert_string_equal(cell(&t, "atomic/lock-add", 1)->why,
	    "levels that cannot be paired");
	assert_true(cell(&t, "atomic/lock-add", 1)->p_same == 1);
	/* A wider margin: the quiet rows shown the same. */
	cmp_free(&t);
	assert_int_equal(cmp_build(&t, f, 2 * PASS, sides, 2, NULL, 0.10, err,
	    sizeof(err)), 0);
	assert_int_equal(count(&t, 1, CMP_SLOWER), 0);
	assert_int_equal(count(&t, 1, CMP_FASTER), 0);
	assert_int_equal(cell(&t, "basic/add-latency", 1)->verdict,
	    CMP_SAME);
	assert_true(count(&t, 1, CMP_SAME) >= 5);
	cmp_free(&t);
	free_files(f, 2 * PASS);
}

/*
 * The second pass 1.5x slower: every round's sample scaled.  The rows
 * that hold still from round to round are called slower, their interval
 * above 1; none is called faster.
 */
static void
test_slowdown_detected(void **state)
{
	static const char *const stable[] = { "basic/add-latency",
	    "basic/imul-latency", "basic/imul-throughput",
	    "serialize/mfence", "serialize/rdtsc", "serialize/rdtscp" };
	static const size_t sides[] = { PASS, PASS };
	struct rs_file *f = two_passes();
	const struct cmp_cell *c;
	struct cmp_table t;
	char err[256];
	size_t i, j;

	(void)state;
	scale_pass(f, 1.5);
	assert_int_equal(cmp_build(&t, f, 2 * PASS, sides, 2, NULL, 0.01, err,
	    sizeof(err)), 0);
	for (i = 0; i < sizeof(stable) / sizeof(stable[0]); i++) {
		c = cell(&t, stable[i], 1);
		if (c->verdict != CMP_SLOWER)
			fail_msg("%s: %d (%s)", stable[i], c->verdict, c->why);
		/* 1.5 times what the passes differ by unscaled (< 2%). */
		if (!(fabs(c->ratio / 1.5 - 1) < 0.03))
			fail_msg("%s: ratio %g", stable[i], c->ratio);
		assert_true(c->ci_low > 1.01 && c->ci_low < 1.5 &&
		    c->ci_high > 1.5);
		assert_true(c->q <= CMP_FDR);
	}
	assert_int_equal(count(&t, 1, CMP_FASTER), 0);
	assert_int_equal(t.nchanged, count(&t, 1, CMP_SLOWER));
	for (i = 0; i < t.nrows; i++)
		if (t.rows[i].cells[1].verdict == CMP_SLOWER)
			assert_true(t.rows[i].cells[1].ratio > 1.01);
	/* The gate reads the low end of the worst interval. */
	assert_true(cmp_worst_slowdown(&t, &i, &j) > 1.01);
	assert_int_equal(j, 1);
	assert_int_equal(t.rows[i].cells[1].verdict, CMP_SLOWER);
	assert_double_equal(cmp_worst_slowdown(&t, &i, &j),
	    t.rows[i].cells[1].ci_low);
	/* Intervals at the level that keeps coverage among those called. */
	assert_true(cmp_ci_level(&t) > 1 - CMP_FDR);
	cmp_free(&t);
	free_files(f, 2 * PASS);
}

/* Files from before rounds: one process each, one round; nothing shows. */
static void
test_one_round_unknown(void **state)
{
	struct rs_file f[2];
	struct cmp_table t;
	char err[256];
	size_t i, j;

	(void)state;
	load(&f[0], ZEN3 "quiet-run3.json");
	load(&f[1], ZEN3 "quiet-run4.json");
	assert_int_equal(cmp_build(&t, f, 2, NULL, 0, NULL, 0.01, err,
	    sizeof(err)), 0);
	assert_int_equal(count(&t, 1, CMP_SLOWER), 0);
	assert_int_equal(count(&t, 1, CMP_FASTER), 0);
	assert_int_equal(count(&t, 1, CMP_SAME), 0);
	assert_true(count(&t, 1, CMP_UNKNOWN) > t.nrows / 2);
	assert_string_equal(cell(&t, "basic/imul-latency", 1)->why,
	    "one round a side: give several runs a side");
	/* A strict gate counts them all but the empty loop's, below its
	   resolution for good. */
	assert_string_equal(cell(&t, "basic/empty-loop", 1)->why,
	    cmp_why_resolution);
	assert_true(cmp_unknowns(&t, &i, &j) ==
	    count(&t, 1, CMP_UNKNOWN) - 1);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

/* Runs with rounds on this machine: an lfence after every imul shows. */
static void
test_rounds_runs(void **state)
{
	struct rs_file f[3];
	struct cmp_table t;
	char err[256];
	size_t i;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "rounds-lfence.json");
	assert_int_equal(cmp_build(&t, f, 3, NULL, 0, NULL, 0.01, err,
	    sizeof(err)), 0);
	assert_int_equal(count(&t, 1, CMP_SLOWER), 0);
	assert_int_equal(count(&t, 1, CMP_FASTER), 0);
	assert_int_equal(cell(&t, "basic/imul-latency", 2)->verdict,
	    CMP_SLOWER);
	assert_true(cell(&t, "basic/imul-latency", 2)->ratio > 4);
	assert_true(cell(&t, "basic/imul-latency", 2)->ci_low > 1.01);
	assert_int_equal(count(&t, 2, CMP_SLOWER), 1);
	assert_int_equal(count(&t, 2, CMP_FASTER), 0);
	/* The empty loop is below its own resolution: not tested. */
	assert_int_equal(cell(&t, "basic/empty-loop", 1)->verdict,
	    CMP_UNKNOWN);
	assert_string_equal(cell(&t, "basic/empty-loop", 1)->why,
	    "below the loop's resolution");
	assert_true(isnan(cell(&t, "basic/empty-loop", 1)->p));
	cmp_free(&t);
	for (i = 0; i < 3; i++)
		rs_free(&f[i]);
}

/*
 * One side ran quiet, the other with its core shared throughout: every
 * probe reading 30% over the floor, every sample scaled.  Contention
 * only slows, so faster is real, and slower is real only beyond the
 * probe's 30%.
 */
static enum cmp_verdict
contended_verdict(double scale, double *inflation)
{
	struct rs_file f[2];
	struct cmp_table t;
	struct rs_result *r;
	enum cmp_verdict v;
	char err[256];
	size_t j, k;

	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu0.json");
	for (j = 0; j < f[1].nresults; j++) {
		r = &f[1].results[j];
		assert_non_null(r->probe);
		for (k = 0; k < r->nsamples; k++) {
			r->samples[k] *= scale;
			r->probe[k] = r->probe_floor * 1.3;
		}
	}
	assert_int_equal(cmp_build(&t, f, 2, NULL, 0, NULL, 0.01, err,
	    sizeof(err)), 0);
	v = cell(&t, "basic/imul-latency", 1)->verdict;
	*inflation = cell(&t, "basic/imul-latency", 1)->inflation;
	assert_true(cell(&t, "basic/imul-latency", 1)->contended > 0.5);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
	return (v);
}

static void
test_one_side_contended(void **state)
{
	double inflation;
	enum cmp_verdict v;

	(void)state;
	assert_int_equal(contended_verdict(1.6, &inflation), CMP_SLOWER);
	assert_true(inflation > 1.2 && inflation < 1.5);
	assert_int_equal(contended_verdict(0.9, &inflation), CMP_FASTER);
	/* Within what contention may explain: neither, either way. */
	v = contended_verdict(1.0, &inflation);
	assert_true(v != CMP_SLOWER && v != CMP_FASTER);
	v = contended_verdict(1.1, &inflation);
	assert_true(v != CMP_SLOWER && v != CMP_FASTER);
}

/*
 * Cells that are not judged: no result on the side, a run that failed,
 * the baseline's own, a baseline without a figure.  The sides and the
 * prior are not looked at (NULL where not reached).
 */
static void
test_not_judged(void **state)
{
	struct rs_result ok = { .ok = 1 }, failed = { .ok = 0 };
	struct cmp_cell base, c;
	struct cmp_side none;

	(void)state;
	memset(&none, 0, sizeof(none));
	memset(&c, 0, sizeof(c));
	cmp_judge(&none, NULL, &none, NULL, 0.01, &c);
	assert_int_equal(c.verdict, CMP_MISSING);
	assert_true(isnan(c.ratio) && isnan(c.p) && isnan(c.tested));
	assert_true(isnan(c.q) && isnan(c.p_same) && isnan(c.q_same));
	assert_int_equal(c.basis, CMP_BASIS_NONE);
	c.r = &failed;
	cmp_judge(&none, NULL, &none, NULL, 0.01, &c);
	assert_int_equal(c.verdict, CMP_NOT_OK);
	/* The baseline's own cell, and a cell against a failed baseline. */
	c.r = &ok;
	c.median = 2;
	cmp_judge(&none, NULL, &none, NULL, 0.01, &c);
	assert_int_equal(c.verdict, CMP_BASELINE);
	assert_string_equal(c.why, "");
	memset(&base, 0, sizeof(base));
	base.r = &failed;
	base.median = 1;
	cmp_judge(&none, &base, &none, NULL, 0.01, &c);
	assert_int_equal(c.verdict, CMP_UNKNOWN);
	assert_string_equal(c.why, "no baseline");
	assert_true(isnan(c.ratio));
	/* A baseline with a figure gives the ratio, tested or not. */
	base.r = &ok;
	none.below_resolution = 1;
	cmp_judge(&none, &base, &none, NULL, 0.01, &c);
	assert_int_equal(c.verdict, CMP_UNKNOWN);
	assert_true(c.ratio == 2);
	assert_true(isnan(c.p));
	assert_string_equal(c.why, "below the loop's resolution");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_build_no_false_alarm),
		cmocka_unit_test(test_slowdown_detected),
		cmocka_unit_test(test_one_round_unknown),
		cmocka_unit_test(test_rounds_runs),
		cmocka_unit_test(test_one_side_contended),
		cmocka_unit_test(test_not_judged),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
