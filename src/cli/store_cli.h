/* SPDX-License-Identifier: BSD-2-Clause */
/* What the commands that read the results store share. */
#ifndef CB_CLI_STORE_CLI_H
#define CB_CLI_STORE_CLI_H

#include "store/store.h"

/* The options of the commands that read the store (table, history). */
#define CLI_READ_OPTIONS						\
	{ "last", required_argument, NULL, 'n' },			\
	{ "where", required_argument, NULL, 'w' },			\
	{ "db", required_argument, NULL, 'D' }

struct read_opts {
	const char	*where;		/* --where SELECTION */
	const char	*db;		/* --db URL */
	size_t		 last;		/* --last N; 0: not given */
};

/*
 * Apply getopt's `c' to o when it is one of CLI_READ_OPTIONS (--last from
 * 1 to max_last): 0, or EXIT_USAGE after the message; -1 when c is not
 * one of them.
 */
int	cli_read_option(const char *cmd, int c, const char *arg, long max_last,
	    struct read_opts *o);

/* Open the store at url (NULL: the default); EXIT_STORE after saying why. */
int	cli_store_open(const char *url, enum store_mode mode,
	    struct store **s);

/* Say what the store said; be EXIT_STORE, or EXIT_USAGE when it refused
   the request (a machine term that names several). */
int	cli_store_failed(struct store *s);

/* After a selection selected nothing: why, when its machine term names
   no machine ("no machine 'Xeon' in the store ..."). */
void	cli_why_none(struct store *s, const struct store_sel *sel);

/*
 * Refuse a context key no stored run has: each of sel's context terms,
 * and `by' (table's --by; NULL: none), with the nearest known key and
 * those there are.  0, EXIT_USAGE after saying why, or EXIT_STORE.
 */
int	cli_known_keys(const char *cmd, struct store *s,
	    const struct store_sel *sel, const char *by);

/* Parse a selection (a bare number: that run); EXIT_USAGE after saying
   why.  --machine M joins it as machine=M when machine is not NULL. */
int	cli_selection(const char *cmd, const char *text, const char *machine,
	    struct store_sel *sel);

/*
 * The runs a selection selects in the store at url, oldest first, as
 * results files for compare and report.  0, or the exit status after
 * saying why; CLI_TOO_MANY, unsaid, when it selects more than max runs
 * (*n says how many), found before any is fetched.
 */
#define CLI_TOO_MANY	(-2)
int	cli_load_selection(const char *cmd, const char *url, const char *text,
	    int max, struct rs_file **files, int *n);

/*
 * report's --runs SELECTION [--vs SELECTION] [--db URL], as its parser
 * checks them: the selections parse, nothing else is given with them.
 * nfiles: the files named besides.  0 or EXIT_USAGE.
 */
int	cli_stored_inputs(const char *cmd, const char *runs, const char *vs_sel,
	    const char *db, int nfiles);

/* No file by that name, and it parses as a selection (bare numbers and
   "all" too): what a user meant for --runs. */
int	cli_reads_as_selection(const char *text);

/*
 * compare's and report's --db: the store, as in every command, not empty.
 * Before --runs, --db there took a selection: a value that reads as one
 * is refused with the new spelling.  0 or EXIT_USAGE.
 */
int	cli_db_value(const char *cmd, const char *arg);

/*
 * An old spelling that still works: "warning: --old is deprecated: it is
 * --new (why)" on standard error.
 */
void	cli_deprecated(const char *cmd, const char *old, const char *now,
	    const char *why);

/* The last `last' stored runs of each benchmark of files[0..n-1] on the
   machine of its file, as histories.  0 or the exit status. */
struct hist_series;
int	cli_histories(const char *url, const struct rs_file *files, int n,
	    size_t last, struct hist_series **h, size_t *nh);

#endif
