/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for store/pg.c, the PostgreSQL back end alone, when
 * CYCLEBENCH_TEST_PG names a server (scripts/with-postgres sets it; the
 * tests skip otherwise, and in builds without libpq): '?' becomes $1,
 * $2 ...; parameters are bound by type, a NULL or a real that is no
 * number as SQL NULL; a statement is kept and used again, past the
 * cache too; statements without rows in a transaction are queued, and
 * a queued failure comes back on one line from the next call that reads
 * the queue; a serialisation failure says "retry".
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

#ifdef CB_HAVE_LIBPQ
static struct store st, *s = &st;

static int
setup(void **state)
{
	const char *url = getenv("CYCLEBENCH_TEST_PG");

	(void)state;
	memset(&st, 0, sizeof(st));
	if (url == NULL || strstr(url, "/cyclebench") == NULL)
		return (0);
	st.be = &store_postgresql;
	if (s->be->open(s, url, 1) != STORE_OK) {
		print_error("%s\n", s->err);
		return (-1);
	}
	return (s->be->exec(s, "CREATE TEMPORARY TABLE t (a TEXT, b BIGINT, "
	    "c DOUBLE PRECISION, d DOUBLE PRECISION)") == STORE_OK ? 0 : -1);
}

static int
teardown(void **state)
{

	(void)state;
	if (st.be != NULL)
		s->be->close(s);
	return (0);
}

static const char insert[] = "INSERT INTO t VALUES (?, ?, ?, ?)";
static const char select_all[] = "SELECT a, b, c, d FROM t ORDER BY b";

static void
test_types(void **state)
{
	struct store_val p[4] = {
		{ .type = SV_TEXT, .s = "it's; -- $1" },
		{ .type = SV_INT, .i = -9007199254740993LL },
		{ .type = SV_REAL, .d = 0.1 },
		{ .type = SV_REAL, .d = NAN },
	};
	struct store_rows r;

	(void)state;
	if (st.be == NULL)
		skip();
	assert_int_equal(s->be->query(s, insert, p, 4, NULL), STORE_OK);
	p[0] = (struct store_val){ .type = SV_TEXT, .null = 1 };
	p[1].i = 7;
	p[2].d = 1.0 / 3;
	p[3] = (struct store_val){ .type = SV_REAL, .d = 2.5 };
	assert_int_equal(s->be->query(s, insert, p, 4, NULL), STORE_OK);
	assert_int_equal(s->be->query(s, select_all, NULL, 0, &r), STORE_OK);
	assert_int_equal(r.nrows, 2);
	assert_int_equal(r.ncols, 4);
	assert_string_equal(r.cells[0], "it's; -- $1");
	assert_string_equal(r.cells[1], "-9007199254740993");
	assert_true(strtod(r.cells[2], NULL) == (double)0.1);
	assert_null(r.cells[3]);
	assert_null(r.cells[4]);
	assert_string_equal(r.cells[5], "7");
	assert_true(strtod(r.cells[6], NULL) == (double)(1.0 / 3));
	assert_true(strtod(r.cells[7], NULL) == 2.5);
	store_rows_free(&r);
}

/* More statements than the cache keeps: the rest prepared each time. */
static void
test_kept_statements(void **state)
{
	struct store_val p[2] = { { .type = SV_INT }, { .type = SV_INT } };
	struct store_rows r;
	char *sql[40];
	size_t i, k;

	(void)state;
	if (st.be == NULL)
		skip();
	for (i = 0; i < 40; i++)
		assert_true(asprintf(&sql[i], "SELECT %zu + ? * ?", i) > 0);
	for (k = 0; k < 2; k++)
		for (i = 0; i < 40; i++) {
			p[0].i = (long long)i;
			p[1].i = (long long)k + 2;
			assert_int_equal(s->be->query(s, sql[i], p, 2, &r),
			    STORE_OK);
			assert_int_equal(strtol(r.cells[0], NULL, 10),
			    (long)(i + i * (k + 2)));
			store_rows_free(&r);
		}
	for (i = 0; i < 40; i++)
		free(sql[i]);
}

static void
test_queued_failure(void **state)
{
	static const char divide[] = "UPDATE t SET b = b / ?";
	struct store_val p[4] = {
		{ .type = SV_TEXT, .s = "queued" }, { .type = SV_INT, .i = 1 },
		{ .type = SV_REAL, .d = 1 }, { .type = SV_REAL, .d = 2 },
	};
	struct store_val zero = { .type = SV_INT, .i = 0 };
	struct store_rows r;

	(void)state;
	if (st.be == NULL)
		skip();
	assert_int_equal(s->be->exec(s, "BEGIN"), STORE_OK);
	/* Queued: a failure is not known until the queue is read. */
	assert_int_equal(s->be->query(s, insert, p, 4, NULL), STORE_OK);
	assert_int_equal(s->be->query(s, divide, &zero, 1, NULL), STORE_OK);
	assert_int_equal(s->be->query(s, select_all, NULL, 0, &r),
	    STORE_ERROR);
	assert_non_null(strstr(s->err, "division by zero"));
	assert_null(strchr(s->err, '\n'));
	assert_int_equal(r.nrows, 0);
	assert_int_equal(s->be->exec(s, "ROLLBACK"), STORE_OK);
	/* Rolled back: nothing of the transaction is left. */
	assert_int_equal(s->be->query(s, "SELECT count(*) FROM t WHERE a = ?",
	    p, 1, &r), STORE_OK);
	assert_string_equal(r.cells[0], "0");
	store_rows_free(&r);
}

static void
test_retry(void **state)
{

	(void)state;
	if (st.be == NULL)
		skip();
	assert_int_equal(s->be->exec(s, "DO $$ BEGIN RAISE EXCEPTION 'busy' "
	    "USING ERRCODE = '40001'; END $$"), STORE_RETRY);
	assert_non_null(strstr(s->err, "busy"));
	assert_int_equal(s->be->exec(s, "DO $$ BEGIN RAISE EXCEPTION 'no' "
	    "USING ERRCODE = '22000'; END $$"), STORE_ERROR);
}
#else
static int
setup(void **state)
{

	(void)state;
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	return (0);
}

/* Built without libpq: there is no PostgreSQL back end to test. */
static void
test_types(void **state)
{

	(void)state;
	skip();
}
#endif

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_types),
#ifdef CB_HAVE_LIBPQ
		cmocka_unit_test(test_kept_statements),
		cmocka_unit_test(test_queued_failure),
		cmocka_unit_test(test_retry),
#endif
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
