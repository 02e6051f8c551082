/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SQLite back end: a results store in one file, no server.  Writers
 * take the write lock when their transaction begins (BEGIN IMMEDIATE),
 * so two never deadlock upgrading a read lock, and wait for each other
 * through SQLite's busy timeout; what still comes back busy is retried
 * by the store.  The journal is a write-ahead log, so readers (table,
 * history) and one writer proceed together.  Statements are prepared
 * once per connection and kept, keyed by the store's constant SQL.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sqlite3.h>

#include "store/backend.h"

#define BUSY_TIMEOUT_MS	10000
#define NCACHE		32

struct lite {
	sqlite3		*db;
	struct {
		const char	*sql;
		sqlite3_stmt	*st;
	}		 cache[NCACHE];
};

static int
lite_status(struct store *s, int rc)
{
	struct lite *l = s->db;

	switch (rc & 0xff) {
	case SQLITE_OK:
	case SQLITE_DONE:
	case SQLITE_ROW:
		return (STORE_OK);
	case SQLITE_BUSY:
	case SQLITE_LOCKED:
		store_fail(s, "%s", sqlite3_errmsg(l->db));
		return (STORE_RETRY);
	case SQLITE_NOTADB:
		return (store_fail(s, "not a SQLite database (%s)",
		    sqlite3_errmsg(l->db)));
	case SQLITE_CORRUPT:
		return (store_fail(s, "the SQLite file is damaged (%s)",
		    sqlite3_errmsg(l->db)));
	default:
		return (store_fail(s, "%s", sqlite3_errmsg(l->db)));
	}
}

static int
lite_open(struct store *s, const char *path, int create)
{
	sqlite3_stmt *st;
	struct lite *l;
	int rc, empty;

	if ((l = calloc(1, sizeof(*l))) == NULL)
		return (store_fail(s, "out of memory"));
	s->db = l;
	rc = sqlite3_open_v2(path, &l->db, create ? SQLITE_OPEN_READWRITE |
	    SQLITE_OPEN_CREATE : SQLITE_OPEN_READWRITE, NULL);
	if (rc == SQLITE_CANTOPEN && !create)
		return (store_fail(s, "no such file: nothing has been saved "
		    "there (run --save or db import first)"));
	if (rc != SQLITE_OK)
		return (l->db != NULL ? lite_status(s, rc) :
		    store_fail(s, "out of memory"));
	sqlite3_extended_result_codes(l->db, 1);
	sqlite3_busy_timeout(l->db, BUSY_TIMEOUT_MS);
	/*
	 * Settings of this connection: the file is not written.  Each run's
	 * insert keeps a statement journal, which would be a temporary file
	 * written page by page (46,000 writes an import of 1,000 runs).
	 */
	if ((rc = lite_status(s, sqlite3_exec(l->db, "PRAGMA foreign_keys = "
	    "ON; PRAGMA synchronous = NORMAL; PRAGMA temp_store = MEMORY",
	    NULL, NULL, NULL))) != STORE_OK)
		return (rc);
	/*
	 * A new, empty file becomes a WAL store (outside any transaction, as
	 * SQLite requires).  Anything else is read before it is written: it
	 * may be a newer store, or not a store.
	 */
	if ((rc = lite_status(s, sqlite3_prepare_v2(l->db,
	    "PRAGMA page_count", -1, &st, NULL))) != STORE_OK)
		return (rc);
	empty = sqlite3_step(st) == SQLITE_ROW &&
	    sqlite3_column_int64(st, 0) == 0;
	rc = lite_status(s, sqlite3_finalize(st));
	if (rc == STORE_OK && empty && create)
		rc = lite_status(s, sqlite3_exec(l->db, "PRAGMA journal_mode = "
		    "WAL", NULL, NULL, NULL));
	return (rc);
}

static void
lite_close(struct store *s)
{
	struct lite *l = s->db;
	size_t i;

	for (i = 0; i < NCACHE; i++)
		sqlite3_finalize(l->cache[i].st);
	sqlite3_close(l->db);
	free(l);
	s->db = NULL;
}

static int
lite_exec(struct store *s, const char *sql)
{
	struct lite *l = s->db;

	return (lite_status(s, sqlite3_exec(l->db, sql, NULL, NULL, NULL)));
}

