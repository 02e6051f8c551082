/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for the results store (src/store), on SQLite always and on
 * PostgreSQL when CYCLEBENCH_TEST_PG names a server (scripts/with-postgres
 * sets it; make check runs this under it): a document comes back byte
 * for byte and is stored once; quotes and SQL in names and context are
 * data; a store from a newer cyclebench, a file of another program and a
 * file that is no database are refused untouched; a version-1 store is
 * migrated.  Selections (test_select.c), digests and machine identities
 * (test_save.c) and the schema's steps (test_schema.c) have tests of
 * their own.
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

#include <sqlite3.h>
#ifdef CB_HAVE_LIBPQ
#include <libpq-fe.h>
#endif

#include "store/schema.h"
#include "store/store.h"

#define FIXTURE	"tests/fixtures/results/basic-cpu0.json"

/* A new, empty store each test: a SQLite file or a PostgreSQL database. */
static char *
fresh_url(int pg, const char *tag)
{
	static int seq;
	char *url;

	if (!pg) {
		if (asprintf(&url, "%s/cb-test-store-%d-%s-%d.db",
		    getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (int)getpid(),
		    tag, seq++) < 0)
			fail();
		unlink(url);
		return (url);
	}
#ifdef CB_HAVE_LIBPQ
	{
		const char *admin = getenv("CYCLEBENCH_TEST_PG");
		const char *q = strchr(admin, '?');
		char sql[128], name[64];
		PGresult *res;
		PGconn *c;

		snprintf(name, sizeof(name), "ut_%d_%s_%d", (int)getpid(), tag,
		    seq++);
		c = PQconnectdb(admin);
		assert_int_equal(PQstatus(c), CONNECTION_OK);
		snprintf(sql, sizeof(sql), "CREATE DATABASE %s", name);
		res = PQexec(c, sql);
		assert_int_equal(PQresultStatus(res), PGRES_COMMAND_OK);
		PQclear(res);
		PQfinish(c);
		/* The admin URL's database, "/cyclebench?", becomes ours. */
		if (asprintf(&url, "%.*s/%s%s", (int)(strstr(admin,
		    "/cyclebench") - admin), admin, name, q ? q : "") < 0)
			fail();
		return (url);
	}
#else
	fail();
	return (NULL);
#endif
}

static int
have_pg(void)
{
#ifdef CB_HAVE_LIBPQ
	const char *u = getenv("CYCLEBENCH_TEST_PG");

	return (u != NULL && strstr(u, "/cyclebench") != NULL);
#else
	return (0);
#endif
}

static char *
read_fixture(size_t *len)
{
	char err[512], *t;

	t = rs_read_file(FIXTURE, len, err, sizeof(err));
	assert_non_null(t);
	return (t);
}

static struct store *
open_ok(const char *url)
{
	struct store *s;
	char err[1024];

	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	return (s);
}

static void
save_ok(struct store *s, const char *text, size_t len, long long *id,
    int *dup)
{
	struct rs_file f;
	char err[512];

	assert_int_equal(rs_load_text("doc", text, len, &f, err, sizeof(err)),
	    0);
	if (store_save(s, text, len, &f, id, dup) != 0)
		fail_msg("%s", s->err);
	rs_free(&f);
}

static void
roundtrip(int pg)
{
	struct store_sel sel;
	struct rs_file *files, f;
	struct store_doc d;
	struct store *s;
	long long id, id2, n[4];
	char *url, *text, *back, err[256], ident[17];
	size_t len, blen, nf;
	int dup;

	url = fresh_url(pg, "rt");
	s = open_ok(url);
	text = read_fixture(&len);
	save_ok(s, text, len, &id, &dup);
	assert_int_equal(dup, 0);
	save_ok(s, text, len, &id2, &dup);
	assert_int_equal(dup, 1);
	assert_int_equal(id, id2);
	/* A digest made beforehand (db import's, where a file is read)
	   finds the same run. */
	assert_int_equal(rs_load_text("doc", text, len, &f, err, sizeof(err)),
	    0);
	d = (struct store_doc){ text, len, &f, 0, 0, "" };
	store_digest(text, len, d.digest);
	if (store_save_many(s, &d, 1) != 0)
		fail_msg("%s", s->err);
	assert_int_equal(d.dup, 1);
	assert_int_equal(d.run_id, id);
	rs_free(&f);
	assert_int_equal(store_document(s, id, &back, &blen), 0);
	assert_int_equal(blen, len);
	assert_memory_equal(back, text, len);
	free(back);
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[0], STORE_SCHEMA_VERSION);
	assert_int_equal(n[1], 1);
	assert_int_equal(n[3], 6);
	/* The machine by a prefix of its identity. */
	assert_int_equal(rs_load_text("doc", text, len, &f, err, sizeof(err)),
	    0);
	store_machine_ident(&f.machine, ident);
	rs_free(&f);
	ident[6] = '\0';
	assert_int_equal(store_sel_parse("last=1", &sel, err, sizeof(err)), 0);
	sel.machine = ident;
	/* Too many for the caller: said before any document is fetched. */
	assert_int_equal(store_load(s, &sel, 0, &files, &nf), 2);
	assert_int_equal(nf, 1);
	assert_null(files);
	assert_int_equal(store_load(s, &sel, 1, &files, &nf), 0);
	assert_int_equal(nf, 1);
	assert_string_equal(files[0].path, "run 1");
	assert_int_equal(files[0].nresults, 6);
	rs_free(&files[0]);
	free(files);
	/* A machine that is none selects nothing. */
	sel.machine = "no such machine";
	assert_int_equal(store_load(s, &sel, 1, &files, &nf), 1);
	store_sel_free(&sel);
	store_close(s);
	free(text);
	if (!pg)
		unlink(url);
	free(url);
}

