/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison as text, for a mailing-list post: plain, 80 columns.  A
 * legend of the sides, the warnings, a column of cycles per side and
 * the change and its mark for every side after the baseline, then the
 * notes (compare_notes.c), how the verdicts were reached and a line that
 * counts them.  Quiet (-q): the table alone.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "verdict/compare.h"
#include "report/compare_parts.h"
#include "report/report.h"

#define COST_W		7	/* "1234567", "17.0", "skipped" */
#define CHANGE_W	7	/* "+467%", "-0.4%", "x25" */

/* "a.json", or "3 runs: a.json b.json c.json": the files of a side. */
static void
side_files(const struct cmp_input *in, char *buf, size_t len)
{
	size_t i, n = 0;

	buf[0] = '\0';
	if (in->nfiles > 1)
		n = (size_t)snprintf(buf, len, "%zu runs:", in->nfiles);
	for (i = 0; i < in->nfiles && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", n ? " " : "",
		    in->f[i].path);
}

static void
text_head(const struct cmp_table *t, FILE *fp)
{
	char first[CMP_LABEL_MAX + 16], line[512], files[4096];
	size_t i;

	fprintf(fp, "cyclebench compare: each side's core cycles per "
	    "operation; %c is the baseline\n\n", CMP_LETTER(0));
	for (i = 0; i < t->ninputs; i++) {
		snprintf(first, sizeof(first), "%c  %s:", CMP_LETTER(i),
		    t->inputs[i].label);
		side_files(&t->inputs[i], files, sizeof(files));
		cmp_put_wrapped(fp, first, 3, files);
		cmp_legend_line(&t->inputs[i], line, sizeof(line));
		cmp_put_wrapped(fp, "  ", 3, line);
	}
	fputc('\n', fp);
	for (i = 0; i < t->nwarnings; i++)
		cmp_put_wrapped(fp, "warning:", 2, t->warnings[i]);
	if (t->nwarnings > 0)
		fputc('\n', fp);
}

/* Header labels longer than this are cut; the legend has them whole. */
#define HEAD_MAX	20

/* Column widths: the cycles of input j widen to carry its label. */
static int
cost_width(const struct cmp_table *t, size_t j)
{
	int n;

	n = (int)strlen(t->inputs[j].label);
	n = n > HEAD_MAX ? HEAD_MAX : n;
	if (j > 0)
		n -= 1 + CHANGE_W;
	return (n > COST_W ? n : COST_W);
}

/* Trailing blanks (an empty mark, a missing cell) end no line. */
static void
put_line(FILE *fp, char *line)
{
	size_t n;

	n = strlen(line);
	while (n > 0 && line[n - 1] == ' ')
		n--;
	fprintf(fp, "%.*s\n", (int)n, line);
}

#define CMP_ADD(...)	(n += (size_t)snprintf(line + n, n < sizeof(line) ? \
			    sizeof(line) - n : 0, __VA_ARGS__))

/*
 * Rows whose label and numbers do not fit in CMP_WIDTH are split: the label
 * alone, then the numbers indented, so nothing is cut off.
 */
static void
text_table(const struct cmp_table *t, FILE *fp)
{
	char label[256], cost[32], change[32], line[1024];
	const struct cmp_cell *c;
	size_t i, j, n, numbers;
	int w, split;

	w = (int)strlen("benchmark");
	for (i = 0; i < t->nrows; i++) {
		cmp_row_label(&t->rows[i], label, sizeof(label));
		if ((int)strlen(label) > w)
			w = (int)strlen(label);
	}
	numbers = 0;
	for (j = 0; j < t->ninputs; j++)
		numbers += 2 + (size_t)cost_width(t, j) +
		    (j > 0 ? 1 + CHANGE_W + 2 : 0);
	split = (size_t)w + numbers > CMP_WIDTH;
	if (split)
		w = 2;
	n = 0;
	CMP_ADD("%-*s", w, "");
	for (j = 0; j < t->ninputs; j++)
		CMP_ADD("  %*.*s", cost_width(t, j) +
		    (j > 0 ? 1 + CHANGE_W : 0), HEAD_MAX, t->inputs[j].label);
	put_line(fp, line);
	n = 0;
	CMP_ADD("%-*s", w, split ? "" : "benchmark");
	for (j = 0; j < t->ninputs; j++) {
		CMP_ADD("  %*s", cost_width(t, j), "cycles");
		if (j > 0)
			CMP_ADD(" %*s  ", CHANGE_W, "change");
	}
	put_line(fp, line);
	for (i = 0; i < t->nrows; i++) {
		cmp_row_label(&t->rows[i], label, sizeof(label));
		if (split)
			fprintf(fp, "%s\n", label);
		n = 0;
		CMP_ADD("%-*s", w, split ? "" : label);
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			cmp_cost_text(c, cost, sizeof(cost));
			CMP_ADD("  %*s", cost_width(t, j), cost);
			if (j == 0)
				continue;
			change[0] = '\0';
			if (isfinite(c->ratio))
				cmp_change_text(c->ratio, change,
				    sizeof(change));
			CMP_ADD(" %*s %-1s", CHANGE_W, change,
			    cmp_mark(c->verdict));
		}
		put_line(fp, line);
	}
}

/* Quiet: the table alone.  Else the verdicts summed up last. */
int
cmp_text(FILE *fp, const void *data, const struct report_style *st)
{
	const struct cmp_table *t = data;
	char summary[160];

	if (st != NULL && st->quiet) {
		text_table(t, fp);
		return (0);
	}
	text_head(t, fp);
	text_table(t, fp);
	fputc('\n', fp);
	cmp_notes(t, fp);
	cmp_method_text(t, fp);
	cmp_summary_text(t, summary, sizeof(summary));
	fprintf(fp, "\n%s.\n", summary);
	return (0);
}

