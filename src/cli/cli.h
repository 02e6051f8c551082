/* SPDX-License-Identifier: BSD-2-Clause */
/* The command line: one file per command, the table in main.c. */
#ifndef CB_CLI_H
#define CB_CLI_H

#include <getopt.h>

#include "results/results.h"

/*
 * The exit statuses, one meaning each in every command.  The table of
 * EXIT STATUS in cyclebench(1) and README.md's say the same codes, and
 * scripts/check-docs holds them to this list: keep one code a line.
 * impact is apart: it passes its command's status through.
 */
enum cli_exit {
	EXIT_DONE = 0,		/* done as asked (a listing may be empty) */
	EXIT_BENCH_ERROR = 1,	/* a benchmark ended in error, a snippet
				   faulted, or compare's gate failed */
	EXIT_USAGE = 2,		/* refused input: an option, a value, a
				   selection, a file; nothing was done */
	EXIT_OUTPUT = 3,	/* an output could not be written */
	EXIT_STORE = 4,		/* the results store could not be opened,
				   read or written */
	EXIT_SIGNAL = 128	/* + N: stopped by signal N */
};

int	cmd_asm(int argc, char **argv);
int	cmd_characterize(int argc, char **argv);
int	cmd_compare(int argc, char **argv);
int	cmd_db(int argc, char **argv);
int	cmd_history(int argc, char **argv);
int	cmd_impact(int argc, char **argv);
int	cmd_info(int argc, char **argv);
int	cmd_list(int argc, char **argv);
int	cmd_report(int argc, char **argv);
int	cmd_run(int argc, char **argv);
int	cmd_table(int argc, char **argv);

/*
 * Print "cyclebench: <msg>" and a hint to stderr; be EXIT_USAGE.  A macro
 * so that static analysis sees the status: clang's analyzer does not
 * follow calls into variadic functions, and took a refusal for a parser's
 * success.
 */
#define usage_error(...) \
	__extension__ ({ usage_message(__VA_ARGS__); EXIT_USAGE; })
void	usage_message(const char *cmd, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* An output option and the path given to it (NULL: not given). */
struct cli_output {
	const char	*option;	/* "--json", as the user typed it */
	const char	*path;
};

#define CLI_MAX_OUTPUTS	4

/*
 * Before measuring: every output could be written ("-": standard
 * output), none is the same file as another or as one of the inputs
 * in[0..nin-1] (NULL entries skipped).  0, or EXIT_USAGE after saying why.
 */
int	check_outputs(const struct cli_output *out, size_t nout,
	    char *const *in, size_t nin);

/*
 * Before measuring, for a command that writes or reads the results store
 * at url (NULL: the default): it is a store cyclebench can keep (not
 * ":memory:", a SQLite URI or "-"), and no output is its file or its
 * journal, by any name.  0, or EXIT_USAGE after saying why.
 */
int	check_store(const struct cli_output *out, size_t nout,
	    const char *url);

/*
 * SIGINT, SIGTERM and SIGHUP call cb_interrupt() from now on; SIGPIPE is
 * ignored.  cli_stop_signal() is the one that came (SIGINT if none).
 */
void	cli_catch_stop_signals(void);
int	cli_stop_signal(void);

/*
 * Refuse the bad option getopt_long just reported, in the one shape every
 * command uses: "unknown option '-x'", "option '--json' needs a value",
 * "option '--quick' takes no value", with the nearest option names for a
 * mistyped one.  c is what getopt_long returned (':' or '?'); the parser
 * runs with opterr 0 and an optstring that starts with ':' (after a '+').
 * Returns EXIT_USAGE.
 */
#define bad_option(cmd, c, argv, opts) \
	__extension__ ({ bad_option_message(cmd, c, argv, opts); EXIT_USAGE; })
void	bad_option_message(const char *cmd, int c, char *const *argv,
	    const struct option *opts);

/*
 * A --param KEY=VALUE for run and list: checked and added to
 * filters[*n] (at most max); 0, or EXIT_USAGE after the message.
 */
int	add_param_filter(const char *cmd, char **filters, int *n, int max,
	    char *arg);

/* Parse a whole decimal number in [lo, hi]; -1 if it is not one. */
int	parse_long(const char *s, long lo, long hi, long *out);
int	parse_double(const char *s, double lo, double hi, double *out);

/*
 * Load the results files paths[0..n-1]; on any failure print why for
 * each bad file and return EXIT_USAGE.  Free with free_inputs.
 */
int	load_inputs(char *const *paths, int n, struct rs_file **out);
void	free_inputs(struct rs_file *f, int n);

/*
 * The operands with each directory among them replaced by the *.json
 * files below it, in name order; malloc'ed, free with free_names.  A
 * directory that cannot be read whole or holds none is said, left out
 * and counted in *bad.  -1 when memory runs out, with nothing to free.
 */
int	files_below(char *const *ops, int nops, char ***out, size_t *n,
	    size_t *bad);
void	free_names(char **names, size_t n);

#endif
