/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The schema and its migrations.  A store records its version in the
 * meta table; opening one reads it first and writes nothing unless the
 * store is older than this cyclebench, so a store from a newer one is
 * refused untouched.  Migrating runs in one writing transaction under
 * the back end's schema lock, reading the version again inside it: of
 * many processes opening a new store at once, one creates it and the
 * others find it made.
 *
 * Whole documents are kept as text, so keys that later results schemas
 * add need no migration; columns are only what queries filter and sort
 * on.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "store/schema.h"

static const char *const v1_tables[] = {
	"CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
	"CREATE TABLE machines ("
	" id @ID@,"
	" ident TEXT NOT NULL UNIQUE,"
	" label TEXT NOT NULL,"
	" cpu_vendor TEXT NOT NULL,"
	" cpu_brand TEXT NOT NULL,"
	" cpu_family BIGINT NOT NULL,"
	" cpu_model BIGINT NOT NULL,"
	" cpu_stepping BIGINT NOT NULL,"
	" arch TEXT NOT NULL,"
	" hypervisor TEXT NOT NULL)",
	"CREATE TABLE runs ("
	" id @ID@,"
	" machine_id BIGINT NOT NULL REFERENCES machines (id),"
	" at_utc TEXT NOT NULL,"
	" started_at TEXT NOT NULL,"
	" saved_at TEXT NOT NULL,"
	" digest TEXT NOT NULL,"
	" kernel TEXT NOT NULL,"
	" microcode TEXT NOT NULL,"
	" partial BIGINT NOT NULL,"
	" schema_version BIGINT NOT NULL,"
	" tool_version TEXT NOT NULL,"
	" argv TEXT NOT NULL,"
	" nresults BIGINT NOT NULL,"
	" document TEXT NOT NULL,"
	" UNIQUE (machine_id, digest))",
	"CREATE TABLE results ("
	" run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" seq BIGINT NOT NULL,"
	" name TEXT NOT NULL,"
	" bench_key TEXT NOT NULL,"
	" params TEXT NOT NULL,"
	" grp TEXT NOT NULL,"
	" mode TEXT NOT NULL,"
	" status TEXT NOT NULL,"
	" method TEXT NOT NULL,"
	" median DOUBLE PRECISION,"
	" ci_low DOUBLE PRECISION,"
	" ci_high DOUBLE PRECISION,"
	" nsamples BIGINT NOT NULL,"
	" flags TEXT NOT NULL,"
	" PRIMARY KEY (run_id, seq))",
	"CREATE TABLE context ("
	" run_id BIGINT NOT NULL REFERENCES runs (id) ON DELETE CASCADE,"
	" key TEXT NOT NULL,"
	" value TEXT NOT NULL,"
	" PRIMARY KEY (run_id, key))",
	NULL
};

/* What table, history and selections look up by. */
static const char *const v2_indexes[] = {
	"CREATE INDEX results_grp ON results (grp, status)",
	"CREATE INDEX results_name ON results (name)",
	"CREATE INDEX results_key ON results (bench_key)",
	"CREATE INDEX runs_at ON runs (at_utc)",
	"CREATE INDEX runs_machine_at ON runs (machine_id, at_utc)",
	"CREATE INDEX context_kv ON context (key, value)",
	NULL
};

const struct schema_step schema_steps[] = {
	{ 1, "tables", v1_tables },
	{ 2, "indexes for table, history and selections", v2_indexes },
};

const size_t schema_nsteps = sizeof(schema_steps) / sizeof(schema_steps[0]);

static const char set_meta[] =
    "INSERT INTO meta (key, value) VALUES (?, ?)"
    " ON CONFLICT (key) DO UPDATE SET value = excluded.value";

static int
meta_put(struct store *s, const char *key, const char *value)
{
	struct store_val p[2] = {
		{ .type = SV_TEXT, .s = key },
		{ .type = SV_TEXT, .s = value },
	};

	return (s->be->query(s, set_meta, p, 2, NULL));
}

