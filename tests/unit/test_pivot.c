/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The seed-style tables, on fabricated results: which tables appear, how
 * rows and columns are chosen and ordered, and what a cell shows for a
 * result that is not ok or missing.  The output is read back line by line
 * and split into fields, as a reader would.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "report/report.h"

#define MAXR	16

struct out {
	char	*text;
	size_t	 len;
};

static struct cb_bench benches[MAXR];
static struct cb_result results[MAXR];
static size_t nresults;

static void
reset(void)
{
	memset(benches, 0, sizeof(benches));
	memset(results, 0, sizeof(results));
	nresults = 0;
}

/* A result of `name' with up to two parameters (NULL key: none). */
static struct cb_result *
add(const char *name, const char *k1, const char *v1, const char *k2,
    const char *v2, double median)
{
	struct cb_bench *b = &benches[nresults];
	struct cb_result *r = &results[nresults++];

	b->name = name;
	b->mode = CB_LATENCY;
	b->params[0].key = k1;
	b->params[0].value = v1;
	b->params[1].key = k1 != NULL ? k2 : NULL;
	b->params[1].value = v2;
	r->bench = b;
	r->status = CB_OK;
	r->cycles.median = median;
	return (r);
}

static char *
pivot_fitted(int width)
{
	struct out o = { NULL, 0 };
	FILE *fp;

	fp = open_memstream(&o.text, &o.len);
	assert_non_null(fp);
	report_pivot(fp, results, nresults, width);
	fclose(fp);
	return (o.text);
}

static char *
pivot(void)
{
	return (pivot_fitted(0));
}

/* The line after the one starting with `prefix', or NULL. */
static const char *
line_after(const char *text, const char *prefix)
{
	const char *p = text;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, prefix, strlen(prefix)) == 0)
			return (strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL);
		p = strchr(p, '\n');
		p = p ? p + 1 : NULL;
	}
	return (NULL);
}

/* Split the line at p into whitespace-separated fields. */
static int
fields(const char *p, char out[][32], int max)
{
	int n = 0;
	size_t len;

	while (*p != '\0' && *p != '\n' && n < max) {
		while (*p == ' ')
			p++;
		if (*p == '\0' || *p == '\n')
			break;
		len = strcspn(p, " \n");
		snprintf(out[n++], 32, "%.*s", (int)len, p);
		p += len;
	}
	return (n);
}

static void
assert_row(const char *line, int n, ...)
{
	char f[12][32];
	va_list ap;
	int i, got;

	assert_non_null(line);
	got = fields(line, f, 12);
	assert_int_equal(got, n);
	va_start(ap, n);
	for (i = 0; i < n; i++)
		assert_string_equal(f[i], va_arg(ap, const char *));
	va_end(ap);
}

static void
test_rows_and_columns(void **state)
{
	const char *l;
	char *t;

	(void)state;
	reset();
	/* Interleaved, as a suite might order them: run order decides. */
	add("ctr/addq", "k", "1", NULL, NULL, 1.0);
	add("ctr/lock", "k", "1", NULL, NULL, 20.0);
	add("ctr/addq", "k", "2", NULL, NULL, 0.5);
	add("ctr/lock", "k", "2", NULL, NULL, 20.04);
	add("ctr/addq", "k", "6", NULL, NULL, 0.1667);
	add("ctr/lock", "k", "6", NULL, NULL, 1234.4);
	t = pivot();
	assert_non_null(strstr(t, "ctr: median cycles per operation by k\n"));
	l = line_after(t, "ctr: ");
	assert_row(l, 4, "variant", "k=1", "k=2", "k=6");
	assert_row(line_after(t, "variant"), 4, "addq", "1.00", "0.50",
	    "0.17");
	assert_row(line_after(t, "addq"), 4, "lock", "20.0", "20.0", "1234");
	assert_null(strstr(t, "skip"));
	free(t);
}

/* The fpu suite starts with rows that have no parameters at all. */
static void
test_group_led_by_unparameterised_rows(void **state)
{
	char *t;

	(void)state;
	reset();
	add("fpu/pushall", NULL, NULL, NULL, NULL, 8.0);
	add("fpu/fxsave", "state", "fresh", NULL, NULL, 290.0);
	add("fpu/fxsave", "state", "inf", NULL, NULL, 415.0);
	t = pivot();
	assert_non_null(strstr(t, "fpu: median cycles per operation by "
	    "state\n"));
	assert_row(line_after(t, "variant"), 3, "fxsave", "290.0", "415.0");
	free(t);
}

static void
test_not_ok_and_missing(void **state)
{
	struct cb_result *r;
	const char *l;
	char *t;

	(void)state;
	reset();
	add("e/old", "pct", "0", NULL, NULL, 10.0);
	add("e/old", "pct", "100", NULL, NULL, 12.0);
	r = add("e/fs", "pct", "0", NULL, NULL, 0);
	r->status = CB_SKIPPED;
	r = add("e/fs", "pct", "100", NULL, NULL, 0);
	r->status = CB_ERROR;
	add("e/new", "pct", "100", NULL, NULL, 3.0);	/* no pct=0 */
	t = pivot();
	l = line_after(t, "e: ");
	assert_row(l, 3, "variant", "pct=0", "pct=100");
	assert_row(line_after(t, "old"), 3, "fs", "skip", "error");
	/* The missing cell stays blank: one value, in the last column. */
	l = line_after(t, "fs");
	assert_row(l, 2, "new", "3.00");
	assert_true(strstr(l, "3.00") - l > (long)strlen("new") + 9);
	assert_non_null(strstr(t, "(skip, error: the table above gives the "
	    "reason)\n"));
	free(t);
}

