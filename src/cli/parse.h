/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Each command's options, parsed apart from running the command so that
 * every parser can be driven without measuring or starting anything (the
 * fuzz target tests/fuzz/fuzz_cli.c does).  Each parser returns 0 with
 * optind at the first operand, -1 after printing the help (the command
 * then exits 0), or an exit status after printing why it refused.
 */
#ifndef CB_CLI_PARSE_H
#define CB_CLI_PARSE_H

#include "cyclebench.h"
#include "cli/save_opts.h"
#include "cli/store_cli.h"
#include "impact/impact.h"
#include "verdict/compare.h"
#include "report/report.h"

#define RUN_MAX_FILTERS	16

struct run_args {
	struct save_opts out;		/* --json, --save, --db, --context */
	const char	*csv;
	char		*filters[RUN_MAX_FILTERS];	/* --param KEY=VALUE */
	int		 nfilters;
	struct report_style style;
	struct cb_options opts;
};

int	run_parse_args(int argc, char **argv, struct run_args *a);

/* Results files compare reads at most, over all its sides. */
#define COMPARE_MAX_FILES	256

/*
 * What compare reads, in order: results files, and selections of stored
 * runs (--runs SELECTION, each standing for the runs it matches), each in
 * the side that --vs had started when it came.
 */
struct compare_source {
	const char	*text;		/* a file name or a selection */
	int		 stored;	/* text is a --runs selection */
	size_t		 side;
};

struct compare_args {
	const char	*labels[CMP_MAX_INPUTS];
	int		 nlabels;
	const char	*db;			/* --db URL */
	enum report_format format;
	double		 threshold;	/* a fraction */
	double		 fail_above;	/* a fraction; NAN: no gate */
	int		 strict;	/* --strict: unknown fails the gate */
	int		 quiet;		/* -q: text, the table alone */
	char		*noise[COMPARE_MAX_FILES];	/* --noise: repeated runs */
	int		 nnoise;
	const char	*noise_runs;	/* --noise-runs: stored repeated runs */
	struct compare_source sources[COMPARE_MAX_FILES];
	size_t		 nsources;
	size_t		 nsides;	/* sides named with --vs, at least 1 */
	int		 vs;		/* sides are named with --vs */
	int		 stored;	/* some source is a --runs selection */
};

int	compare_parse_args(int argc, char **argv, struct compare_args *a);

struct report_args {
	const char	*labels[CMP_MAX_INPUTS];
	int		 nlabels;
	const char	*runs;			/* --runs: stored runs */
	const char	*db;			/* --db URL */
	const char	*out;
};

int	report_parse_args(int argc, char **argv, struct report_args *a);

/* One snippet's text, from the command line or a file. */
struct source {
	const char	*text;
	size_t		 len;
	const char	*label;		/* "snippet", "init", "vs" or the file */
	const char	*path;		/* the file, or NULL for typed text */
	char		*owned;		/* text read from the file */
};

struct asm_args {
	struct source	 body, init, vs;
	struct save_opts out;		/* --json, --save, --db, --context */
	int		 intel;
	int		 allow_syscalls, allow_includes;
	enum cb_mode	 mode;
	unsigned	 unroll, rounds;
	struct report_style style;
	struct cb_options opts;
};

/* a zeroed first; the texts read from files are a->*.owned to free. */
int	asm_parse_args(int argc, char **argv, struct asm_args *a);

struct impact_args {
	const char	*costs;
	const char	*json;
	int		 quick;
	struct run_context ctx;		/* --context */
};

/* The --what-if options go to im->whatif. */
int	impact_parse_args(int argc, char **argv, struct impact_args *a,
	    struct impact *im);

struct history_args {
	const char	*machine;
	struct read_opts rd;		/* --last (0: every run), --where, --db */
	enum report_format format;
	int		 quiet;		/* -q */
};

/* optind ends at NAME. */
int	history_parse_args(int argc, char **argv, struct history_args *a);

struct table_args {
	const char	*by;
	struct read_opts rd;		/* --last, --where, --db */
	size_t		 dim;		/* machine, kernel, microcode, context */
	enum report_format format;
	int		 quiet;		/* -q */
};

/* optind ends at SUITE. */
int	table_parse_args(int argc, char **argv, struct table_args *a);

struct store;
struct store_sel;
struct db_args;

/* A db sub-command: its operands, whether they are a selection, and how
   it opens the store. */
struct db_sub {
	const char	*name;
	int		 min, max;	/* operands */
	int		 selects;
	int		 mode;		/* enum store_mode */
	int		(*fn)(struct store *s, const struct db_args *a,
			    const struct store_sel *sel, char **ops, int n);
};

extern const struct db_sub db_subs[];
extern const size_t db_nsubs;

struct db_args {
	const struct db_sub *sub;
	const char	*db;		/* --db */
	const char	*out;		/* -o */
	int		 quiet;		/* -q: import says only what went wrong */
};

/* optind ends at the first operand after the sub-command. */
int	db_parse_args(int argc, char **argv, struct db_args *a);

#endif
