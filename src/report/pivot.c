/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The run's tables by parameter, under run's main table: the same
 * medians of this run regrouped the way each seed printed them, one
 * variant per line and one column per condition (a user-mode
 * percentage, a number of independent counters).  The main table gives
 * every (variant, value) pair a line of its own, which hides the
 * comparison the seed was about, so for each group and parameter key
 * this puts variants as rows and the key's values as columns, both in
 * run order.  Not the store's table by machine (crosstab.c), which
 * spans stored runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/registry.h"
#include "report/report.h"

#define LABEL_MAX	160
#define CELL_MIN	8

/* The part of the name before '/': the suite, by convention. */
static size_t
group_len(const struct cb_bench *b)
{
	const char *slash = strchr(b->name, '/');

	return (slash != NULL ? (size_t)(slash - b->name) : strlen(b->name));
}

static int
same_group(const struct cb_bench *a, const struct cb_bench *b)
{
	size_t n = group_len(a);

	return (n == group_len(b) && strncmp(a->name, b->name, n) == 0);
}

/* A row: the name after the group, with every parameter but `key'. */
static const char *
row_label(const struct cb_bench *b, const char *key, char *buf, size_t len)
{
	size_t used, g = group_len(b);
	int i;

	used = (size_t)snprintf(buf, len, "%s", b->name[g] == '/' ?
	    b->name + g + 1 : b->name);
	for (i = 0; i < CB_MAX_PARAMS && b->params[i].key != NULL; i++) {
		if (used >= len)
			break;
		if (strcmp(b->params[i].key, key) != 0)
			used += (size_t)snprintf(buf + used, len - used,
			    " %s=%s", b->params[i].key, b->params[i].value);
	}
	return (buf);
}

/* Does r[i] belong in the table of (r[first]'s group, key)? */
static int
in_table(const struct cb_result *r, size_t first, size_t i, const char *key)
{
	return (same_group(r[first].bench, r[i].bench) &&
	    registry_param(r[i].bench, key) != NULL);
}

static int
is_first(const struct cb_result *r, size_t i, const char *key)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (in_table(r, i, j, key))	/* an earlier row with the key */
			return (0);
	return (1);
}

/* Do x and y share a row (by_row) or a column of the table for key? */
static int
same_line(const struct cb_bench *x, const struct cb_bench *y,
    const char *key, int by_row)
{
	char a[LABEL_MAX], b[LABEL_MAX];

	if (!by_row)
		return (strcmp(registry_param(x, key), registry_param(y, key)) == 0);
	return (strcmp(row_label(x, key, a, sizeof(a)),
	    row_label(y, key, b, sizeof(b))) == 0);
}

/* Indexes of the results that open the table's rows (or columns). */
static size_t
distinct(const struct cb_result *r, size_t n, size_t first, const char *key,
    int by_row, size_t *out)
{
	size_t i, k, count = 0;

	for (i = first; i < n; i++) {
		if (!in_table(r, first, i, key))
			continue;
		for (k = 0; k < count; k++)
			if (same_line(r[out[k]].bench, r[i].bench, key, by_row))
				break;
		if (k == count)
			out[count++] = i;
	}
	return (count);
}

/* The cell in the row of r[row] and the column of r[col]; 1 if not ok. */
static int
cell(const struct cb_result *r, size_t n, size_t first, const char *key,
    size_t row, size_t col, char *buf, size_t len)
{
	size_t i;

	for (i = first; i < n; i++) {
		if (!in_table(r, first, i, key) ||
		    !same_line(r[i].bench, r[row].bench, key, 1) ||
		    !same_line(r[i].bench, r[col].bench, key, 0))
			continue;
		if (r[i].status == CB_OK) {
			report_cost_text(buf, len, r[i].cycles.median);
			return (0);
		}
		snprintf(buf, len, "%s", r[i].status == CB_SKIPPED ? "skip" :
		    "error");
		return (1);
	}
	snprintf(buf, len, " ");
	return (0);
}

/* The header and rows of columns [from, to). */
static int
block(FILE *fp, const struct cb_result *r, size_t n, size_t first,
    const char *key, const size_t *cols, const int *cw, size_t from,
    size_t to, const size_t *rows, size_t nrows, int lw)
{
	char label[LABEL_MAX], head[LABEL_MAX], text[32];
	size_t i, k;
	int unusual = 0;

	fprintf(fp, "%-*s", lw, "variant");
	for (k = from; k < to; k++) {
		snprintf(head, sizeof(head), "%s=%s", key,
		    registry_param(r[cols[k]].bench, key));
		fprintf(fp, " %*s", cw[k], head);
	}
	fputc('\n', fp);
	for (i = 0; i < nrows; i++) {
		fprintf(fp, "%-*s", lw, row_label(r[rows[i]].bench, key,
		    label, sizeof(label)));
		for (k = from; k < to; k++) {
			unusual |= cell(r, n, first, key, rows[i], cols[k],
			    text, sizeof(text));
			fprintf(fp, " %*s", cw[k], text);
		}
		fputc('\n', fp);
	}
	return (unusual);
}

/*
 * One table; wider than `width' (0: any width), its columns go in blocks
 * one under the other, each with the variants again.
 */
static void
table(FILE *fp, const struct cb_result *r, size_t n, size_t first,
    const char *key, size_t *cols, size_t ncols, size_t *rows, size_t nrows,
    int width)
{
	char label[LABEL_MAX], head[LABEL_MAX];
	const struct cb_bench *b = r[first].bench;
	size_t i, k, from, w, lw = strlen("variant");
	int *cw, used, unusual = 0;

	if ((cw = calloc(ncols, sizeof(*cw))) == NULL)
		return;
	for (i = 0; i < nrows; i++) {
		w = strlen(row_label(r[rows[i]].bench, key, label,
		    sizeof(label)));
		lw = w > lw ? w : lw;
	}
	for (k = 0; k < ncols; k++) {
		w = (size_t)snprintf(head, sizeof(head), "%s=%s", key,
		    registry_param(r[cols[k]].bench, key));
		cw[k] = (int)(w > CELL_MIN ? w : CELL_MIN);
	}
	fprintf(fp, "\n%.*s: median cycles per operation by %s\n",
	    (int)group_len(b), b->name, key);
	for (from = 0; from < ncols; from = k) {
		used = (int)lw;
		for (k = from; k < ncols && (k == from || width <= 0 ||
		    used + 1 + cw[k] <= width); k++)
			used += 1 + cw[k];
		if (from > 0)
			fputc('\n', fp);
		unusual |= block(fp, r, n, first, key, cols, cw, from, k,
		    rows, nrows, (int)lw);
	}
	if (unusual)
		fprintf(fp, "(skip, error: the table above gives the reason)\n");
	free(cw);
}

void
report_pivot(FILE *fp, const struct cb_result *r, size_t n, int width)
{
	const char *key;
	size_t i, ncols, nrows, *cols, *rows;
	int k;

	cols = calloc(n ? n : 1, sizeof(*cols));
	rows = calloc(n ? n : 1, sizeof(*rows));
	for (i = 0; cols != NULL && rows != NULL && i < n; i++) {
		for (k = 0; k < CB_MAX_PARAMS &&
		    (key = r[i].bench->params[k].key) != NULL; k++) {
			if (!is_first(r, i, key))
				continue;
			ncols = distinct(r, n, i, key, 0, cols);
			nrows = distinct(r, n, i, key, 1, rows);
			if (ncols >= 2)
				table(fp, r, n, i, key, cols, ncols, rows,
				    nrows, width);
		}
	}
	free(cols);
	free(rows);
}
