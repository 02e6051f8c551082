/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Result outputs: the run's table on stdout, JSON and CSV files, and the
 * reporter interface every command prints through.  A report knows
 * nothing about clocks: it prints what the engine put in cb_result.
 *
 * The reporter interface.  Each command that prints results has a
 * reporter (struct reporter): a table of render functions indexed by
 * enum report_format, NULL where the command does not offer the format.
 * run's (report_run_reporter, run_out.c) and asm's table
 * (report_table_reporter, table.c) take struct report_results;
 * compare's cmp_reporter (compare_out.h) a comparison; table's
 * xt_reporter (crosstab.h) a table by machine; history's hist_reporter
 * (history.h) its series; impact's impact_reporter (impact_out.h) the
 * impact of a command.  The format names are report_format_names, once
 * for every command: the command line parses --format against the
 * command's reporter (cli_format, cli/style_opts.h), so a command accepts
 * exactly the formats its table has and its error lists them, and
 * report_render calls the render function a style names.
 *
 * To add a format to a command, write its render function in a file of
 * its own (compare_csv.c is one) and put it in the command's table; a
 * format no command had before also gets its name, at the end of enum
 * report_format and in report_format_names (reporter.c).  Escaping is
 * never written again: markdown, CSV, JSON and HTML each have their one
 * function in report/escape.h.
 */
#ifndef CB_REPORT_H
#define CB_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "report/units.h"
#include "results/context.h"
#include "results/results_write.h"

/* How a command prints; the order is the order help and errors list. */
enum report_format {
	REPORT_TEXT,		/* for a terminal or a fixed-font post */
	REPORT_MARKDOWN,	/* for a post or a pull request */
	REPORT_CSV,		/* RFC 4180, for spreadsheets */
	REPORT_JSON,		/* everything, for other programs */
	REPORT_GITHUB,		/* workflow commands: annotations on a CI run */
	REPORT_NFORMATS
};

/* "text", "markdown", ...: what --format takes, for every command. */
extern const char *const report_format_names[REPORT_NFORMATS];

struct report_style {
	enum report_format format;
	int		 wide;		/* text: never fit to the terminal */
	FILE		*term;		/* where the text goes, if not to
					   the stream it is drawn on */
	int		 verbose;	/* tables: every flag, the samples
					   dropped, every contended share */
	int		 quiet;		/* figures only: the table's rows,
					   no banner, legend, notes or
					   summary (-q) */
	int		 legend;	/* text: the legend even off a
					   terminal (--legend) */
};

/*
 * Whether the legend goes under what is drawn on fp in style st: text,
 * not quiet, and on a terminal or asked for; never in markdown.  st
 * NULL: text.
 */
int	report_legend_wanted(const struct report_style *st, FILE *fp);

/* data drawn on fp as st says; 0, or -1 when it could not be written. */
typedef int	(*report_render_fn)(FILE *fp, const void *data,
		    const struct report_style *st);

/* A command's formats: render[f] draws in format f; NULL: not offered. */
struct reporter {
	report_render_fn render[REPORT_NFORMATS];
};

/* *f is rep's format called name: 0, or -1 when rep offers none. */
int	report_format_find(const struct reporter *rep, const char *name,
	    enum report_format *f);

/* The names of rep's formats as a sentence: "text, markdown or csv". */
void	report_format_list(const struct reporter *rep, char *buf,
	    size_t len);

/*
 * data drawn by rep's render function for st's format (st NULL: text);
 * -1 when it failed or fp has an error.
 */
int	report_render(const struct reporter *rep, FILE *fp, const void *data,
	    const struct report_style *st);

/*
 * data drawn by rep as st says into path, atomically
 * (results/atomic_file.h): 0, or -1 with err.
 */
int	report_render_file(const struct reporter *rep, const char *path,
	    const void *data, const struct report_style *st, char *err,
	    size_t errlen);

/* What run and asm print: the results r[0..n-1], measured on m during
   run (NULL: not said). */
struct report_results {
	const struct machine *m;
	const struct run_info *run;
	const struct cb_result *r;
	size_t		 n;
};

/*
 * asm's: the table alone (report_table).  run's: the table, the kernel
 * paths, the tables by parameter and the benchmarks' own figures.  The
 * CSV results file's (run --csv FILE): a row per result (csv.c).
 */
extern const struct reporter report_table_reporter;
extern const struct reporter report_run_reporter;
extern const struct reporter report_csv_reporter;

