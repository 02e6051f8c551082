/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The PostgreSQL back end, through libpq: one database for a fleet, many
 * machines writing at once.  The store's '?' placeholders become $1, $2
 * ...; each statement is prepared on the server once per connection and
 * executed with its parameters bound and typed.  Transactions run at
 * READ COMMITTED; what fails as a serialisation failure or deadlock is
 * retried by the store, and schema changes take an advisory lock.
 * Documents are compressed with lz4 where the server has it.
 *
 * In a transaction, a statement that returns no rows is queued (libpq's
 * pipeline mode) rather than waited for: storing a run is then two round
 * trips, not one per result.  The queue is read, and its first failure
 * returned, by the next call that needs an answer: a query with rows, a
 * BEGIN, COMMIT or ROLLBACK, a statement to prepare.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <libpq-fe.h>

#include "store/backend.h"

#define NCACHE		32
/* The type OIDs of text, int8 and float8 (pg_type.h). */
#define OID_TEXT	25
#define OID_INT8	20
#define OID_FLOAT8	701

/* Statements queued before their answers are read: a bound, so that
   neither side's socket buffer can fill while the other waits. */
#define MAX_QUEUED	256

struct pg {
	PGconn		*conn;
	const char	*cache[NCACHE];	/* prepared as "s0", "s1", ... */
	int		 queued;	/* sent, answers not read */
};

static void
ignore_notice(void *arg, const char *message)
{

	(void)arg;
	(void)message;
}

/* libpq's message on one line, without its "ERROR:  " and newline. */
static void
set_error(struct store *s, const char *msg)
{
	char buf[sizeof(s->err)], *p;

	char *o;

	snprintf(buf, sizeof(buf), "%s", msg != NULL && msg[0] != '\0' ? msg :
	    "unknown PostgreSQL error");
	/* Lines and tabs become single spaces. */
	for (p = o = buf; *p != '\0'; p++) {
		if (*p == '\n' || *p == '\t')
			*p = ' ';
		if (*p != ' ' || (o > buf && o[-1] != ' '))
			*o++ = *p;
	}
	while (o > buf && o[-1] == ' ')
		o--;
	*o = '\0';
	store_fail(s, "%s", buf);
}

static int
pg_open(struct store *s, const char *url, int create)
{
	/* A default the URL may override: an unreachable host fails soon. */
	static const char *const keys[] = {
		"connect_timeout", "application_name", "dbname", NULL
	};
	const char *values[] = { "10", "cyclebench", url, NULL };
	struct pg *p;

	(void)create;
	if ((p = calloc(1, sizeof(*p))) == NULL)
		return (store_fail(s, "out of memory"));
	s->db = p;
	p->conn = PQconnectdbParams(keys, values, 1);
	if (p->conn == NULL)
		return (store_fail(s, "out of memory"));
	if (PQstatus(p->conn) != CONNECTION_OK) {
		set_error(s, PQerrorMessage(p->conn));
		return (STORE_ERROR);
	}
	PQsetNoticeProcessor(p->conn, ignore_notice, NULL);
	/*
	 * Documents are tens of kilobytes of JSON, which the server
	 * compresses as it stores them: pglz took most of an import's time,
	 * lz4 a tenth of that for a little more space.  A server before 14,
	 * or built without lz4, refuses the setting and keeps pglz.
	 */
	PQclear(PQexec(p->conn, "SET default_toast_compression = 'lz4'"));
	return (STORE_OK);
}

static void
pg_close(struct store *s)
{
	struct pg *p = s->db;

	PQfinish(p->conn);
	free(p);
	s->db = NULL;
}

/* What a failed result means: retry the transaction, or give up. */
static int
status_of(struct store *s, PGresult *res)
{
	const char *state;
	struct pg *p = s->db;

	switch (PQresultStatus(res)) {
	case PGRES_COMMAND_OK:
	case PGRES_TUPLES_OK:
		return (STORE_OK);
	default:
		break;
	}
	set_error(s, res != NULL ? PQresultErrorMessage(res) :
	    PQerrorMessage(p->conn));
	state = res != NULL ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
	/* serialization_failure, deadlock_detected, lock_not_available */
	if (state != NULL && (strcmp(state, "40001") == 0 ||
	    strcmp(state, "40P01") == 0 || strcmp(state, "55P03") == 0))
		return (STORE_RETRY);
	return (STORE_ERROR);
}

