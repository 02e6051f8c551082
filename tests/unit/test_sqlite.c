/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for store/sqlite.c, the back end alone: parameters are
 * bound by type (a NULL, or a real that is no number, as SQL NULL);
 * every cell comes back as text, a real in digits that read back as the
 * same double; a statement is kept and used again; an error says what
 * SQLite said; a file that is no database is named so.
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
#include <unistd.h>

#include "store/backend.h"

static char path[128];
static struct store st, *s = &st;

static int
setup(void **state)
{

	(void)state;
	snprintf(path, sizeof(path), "/tmp/cb-test-sqlite-%d.db",
	    (int)getpid());
	unlink(path);
	memset(&st, 0, sizeof(st));
	st.be = &store_sqlite;
	if (s->be->open(s, path, 1) != STORE_OK)
		return (-1);
	return (s->be->exec(s, "CREATE TABLE t (a TEXT, b BIGINT, c REAL, "
	    "d REAL)") == STORE_OK ? 0 : -1);
}

static int
teardown(void **state)
{

	(void)state;
	s->be->close(s);
	unlink(path);
	return (0);
}

static const char insert[] = "INSERT INTO t VALUES (?, ?, ?, ?)";
static const char select_all[] = "SELECT a, b, c, d FROM t ORDER BY b";

static void
test_types(void **state)
{
	struct store_val p[4] = {
		{ .type = SV_TEXT, .s = "it's; --" },
		{ .type = SV_INT, .i = -9007199254740993LL },
		{ .type = SV_REAL, .d = 0.1 },
		{ .type = SV_REAL, .d = NAN },
	};
	struct store_rows r;

	(void)state;
	assert_int_equal(s->be->query(s, insert, p, 4, NULL), STORE_OK);
	p[0] = (struct store_val){ .type = SV_TEXT, .null = 1 };
	p[1].i = 7;
	p[2].d = 1.0 / 3;
	p[3] = (struct store_val){ .type = SV_REAL, .d = 2.5 };
	assert_int_equal(s->be->query(s, insert, p, 4, NULL), STORE_OK);
	assert_int_equal(s->be->query(s, select_all, NULL, 0, &r), STORE_OK);
	assert_int_equal(r.nrows, 2);
	assert_int_equal(r.ncols, 4);
	assert_string_equal(r.cells[0], "it's; --");
	assert_string_equal(r.cells[1], "-9007199254740993");
	assert_true(strtod(r.cells[2], NULL) == (double)0.1);
	assert_null(r.cells[3]);
	assert_null(r.cells[4]);
	assert_string_equal(r.cells[5], "7");
	assert_true(strtod(r.cells[6], NULL) == (double)(1.0 / 3));
	assert_true(strtod(r.cells[7], NULL) == 2.5);
	store_rows_free(&r);
	assert_int_equal(r.nrows, 0);
}

/* The same statement, run more often than the cache holds statements. */
static void
test_kept_statements(void **state)
{
	struct store_val p = { .type = SV_INT };
	struct store_rows r;
	char *sql[40];
	size_t i;

	(void)state;
	for (i = 0; i < 40; i++) {
		assert_true(asprintf(&sql[i], "SELECT %zu + ?", i) > 0);
		p.i = (long long)i;
		assert_int_equal(s->be->query(s, sql[i], &p, 1, &r), STORE_OK);
		assert_int_equal(strtol(r.cells[0], NULL, 10), 2 * (long)i);
		store_rows_free(&r);
	}
	/* Kept ones and finalized ones both run again, rebound. */
	for (i = 0; i < 40; i += 13) {
		p.i = 1000;
		assert_int_equal(s->be->query(s, sql[i], &p, 1, &r), STORE_OK);
		assert_int_equal(strtol(r.cells[0], NULL, 10),
		    1000 + (long)i);
		store_rows_free(&r);
	}
	for (i = 0; i < 40; i++)
		free(sql[i]);
}

static void
test_errors(void **state)
{
	struct store_rows r;
	struct store t;
	FILE *fp;

	(void)state;
	assert_int_equal(s->be->query(s, "SELECT x FROM nowhere", NULL,
	    0, &r), STORE_ERROR);
	assert_non_null(strstr(s->err, "no such table: nowhere"));
	assert_int_equal(r.nrows, 0);
	assert_int_equal(s->be->exec(s, "CREATE TABLE t (x)"), STORE_ERROR);
	assert_non_null(strstr(s->err, "already exists"));
	/* A file of text, opened as a database. */
	fp = fopen(path, "r+");
	assert_non_null(fp);
	s->be->close(s);
	fputs("SQLite format 2, or rather none at all: this is text that "
	    "is long enough to be read as a header of one hundred bytes.\n",
	    fp);
	fclose(fp);
	memset(&t, 0, sizeof(t));
	t.be = &store_sqlite;
	/* Refused on opening or on the first query; closed either way, as
	   store_close does. */
	if (t.be->open(&t, path, 0) == STORE_OK)
		assert_int_equal(t.be->query(&t, "SELECT count(*) FROM "
		    "sqlite_master", NULL, 0, &r), STORE_ERROR);
	if (t.db != NULL)
		t.be->close(&t);
	assert_non_null(strstr(t.err, "not a SQLite database"));
	/* setup's store is closed: open it again for teardown. */
	unlink(path);
	assert_int_equal(s->be->open(s, path, 1), STORE_OK);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_types, setup, teardown),
		cmocka_unit_test_setup_teardown(test_kept_statements, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_errors, setup, teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
