/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for store/schema.c: the steps are versions 1 to
 * STORE_SCHEMA_VERSION in order; a step's "@ID@" becomes the back end's
 * key type; a new store records its version and the cyclebench that
 * wrote it; a meta table without a valid version, or with a newer one,
 * is refused with the reason and the writer named.  On SQLite.
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

#include "store/schema.h"
#include "store/store.h"

static char url[128];

static int
setup(void **state)
{

	(void)state;
	snprintf(url, sizeof(url), "/tmp/cb-test-schema-%d.db", (int)getpid());
	unlink(url);
	return (0);
}

/* The store and what SQLite keeps beside it (a refused open leaves them). */
static int
teardown(void **state)
{
	char side[sizeof(url) + 8];

	(void)state;
	unlink(url);
	snprintf(side, sizeof(side), "%s-wal", url);
	unlink(side);
	snprintf(side, sizeof(side), "%s-shm", url);
	unlink(side);
	return (0);
}

/* The one value of a one-row, one-column query, malloc'ed. */
static char *
value_of(struct store *s, const char *sql, const char *arg)
{
	struct store_val p = { .type = SV_TEXT, .s = arg };
	struct store_rows r;
	char *v;

	assert_int_equal(s->be->query(s, sql, &p, arg != NULL, &r), STORE_OK);
	assert_int_equal(r.nrows, 1);
	v = strdup(r.cells[0] != NULL ? r.cells[0] : "(null)");
	store_rows_free(&r);
	return (v);
}

static void
test_steps(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(schema_nsteps, STORE_SCHEMA_VERSION);
	for (i = 0; i < schema_nsteps; i++) {
		assert_int_equal(schema_steps[i].version, (int)i + 1);
		assert_true(schema_steps[i].what[0] != '\0');
		assert_non_null(schema_steps[i].sql[0]);
	}
}

static void
test_new_store(void **state)
{
	struct store *s;
	char err[1024], *v;

	(void)state;
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	v = value_of(s, "SELECT value FROM meta WHERE key = ?",
	    "schema_version");
	assert_int_equal(atoi(v), STORE_SCHEMA_VERSION);
	free(v);
	v = value_of(s, "SELECT value FROM meta WHERE key = ?",
	    "tool_version");
	assert_string_equal(v, CB_VERSION);
	free(v);
	/* @ID@ became the back end's auto-numbered key. */
	v = value_of(s, "SELECT sql FROM sqlite_master WHERE name = ?",
	    "machines");
	assert_null(strstr(v, "@ID@"));
	assert_non_null(strstr(v, s->be->serial_pk));
	free(v);
	/* Opened again: at its version already, nothing to do. */
	store_close(s);
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	store_close(s);
}

static void
test_refused(void **state)
{
	struct store *s;
	char err[1024];

	(void)state;
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(s->be->query(s, "UPDATE meta SET value = '99' WHERE "
	    "key = 'schema_version'", NULL, 0, NULL), STORE_OK);
	assert_int_equal(s->be->query(s, "UPDATE meta SET value = '9.9.9' "
	    "WHERE key = 'tool_version'", NULL, 0, NULL), STORE_OK);
	store_close(s);
	assert_int_equal(store_open(url, STORE_READ, &s, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "schema version 99 (written by cyclebench "
	    "9.9.9) is newer than this cyclebench " CB_VERSION " knows"));
	/* A version that is no number: a damaged store, or another's. */
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) == 0)
		fail_msg("opened a store of version 99");
	unlink(url);
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(s->be->query(s, "UPDATE meta SET value = '2x' WHERE "
	    "key = 'schema_version'", NULL, 0, NULL), STORE_OK);
	store_close(s);
	assert_int_equal(store_open(url, STORE_WRITE, &s, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "its meta table has no valid "
	    "schema_version"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_steps),
		cmocka_unit_test_setup_teardown(test_new_store, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_refused, setup, teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
