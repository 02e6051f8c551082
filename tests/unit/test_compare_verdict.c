/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for compare's verdicts (verdict/compare_verdict.c) on real
 * runs from a noisy cloud guest (tests/fixtures/zen3-kvm: two passes of
 * eight fresh processes each, which are honest rounds) and from this
 * project's machine (tests/fixtures/results/rounds-*.json: runs with
 * rounds).  Same-build passes must call no row real; the same passes with
 * one side made 5% slower must call the stable rows real; a file from
 * before rounds is one round, which shows nothing; a side contended
 * throughout is judged against the quiet one within its probe's
 * inflation; a cell without a result, or whose run failed, is not judged.
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

/* Two passes of the same build, minutes apart on a noisy host. */
static void
test_same_build_no_false_alarm(void **state)
{
	static const size_t sides[] = { PASS, PASS };
	struct rs_file *f = two_passes();
	struct cmp_table t;
	char err[256];

	(void)state;
	assert_int_equal(cmp_build(&t, f, 2 * PASS, sides, 2, NULL, 0.01, err,
	    sizeof(err)), 0);
	assert_true(t.nrows > 40);
	assert_int_equal(count(&t, 1, CMP_DIFFERENT), 0);
	assert_true(count(&t, 1, CMP_SAME) > t.nrows / 2);
	/* Every side pooled its 8 files' rounds. */
	assert_int_equal(cell(&t, "basic/imul-latency", 1)->rounds, PASS);
	/* A contended continuum: no level to pair, never "real". */
	assert_string_equal(cell(&t, "atomic/lock-add", 1)->why,
	    "levels that cannot be paired");
	cmp_free(&t);
	free_files(f, 2 * PASS);
}

/*
 * The second pass 5% slower: every rounds' sample scaled.  The rows that
 * hold still from round to round are called real; none is called
 * faster.
 */
static void
test_five_percent_detected(void **state)
{
	static const size_t sides[] = { PASS, PASS };
	struct rs_file *f = two_passes();
	struct cmp_table t;
	struct rs_result *r;
	char err[256];
	size_t i, j, k;

	(void)state;
	for (i = PASS; i < 2 * PASS; i++)
		for (j = 0; j < f[i].nresults; j++) {
			r = &f[i].results[j];
			for (k = 0; k < r->nsamples; k++)
				r->samples[k] *= 1.05;
		}
	assert_int_equal(cmp_build(&t, f, 2 * PASS, sides, 2, NULL, 0.01, err,
	    sizeof(err)), 0);
	assert_int_equal(cell(&t, "basic/add-latency", 1)->verdict,
	    CMP_DIFFERENT);
	assert_true(fabs(cell(&t, "basic/add-latency", 1)->ratio - 1.05) <
	    0.005);
	assert_int_equal(cell(&t, "serialize/mfence", 1)->verdict,
	    CMP_DIFFERENT);
	assert_true(count(&t, 1, CMP_DIFFERENT) >= 15);
	for (i = 0; i < t.nrows; i++)
		if (t.rows[i].cells[1].verdict == CMP_DIFFERENT)
			assert_true(t.rows[i].cells[1].ratio > 1.01);
	assert_true(cmp_worst_slowdown(&t, &i, &j) > 1.04);
	assert_int_equal(j, 1);
	cmp_free(&t);
	free_files(f, 2 * PASS);
}

/*
 * Pass 2 half as slow again: a mixture whose levels cannot be paired
 * (lock add at 6.4 and 8.3 cycles, by process) has moved when every
 * round of one side lies beyond every round of the other.
 */
static void
test_mixture_apart(void **state)
{
	static const size_t sides[] = { PASS, PASS };
	struct rs_file *f = two_passes();
	const struct cmp_cell *c;
	struct cmp_table t;
	struct rs_result *r;
	char err[256];
	size_t i, j, k;

	(void)state;
	for (i = PASS; i < 2 * PASS; i++)
		for (j = 0; j < f[i].nresults; j++) {
			r = &f[i].results[j];
			for (k = 0; k < r->nsamples; k++)
				r->samples[k] *= 1.5;
		}
	assert_int_equal(cmp_build(&t, f, 2 * PASS, sides, 2, NULL, 0.01, err,
	    sizeof(err)), 0);
	c = cell(&t, "atomic/lock-add", 1);
	assert_int_equal(c->verdict, CMP_DIFFERENT);
	assert_string_equal(c->why, "every round apart");
	for (i = 0; i < t.nrows; i++)
		if (t.rows[i].cells[1].verdict == CMP_DIFFERENT)
			assert_true(t.rows[i].cells[1].ratio > 1.2);
	cmp_free(&t);
	free_files(f, 2 * PASS);
}

