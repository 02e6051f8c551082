/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Opening the results store: which back end a URL names (a table of
 * providers, each with the URL prefixes it takes), where the default
 * store lives, and the transaction that every write runs in, tried again
 * while another writer holds the store.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "store/schema.h"
#include "store/store.h"
#include "util/mkdirs.h"
#include "util/redact.h"

#ifdef CB_HAVE_LIBPQ
#define POSTGRESQL	(&store_postgresql)
#else
#define POSTGRESQL	NULL
#endif

static const char *const pg_schemes[] = {
	"postgresql://", "postgres://", NULL
};
static const char *const sqlite_schemes[] = { "sqlite:", NULL };

/* The first whose scheme the URL starts with; without one, a file. */
static const struct provider {
	const char	*name;
	const char *const *schemes;
	const struct store_backend *be;	/* NULL: not in this build */
	const char	*needs;
} providers[] = {
	{ "postgresql", pg_schemes, POSTGRESQL, "libpq" },
	{ "sqlite", sqlite_schemes, &store_sqlite, "libsqlite3" },
};

#define NPROVIDERS	(sizeof(providers) / sizeof(providers[0]))
#define FILE_PROVIDER	(&providers[NPROVIDERS - 1])

/* Give up on a busy store after this many tries (some 30 s). */
#define MAX_TRIES	200

int
store_fail(struct store *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->err, sizeof(s->err), fmt, ap);
	va_end(ap);
	s->refused = 0;
	return (STORE_ERROR);
}

int
store_refuse(struct store *s, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s->err, sizeof(s->err), fmt, ap);
	va_end(ap);
	s->refused = 1;
	return (STORE_ERROR);
}

void
store_rows_free(struct store_rows *r)
{
	size_t i;

	for (i = 0; r->cells != NULL && i < r->nrows * r->ncols; i++)
		free(r->cells[i]);
	free(r->cells);
	memset(r, 0, sizeof(*r));
}

int
store_location(const char *url, char *buf, size_t len, int *is_default,
    char *err, size_t errlen)
{
	const char *env, *home;

	*is_default = 0;
	if (url == NULL && (env = getenv("CYCLEBENCH_DB")) != NULL &&
	    env[0] != '\0')
		url = env;
	if (url != NULL) {
		if (url[0] == '\0') {
			snprintf(err, errlen, "--db needs a file or URL");
			return (-1);
		}
		if ((size_t)snprintf(buf, len, "%s", url) >= len) {
			snprintf(err, errlen, "the store's name is too long");
			return (-1);
		}
		return (0);
	}
	*is_default = 1;
	if ((env = getenv("XDG_DATA_HOME")) != NULL && env[0] == '/')
		snprintf(buf, len, "%s/cyclebench/results.db", env);
	else if ((home = getenv("HOME")) != NULL && home[0] == '/')
		snprintf(buf, len, "%s/.local/share/cyclebench/results.db",
		    home);
	else {
		snprintf(err, errlen, "no HOME for the results store: name "
		    "one with --db FILE or CYCLEBENCH_DB");
		return (-1);
	}
	return (0);
}

/* mkdir -p of path's directory, for the default store only. */
static int
make_parent(const char *path, char *err, size_t errlen)
{
	char dir[4096], *p;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((p = strrchr(dir, '/')) == NULL || p == dir)
		return (0);
	*p = '\0';
	if (mkdirs(dir, 0755) != 0) {
		snprintf(err, errlen, "cannot make %s for the results store: "
		    "%s", dir, strerror(errno));
		return (-1);
	}
	return (0);
}

static const struct provider *
provider_of(const char *url, const char **where)
{
	const char *const *sc;
	size_t i;

	for (i = 0; i < NPROVIDERS; i++)
		for (sc = providers[i].schemes; *sc != NULL; sc++)
			if (strncmp(url, *sc, strlen(*sc)) == 0) {
				/* A file's scheme goes; a server's URL stays. */
				*where = &providers[i] == FILE_PROVIDER ?
				    url + strlen(*sc) : url;
				return (&providers[i]);
			}
	*where = url;
	if (strstr(url, "://") != NULL)
		return (NULL);
	return (FILE_PROVIDER);
}

/*
 * A file name SQLite would not keep a store in: its database in memory,
 * a URI (whose options, mode=memory or nolock=1, change what is kept and
 * how it is locked, when SQLite takes URIs as Debian's does), standard
 * input, or what is not a regular file (/dev/null keeps nothing).
 */
