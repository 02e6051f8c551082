/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Result outputs: the table on stdout, JSON and CSV files.  A report knows
 * nothing about clocks: it prints what the engine put in cb_result.
 */
#ifndef CB_REPORT_H
#define CB_REPORT_H

#include <stdio.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "report/units.h"
#include "results/context.h"
#include "results/results_write.h"


/* How the tables are printed. */
enum report_format {
	REPORT_TEXT,			/* for a terminal, fitted to it */
	REPORT_MARKDOWN			/* for a post or a pull request */
};

struct report_style {
	enum report_format format;
	int		 wide;		/* text: never fit to the terminal */
};

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
	const char	*flags;		/* "a,b" */
	unsigned	 dropped;
	const char	*notes;		/* lines under the row: levels, quiet */
};

/* Where a table_row's texts live. */
struct table_row_text {
	char		 label[160];
	char		 flags[160];
	char		 notes[512];
};

/* r as a table_row, its texts in *text. */
void	table_row_of(const struct cb_result *r, struct table_row *t,
	    struct table_row_text *text);

/*
 * The human table: the machine's lines, one row per result, a legend.
 * Under a row, its levels and where its figure comes from (quiet).
 * On a terminal (text, not wide) columns go, as the width demands, in
 * this order: method (when every row has the machine's), min, the modes
 * abbreviated, the flags moved under their rows, rounds, cv, time, and
 * last the names put above their figures; the legend says what went.  st NULL:
 * text, fitted to fp's terminal.
 */
void	report_table(FILE *fp, const struct machine *m,
	    const struct cb_result *r, size_t n, const struct report_style *st);
void	report_table_rows(FILE *fp, const struct machine *m, int cpu,
	    const struct table_row *t, size_t n, const struct report_style *st);

/*
 * The seeds' tables: for each group (the part of a name before '/') and
 * parameter key whose results take at least two values of it, variants as
 * rows and the values as columns, median cycles per operation in the cells;
 * a table wider than `width' (0: any width) in blocks of columns.  Prints
 * nothing when no results vary a parameter.
 */
void	report_pivot(FILE *fp, const struct cb_result *r, size_t n,
	    int width);

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

/* cb_print_results in a style: asm's table. */
void	report_print_results(FILE *fp, const struct cb_result *r, size_t n,
	    const struct report_style *st);

/*
 * What run prints after measuring: the table, the kernel paths, the
 * tables by parameter and the benchmarks' own figures.
 */
void	report_run(FILE *fp, const struct machine *m,
	    const struct cb_result *r, size_t n, const struct report_style *st);

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
