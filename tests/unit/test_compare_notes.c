/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/compare_notes.c: words wrapped to 80 columns
 * with continuation lines indented and a word longer than a line kept
 * whole; the rows only some sides have, grouped by the sides; why a
 * result did not run; a row's levels and only the flags that bear on a
 * verdict (whole names, not a name inside another); nothing at all
 * when there is nothing to say.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_fixture.h"
#include "report/compare_parts.h"

static char *
captured(void (*fn)(const struct cmp_table *, FILE *))
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	fn(&cf_t, fp);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static char *
wrapped(const char *first, int indent, const char *text)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	cmp_put_wrapped(fp, first, indent, text);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

static void
test_put_wrapped(void **state)
{
	char text[256], *out, *nl;

	(void)state;
	out = wrapped("note:", 4, "a b");
	assert_string_equal(out, "note: a b\n");
	free(out);
	/* 80 columns at most; the rest under the indent. */
	memset(text, 'x', sizeof(text));
	memcpy(text, "aaaa ", 5);
	text[5 + 69] = ' ';
	memcpy(text + 75, "bbb", 4);
	out = wrapped("note:", 4, text);
	nl = strchr(out, '\n');
	assert_int_equal(nl - out, 80);
	assert_string_equal(nl, "\n    bbb\n");
	free(out);
	/* One column more and the word goes under. */
	text[5 + 69] = 'x';
	text[5 + 70] = '\0';
	out = wrapped("note:", 4, text);
	assert_int_equal(strncmp(out, "note: aaaa\n    xxx", 18), 0);
	free(out);
	/* A word longer than the line: whole, on its own line. */
	memset(text, 'y', 100);
	text[100] = '\0';
	out = wrapped("note:", 4, text);
	assert_int_equal(strlen(out), 5 + 1 + 4 + 100 + 1);
	assert_int_equal(strncmp(out, "note:\n    yyy", 13), 0);
	free(out);
	out = wrapped("note:", 4, "");
	assert_string_equal(out, "note:\n");
	free(out);
	out = wrapped("", 2, "a   b ");
	assert_string_equal(out, "a b\n");
	free(out);
}

static void
test_fixture_notes(void **state)
{
	char *out;

	(void)state;
	out = captured(cmp_notes);
	assert_non_null(strstr(out, "note: only in A: basic/add-latency, "
	    "basic/imul-latency\n"));
	assert_non_null(strstr(out, "note: only in B: "
	    "<script>alert(3)</script>/x, basic/imul-latency\n"
	    "    \"k'\\\"<b>\"=<i>&amp;\n"));
	assert_non_null(strstr(out, "note: basic/empty-loop: A flags "
	    "below-resolution; B flags below-resolution; B ?\n"
	    "    below the loop's resolution\n"));
	/* The notes end with a blank line. */
	assert_string_equal(out + strlen(out) - 2, "\n\n");
	free(out);
}

static void
test_levels_flags_not_ok(void **state)
{
	struct cmp_row *row;
	struct cmp_cell *c;
	char *out;

	(void)state;
	row = cf_row("basic/load-latency", "");
	c = &row->cells[0];
	c->nlevels = 2;
	c->levels[0].value = 4;
	c->levels[0].share = 0.5;
	c->levels[1].value = 8;
	c->levels[1].share = 0.5;
	/* Whole names only: not-contended, contended-x are not contended. */
	snprintf(row->cells[1].flags, sizeof(row->cells[1].flags),
	    "noisy,not-contended,contended-x,few-samples,multilevel");
	row->cells[1].why = "";
	c = &cf_row("basic/imul-throughput", "")->cells[1];
	c->verdict = CMP_NOT_OK;
	c->r = &cf_files[1].results[4];
	cf_files[1].results[4].status = "skipped";
	cf_files[1].results[4].reason = "not on this CPU";
	out = captured(cmp_notes);
	assert_non_null(strstr(out, "note: basic/load-latency: A levels "
	    "4.00 (50%) | 8.00 (50%); B flags\n    multilevel,few-samples\n"));
	assert_non_null(strstr(out, "note: basic/imul-throughput: skipped "
	    "in B: not on this CPU\n"));
	free(out);
}

/* Every side has every row and nothing to say: no notes at all. */
static void
test_nothing(void **state)
{
	struct cmp_table t;
	char *out = NULL;
	size_t len = 0, i;
	FILE *fp;

	(void)state;
	t = cf_t;
	t.rows = cf_row("basic/load-latency", "");
	t.nrows = 1;
	for (i = 0; i < 2; i++) {
		t.rows->cells[i].why = "";
		t.rows->cells[i].flags[0] = '\0';
	}
	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	cmp_notes(&t, fp);
	assert_int_equal(fclose(fp), 0);
	assert_string_equal(out, "");
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_put_wrapped),
		cmocka_unit_test_setup_teardown(test_fixture_notes, cf_setup,
		    cf_teardown),
		cmocka_unit_test_setup_teardown(test_levels_flags_not_ok,
		    cf_setup, cf_teardown),
		cmocka_unit_test_setup_teardown(test_nothing, cf_setup,
		    cf_teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