#ifdef LIBPQ_HAS_PIPELINING
/* Read the queued statements' answers: the first failure, or STORE_OK. */
static int
drain(struct store *s)
{
	struct pg *p = s->db;
	PGresult *res;
	int rc = STORE_OK, nulls = 0;

	if (p->queued == 0)
		return (STORE_OK);
	p->queued = 0;
	if (PQpipelineSync(p->conn) != 1) {
		set_error(s, PQerrorMessage(p->conn));
		return (STORE_ERROR);
	}
	/* Each statement's answer ends with a NULL; the sync's ends all. */
	for (;;) {
		if ((res = PQgetResult(p->conn)) == NULL) {
			if (++nulls < 2)
				continue;
			set_error(s, PQerrorMessage(p->conn));
			return (STORE_ERROR);
		}
		nulls = 0;
		if (PQresultStatus(res) == PGRES_PIPELINE_SYNC) {
			PQclear(res);
			break;
		}
		/* After a failure the rest are only "aborted". */
		if (rc == STORE_OK)
			rc = status_of(s, res);
		PQclear(res);
	}
	if (PQexitPipelineMode(p->conn) != 1 && rc == STORE_OK) {
		set_error(s, PQerrorMessage(p->conn));
		rc = STORE_ERROR;
	}
	return (rc);
}

/* Send a prepared statement without waiting for its answer. */
static int
enqueue(struct store *s, const char *name, int np, const char *const *values)
{
	struct pg *p = s->db;
	char why[sizeof(s->err)];

	if (p->queued == 0 && PQenterPipelineMode(p->conn) != 1) {
		set_error(s, PQerrorMessage(p->conn));
		return (STORE_ERROR);
	}
	if (PQsendQueryPrepared(p->conn, name, np, values, NULL, NULL,
	    0) != 1) {
		/* Why the send failed, not what reading the queue says. */
		set_error(s, PQerrorMessage(p->conn));
		memcpy(why, s->err, sizeof(why));
		p->queued++;
		drain(s);
		memcpy(s->err, why, sizeof(why));
		return (STORE_ERROR);
	}
	return (++p->queued < MAX_QUEUED ? STORE_OK : drain(s));
}
#else
/* A libpq before 14: every statement waits for its answer. */
static int
drain(struct store *s)
{

	(void)s;
	return (STORE_OK);
}
#endif

static int
pg_exec(struct store *s, const char *sql)
{
	struct pg *p = s->db;
	PGresult *res;
	int rc, queued_rc;

	/*
	 * The statement runs even after a queued one failed: a ROLLBACK must,
	 * and a COMMIT of the failed transaction rolls it back.
	 */
	queued_rc = drain(s);
	res = PQexec(p->conn, sql);
	rc = status_of(s, res);
	PQclear(res);
	return (queued_rc != STORE_OK ? queued_rc : rc);
}

/* The SQL with $1, $2 ... for '?' (the store's SQL quotes no '?'). */
static char *
numbered(const char *sql, int *n)
{
	char *out, *o;

	*n = 0;
	if ((out = malloc(strlen(sql) * 4 + 1)) == NULL)
		return (NULL);
	for (o = out; *sql != '\0'; sql++)
		if (*sql == '?')
			o += sprintf(o, "$%d", ++*n);
		else
			*o++ = *sql;
	*o = '\0';
	return (out);
}

static Oid
oid_of(const struct store_val *v)
{

	return (v->type == SV_INT ? OID_INT8 : v->type == SV_REAL ?
	    OID_FLOAT8 : OID_TEXT);
}

/* The name of sql's prepared statement, preparing it the first time. */
static int
prepare(struct store *s, const char *sql, const struct store_val *v,
    size_t np, char *name, size_t len)
{
	struct pg *p = s->db;
	Oid types[64];
	PGresult *res;
	char *text;
	size_t i;
	int n, rc;

	for (i = 0; i < NCACHE && p->cache[i] != NULL; i++)
		if (p->cache[i] == sql) {
			snprintf(name, len, "s%zu", i);
			return (STORE_OK);
		}
	/* Preparing waits for its answer, so the queue is read first. */
	if ((rc = drain(s)) != STORE_OK)
		return (rc);
	/* A full cache: unnamed, prepared again each time. */
	if (i < NCACHE)
		snprintf(name, len, "s%zu", i);
	else
		name[0] = '\0';
	if (np > sizeof(types) / sizeof(types[0]))
		return (store_fail(s, "too many parameters"));
	for (i = 0; i < np; i++)
		types[i] = oid_of(&v[i]);
	if ((text = numbered(sql, &n)) == NULL)
		return (store_fail(s, "out of memory"));
	res = PQprepare(p->conn, name, text, (int)np, types);
	free(text);
	rc = status_of(s, res);
	PQclear(res);
	if (rc == STORE_OK && name[0] != '\0')
		p->cache[strtoul(name + 1, NULL, 10)] = sql;
	return (rc);
}