/* Version 0 when there is no meta table; *by: the cyclebench that wrote. */
static int
read_version(struct store *s, long *v, char *by, size_t bylen)
{
	static const char get_meta[] = "SELECT key, value FROM meta";
	struct store_val name = { .type = SV_TEXT, .s = "meta" };
	struct store_rows r;
	const char *val;
	char *end;
	size_t i;
	int rc;

	*v = 0;
	snprintf(by, bylen, "unknown");
	if ((rc = s->be->query(s, s->be->table_exists, &name, 1, &r)) !=
	    STORE_OK)
		return (rc);
	i = r.nrows == 1 && r.cells[0] != NULL ? strtoul(r.cells[0], NULL,
	    10) : 0;
	store_rows_free(&r);
	if (i == 0)
		return (STORE_OK);
	if ((rc = s->be->query(s, get_meta, NULL, 0, &r)) != STORE_OK)
		return (rc);
	*v = -1;
	for (i = 0; i < r.nrows; i++) {
		val = r.cells[i * 2 + 1] != NULL ? r.cells[i * 2 + 1] : "";
		if (r.cells[i * 2] == NULL)
			continue;
		if (strcmp(r.cells[i * 2], "schema_version") == 0) {
			*v = strtol(val, &end, 10);
			if (*end != '\0' || *v < 1)
				*v = -1;
		} else if (strcmp(r.cells[i * 2], "tool_version") == 0)
			snprintf(by, bylen, "%s", val);
	}
	store_rows_free(&r);
	if (*v < 0)
		return (store_fail(s, "its meta table has no valid "
		    "schema_version: not a cyclebench results store, or a "
		    "damaged one; nothing was changed"));
	return (STORE_OK);
}

static int
refuse_newer(struct store *s, long v, const char *by)
{

	return (store_fail(s, "schema version %ld (written by cyclebench "
	    "%s) is newer than this cyclebench %s knows (%d); use a newer "
	    "cyclebench.  Nothing was changed", v, by, CB_VERSION,
	    STORE_SCHEMA_VERSION));
}

int
schema_apply(struct store *s, const struct schema_step *step)
{
	const char *const *q;
	const char *at;
	char *sql, ver[16];
	int rc, n;

	for (q = step->sql; *q != NULL; q++) {
		/* "@ID@" is the back end's constant, never anyone's data. */
		at = strstr(*q, "@ID@");
		n = at != NULL ? (int)(at - *q) : (int)strlen(*q);
		if (asprintf(&sql, "%.*s%s%s", n, *q, at != NULL ?
		    s->be->serial_pk : "", at != NULL ? at + 4 : "") < 0)
			return (store_fail(s, "out of memory"));
		rc = s->be->exec(s, sql);
		free(sql);
		if (rc != STORE_OK)
			return (rc);
	}
	snprintf(ver, sizeof(ver), "%d", step->version);
	return (meta_put(s, "schema_version", ver));
}

static int
migrate(struct store *s, void *arg)
{
	struct store_rows r;
	char by[64];
	size_t i;
	long v;
	int rc, foreign;

	(void)arg;
	if (s->be->schema_lock != NULL &&
	    (rc = s->be->query(s, s->be->schema_lock, NULL, 0, NULL)) !=
	    STORE_OK)
		return (rc);
	if ((rc = read_version(s, &v, by, sizeof(by))) != STORE_OK)
		return (rc);
	if (v > STORE_SCHEMA_VERSION)
		return (refuse_newer(s, v, by));
	if (v == 0) {
		if ((rc = s->be->query(s, s->be->foreign_tables, NULL, 0,
		    &r)) != STORE_OK)
			return (rc);
		foreign = r.nrows == 1 && r.cells[0] != NULL &&
		    strcmp(r.cells[0], "0") != 0;
		store_rows_free(&r);
		if (foreign)
			return (store_fail(s, "it holds tables but is not a "
			    "cyclebench results store (no meta table); "
			    "nothing was changed"));
	}
	for (i = 0; i < schema_nsteps; i++)
		if (schema_steps[i].version > v &&
		    (rc = schema_apply(s, &schema_steps[i])) != STORE_OK)
			return (rc);
	return (meta_put(s, "tool_version", CB_VERSION));
}

int
schema_ready(struct store *s)
{
	char by[64];
	long v;

	if (read_version(s, &v, by, sizeof(by)) != STORE_OK)
		return (STORE_ERROR);
	if (v > STORE_SCHEMA_VERSION)
		return (refuse_newer(s, v, by));
	if (v == STORE_SCHEMA_VERSION)
		return (STORE_OK);
	return (store_transact(s, migrate, NULL));
}
