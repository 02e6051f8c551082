/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/svg_histogram.c: the per-call distribution of
 * path results from synthetic.json, one alone and two overlaid with
 * hostile labels, and one drawn from a histogram the file carries (as
 * its bins, and in groups of them when it has more than a chart has
 * bars): each chart well formed (markup_check.h), its labels escaped,
 * its bars no more than HIST_BINS a series, no "nan" in a coordinate;
 * nothing at all for no inputs or inputs without samples.
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

#include "markup_check.h"
#include "results_fixture.h"
#include "report/svg.h"

static struct rs_file syn;

static int
setup(void **state)
{

	(void)state;
	load(&syn, RES "synthetic.json");
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	rs_free(&syn);
	return (0);
}

static const struct rs_result *
result(const char *name)
{
	size_t i;

	for (i = 0; i < syn.nresults; i++)
		if (strcmp(syn.results[i].name, name) == 0)
			return (&syn.results[i]);
	fail_msg("no %s", name);
	return (NULL);
}

static char *
draw(const struct rs_result *const *rs, const char *const *labels, size_t n)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	svg_histogram(fp, rs, labels, n);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

/* How many times s occurs in out. */
static size_t
count(const char *out, const char *s)
{
	size_t n = 0;

	for (; (out = strstr(out, s)) != NULL; out++)
		n++;
	return (n);
}

static void
check(const char *out)
{

	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(count(out, "<svg "), 1);
	assert_null(strstr(out, "nan"));
	assert_null(strstr(out, "inf"));
	assert_true(count(out, "<rect") <= HIST_MAX_SERIES * (HIST_BINS + 2));
}

static void
test_one_and_overlaid(void **state)
{
	const struct rs_result *rs[2];
	static const char *const labels[] = { "<script>A</script>",
	    "B \"&\" 'c'" };
	char *out;

	(void)state;
	rs[0] = result("fixture-path/getppid");
	rs[1] = result("fixture-path/sigreturn");
	out = draw(rs, NULL, 1);
	check(out);
	assert_non_null(strstr(out, "fixture-path/getppid"));
	free(out);
	out = draw(rs, labels, 2);
	check(out);
	assert_non_null(strstr(out, "&lt;script&gt;A&lt;/script&gt;"));
	assert_non_null(strstr(out, "B &quot;&amp;&quot; &#39;c&#39;"));
	assert_non_null(strstr(out, "bins of the samples, minimum to p99"));
	free(out);
}

static void
test_nothing_to_draw(void **state)
{
	const struct rs_result *rs[1];
	char *out;

	(void)state;
	rs[0] = result("fixture-path/getppid");
	out = draw(rs, NULL, 0);
	assert_string_equal(out, "");
	free(out);
	rs[0] = result("fixture-path/skipped");
	out = draw(rs, NULL, 1);
	assert_string_equal(out, "");
	free(out);
}

/* The file's own histogram: 10 bins as they are, 100 in groups. */
static void
test_file_bins(void **state)
{
	double edges[101], counts[100];
	struct rs_result *r;
	const struct rs_result *rs[1];
	char *out;
	size_t k;

	(void)state;
	r = (struct rs_result *)(uintptr_t)result("fixture-path/getppid");
	for (k = 0; k <= 100; k++)
		edges[k] = 100 * pow(1.05, (double)k);
	for (k = 0; k < 100; k++)
		counts[k] = (double)(k % 7);
	r->hist_edges = edges;
	r->hist_counts = counts;
	rs[0] = r;
	r->nbins = 10;
	out = draw(rs, NULL, 1);
	check(out);
	/* Edges in one ratio: drawn on a log axis. */
	assert_non_null(strstr(out, "log"));
	assert_non_null(strstr(out, "the file's bins, minimum to maximum"));
	free(out);
	r->nbins = 100;
	out = draw(rs, NULL, 1);
	check(out);
	free(out);
	r->hist_edges = NULL;
	r->hist_counts = NULL;
	r->nbins = 0;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_one_and_overlaid, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_nothing_to_draw, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_file_bins, setup,
		    teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
