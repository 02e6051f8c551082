/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's table by machine (crosstab.h) as text (aligned columns,
 * for a terminal or a mailing list in a fixed font), markdown and CSV
 * (one line per cell, for spreadsheets): table's reporter.  A cell's
 * flags are letters after its number, explained under the table: a flag
 * this cyclebench does not know (from a newer one) gets a digit, never
 * dropped.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "report/crosstab.h"
#include "report/escape.h"
#include "report/report.h"

#define HEAD_MAX	20
#define MAX_FLAGS	16

static const struct {
	const char	*name;
	char		 letter;
} known_flags[] = {
	{ "poor-fit", 'f' },
	{ "clock-drift", 'c' },
	{ "disturbed", 'd' },
	{ "noisy", 'n' },
	{ "few-samples", 's' },
	{ "below-resolution", 'r' },
};

#define NKNOWN	(sizeof(known_flags) / sizeof(known_flags[0]))

/* The flags of a table and their letters, in order of first use. */
struct legend {
	char		 names[MAX_FLAGS][48];
	char		 letters[MAX_FLAGS];
	size_t		 n;
	int		 digits;
};

static char
letter_of(struct legend *lg, const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < lg->n; i++)
		if (strlen(lg->names[i]) == len &&
		    strncmp(lg->names[i], name, len) == 0)
			return (lg->letters[i]);
	if (lg->n == MAX_FLAGS)
		return ('+');
	snprintf(lg->names[lg->n], sizeof(lg->names[0]), "%.*s", (int)len,
	    name);
	lg->letters[lg->n] = '\0';
	for (i = 0; i < NKNOWN; i++)
		if (strcmp(known_flags[i].name, lg->names[lg->n]) == 0)
			lg->letters[lg->n] = known_flags[i].letter;
	if (lg->letters[lg->n] == '\0')
		lg->letters[lg->n] = lg->digits < 9 ? (char)('1' +
		    lg->digits++) : '+';
	return (lg->letters[lg->n++]);
}

/*
 * "20.0 nm", "-" for an empty cell; the flags a table shows
 * (core/names.h), the CSV keeping all.
 */
static void
cell_text(const struct xt_cell *c, struct legend *lg, char *buf, size_t len)
{
	char shown[256];
	const char *f;
	size_t n, k;

	if (c->n == 0) {
		snprintf(buf, len, "-");
		return;
	}
	report_cost_text(buf, len, c->value);
	k = strlen(buf);
	flags_shown_names(c->flags, shown, sizeof(shown));
	for (f = shown; *f != '\0' && k + 3 < len; f += n + (f[n] == ',')) {
		n = strcspn(f, ",");
		if (n == 0)
			continue;
		if (buf[k - 1] != ' ' && strchr(buf, ' ') == NULL)
			buf[k++] = ' ';
		buf[k++] = letter_of(lg, f, n);
		buf[k] = '\0';
	}
}

static void
put_plain(FILE *fp, const char *s)
{

	fputs(s, fp);
}

/*
 * Under the table: what a cell holds, its flags' letters, what a header
 * stands for; the stored texts written by put (markdown escapes them).
 */
static void
legend_text(FILE *fp, const struct xt_table *t, const struct legend *lg,
    const char *bullet, void (*put)(FILE *, const char *))
{
	size_t i;

	fprintf(fp, "%scycles: core cycles per operation, ", bullet);
	if (t->last > 1)
		fprintf(fp, "the median of the medians of the last %zu results "
		    "(fewer where fewer are stored)", t->last);
	else
		fprintf(fp, "the median of the latest result");
	fprintf(fp, "; - none stored\n");
	if (lg->n > 0) {
		fprintf(fp, "%sflags:", bullet);
		for (i = 0; i < lg->n; i++) {
			fprintf(fp, "%s %c ", i ? "," : "", lg->letters[i]);
			put(fp, lg->names[i]);
		}
		fprintf(fp, " (cyclebench(1) explains them)\n");
	}
	for (i = 0; t->col_notes != NULL && i < t->ncols; i++)
		if (t->col_notes[i] != NULL) {
			fputs(bullet, fp);
			put(fp, t->cols[i]);
			fputs(": ", fp);
			put(fp, t->col_notes[i]);
			fputc('\n', fp);
		}
}

/* Every cell's text first, so that widths and the legend are known. */
static char (*texts(const struct xt_table *t, struct legend *lg))[48]
{
	char (*txt)[48];
	size_t i;

	memset(lg, 0, sizeof(*lg));
	if ((txt = calloc(t->nrows * t->ncols + 1, sizeof(*txt))) == NULL)
		return (NULL);
	for (i = 0; i < t->nrows * t->ncols; i++)
		cell_text(&t->cells[i], lg, txt[i], sizeof(txt[i]));
	return (txt);
}

