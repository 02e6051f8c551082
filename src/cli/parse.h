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
#include "impact/impact.h"
#include "report/compare.h"
#include "report/report.h"

#define RUN_MAX_FILTERS	16

struct run_args {
	const char	*json;
	const char	*csv;
	char		*filters[RUN_MAX_FILTERS];	/* --param KEY=VALUE */
	int		 nfilters;
	struct report_style style;
	struct cb_options opts;
};

int	run_parse_args(int argc, char **argv, struct run_args *a);

struct compare_args {
	const char	*labels[CMP_MAX_INPUTS];
	int		 nlabels;
	enum cmp_format	 format;
	double		 threshold;	/* a fraction */
};

int	compare_parse_args(int argc, char **argv, struct compare_args *a);

struct report_args {
	const char	*labels[CMP_MAX_INPUTS];
	int		 nlabels;
	const char	*out;
};

int	report_parse_args(int argc, char **argv, struct report_args *a);

/* One snippet's text, from the command line or a file. */
struct source {
	const char	*text;
	size_t		 len;
	const char	*label;		/* "snippet", "init", "vs" or the file */
	char		*owned;		/* text read from a file */
};

struct asm_args {
	struct source	 body, init, vs;
	const char	*json;
	int		 intel;
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
};

/* The --what-if options go to im->whatif. */
int	impact_parse_args(int argc, char **argv, struct impact_args *a,
	    struct impact *im);

#endif
