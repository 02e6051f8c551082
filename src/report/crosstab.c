/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The store's table by machine (crosstab.h) as text (aligned columns,
 * for a terminal or a mailing list in a fixed font), markdown and CSV
 * (one line per cell, for spreadsheets): table's reporter.  A cell's
 * flags are letters after its number, explained under the table: a flag
 * this cyclebench does not know (from a newer one) gets an upper-case
 * one, never dropped.  In text, a column's numbers line up on their
 * decimal points and its flags after them.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "report/crosstab.h"
#include "report/escape.h"
#include "report/report.h"
#include "report/units.h"

#define HEAD_MAX	20
#define MAX_FLAGS	16

/*
 * Every flag a letter, lower case, its initial where that is free: never
 * a digit, which reads as part of the number or as a footnote.
 */
static const struct {
	const char	*name;
	char		 letter;
} known_flags[] = {
	{ "poor-fit", 'f' },
	{ "clock-drift", 'k' },
	{ "disturbed", 'd' },
	{ "noisy", 'n' },
	{ "few-samples", 's' },
	{ "below-resolution", 'r' },
	{ "multilevel", 'm' },
	{ "contended", 'c' },
	{ "miscalibrated", 'a' },
	{ "unsettled", 'u' },
	{ "emulated", 'e' },
	{ "clock-slowed", 'w' },
	{ "recalibrated", 'l' },
};

#define NKNOWN	(sizeof(known_flags) / sizeof(known_flags[0]))

/* The flags of a table and their letters, in order of first use. */
struct legend {
	char		 names[MAX_FLAGS][48];
	char		 letters[MAX_FLAGS];
	size_t		 n;
	int		 unknown;	/* upper-case letters given */
};

char
xt_flag_letter(const char *name)
{
	size_t i;

	for (i = 0; i < NKNOWN; i++)
		if (strcmp(known_flags[i].name, name) == 0)
			return (known_flags[i].letter);
	return ('\0');
}

/*
 * A flag's letter; one this build does not know gets an upper-case one
 * from Z back, the end of the alphabet no known flag's initial is near.
 */
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
	lg->letters[lg->n] = xt_flag_letter(lg->names[lg->n]);
	if (lg->letters[lg->n] == '\0')
		lg->letters[lg->n] = lg->unknown < 26 ? (char)('Z' -
		    lg->unknown++) : '+';
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

/*
 * A column's cells lined up: the widest whole part, the widest rest of a
 * number after it (point, decimals, k or M), the widest flags.
 */
struct lineup {
	size_t		 whole, rest, flags;
};

/* Where a cell's number ends: its flags follow a blank. */
static size_t
number_len(const char *cell)
{

	return (strcspn(cell, " "));
}

static void
lineup_add(struct lineup *l, const char *cell)
{
	size_t w = report_point_at(cell), n = number_len(cell);

	l->whole = w > l->whole ? w : l->whole;
	l->rest = n - w > l->rest ? n - w : l->rest;
	if (cell[n] != '\0' && strlen(cell + n + 1) > l->flags)
		l->flags = strlen(cell + n + 1);
}

static size_t
lineup_width(const struct lineup *l)
{

	return (l->whole + l->rest + (l->flags > 0 ? 1 + l->flags : 0));
}

/*
 * The cell in `width' columns, its point and flags where the column's
 * are; the last of a line without the blanks after it.
 */
static void
lineup_print(FILE *fp, const struct lineup *l, const char *cell, int width,
    int last)
{
	size_t w = report_point_at(cell), n = number_len(cell), used;
	const char *flags = cell[n] != '\0' ? cell + n + 1 : "";
	char buf[256];

	used = (size_t)snprintf(buf, sizeof(buf), "%*s%*s%.*s%*s",
	    width - (int)lineup_width(l), "", (int)(l->whole - w), "", (int)n,
	    cell, (int)(l->rest - (n - w)), "");
	if (l->flags > 0 && used < sizeof(buf))
		used += (size_t)snprintf(buf + used, sizeof(buf) - used,
		    " %-*s", (int)l->flags, flags);
	used = used < sizeof(buf) ? used : sizeof(buf) - 1;
	while (last && used > 0 && buf[used - 1] == ' ')
		buf[--used] = '\0';
	fputs(buf, fp);
}

static int
xt_text(FILE *fp, const void *data, const struct report_style *st)
{
	const struct xt_table *t = data;
	char (*txt)[48];
	struct legend lg;
	struct lineup *lu;
	size_t r, c;
	int rw, *cw, w;

	txt = texts(t, &lg);
	cw = calloc(t->ncols + 1, sizeof(*cw));
	lu = calloc(t->ncols + 1, sizeof(*lu));
	if (txt == NULL || cw == NULL || lu == NULL) {
		free(txt);
		free(cw);
		free(lu);
		return (-1);
	}
	rw = 9;
	for (r = 0; r < t->nrows; r++)
		rw = (int)strlen(t->rows[r]) > rw ? (int)strlen(t->rows[r]) : rw;
	for (c = 0; c < t->ncols; c++) {
		for (r = 0; r < t->nrows; r++)
			lineup_add(&lu[c], txt[r * t->ncols + c]);
		w = (int)strlen(t->cols[c]);
		cw[c] = w > HEAD_MAX ? HEAD_MAX : w;
		if ((int)lineup_width(&lu[c]) > cw[c])
			cw[c] = (int)lineup_width(&lu[c]);
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
		for (c = 0; c < t->ncols; c++) {
			fputs("  ", fp);
			lineup_print(fp, &lu[c], txt[r * t->ncols + c], cw[c],
			    c + 1 == t->ncols);
		}
		fputc('\n', fp);
	}
	/* Quiet (-q): the heads and the rows, no title or legend. */
	if (st == NULL || !st->quiet) {
		fputc('\n', fp);
		legend_text(fp, t, &lg, "", put_plain);
	}
	free(lu);
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