static int
xt_text(FILE *fp, const void *data, const struct report_style *st)
{
	const struct xt_table *t = data;
	char (*txt)[48];
	struct legend lg;
	size_t r, c;
	int rw, *cw, w;

	if ((txt = texts(t, &lg)) == NULL || (cw = calloc(t->ncols + 1,
	    sizeof(*cw))) == NULL) {
		free(txt);
		return (-1);
	}
	rw = 9;
	for (r = 0; r < t->nrows; r++)
		rw = (int)strlen(t->rows[r]) > rw ? (int)strlen(t->rows[r]) : rw;
	for (c = 0; c < t->ncols; c++) {
		w = (int)strlen(t->cols[c]);
		cw[c] = w > HEAD_MAX ? HEAD_MAX : w;
		for (r = 0; r < t->nrows; r++)
			if ((int)strlen(txt[r * t->ncols + c]) > cw[c])
				cw[c] = (int)strlen(txt[r * t->ncols + c]);
	}
	if (st == NULL || !st->quiet)
		fprintf(fp, "%s: median core cycles per operation by %s\n",
		    t->suite, t->by);
	fprintf(fp, "%-*s", rw, "benchmark");
	for (c = 0; c < t->ncols; c++)
		fprintf(fp, "  %*.*s", cw[c], HEAD_MAX, t->cols[c]);
	fputc('\n', fp);
	for (r = 0; r < t->nrows; r++) {
		fprintf(fp, "%-*s", rw, t->rows[r]);
		for (c = 0; c < t->ncols; c++)
			fprintf(fp, "  %*s", cw[c], txt[r * t->ncols + c]);
		fputc('\n', fp);
	}
	/* Quiet (-q): the heads and the rows, no title or legend. */
	if (st == NULL || !st->quiet) {
		fputc('\n', fp);
		legend_text(fp, t, &lg, "", put_plain);
	}
	free(cw);
	free(txt);
	return (0);
}

static int
xt_markdown(FILE *fp, const void *data, const struct report_style *st)
{
	const struct xt_table *t = data;
	char (*txt)[48];
	struct legend lg;
	size_t r, c;

	(void)st;
	if ((txt = texts(t, &lg)) == NULL)
		return (-1);
	fprintf(fp, "**");
	report_md_text(fp, t->suite);
	fprintf(fp, "**: median core cycles per operation by ");
	report_md_text(fp, t->by);
	fprintf(fp, "\n\n| benchmark |");
	for (c = 0; c < t->ncols; c++) {
		fputc(' ', fp);
		report_md_text(fp, t->cols[c]);
		fprintf(fp, " |");
	}
	fprintf(fp, "\n|---|");
	for (c = 0; c < t->ncols; c++)
		fprintf(fp, "---:|");
	fputc('\n', fp);
	for (r = 0; r < t->nrows; r++) {
		fprintf(fp, "| ");
		report_md_text(fp, t->rows[r]);
		fprintf(fp, " |");
		for (c = 0; c < t->ncols; c++)
			fprintf(fp, " %s |", txt[r * t->ncols + c]);
		fputc('\n', fp);
	}
	fputc('\n', fp);
	legend_text(fp, t, &lg, "- ", report_md_text);
	free(txt);
	return (0);
}

static int
xt_csv(FILE *fp, const void *data, const struct report_style *st)
{
	const struct xt_table *t = data;
	const struct xt_cell *x;
	size_t r, c;

	(void)st;
	fprintf(fp, "suite,benchmark,");
	report_csv_text(fp, t->by);
	fprintf(fp, ",cycles,results,flags,latest_run\r\n");
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++) {
			x = &t->cells[r * t->ncols + c];
			if (x->n == 0)
				continue;
			report_csv_text(fp, t->suite);
			fputc(',', fp);
			report_csv_text(fp, t->rows[r]);
			fputc(',', fp);
			report_csv_text(fp, t->cols[c]);
			report_csv_num(fp, x->value);
			fprintf(fp, ",%zu,", x->n);
			report_csv_text(fp, x->flags);
			fprintf(fp, ",%lld\r\n", x->run);
		}
	return (0);
}

const struct reporter xt_reporter = { {
	[REPORT_TEXT] = xt_text,
	[REPORT_MARKDOWN] = xt_markdown,
	[REPORT_CSV] = xt_csv,
} };

void
xt_add_flags(char *buf, size_t len, const char *flags)
{
	const char *f, *p;
	size_t n, have;

	for (f = flags; *f != '\0'; f += n + (f[n] == ',')) {
		n = strcspn(f, ",");
		if (n == 0)
			continue;
		/* Already in the set? */
		for (p = buf; *p != '\0'; p += have + (p[have] == ',')) {
			have = strcspn(p, ",");
			if (have == n && strncmp(p, f, n) == 0)
				break;
		}
		if (*p != '\0' || strlen(buf) + n + 2 > len)
			continue;
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%.*s",
		    buf[0] ? "," : "", (int)n, f);
	}
}

void
xt_free(struct xt_table *t)
{

	free(t->rows);
	free(t->cols);
	free(t->col_notes);
	free(t->cells);
	free(t->rows_buf);
	free(t->cols_buf);
	free(t->notes_buf);
	memset(t, 0, sizeof(*t));
}