/* The width to fit text to on fp: 0 (whole) unless a terminal; NULL
   style: text. */
int	report_style_width(const struct report_style *st, FILE *fp);

/*
 * One result as the run table shows it, whatever it came from: a
 * measurement now (table_row_of) or, for a later reader, a results file.
 */
struct table_row {
	const char	*label;		/* "group/variant k=v" */
	const char	*mode;
	int		 ok;
	const char	*status, *reason; /* when not ok */
	double		 cycles, min, ns, ci_half, cv;
	size_t		 rounds;
	const char	*method;
	const char	*flags;		/* "a,b": those shown */
	unsigned	 dropped;	/* shown when not 0 */
	const char	*notes;		/* lines under the row: levels, quiet */
	double		 cal_off;	/* miscalibrated: how far the check
					   reaches from a whole number */
};

/* Where a table_row's texts live. */
struct table_row_text {
	char		 label[160];
	char		 flags[160];
	char		 notes[512];
};

/*
 * r as a table_row, its texts in *text: the flags a table shows
 * (core/names.h), or with `verbose' every flag and the samples dropped.
 */
void	table_row_of(const struct cb_result *r, int verbose,
	    struct table_row *t, struct table_row_text *text);

/*
 * The human table: the machine's lines, one row per result.  Under a
 * row, its levels and where its figure comes from (quiet).  On a
 * terminal (text, not wide) columns go, as the width demands, in this
 * order: method (when every row has the machine's), min, the modes
 * abbreviated, the flags moved under their rows, rounds, cv, time, and
 * last the names put above their figures; a note under the table says
 * what went.  Quiet: the column heads and the rows alone.  st NULL:
 * text, fitted to fp's terminal.
 */
void	report_table(FILE *fp, const struct machine *m,
	    const struct cb_result *r, size_t n, const struct report_style *st);
void	report_table_rows(FILE *fp, const struct machine *m, int cpu,
	    const struct table_row *t, size_t n, const struct report_style *st);

/*
 * What the table's columns mean, how its figures were had (ref: the
 * reference counter's name), wrapped to width (0: 80).  Printed once,
 * under everything a command draws, when report_legend_wanted says so.
 */
void	report_legend(FILE *fp, const char *ref, int width);

/*
 * The run's tables by parameter (pivot.c), the seeds' layout of one
 * run's medians: for each group (the part of a name before '/') and
 * parameter key whose results take at least two values of it, variants as
 * rows and the values as columns, median cycles per operation in the cells;
 * a table wider than `width' (0: any width) in blocks of columns.  Prints
 * nothing when no results vary a parameter.
 */
void	report_pivot(FILE *fp, const struct cb_result *r, size_t n,
	    int width);

/*
 * "7 rows measured, 1 flagged, 0 not measured, 12.3 s": run's last line.
 * Flagged: measured rows with a flag the table shows (core/names.h);
 * not measured: skipped or failed.
 */
void	report_run_summary(char *buf, size_t len, const struct cb_result *r,
	    size_t n, double seconds);

/* The figures benchmarks added themselves (cb_result_extra), a line per
   result that has any (more where `width', if not 0, demands), beside its
   median cycles. */
void	report_extras(FILE *fp, const struct cb_result *r, size_t n,
	    int width);

/*
 * The distribution of every path result (p50 to max, the cold first call,
 * the batched cross-check, the benchmark's own figures) under the CPU
 * vulnerability mitigations that shape them; nothing without path results.
 */
void	report_paths(FILE *fp, const struct machine *m,
	    const struct cb_result *r, size_t n, const struct report_style *st);

/* What the kernel paths' columns mean, when r[0..n-1] has a path
   result; for the legend. */
void	report_paths_legend(FILE *fp, const struct cb_result *r, size_t n,
	    int width);

/* cb_print_results in a style: asm's table. */
void	report_print_results(FILE *fp, const struct cb_result *r, size_t n,
	    const struct report_style *st);

/* Width of the widest "name k=v" label of r[0..n-1], at least the table's. */
int	report_label_width(const struct cb_result *r, size_t n);

/* The document cb_write_json() writes, with the run's context. */
int	report_api_render(const struct cb_result *r, size_t n, int argc,
	    char **argv, const struct run_context *ctx, char **buf,
	    size_t *len);
/* The results as CSV at path, atomically (results/atomic_file.h). */
int	report_csv_write(const char *path, const struct machine *m,
	    const struct run_info *run, const struct cb_result *r, size_t n,
	    char *err, size_t errlen);


#endif