/*
 * Wider than the terminal, the columns go in blocks under each other,
 * the variants again in each, no line wider than the terminal unless
 * one column alone is.
 */
static void
test_fitted_in_blocks(void **state)
{
	static const char *states[] = { "fresh", "ones", "inf",
	    "inf-unmasked", "avx-clean", "avx-dirty", "zmm-dirty" };
	char *t, *line, *save = NULL;
	size_t i;

	(void)state;
	reset();
	for (i = 0; i < 7; i++) {
		add("fpu/xsave", "state", states[i], NULL, NULL, 300.0 + i);
		add("fpu/fxsave", "state", states[i], NULL, NULL, 150.0 + i);
	}
	t = pivot_fitted(0);
	assert_row(line_after(t, "fpu: median"), 8, "variant", "state=fresh",
	    "state=ones", "state=inf", "state=inf-unmasked", "state=avx-clean",
	    "state=avx-dirty", "state=zmm-dirty");
	free(t);
	t = pivot_fitted(60);
	assert_row(line_after(t, "fpu: median"), 5, "variant", "state=fresh",
	    "state=ones", "state=inf", "state=inf-unmasked");
	assert_row(line_after(t, "xsave"), 5, "fxsave", "150.0", "151.0",
	    "152.0", "153.0");
	assert_row(line_after(t, "fxsave "), 0);
	assert_row(line_after(t, "variant state=avx-clean"), 4, "xsave",
	    "304.0", "305.0", "306.0");
	for (line = strtok_r(t, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save))
		if (strlen(line) > 60)
			fail_msg("%zu columns: '%s'", strlen(line), line);
	free(t);
}

static void
test_nothing_to_pivot(void **state)
{
	char *t;

	(void)state;
	reset();
	add("basic/add", NULL, NULL, NULL, NULL, 1.0);
	add("basic/imul", NULL, NULL, NULL, NULL, 3.0);
	add("mm/copy", "size", "4096", NULL, NULL, 100.0);
	add("mm/zero", "size", "4096", NULL, NULL, 50.0);
	t = pivot();
	assert_string_equal(t, "");
	free(t);
	reset();
	t = pivot();
	assert_string_equal(t, "");
	free(t);
}

static void
test_groups_and_keys(void **state)
{
	char *t;

	(void)state;
	reset();
	/* Two groups share the key: a table each.  A second key: its own. */
	add("a/x", "k", "1", "w", "32", 1.0);
	add("a/x", "k", "2", "w", "32", 2.0);
	add("a/x", "k", "1", "w", "64", 3.0);
	add("a/x", "k", "2", "w", "64", 4.0);
	add("b/y", "k", "1", NULL, NULL, 5.0);
	add("b/y", "k", "2", NULL, NULL, 6.0);
	add("noslash", "k", "1", NULL, NULL, 7.0);
	add("noslash", "k", "3", NULL, NULL, 8.0);
	t = pivot();
	assert_non_null(strstr(t, "a: median cycles per operation by k\n"));
	assert_non_null(strstr(t, "a: median cycles per operation by w\n"));
	assert_non_null(strstr(t, "b: median cycles per operation by k\n"));
	assert_non_null(strstr(t, "noslash: median cycles per operation by "
	    "k\n"));
	assert_true(strstr(t, "a: median cycles per operation by k") <
	    strstr(t, "a: median cycles per operation by w"));
	/* By k the rows keep the other parameter; by w, the other way. */
	assert_row(line_after(t, "a: median cycles per operation by k"), 3,
	    "variant", "k=1", "k=2");
	assert_row(line_after(t, "x w=32"), 4, "x", "w=64", "3.00", "4.00");
	assert_row(line_after(t, "a: median cycles per operation by w"), 3,
	    "variant", "w=32", "w=64");
	assert_row(line_after(t, "x k=1"), 4, "x", "k=2", "2.00", "4.00");
	assert_row(line_after(t, "b: median cycles per operation by k"), 3,
	    "variant", "k=1", "k=2");
	assert_row(line_after(t, "noslash: median"), 3, "variant", "k=1",
	    "k=3");
	assert_row(line_after(line_after(t, "noslash: median"), "variant"),
	    3, "noslash", "7.00", "8.00");
	free(t);
}

static void
test_wide_headers_align(void **state)
{
	const char *head, *row;
	char *t;

	(void)state;
	reset();
	add("s/v", "percentage", "0", NULL, NULL, 1.0);
	add("s/v", "percentage", "100", NULL, NULL, 2.0);
	t = pivot();
	head = line_after(t, "s: ");
	row = line_after(t, "variant");
	assert_row(head, 3, "variant", "percentage=0", "percentage=100");
	assert_row(row, 3, "v", "1.00", "2.00");
	/* Right-aligned under their headers. */
	assert_int_equal(strstr(head, "percentage=100") - head +
	    (long)strlen("percentage=100"), strstr(row, "2.00") - row +
	    (long)strlen("2.00"));
	free(t);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rows_and_columns),
		cmocka_unit_test(test_group_led_by_unparameterised_rows),
		cmocka_unit_test(test_not_ok_and_missing),
		cmocka_unit_test(test_fitted_in_blocks),
		cmocka_unit_test(test_nothing_to_pivot),
		cmocka_unit_test(test_groups_and_keys),
		cmocka_unit_test(test_wide_headers_align),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