/* Quotes, semicolons and comments in names and values are only data. */
static void
injection(int pg)
{
	static const char evil_name[] = "x'); DROP TABLE runs; --";
	static const char evil_value[] = "\"'; DELETE FROM results; --";
	struct store_points pts;
	struct store_sel sel;
	struct store *s;
	json_t *doc, *r;
	long long id, n[4];
	char *url, *text, err[256];
	size_t len;
	int dup;

	url = fresh_url(pg, "inj");
	s = open_ok(url);
	text = read_fixture(&len);
	doc = json_loadb(text, len, 0, NULL);
	free(text);
	r = json_array_get(json_object_get(doc, "results"), 0);
	json_object_set_new(r, "name", json_string(evil_name));
	json_object_set_new(doc, "context", json_pack("{s:s}", "note",
	    evil_value));
	text = json_dumps(doc, JSON_INDENT(2));
	json_decref(doc);
	save_ok(s, text, strlen(text), &id, &dup);
	free(text);
	memset(&sel, 0, sizeof(sel));
	assert_int_equal(store_points(s, NULL, evil_name, "note", &sel, &pts),
	    0);
	assert_int_equal(pts.n, 1);
	assert_string_equal(pts.p[0].name, evil_name);
	assert_string_equal(pts.p[0].ctx, evil_value);
	store_points_free(&pts);
	/* And as a selection term, escaped for its own syntax only. */
	assert_int_equal(store_sel_parse("note=\"'; DELETE FROM results; --",
	    &sel, err, sizeof(err)), 0);
	assert_int_equal(store_points(s, "basic", NULL, NULL, &sel, &pts), 0);
	assert_int_equal(pts.n, 6);	/* the renamed one is still basic */
	store_points_free(&pts);
	store_sel_free(&sel);
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[1], 1);
	assert_int_equal(n[3], 6);
	store_close(s);
	if (!pg)
		unlink(url);
	free(url);
}

static char *
slurp(const char *path, size_t *len)
{
	char err[256];

	return (rs_read_file(path, len, err, sizeof(err)));
}

/* A newer store: refused with the reason, and not touched. */
static void
newer(int pg)
{
	static const char bump[] =
	    "UPDATE meta SET value = '99' WHERE key = 'schema_version'";
	struct store *s;
	char *url, *before, *after, err[1024];
	size_t blen, alen;

	url = fresh_url(pg, "new");
	s = open_ok(url);
	assert_int_equal(s->be->query(s, bump, NULL, 0, NULL), STORE_OK);
	store_close(s);
	before = pg ? NULL : slurp(url, &blen);
	assert_int_equal(store_open(url, STORE_WRITE, &s, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "schema version 99"));
	assert_non_null(strstr(err, "use a newer cyclebench"));
	if (!pg) {
		after = slurp(url, &alen);
		assert_int_equal(alen, blen);
		assert_memory_equal(after, before, blen);
		free(before);
		free(after);
		unlink(url);
	}
	free(url);
}

/* A store made by step 1 alone is brought to the current version. */
static void
migrate(int pg)
{
	struct store *s;
	long long n[4];
	char *url;

	url = fresh_url(pg, "mig");
	s = calloc(1, sizeof(*s));
#ifdef CB_HAVE_LIBPQ
	s->be = pg ? &store_postgresql : &store_sqlite;
#else
	s->be = &store_sqlite;
#endif
	assert_int_equal(s->be->open(s, url, 1), STORE_OK);
	assert_int_equal(s->be->exec(s, s->be->begin_write), STORE_OK);
	assert_int_equal(schema_apply(s, &schema_steps[0]), STORE_OK);
	assert_int_equal(s->be->exec(s, "COMMIT"), STORE_OK);
	s->be->close(s);
	free(s);
	s = open_ok(url);
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[0], STORE_SCHEMA_VERSION);
	store_close(s);
	if (!pg)
		unlink(url);
	free(url);
}

static void
test_sqlite_roundtrip(void **state)
{
	(void)state;
	roundtrip(0);
}

static void
test_sqlite_injection(void **state)
{
	(void)state;
	injection(0);
}

static void
test_sqlite_newer(void **state)
{
	(void)state;
	newer(0);
}

static void
test_sqlite_migrate(void **state)
{
	(void)state;
	migrate(0);
}

