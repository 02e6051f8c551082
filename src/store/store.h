/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The results store: every run kept whole, as the JSON text `run --json'
 * writes, with the figures that tables, histories and selections need
 * extracted into columns beside it.  One interface over the back ends
 * (backend.h): SQLite in a file by default, PostgreSQL for a fleet.  The
 * schema and its versions are in docs/store.md.
 */
#ifndef CB_STORE_H
#define CB_STORE_H

#include <stddef.h>

#include "results/results.h"
#include "store/backend.h"
#include "store/schema.h"

#define STORE_SEL_MAX_CONTEXT	4

enum store_mode {
	STORE_READ,		/* a SQLite file must exist */
	STORE_WRITE		/* a SQLite file is made, with its directory
				   when it is the default one */
};

/*
 * Where the store is: url, else $CYCLEBENCH_DB, else
 * $XDG_DATA_HOME/cyclebench/results.db (~/.local/share/...).  -1 with why
 * when there is no home to put it in.
 */
int	store_location(const char *url, char *buf, size_t len, int *is_default,
	    char *err, size_t errlen);

/*
 * The file the store at url is kept in, for checking it against a
 * command's outputs: 1 with its path in buf (SQLite), 0 for a server's
 * store or one store_open will refuse for its own reason.  -1 with why
 * when url names no store cyclebench can keep: a
 * SQLite database in memory (":memory:"), a SQLite URI ("file:..."),
 * "-", or an existing file that is not a regular one.
 */
int	store_file(const char *url, char *buf, size_t len, char *err,
	    size_t errlen);

/*
 * Open the store at url (NULL: store_location's default), creating or
 * migrating its schema.  A store of a newer schema, a file that is not a
 * store, a refused password: -1 with why in err, and nothing written.
 */
int	store_open(const char *url, enum store_mode mode, struct store **out,
	    char *err, size_t errlen);
void	store_close(struct store *s);
const char *store_where(const struct store *s);

/*
 * Keep one results document: text[0..len-1] exactly (a NUL at text[len],
 * none before), f its validated
 * reading.  One transaction; retried while another writer holds the
 * store.  *run_id is the run's number; *dup is 1 when this very document
 * was stored before (nothing is added).  -1 with why in s->err.
 */
int	store_save(struct store *s, const char *text, size_t len,
	    const struct rs_file *f, long long *run_id, int *dup);

/* One of several documents to keep together. */
struct store_doc {
	const char	*text;		/* NUL-terminated at len */
	size_t		 len;
	const struct rs_file *f;
	long long	 run_id;	/* set by store_save_many */
	int		 dup;		/* set: stored before */
	char		 digest[17];	/* store_digest's, or "" */
};

/*
 * The digest a document is stored under, 16 hex digits (docs/store.md);
 * for any thread, so that many documents' can be had on many CPUs.
 */
void	store_digest(const char *text, size_t len, char out[17]);

/*
 * Keep d[0..n-1] in one transaction: all of them, or none.  Faster than
 * one by one (db import: a commit, not a commit per file), and still
 * never half a run.
 */
int	store_save_many(struct store *s, struct store_doc *d, size_t n);

/* The stable identity of a machine: 16 hex digits from its fingerprint. */
void	store_machine_ident(const struct rs_machine *m, char out[17]);

/* A parsed selection: "machine=M,kernel=K,commit=C,last=3" and so on. */
struct store_sel {
	char		*buf;		/* the values point into it */
	const char	*machine, *kernel, *microcode, *since, *until;
	long long	 run;		/* 0: any */
	long		 last;		/* 0: all */
	size_t		 nctx;
	struct {
		const char *key, *value;
	}		 ctx[STORE_SEL_MAX_CONTEXT];
};

/* Parse text (may be "" or "all": every run).  -1 with why. */
int	store_sel_parse(const char *text, struct store_sel *sel, char *err,
	    size_t errlen);
void	store_sel_free(struct store_sel *sel);

/* A stored run, as `db runs' lists it. */
struct store_run {
	long long	 id;
	const char	*at;		/* ISO 8601 UTC */
	const char	*ident, *label;	/* the machine */
	const char	*kernel, *microcode;
	int		 partial;
	long long	 nresults;
	const char	*context;	/* "k=v k=v", "" when none */
};

struct store_runs {
	struct store_run *runs;		/* newest first */
	size_t		 n;
	struct store_rows rows;
	struct store_rows ctx;
	char		**ctx_text;
};

int	store_list(struct store *s, const struct store_sel *sel,
	    struct store_runs *out);
void	store_runs_free(struct store_runs *r);

/* The document of run id as it was stored; malloc'ed.  -1 if none. */
int	store_document(struct store *s, long long id, char **text, size_t *len);

/*
 * The runs sel selects, oldest first, loaded and validated as results
 * files named "run ID", for compare and report.  -1 with why in s->err;
 * 1 when the selection selects nothing; 2 when it selects more than max
 * runs (*n says how many), before any is fetched.
 */
int	store_load(struct store *s, const struct store_sel *sel, size_t max,
	    struct rs_file **files, size_t *n);

/* One stored result with its run's facts, for tables and histories. */
struct store_point {
	long long	 run;
	const char	*at;
	const char	*ident, *label;	/* the machine */
	const char	*kernel, *microcode;
	const char	*ctx;		/* the context value asked for, or NULL */
	const char	*key, *name, *params;
	const char	*status;
	double		 median, ci_low, ci_high;	/* NAN when none */
	const char	*flags;		/* "a,b" */
};

struct store_points {
	struct store_point *p;
	size_t		 n;
	struct store_rows rows;
};

/*
 * The ok results of benchmarks in group, or of name (a benchmark name or
 * its "name k=v" key), or of every benchmark (both NULL), in the runs sel
 * selects, with ctx_key's value (NULL: none), oldest run first.
 */
int	store_points(struct store *s, const char *group, const char *name,
	    const char *ctx_key, const struct store_sel *sel,
	    struct store_points *out);
void	store_points_free(struct store_points *p);

/*
 * Every machine, oldest first: ident, label, cpu_brand, cpu_family,
 * cpu_model, cpu_stepping, arch, hypervisor, runs, first and last run.
 */
int	store_machines(struct store *s, struct store_rows *out);

/* The store's schema version and how many runs, machines, results. */
int	store_counts(struct store *s, long long counts[4]);

/*
 * The machine a selection names: its id; 0 when it names none (s->err
 * says so, for a caller to tell); -1 with why when it names several
 * (s->refused) or the store failed.
 */
long long store_find_machine(struct store *s, const char *what);

/* Every context key a stored run has, in order: one column. */
int	store_context_keys(struct store *s, struct store_rows *out);

#endif