static int
rows_of(struct store *s, PGresult *res, struct store_rows *out)
{
	size_t r, c;
	int nr, nc;

	nr = PQntuples(res);
	nc = PQnfields(res);
	out->nrows = (size_t)nr;
	out->ncols = (size_t)nc;
	if (nr == 0 || nc == 0)
		return (STORE_OK);
	if ((out->cells = calloc((size_t)nr * (size_t)nc,
	    sizeof(*out->cells))) == NULL) {
		out->nrows = 0;
		return (store_fail(s, "out of memory"));
	}
	for (r = 0; r < out->nrows; r++)
		for (c = 0; c < out->ncols; c++) {
			if (PQgetisnull(res, (int)r, (int)c))
				continue;
			out->cells[r * out->ncols + c] = strdup(PQgetvalue(res,
			    (int)r, (int)c));
			if (out->cells[r * out->ncols + c] == NULL) {
				store_rows_free(out);
				return (store_fail(s, "out of memory"));
			}
		}
	return (STORE_OK);
}

static int
pg_query(struct store *s, const char *sql, const struct store_val *v,
    size_t np, struct store_rows *out)
{
	struct pg *p = s->db;
	const char *values[64];
	char name[16], (*num)[32];
	PGresult *res;
	size_t i;
	int rc;

	if (out != NULL)
		memset(out, 0, sizeof(*out));
	if ((rc = prepare(s, sql, v, np, name, sizeof(name))) != STORE_OK)
		return (rc);
	if ((num = calloc(np ? np : 1, sizeof(*num))) == NULL)
		return (store_fail(s, "out of memory"));
	for (i = 0; i < np; i++) {
		values[i] = NULL;
		if (v[i].null || (v[i].type == SV_REAL && !isfinite(v[i].d)))
			continue;
		if (v[i].type == SV_TEXT)
			values[i] = v[i].s;
		else {
			if (v[i].type == SV_INT)
				snprintf(num[i], sizeof(num[i]), "%lld",
				    v[i].i);
			else
				snprintf(num[i], sizeof(num[i]), "%.17g",
				    v[i].d);
			values[i] = num[i];
		}
	}
#ifdef LIBPQ_HAS_PIPELINING
	/* Only inside a transaction, whose COMMIT reads what is queued. */
	if (out == NULL && (p->queued > 0 ||
	    PQtransactionStatus(p->conn) == PQTRANS_INTRANS)) {
		rc = enqueue(s, name, (int)np, values);
		free(num);
		return (rc);
	}
#endif
	if ((rc = drain(s)) != STORE_OK) {
		free(num);
		return (rc);
	}
	res = PQexecPrepared(p->conn, name, (int)np, values, NULL, NULL, 0);
	free(num);
	if ((rc = status_of(s, res)) == STORE_OK && out != NULL)
		rc = rows_of(s, res, out);
	PQclear(res);
	return (rc);
}

const struct store_backend store_postgresql = {
	.name = "postgresql",
	.serial_pk = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
	.begin_write = "BEGIN",
	/* Any constant will do, the same for every cyclebench: 'cycb'. */
	.schema_lock = "SELECT pg_advisory_xact_lock(1668899170)",
	.foreign_tables = "SELECT count(*) FROM information_schema.tables"
	    " WHERE table_schema = current_schema()"
	    " AND table_name IN ('machines', 'runs', 'results', 'context')",
	.table_exists = "SELECT count(*) FROM information_schema.tables"
	    " WHERE table_schema = current_schema() AND table_name = ?",
	.open = pg_open,
	.close = pg_close,
	.query = pg_query,
	.exec = pg_exec,
};