static int
not_a_file(const char *where, char *err, size_t errlen)
{
	struct stat st;

	if (where[0] == '\0')
		snprintf(err, errlen, "the results store names no file");
	else if (strcmp(where, ":memory:") == 0)
		snprintf(err, errlen, "the results store ':memory:' would be "
		    "SQLite's database in memory, which keeps nothing: a store "
		    "is a file or a postgresql:// URL");
	else if (strncmp(where, "file:", 5) == 0)
		snprintf(err, errlen, "the results store '%s' is a SQLite URI, "
		    "whose options would change what is kept and how: give "
		    "the file's path (./%s for a file of that name)", where,
		    where);
	else if (strcmp(where, "-") == 0)
		snprintf(err, errlen, "the results store '-' would be a file "
		    "named '-', not standard input or output: a store is a "
		    "file (./- for a file of that name)");
	else if (stat(where, &st) == 0 && !S_ISREG(st.st_mode))
		snprintf(err, errlen, "the results store '%s' is %s, not a "
		    "file", where, S_ISDIR(st.st_mode) ? "a directory" :
		    "a device, FIFO or socket");
	else
		return (0);
	return (-1);
}

int
store_file(const char *url, char *buf, size_t len, char *err,
    size_t errlen)
{
	const char *where;
	char loc[4096];
	int dflt;

	/* store_open says what else is wrong with it. */
	if (store_location(url, loc, sizeof(loc), &dflt, err, errlen) != 0 ||
	    provider_of(loc, &where) != FILE_PROVIDER)
		return (0);
	if (not_a_file(where, err, errlen) != 0)
		return (-1);
	if ((size_t)snprintf(buf, len, "%s", where) >= len) {
		snprintf(err, errlen, "the store's name is too long");
		return (-1);
	}
	return (1);
}

int
store_open(const char *url, enum store_mode mode, struct store **out,
    char *err, size_t errlen)
{
	const struct provider *p;
	struct store *s;
	const char *where;
	char loc[4096];
	int dflt;

	*out = NULL;
	if (store_location(url, loc, sizeof(loc), &dflt, err, errlen) != 0)
		return (-1);
	if ((p = provider_of(loc, &where)) == NULL) {
		snprintf(err, errlen, "'%.*s': no results store back end for "
		    "that scheme (a file, sqlite:FILE, or postgresql://...)",
		    (int)(strstr(loc, "://") - loc + 3), loc);
		return (-1);
	}
	if (p->be == NULL) {
		snprintf(err, errlen, "this cyclebench was built without %s: "
		    "no %s results store", p->needs, p->name);
		return (-1);
	}
	if (p == FILE_PROVIDER && not_a_file(where, err, errlen) != 0)
		return (-1);
	if (dflt && mode == STORE_WRITE && make_parent(where, err,
	    errlen) != 0)
		return (-1);
	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->where = redact(loc)) == NULL) {
		free(s);
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	s->be = p->be;
	if (s->be->open(s, where, mode == STORE_WRITE) != STORE_OK ||
	    schema_ready(s) != STORE_OK) {
		/* libpq may quote the URL, or a password it could not read. */
		redact_echo(s->err, loc);
		snprintf(err, errlen, "results store %s: %s", s->where,
		    s->err);
		store_close(s);
		return (-1);
	}
	*out = s;
	return (0);
}

void
store_close(struct store *s)
{

	if (s == NULL)
		return;
	if (s->db != NULL)
		s->be->close(s);
	free(s->where);
	free(s);
}

const char *
store_where(const struct store *s)
{

	return (s->where);
}

/* Wait before try k: a random 1 to 2^min(k, 7) ms, so writers spread. */
static void
backoff(int k)
{
	struct timespec ts;
	long ms;

	ms = 1 + random() % (1L << (k < 7 ? k : 7));
	ts.tv_sec = 0;
	ts.tv_nsec = ms * 1000000L;
	nanosleep(&ts, NULL);
}

int
store_transact(struct store *s, int (*fn)(struct store *, void *), void *arg)
{
	char why[sizeof(s->err)];
	int k, rc;

	srandom((unsigned)getpid() ^ (unsigned)time(NULL));
	for (k = 0; ; k++) {
		rc = s->be->exec(s, s->be->begin_write);
		if (rc == STORE_OK)
			rc = fn(s, arg);
		if (rc == STORE_OK)
			rc = s->be->exec(s, "COMMIT");
		if (rc == STORE_OK)
			return (STORE_OK);
		/* The reason stays: rollback's own outcome is not news. */
		memcpy(why, s->err, sizeof(why));
		s->be->exec(s, "ROLLBACK");
		memcpy(s->err, why, sizeof(why));
		if (rc != STORE_RETRY)
			return (STORE_ERROR);
		if (k + 1 == MAX_TRIES)
			return (store_fail(s, "still busy after %d tries: %s",
			    MAX_TRIES, why));
		backoff(k);
	}
}
