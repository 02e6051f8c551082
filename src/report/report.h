/*
 * Result outputs: the table on stdout, JSON and CSV files.  A report knows
 * nothing about clocks: it prints what the engine put in cb_result.
 */
#ifndef CB_REPORT_H
#define CB_REPORT_H

#include <stdio.h>

#include "cyclebench.h"
#include "core/machine.h"

/* What the run was: stored under "run" in the JSON. */
struct run_info {
	char		 started_at[32];	/* ISO 8601 UTC */
	int		 argc;
	char		**argv;
	int		 partial;		/* 1: interrupted before the end */
};

/* The human table: one row per result, then a legend of methods/flags. */
void	report_table(FILE *fp, const struct machine *m,
	    const struct cb_result *r, size_t n);

/* A cost as the tables print it: enough digits to read, never more than
   the noise supports; "-" when not finite. */
void	report_cost_text(char *buf, size_t len, double v);

/*
 * The seeds' tables: for each group (the part of a name before '/') and
 * parameter key whose results take at least two values of it, variants as
 * rows and the values as columns, median cycles per operation in the cells.
 * Prints nothing when no results vary a parameter.
 */
void	report_pivot(FILE *fp, const struct cb_result *r, size_t n);

/* The figures benchmarks added themselves (cb_result_extra), one line per
   result that has any, beside its median cycles. */
void	report_extras(FILE *fp, const struct cb_result *r, size_t n);

/*
 * The distribution of every path result (p50 to max, the cold first call,
 * the batched cross-check, the benchmark's own figures) under the CPU
 * vulnerability mitigations that shape them; nothing without path results.
 */
void	report_paths(FILE *fp, const struct machine *m,
	    const struct cb_result *r, size_t n);

/* Width of the widest "name k=v" label of r[0..n-1], at least the table's. */
int	report_label_width(const struct cb_result *r, size_t n);

/*
 * Write results as JSON (schema in docs/results-schema.md) or CSV to
 * `path', atomically: a temporary file in the same directory, fsync,
 * rename.  On failure returns -1 with a message in err and leaves no
 * file at path (an existing one stays untouched).
 */
int	report_json_write(const char *path, const struct machine *m,
	    const struct run_info *run, const struct cb_result *r, size_t n,
	    char *err, size_t errlen);
int	report_csv_write(const char *path, const struct machine *m,
	    const struct run_info *run, const struct cb_result *r, size_t n,
	    char *err, size_t errlen);

/* A cost for a table: "3.00", "17.0", "1234"; "-" when not finite. */

/* One CSV field, quoted when RFC 4180 requires it. */
void	report_csv_text(FILE *fp, const char *s);
/* A comma, then v with 10 significant digits; nothing when not finite. */
void	report_csv_num(FILE *fp, double v);

/* Write `len' bytes to path atomically (tmp + fsync + rename). */
int	atomic_write_file(const char *path, const char *data, size_t len,
	    char *err, size_t errlen);

#endif