static int
prepare(struct store *s, const char *sql, sqlite3_stmt **st)
{
	struct lite *l = s->db;
	size_t i;
	int rc;

	for (i = 0; i < NCACHE && l->cache[i].sql != NULL; i++)
		if (l->cache[i].sql == sql) {
			*st = l->cache[i].st;
			return (STORE_OK);
		}
	if ((rc = lite_status(s, sqlite3_prepare_v2(l->db, sql, -1, st,
	    NULL))) != STORE_OK)
		return (rc);
	if (i < NCACHE) {
		l->cache[i].sql = sql;
		l->cache[i].st = *st;
	}
	return (STORE_OK);
}

static void
done(struct store *s, sqlite3_stmt *st)
{
	struct lite *l = s->db;
	size_t i;

	for (i = 0; i < NCACHE; i++)
		if (l->cache[i].st == st) {
			sqlite3_reset(st);
			sqlite3_clear_bindings(st);
			return;
		}
	sqlite3_finalize(st);
}

static int
bind(sqlite3_stmt *st, int i, const struct store_val *v)
{

	if (v->null || (v->type == SV_REAL && !isfinite(v->d)))
		return (sqlite3_bind_null(st, i));
	switch (v->type) {
	case SV_TEXT:
		return (sqlite3_bind_text(st, i, v->s, -1, SQLITE_STATIC));
	case SV_INT:
		return (sqlite3_bind_int64(st, i, v->i));
	case SV_REAL:
		return (sqlite3_bind_double(st, i, v->d));
	default:
		return (sqlite3_bind_null(st, i));
	}
}

/* A cell as text; a real with 17 digits, so it reads back exactly. */
static char *
cell(sqlite3_stmt *st, int c)
{
	char buf[32];

	switch (sqlite3_column_type(st, c)) {
	case SQLITE_NULL:
		return (NULL);
	case SQLITE_FLOAT:
		snprintf(buf, sizeof(buf), "%.17g",
		    sqlite3_column_double(st, c));
		return (strdup(buf));
	default:
		return (strndup((const char *)sqlite3_column_text(st, c),
		    (size_t)sqlite3_column_bytes(st, c)));
	}
}

static int
add_row(struct store_rows *out, sqlite3_stmt *st, size_t *cap)
{
	char **cells;
	size_t c, base;

	if (out->nrows == *cap) {
		*cap = *cap ? *cap * 2 : 16;
		cells = realloc(out->cells, *cap * out->ncols * sizeof(*cells));
		if (cells == NULL)
			return (-1);
		out->cells = cells;
	}
	base = out->nrows * out->ncols;
	for (c = 0; c < out->ncols; c++) {
		out->cells[base + c] = cell(st, (int)c);
		if (out->cells[base + c] == NULL &&
		    sqlite3_column_type(st, (int)c) != SQLITE_NULL) {
			out->nrows++;
			return (-1);
		}
	}
	out->nrows++;
	return (0);
}

static int
lite_query(struct store *s, const char *sql, const struct store_val *p,
    size_t np, struct store_rows *out)
{
	sqlite3_stmt *st;
	size_t i, cap = 0;
	int rc, step;

	if (out != NULL)
		memset(out, 0, sizeof(*out));
	if ((rc = prepare(s, sql, &st)) != STORE_OK)
		return (rc);
	for (i = 0; i < np; i++)
		if ((rc = lite_status(s, bind(st, (int)i + 1, &p[i]))) !=
		    STORE_OK) {
			done(s, st);
			return (rc);
		}
	if (out != NULL)
		out->ncols = (size_t)sqlite3_column_count(st);
	while ((step = sqlite3_step(st)) == SQLITE_ROW)
		if (out != NULL && add_row(out, st, &cap) != 0) {
			done(s, st);
			store_rows_free(out);
			return (store_fail(s, "out of memory"));
		}
	rc = lite_status(s, step);
	done(s, st);
	if (rc != STORE_OK && out != NULL)
		store_rows_free(out);
	return (rc);
}

const struct store_backend store_sqlite = {
	.name = "sqlite",
	.serial_pk = "INTEGER PRIMARY KEY",
	.begin_write = "BEGIN IMMEDIATE",
	.schema_lock = NULL,		/* BEGIN IMMEDIATE is the lock */
	.foreign_tables = "SELECT count(*) FROM sqlite_master"
	    " WHERE type = 'table'",
	.table_exists = "SELECT count(*) FROM sqlite_master"
	    " WHERE type = 'table' AND name = ?",
	.open = lite_open,
	.close = lite_close,
	.query = lite_query,
	.exec = lite_exec,
};
