/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench: measure what low-level code costs in CPU cycles.
 */
#include <errno.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "cli/cli.h"
#include "core/suggest.h"
#include "results/json_arena.h"
#include "util/redact.h"

struct command {
	const char	*name;
	int		(*fn)(int, char **);
	const char	*summary;
};

static const struct command commands[] = {
	{ "asm", cmd_asm, "measure instructions given as assembly text" },
	{ "characterize", cmd_characterize, "the instruction table of this CPU, from llvm-exegesis" },
	{ "compare", cmd_compare, "runs side by side, real differences marked" },
	{ "db", cmd_db, "the results store: import, export, runs, machines" },
	{ "history", cmd_history, "one benchmark over stored runs, shifts marked" },
	{ "impact", cmd_impact, "count a command's kernel events and price them" },
	{ "info", cmd_info, "print the machine fingerprint" },
	{ "list", cmd_list, "list the benchmarks matching PATTERN" },
	{ "report", cmd_report, "results as one HTML page of charts" },
	{ "run", cmd_run, "measure benchmarks and report cycles per operation" },
	{ "table", cmd_table, "a suite across machines, kernels or commits" },
};

#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static void
usage(FILE *fp)
{
	size_t i;

	fprintf(fp, "usage: cyclebench <command> [options] [args]\n"
	    "       cyclebench --help | --version\n\ncommands:\n");
	for (i = 0; i < NCOMMANDS; i++)
		fprintf(fp, "  %-8s %s\n", commands[i].name,
		    commands[i].summary);
	fprintf(fp, "\n'cyclebench help <command>' or 'cyclebench <command> "
	    "--help' describes a\ncommand; cyclebench(1) has the rest.\n");
}

static int
not_a_command(const char *typed)
{
	struct suggest s;
	char hint[256];
	size_t i;

	suggest_init(&s, typed);
	for (i = 0; i < NCOMMANDS; i++)
		suggest_offer(&s, commands[i].name);
	return (usage_error(NULL, "'%s' is not a command%s", typed,
	    suggest_text(&s, hint, sizeof(hint))));
}

/*
 * Standard output is buffered, so a full disk or /dev/full shows only
 * when it is flushed, after the command has returned 0: say so, and fail
 * with EXIT_OUTPUT, as coreutils' close_stdout does.  A closed standard
 * output (>&-) that nothing was written to is no error.
 */
static int
close_stdout(int rc)
{
	int pending, prev;

	pending = __fpending(stdout) != 0;
	prev = ferror(stdout);
	errno = 0;
	if (fclose(stdout) == 0 ? !prev : !pending && errno == EBADF &&
	    !prev)
		return (rc);
	fprintf(stderr, "cyclebench: cannot write to standard output%s%s\n",
	    errno != 0 ? ": " : "", errno != 0 ? strerror(errno) : "");
	return (rc != 0 ? rc : EXIT_OUTPUT);
}

static void
free_copy(char **copy, int n)
{
	int i;

	for (i = 0; i < n; i++)
		free(copy[i]);
	free(copy);
}

/*
 * The commands get copies of the arguments, and the process's own, which
 * any user reads in /proc/PID/cmdline and ps for as long as it runs, have
 * their passwords overwritten: a store URL's password is seen for the
 * moment between exec and here, not for a whole run.
 */
static char **
hide_passwords(int argc, char **argv)
{
	char **copy;
	int i;

	if ((copy = calloc((size_t)argc + 1, sizeof(*copy))) == NULL)
		return (NULL);
	for (i = 0; i < argc; i++)
		if ((copy[i] = strdup(argv[i])) == NULL) {
			free_copy(copy, i);
			return (NULL);
		}
	for (i = 0; i < argc; i++)
		redact_in_place(argv[i]);
	return (copy);
}

/* "cyclebench help run" is "cyclebench run --help", as in git. */
static int
help_of(const char *name)
{
	char cmd[32], opt[] = "--help", *av[3] = { cmd, opt, NULL };
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(name, commands[i].name) == 0) {
			snprintf(cmd, sizeof(cmd), "%s", name);
			return (commands[i].fn(2, av));
		}
	return (not_a_command(name));
}

static int
dispatch(int argc, char **argv)
{
	size_t i;

	if (argc < 2) {
		usage(stderr);
		return (EXIT_USAGE);
	}
	if (strcmp(argv[1], "help") == 0 && argc == 3)
		return (help_of(argv[2]));
	if (strcmp(argv[1], "help") == 0 && argc > 3)
		return (usage_error(NULL, "help takes one command"));
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
	    strcmp(argv[1], "help") == 0) {
		usage(stdout);
		return (0);
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("cyclebench %s\n", CB_VERSION);
		return (0);
	}
	for (i = 0; i < NCOMMANDS; i++)
		if (strcmp(argv[1], commands[i].name) == 0)
			return (commands[i].fn(argc - 1, argv + 1));
	return (not_a_command(argv[1]));
}

int
main(int argc, char **argv)
{
	char **copy;
	int rc;

	/* Results files' trees in arenas (json_arena.c), before any tree. */
	json_arena_install();
	if ((copy = hide_passwords(argc, argv)) == NULL) {
		fprintf(stderr, "cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	rc = close_stdout(dispatch(argc, copy));
	/* getopt_long permuted the pointers; each string is there once. */
	free_copy(copy, argc);
	return (rc);
}