#ifdef CB_HAVE_LIBPQ
static void
pg_run(const char *url, const char *sql)
{
	PGconn *c = PQconnectdb(url);
	PGresult *res;

	assert_int_equal(PQstatus(c), CONNECTION_OK);
	res = PQexec(c, sql);
	if (PQresultStatus(res) != PGRES_COMMAND_OK)
		fail_msg("%s", PQresultErrorMessage(res));
	PQclear(res);
	PQfinish(c);
}

static long long
pg_number(const char *url, const char *sql)
{
	PGconn *c = PQconnectdb(url);
	PGresult *res;
	long long v;

	assert_int_equal(PQstatus(c), CONNECTION_OK);
	res = PQexec(c, sql);
	assert_int_equal(PQresultStatus(res), PGRES_TUPLES_OK);
	v = strtoll(PQgetvalue(res, 0, 0), NULL, 10);
	PQclear(res);
	PQfinish(c);
	return (v);
}

/*
 * A result's row is queued, not waited for: when the server refuses it
 * the run must still be stored whole or not at all, a refusal that says
 * "try again" retried, and any other reported.
 */
static void
queued_failure(void)
{
	struct store *s;
	long long id, n[4];
	char *url, *text, *other, err[512];
	size_t len, olen;
	int dup;

	url = fresh_url(1, "queue");
	s = open_ok(url);
	pg_run(url, "CREATE SEQUENCE tries;"
	    "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS $$"
	    " BEGIN IF NEW.seq = 3 THEN IF nextval('tries') = 1 THEN"
	    " RAISE EXCEPTION 'busy' USING ERRCODE = '40001';"
	    " END IF; END IF; RETURN NEW; END $$;"
	    "CREATE TRIGGER refuse BEFORE INSERT ON results"
	    " FOR EACH ROW EXECUTE FUNCTION refuse()");
	text = read_fixture(&len);
	save_ok(s, text, len, &id, &dup);
	/* Refused once, stored whole on the second try. */
	assert_int_equal(pg_number(url, "SELECT last_value FROM tries"), 2);
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[1], 1);
	assert_int_equal(n[3], 6);
	pg_run(url, "CREATE OR REPLACE FUNCTION refuse() RETURNS trigger"
	    " LANGUAGE plpgsql AS $$ BEGIN IF NEW.seq = 3 THEN"
	    " RAISE EXCEPTION 'no fourth result today'; END IF;"
	    " RETURN NEW; END $$");
	other = rs_read_file("tests/fixtures/results/basic-cpu1.json", &olen,
	    err, sizeof(err));
	assert_non_null(other);
	{
		struct rs_file f;

		assert_int_equal(rs_load_text("doc", other, olen, &f, err,
		    sizeof(err)), 0);
		assert_int_equal(store_save(s, other, olen, &f, &id, &dup),
		    -1);
		rs_free(&f);
	}
	assert_non_null(strstr(s->err, "no fourth result today"));
	/* The store works on after the failure, and holds nothing of it. */
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[1], 1);
	assert_int_equal(n[3], 6);
	store_close(s);
	free(other);
	free(text);
	free(url);
}
#endif

static void
test_pg(void **state)
{
	(void)state;
	if (!have_pg())
		skip();
	roundtrip(1);
	injection(1);
	newer(1);
	migrate(1);
#ifdef CB_HAVE_LIBPQ
	queued_failure();
#endif
}

/* Not a store: another program's SQLite file, or no database at all. */
static void
test_sqlite_foreign(void **state)
{
	struct store *s;
	sqlite3 *db;
	char *url, *before, *after, err[1024];
	size_t blen, alen;
	FILE *fp;

	(void)state;
	url = fresh_url(0, "foreign");
	assert_int_equal(sqlite3_open(url, &db), SQLITE_OK);
	assert_int_equal(sqlite3_exec(db, "CREATE TABLE bookmarks (url TEXT)",
	    NULL, NULL, NULL), SQLITE_OK);
	sqlite3_close(db);
	before = slurp(url, &blen);
	assert_int_equal(store_open(url, STORE_WRITE, &s, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "not a cyclebench results store"));
	after = slurp(url, &alen);
	assert_int_equal(alen, blen);
	assert_memory_equal(after, before, blen);
	free(before);
	free(after);
	fp = fopen(url, "w");
	fputs("this is a text file, not a database, and it is long enough "
	    "to hold a header of one hundred bytes, which SQLite reads first "
	    "before anything else\n", fp);
	fclose(fp);
	assert_int_equal(store_open(url, STORE_WRITE, &s, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "not a SQLite database"));
	unlink(url);
	free(url);
	/* A store to read that is not there is not made. */
	url = fresh_url(0, "absent");
	assert_int_equal(store_open(url, STORE_READ, &s, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "no such file"));
	assert_int_equal(access(url, F_OK), -1);
	free(url);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sqlite_roundtrip),
		cmocka_unit_test(test_sqlite_injection),
		cmocka_unit_test(test_sqlite_newer),
		cmocka_unit_test(test_sqlite_migrate),
		cmocka_unit_test(test_sqlite_foreign),
		cmocka_unit_test(test_pg),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
