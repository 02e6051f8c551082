/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for store/query.c on a SQLite store of five runs on two
 * machines: runs listed newest first and selected by machine, kernel,
 * date and last=N; a machine found by its label, a part of it or its
 * identity, refused when several match, none when none does; a
 * benchmark's points oldest first, by group or by name; documents and
 * counts; the context keys stored.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "store/store.h"

#define RES	"tests/fixtures/results/"

static const char *const docs[] = {
	RES "basic-cpu0.json", RES "basic-cpu1.json", RES "basic-lfence.json",
	RES "rounds-cpu0.json", RES "rounds-cpu1.json",
};
#define NDOCS	(sizeof(docs) / sizeof(docs[0]))

static char url[128];
static struct store *s;

static int
setup(void **state)
{
	struct rs_file f;
	long long id;
	char err[1024], *text;
	size_t i, len;
	int dup;

	(void)state;
	snprintf(url, sizeof(url), "/tmp/cb-test-query-%d.db", (int)getpid());
	unlink(url);
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		return (-1);
	for (i = 0; i < NDOCS; i++) {
		if ((text = rs_read_file(docs[i], &len, err,
		    sizeof(err))) == NULL ||
		    rs_load_text(docs[i], text, len, &f, err, sizeof(err)) != 0)
			return (-1);
		if (store_save(s, text, len, &f, &id, &dup) != 0 ||
		    id != (long long)i + 1)
			return (-1);
		rs_free(&f);
		free(text);
	}
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	store_close(s);
	unlink(url);
	return (0);
}

