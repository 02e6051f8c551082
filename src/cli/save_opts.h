/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Where a measuring command (run, asm) keeps its results besides the
 * screen: a JSON file, the results store, and the context the user gives
 * the run.  Both outputs get the same document, byte for byte.
 */
#ifndef CB_CLI_SAVE_OPTS_H
#define CB_CLI_SAVE_OPTS_H

#include "results/context.h"

struct save_opts {
	const char	*json;		/* --json FILE */
	int		 save;		/* --save */
	const char	*db;		/* --db URL; NULL: the default store */
	int		 store_down;	/* the store failed its check */
	int		 quiet;		/* -q: no "Stored as run N" */
	struct run_context ctx;		/* --context */
};

/* Their getopt_long entries; the values are what getopt returns. */
#define CLI_SAVE_OPTIONS						\
	{ "json", required_argument, NULL, 'j' },			\
	{ "save", no_argument, NULL, 'S' },				\
	{ "db", required_argument, NULL, 'D' },				\
	{ "context", required_argument, NULL, 'x' }

/*
 * Apply getopt's `c' to o when it is one of CLI_SAVE_OPTIONS: 0, or
 * EXIT_USAGE after the message for a bad value; -1 when c is not one.
 */
int	cli_save_option(const char *cmd, int c, const char *arg,
	    struct save_opts *o);

/* After parsing: the checks across options (--db without --save, an
   empty --json; the command checks the file with its others through
   check_outputs).  0 or EXIT_USAGE. */
int	cli_save_check(const char *cmd, const struct save_opts *o);

/*
 * A --context with nothing to keep it (kept 0): say on standard error
 * that only `keepers' ("--json FILE or --save") keep it.  The command
 * goes on.
 */
void	cli_context_dropped(const char *cmd, const struct run_context *ctx,
	    int kept, const char *keepers);

/*
 * Before measuring: resolve --context git/host, and try the store.  A
 * store that cannot be used stops the command when the results would
 * have nowhere else to go; with --json it is said now, and the run goes
 * on.  0, or the exit status to stop with.
 */
int	cli_save_prepare(const char *cmd, struct save_opts *o);

/* Write doc[0..len-1] to the JSON file and the store as asked; 0, or
   EXIT_OUTPUT (file) or EXIT_STORE (store) after saying why. */
int	cli_save_document(const struct save_opts *o, const char *doc,
	    size_t len);

void	cli_save_free(struct save_opts *o);

#endif
