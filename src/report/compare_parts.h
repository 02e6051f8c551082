/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the formats of a comparison share (compare_parts.c,
 * compare_notes.c) and the render function of each, for compare's
 * reporter (compare_out.c): for the compare_*.c files only.
 */
#ifndef CB_REPORT_COMPARE_PARTS_H
#define CB_REPORT_COMPARE_PARTS_H

#include <stddef.h>
#include <stdio.h>

#include "verdict/compare.h"
#include "report/report.h"

#define CMP_WIDTH	80	/* of the text and of the notes */

/* Append to a char line[] at n, never past its end. */
#define CMP_ADD(...)	(n += (size_t)snprintf(line + n, n < sizeof(line) ? \
			    sizeof(line) - n : 0, __VA_ARGS__))

/* "baseline", "same", ...: a verdict in CSV and JSON. */
extern const char *const cmp_verdict_names[];
extern const char *const cmp_basis_names[];

/* "name k=v k=v": how a row is called everywhere. */
void	cmp_row_label(const struct cmp_row *row, char *buf, size_t len);

/* The cycles cell: the median, or why there is none. */
void	cmp_cost_text(const struct cmp_cell *c, char *buf, size_t len);

/* A side's levels as the tables print them; "" when it has one. */
const char *cmp_cell_levels(const struct cmp_cell *c, char *buf,
	    size_t len);

/* A side's machine, kernel, cycle method, start and --context. */
void	cmp_legend_line(const struct cmp_input *in, char *buf, size_t len);

/*
 * `first', a space, then the words of `text' over lines of at most
 * CMP_WIDTH columns, continuation lines indented by `indent'.
 */
void	cmp_put_wrapped(FILE *fp, const char *first, int indent,
	    const char *text);

/*
 * "1 slower, 0 faster, 5 same, 1 unknown of 7": the verdicts of every
 * cell after the baseline's, with ", N not compared" (missing, skipped
 * or failed) before "of" when there are any.  The text's last line and
 * the github notice's opening.
 */
void	cmp_summary_text(const struct cmp_table *t, char *buf, size_t len);

/* The notes under a table (compare_notes.c); nothing when none. */
void	cmp_notes(const struct cmp_table *t, FILE *fp);

/* The formats, each in its file: data is a struct cmp_table. */
int	cmp_text(FILE *fp, const void *data, const struct report_style *st);
int	cmp_markdown(FILE *fp, const void *data,
	    const struct report_style *st);
int	cmp_csv(FILE *fp, const void *data, const struct report_style *st);
int	cmp_json(FILE *fp, const void *data, const struct report_style *st);
int	cmp_github(FILE *fp, const void *data, const struct report_style *st);

#endif