static size_t
listed(const char *selection, struct store_runs *r)
{
	struct store_sel sel;
	char err[256];

	if (store_sel_parse(selection, &sel, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	if (store_list(s, &sel, r) != STORE_OK)
		fail_msg("%s", s->err);
	store_sel_free(&sel);
	return (r->n);
}

static void
test_list(void **state)
{
	struct store_runs r;
	size_t i;

	(void)state;
	assert_int_equal(listed("", &r), NDOCS);
	for (i = 1; i < r.n; i++)
		assert_true(strcmp(r.runs[i - 1].at, r.runs[i].at) > 0 ||
		    (strcmp(r.runs[i - 1].at, r.runs[i].at) == 0 &&
		    r.runs[i - 1].id > r.runs[i].id));
	assert_int_equal(r.runs[0].id, 5);
	assert_int_equal(r.runs[0].nresults, 7);
	assert_string_equal(r.runs[0].kernel, "6.18.44-fc-v669");
	assert_string_equal(r.runs[0].context, "");
	store_runs_free(&r);
	assert_int_equal(listed("machine=Xeon", &r), 2);
	store_runs_free(&r);
	assert_int_equal(listed("kernel=6.18.44-fc-v782,last=2", &r), 2);
	assert_int_equal(r.runs[0].id, 3);
	store_runs_free(&r);
	assert_int_equal(listed("until=2026-11-30", &r), 3);
	store_runs_free(&r);
	assert_int_equal(listed("since=2026-12-01T15:07:43Z", &r), 1);
	assert_int_equal(r.runs[0].id, 5);
	store_runs_free(&r);
	assert_int_equal(listed("run=2", &r), 1);
	store_runs_free(&r);
	assert_int_equal(listed("commit=none", &r), 0);
	store_runs_free(&r);
}

static void
test_find_machine(void **state)
{
	struct store_rows m;
	long long xeon;
	char ident[17];

	(void)state;
	assert_int_equal(store_machines(s, &m), STORE_OK);
	assert_int_equal(m.nrows, 2);
	xeon = store_find_machine(s, "xeon");
	assert_true(xeon > 0);
	assert_int_equal(store_find_machine(s, "Intel(R) Xeon(R) Processor"),
	    xeon);
	/* By a prefix of its identity, 4 digits or more. */
	snprintf(ident, sizeof(ident), "%s", m.cells[m.ncols * (size_t)(xeon -
	    1)]);
	ident[4] = '\0';
	assert_int_equal(store_find_machine(s, ident), xeon);
	store_rows_free(&m);
	assert_int_equal(store_find_machine(s, "Turin"), 3 - xeon);
	/* Several: the request is refused, the store did not fail. */
	assert_int_equal(store_find_machine(s, "o"), -1);
	assert_string_equal(s->err, "machine 'o' matches 2 machines; name one "
	    "(cyclebench db machines lists them)");
	assert_int_equal(s->refused, 1);
	/* None: nothing is selected, and the reason is there to tell. */
	assert_int_equal(store_find_machine(s, "Power10"), 0);
	assert_non_null(strstr(s->err, "no machine 'Power10' in the store"));
}

/* A machine term that names no machine selects no run; no failure. */
static void
test_machine_none(void **state)
{
	struct store_runs r;
	struct store_points p;
	struct store_sel sel;
	char err[256];

	(void)state;
	assert_int_equal(store_sel_parse("machine=Power10", &sel, err,
	    sizeof(err)), 0);
	assert_int_equal(store_list(s, &sel, &r), STORE_OK);
	assert_int_equal(r.n, 0);
	store_runs_free(&r);
	assert_int_equal(store_points(s, "basic", NULL, NULL, &sel, &p),
	    STORE_OK);
	assert_int_equal(p.n, 0);
	store_points_free(&p);
	store_sel_free(&sel);
}

/*
 * The context keys runs have, once each, in order: none in the fixtures,
 * then those of a run stored with a context.  Last: it adds a run.
 */
static void
test_context_keys(void **state)
{
	struct rs_file f;
	struct store_rows k;
	long long id;
	char err[1024], *text, *doc;
	size_t len;
	int dup;

	(void)state;
	assert_int_equal(store_context_keys(s, &k), STORE_OK);
	assert_int_equal(k.nrows, 0);
	store_rows_free(&k);
	text = rs_read_file(docs[0], &len, err, sizeof(err));
	assert_non_null(text);
	assert_true(asprintf(&doc, "{\"context\": {\"host\": \"a\", "
	    "\"commit\": \"v1\"},%s", text + 1) > 0);
	assert_int_equal(rs_load_text("ctx", doc, strlen(doc), &f, err,
	    sizeof(err)), 0);
	assert_int_equal(store_save(s, doc, strlen(doc), &f, &id, &dup), 0);
	assert_int_equal(store_context_keys(s, &k), STORE_OK);
	assert_int_equal(k.nrows, 2);
	assert_string_equal(k.cells[0], "commit");
	assert_string_equal(k.cells[1], "host");
	store_rows_free(&k);
	rs_free(&f);
	free(doc);
	free(text);
}

static void
test_points(void **state)
{
	struct store_points p;
	struct store_sel sel;
	char err[256];
	size_t i;

	(void)state;
	memset(&sel, 0, sizeof(sel));
	assert_int_equal(store_points(s, NULL, "basic/imul-latency", NULL,
	    &sel, &p), STORE_OK);
	assert_int_equal(p.n, NDOCS);
	for (i = 0; i < p.n; i++) {
		assert_int_equal(p.p[i].run, (long long)i + 1);
		assert_string_equal(p.p[i].key, "basic/imul-latency");
		assert_true(p.p[i].median > 0);
		assert_null(p.p[i].ctx);
	}
	store_points_free(&p);
	assert_int_equal(store_points(s, "basic", NULL, NULL, &sel, &p),
	    STORE_OK);
	assert_int_equal(p.n, 3 * 6 + 2 * 7);
	store_points_free(&p);
	assert_int_equal(store_sel_parse("last=2", &sel, err, sizeof(err)), 0);
	assert_int_equal(store_points(s, "basic", NULL, NULL, &sel, &p),
	    STORE_OK);
	assert_int_equal(p.n, 2 * 7);
	assert_int_equal(p.p[0].run, 4);
	store_points_free(&p);
	store_sel_free(&sel);
}

static void
test_documents(void **state)
{
	long long n[4];
	char err[256], *text, *back;
	size_t len, blen;

	(void)state;
	assert_int_equal(store_document(s, 4, &back, &blen), 0);
	text = rs_read_file(docs[3], &len, err, sizeof(err));
	assert_non_null(text);
	assert_int_equal(blen, len);
	assert_memory_equal(back, text, len);
	free(text);
	free(back);
	assert_int_equal(store_document(s, 99, &back, &blen), -1);
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[0], STORE_SCHEMA_VERSION);
	assert_int_equal(n[1], NDOCS);
	assert_int_equal(n[2], 2);
	assert_int_equal(n[3], 3 * 6 + 2 * 7);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_find_machine),
		cmocka_unit_test(test_points),
		cmocka_unit_test(test_documents),
		cmocka_unit_test(test_machine_none),
		cmocka_unit_test(test_context_keys),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