/* Files from before rounds: one process each, one round; nothing shows. */
static void
test_one_round_untested(void **state)
{
	struct rs_file f[2];
	struct cmp_table t;
	char err[256];

	(void)state;
	load(&f[0], ZEN3 "quiet-run3.json");
	load(&f[1], ZEN3 "quiet-run4.json");
	assert_int_equal(cmp_build(&t, f, 2, NULL, 0, NULL, 0.01, err,
	    sizeof(err)), 0);
	assert_int_equal(count(&t, 1, CMP_DIFFERENT), 0);
	assert_int_equal(count(&t, 1, CMP_SAME), 0);
	assert_non_null(strstr(cell(&t, "basic/imul-latency", 1)->why,
	    "too few rounds"));
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
	assert_int_equal(count(&t, 1, CMP_DIFFERENT), 0);
	assert_int_equal(cell(&t, "basic/imul-latency", 2)->verdict,
	    CMP_DIFFERENT);
	assert_true(cell(&t, "basic/imul-latency", 2)->ratio > 4);
	assert_int_equal(count(&t, 2, CMP_DIFFERENT), 1);
	/* The empty loop is below its own resolution: not tested. */
	assert_int_equal(cell(&t, "basic/empty-loop", 1)->verdict,
	    CMP_UNTESTED);
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
contended_verdict(double scale, const char **why)
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
	*why = cell(&t, "basic/imul-latency", 1)->why;
	assert_true(cell(&t, "basic/imul-latency", 1)->contended);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
	return (v);
}

static void
test_one_side_contended(void **state)
{
	const char *why;

	(void)state;
	assert_int_equal(contended_verdict(1.1, &why), CMP_SAME);
	assert_string_equal(why, "contended: within what contention "
	    "explains");
	assert_int_equal(contended_verdict(1.6, &why), CMP_DIFFERENT);
	assert_int_equal(contended_verdict(0.9, &why), CMP_DIFFERENT);
	assert_int_equal(contended_verdict(1.0, &why), CMP_SAME);
}

/*
 * Cells that are not judged: no result on the side, a run that failed,
 * a baseline without a figure.  The sides are not looked at.
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
	cmp_judge(&none, NULL, &none, &c, 0.01, 0);
	assert_int_equal(c.verdict, CMP_MISSING);
	assert_true(isnan(c.ratio) && isnan(c.p) && isnan(c.tested));
	c.r = &failed;
	cmp_judge(&none, NULL, &none, &c, 0.01, 0);
	assert_int_equal(c.verdict, CMP_NOT_OK);
	/* The baseline's own cell, and a cell against a failed baseline. */
	c.r = &ok;
	c.median = 2;
	cmp_judge(&none, NULL, &none, &c, 0.01, 0);
	assert_int_equal(c.verdict, CMP_UNTESTED);
	assert_string_equal(c.why, "");
	memset(&base, 0, sizeof(base));
	base.r = &failed;
	base.median = 1;
	cmp_judge(&none, &base, &none, &c, 0.01, 0);
	assert_int_equal(c.verdict, CMP_UNTESTED);
	assert_true(isnan(c.ratio));
	/* A baseline with a figure gives the ratio, tested or not. */
	base.r = &ok;
	none.below_resolution = 1;
	cmp_judge(&none, &base, &none, &c, 0.01, 0);
	assert_int_equal(c.verdict, CMP_UNTESTED);
	assert_true(c.ratio == 2);
	assert_string_equal(c.why, "below the loop's resolution");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_same_build_no_false_alarm),
		cmocka_unit_test(test_five_percent_detected),
		cmocka_unit_test(test_mixture_apart),
		cmocka_unit_test(test_one_round_untested),
		cmocka_unit_test(test_rounds_runs),
		cmocka_unit_test(test_one_side_contended),
		cmocka_unit_test(test_not_judged),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
