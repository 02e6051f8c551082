/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The contract between the results store and a database back end.  The
 * store's SQL is one text for every back end, written in the subset that
 * SQLite and PostgreSQL share, with '?' for every parameter; a back end
 * runs it as a prepared statement with the parameters bound, never
 * pasted, and returns every row as text.  What the dialects do not share
 * is a string here: the auto-numbered key, the write transaction, the
 * lock that serialises schema changes, the catalogue query.
 */
#ifndef CB_STORE_BACKEND_H
#define CB_STORE_BACKEND_H

#include <stddef.h>

/* What a back end call came to. */
#define STORE_OK	0
#define STORE_ERROR	(-1)	/* message in the store's err */
#define STORE_RETRY	(-2)	/* busy, locked, serialisation failure,
				   deadlock: the transaction may succeed if
				   tried again */

enum store_type { SV_NULL, SV_TEXT, SV_INT, SV_REAL };

/* A parameter; a typed NULL is { type, .null = 1 } (PostgreSQL wants a
   type for "? IS NULL"). */
struct store_val {
	enum store_type	 type;
	int		 null;
	const char	*s;
	long long	 i;
	double		 d;
};

/* Rows of a query, every cell text or NULL (SQL NULL); reals in text
   that reads back as the same double. */
struct store_rows {
	size_t		 nrows, ncols;
	char		**cells;	/* [row * ncols + col] */
};

struct store;

struct store_backend {
	const char	*name;		/* "sqlite", "postgresql" */
	/* The column type of an auto-numbered 64-bit primary key. */
	const char	*serial_pk;
	const char	*begin_write;	/* starts a writing transaction */
	/* Run inside the migrating transaction first, or NULL. */
	const char	*schema_lock;
	/* One row, one count: tables that forbid creating a store here (a
	   SQLite file of something else; our names in a PostgreSQL schema). */
	const char	*foreign_tables;
	/* 1 when the catalogue says table ? exists. */
	const char	*table_exists;
	/* Connect; create: a SQLite file may be made. */
	int		(*open)(struct store *s, const char *where, int create);
	void		(*close)(struct store *s);
	/*
	 * Run sql with p[0..np-1] bound; the rows into *out when out is not
	 * NULL.  Statements are the store's constants: a back end may keep
	 * them prepared, keyed by the pointer.
	 */
	int		(*query)(struct store *s, const char *sql,
			    const struct store_val *p, size_t np,
			    struct store_rows *out);
	/* A statement without parameters or rows (BEGIN, DDL). */
	int		(*exec)(struct store *s, const char *sql);
};

struct store {
	const struct store_backend *be;
	void		*db;		/* the back end's connection */
	char		*where;		/* shown in messages; no password */
	char		 err[512];
	int		 refused;	/* the last failure was the request's
					   (a selection the store cannot
					   answer), not the store's */
};

/* Set s->err from a format; always STORE_ERROR. */
int	store_fail(struct store *s, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* The same for a request the store cannot answer: s->refused is set. */
int	store_refuse(struct store *s, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

void	store_rows_free(struct store_rows *r);

/*
 * Run fn(s, arg) in a writing transaction and commit; while it comes to
 * STORE_RETRY, roll back, wait a random while and run it again.
 */
int	store_transact(struct store *s, int (*fn)(struct store *, void *),
	    void *arg);

extern const struct store_backend store_sqlite;
extern const struct store_backend store_postgresql;

#endif
