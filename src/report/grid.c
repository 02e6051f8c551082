/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Tables of text cells: column widths from their contents, narrowed
 * step by step to a terminal's width (see grid.h), or written as
 * markdown for a mailing-list post or a pull request.  Widths count
 * UTF-8 characters ("µs"), trailing blanks end no line; a column of
 * figures lines them up on their decimal points.
 */
#include <stdlib.h>
#include <string.h>

#include "report/escape.h"
#include "report/grid.h"
#include "report/units.h"
#include "report/wrap.h"

#define GRID_MAX_COLS	16
#define BELOW_INDENT	4
#define LABEL_INDENT	2

struct layout {
	int	 shown[GRID_MAX_COLS];
	int	 brief[GRID_MAX_COLS];
	int	 below[GRID_MAX_COLS];
	int	 w[GRID_MAX_COLS];
	int	 whole[GRID_MAX_COLS];	/* GRID_POINT: widest before a point */
	int	 rest[GRID_MAX_COLS];	/* and from it on */
	int	 label_below;
	int	 total;
};

void
grid_init(struct grid *g, const struct grid_col *cols, size_t ncols)
{

	memset(g, 0, sizeof(*g));
	g->cols = cols;
	g->ncols = ncols < GRID_MAX_COLS ? ncols : GRID_MAX_COLS;
}

void
grid_free(struct grid *g)
{
	size_t i, j;

	for (i = 0; i < g->nrows; i++) {
		for (j = 0; j < g->ncols; j++) {
			free(g->rows[i].cells[j].text);
			free(g->rows[i].cells[j].brief);
		}
		free(g->rows[i].cells);
		free(g->rows[i].span);
		free(g->rows[i].note);
	}
	free(g->rows);
	memset(g, 0, sizeof(*g));
}

void
grid_row(struct grid *g)
{
	struct grid_row *rows;
	size_t cap;

	if (g->oom)
		return;
	if (g->nrows == g->cap) {
		cap = g->cap ? 2 * g->cap : 16;
		if ((rows = realloc(g->rows, cap * sizeof(*rows))) == NULL) {
			g->oom = 1;
			return;
		}
		g->rows = rows;
		g->cap = cap;
	}
	memset(&g->rows[g->nrows], 0, sizeof(g->rows[0]));
	g->rows[g->nrows].cells = calloc(g->ncols, sizeof(struct grid_cell));
	if (g->rows[g->nrows].cells == NULL) {
		g->oom = 1;
		return;
	}
	g->nrows++;
}

static char *
copy(struct grid *g, const char *s)
{
	char *c;

	if (s == NULL)
		return (NULL);
	if ((c = strdup(s)) == NULL)
		g->oom = 1;
	return (c);
}

void
grid_set(struct grid *g, size_t col, const char *text, const char *brief)
{
	struct grid_cell *c;

	if (g->oom || g->nrows == 0 || col >= g->ncols)
		return;
	c = &g->rows[g->nrows - 1].cells[col];
	free(c->text);
	free(c->brief);
	c->text = copy(g, text);
	c->brief = copy(g, brief);
}

void
grid_span(struct grid *g, size_t from, const char *text)
{
	struct grid_row *r;

	if (g->oom || g->nrows == 0)
		return;
	r = &g->rows[g->nrows - 1];
	free(r->span);
	r->span = copy(g, text);
	r->span_from = from;
}

void
grid_note(struct grid *g, const char *text)
{
	struct grid_row *r;

	if (g->oom || g->nrows == 0 || text == NULL || text[0] == '\0')
		return;
	r = &g->rows[g->nrows - 1];
	free(r->note);
	r->note = copy(g, text);
}

/* Each line of the note, indented, wrapped within the width. */
static void
print_note(FILE *fp, const char *note, int indent, int width)
{
	char line[1024];
	size_t n;

	while (*note != '\0') {
		n = strcspn(note, "\n");
		snprintf(line, sizeof(line), "%.*s", (int)n, note);
		fprintf(fp, "%*s", indent, "");
		wrap_text(fp, indent, indent, line, width);
		note += n;
		note += *note == '\n';
	}
}

static const char *
cell_text(const struct grid_cell *c, int brief)
{
	const char *s = brief && c->brief != NULL ? c->brief : c->text;

	return (s != NULL ? s : "");
}

static int
width_of(const char *s)
{

	return (wrap_columns(s, strlen(s)));
}

static int
in_span(const struct grid_row *r, size_t col)
{

	return (r->span != NULL && col >= r->span_from);
}

/* Widen a point column's parts to hold the figure s. */
static void
point_fit(const char *s, int *whole, int *rest)
{
	int w = (int)report_point_at(s);

	*whole = w > *whole ? w : *whole;
	*rest = width_of(s + w) > *rest ? width_of(s + w) : *rest;
}

/* The layout at `step' and the width of its widest row line. */
static void
plan(const struct grid *g, int step, struct layout *l)
{
	const struct grid_col *c;
	const char *s;
	size_t i, j;
	int n = 0, w;

	memset(l, 0, sizeof(*l));
	l->label_below = g->label_below_at > 0 && g->label_below_at <= step;
	for (j = 0; j < g->ncols; j++) {
		c = &g->cols[j];
		l->shown[j] = !(c->drop_at > 0 && c->drop_at <= step);
		l->brief[j] = c->brief_at > 0 && c->brief_at <= step;
		l->below[j] = c->below_at > 0 && c->below_at <= step;
		if (!l->shown[j] || l->below[j])
			continue;
		w = width_of(c->head);
		for (i = 0; i < g->nrows; i++) {
			if (in_span(&g->rows[i], j))
				continue;
			s = cell_text(&g->rows[i].cells[j], l->brief[j]);
			if (width_of(s) > w)
				w = width_of(s);
			if (c->align == GRID_POINT)
				point_fit(s, &l->whole[j], &l->rest[j]);
		}
		if (c->align == GRID_POINT && l->whole[j] + l->rest[j] > w)
			w = l->whole[j] + l->rest[j];
		if (j == 0 && l->label_below)
			w = LABEL_INDENT - 1;
		l->w[j] = w;
		l->total += w + (n++ > 0 ? 1 : 0);
	}
}

static int
last_step(const struct grid *g)
{
	size_t j;
	int s = g->label_below_at;

	for (j = 0; j < g->ncols; j++) {
		if (g->cols[j].drop_at > s)
			s = g->cols[j].drop_at;
		if (g->cols[j].brief_at > s)
			s = g->cols[j].brief_at;
		if (g->cols[j].below_at > s)
			s = g->cols[j].below_at;
	}
	return (s);
}

/*
 * Print `s' padded to column j's width, aligned; a figure of a point
 * column with its point where the column's is (its header, not being
 * one, right-aligned).  Returns the columns used.
 */
static int
pad(FILE *fp, const char *s, const struct layout *l, size_t j,
    enum grid_align a, int header)
{
	int n = width_of(s), w = l->w[j], at;

	if (a == GRID_POINT && !header && s[0] != '\0') {
		at = (int)report_point_at(s);
		fprintf(fp, "%*s%s%*s", w - l->whole[j] - l->rest[j] +
		    l->whole[j] - at, "", s, l->rest[j] - (n - at), "");
		return (w);
	}
	if (a != GRID_LEFT && n < w)
		fprintf(fp, "%*s", w - n, "");
	fputs(s, fp);
	if (a == GRID_LEFT && n < w)
		fprintf(fp, "%*s", w - n, "");
	return (n > w ? n : w);
}

/* A line with its trailing blanks cut. */
static void
put_line(FILE *fp, char *line, size_t len)
{

	while (len > 0 && line[len - 1] == ' ')
		len--;
	fwrite(line, 1, len, fp);
	fputc('\n', fp);
}

/* Append s to the text printed under a row, two blanks between. */
static void
add_below(char *below, size_t len, const char *s)
{
	size_t used = strlen(below);

	snprintf(below + used, len - used, "%s%s", used > 0 ? "  " : "", s);
}

static int
print_row(FILE *fp, const struct grid *g, const struct grid_row *r,
    const struct layout *l, int header, int width)
{
	char *line = NULL, below[1024];
	const char *s, *span = NULL;
	size_t len = 0, j;
	FILE *lp;
	int first = 1, col;

	below[0] = '\0';
	if ((lp = open_memstream(&line, &len)) == NULL)
		return (-1);
	for (j = 0; j < g->ncols; j++) {
		if (!l->shown[j])
			continue;
		s = header ? g->cols[j].head : cell_text(&r->cells[j],
		    l->brief[j]);
		if (l->below[j]) {
			if (!header && s[0] != '\0')
				add_below(below, sizeof(below), s);
			continue;
		}
		if (!header && in_span(r, j)) {
			span = r->span;	/* from the first column shown */
			continue;
		}
		if (j == 0 && l->label_below) {
			if (!header)
				fprintf(fp, "%s\n", s);
			fprintf(lp, "%*s", l->w[0], "");
			first = 0;
			continue;
		}
		if (!first)
			fputc(' ', lp);
		pad(lp, s, l, j, g->cols[j].align, header);
		first = 0;
	}
	if (!header && r->span != NULL)
		span = r->span;	/* every column it covers left out */
	if (span != NULL && !first)
		fputc(' ', lp);
	if (fclose(lp) != 0) {
		free(line);
		return (-1);
	}
	if (span != NULL) {
		fwrite(line, 1, len, fp);
		col = wrap_columns(line, len);
		wrap_text(fp, col, col, span, width);
	} else
		put_line(fp, line, len);
	if (below[0] != '\0') {
		fprintf(fp, "%*s", BELOW_INDENT, "");
		wrap_text(fp, BELOW_INDENT, BELOW_INDENT, below, width);
	}
	if (!header && r->note != NULL)
		print_note(fp, r->note, l->label_below ? LABEL_INDENT :
		    l->w[0] + 1, width);
	free(line);
	return (0);
}

int
grid_print(FILE *fp, const struct grid *g, int width,
    struct grid_fit *fit)
{
	struct layout l;
	size_t i, j, n;
	int step, last;

	if (g->oom)
		return (-1);
	last = last_step(g);
	for (step = 0; ; step++) {
		plan(g, step, &l);
		if (width <= 0 || l.total <= width || step >= last)
			break;
	}
	if (fit != NULL) {
		memset(fit, 0, sizeof(*fit));
		n = 0;
		for (j = 0; j < g->ncols && n + 1 < 16; j++)
			if (!l.shown[j])
				fit->dropped[n++] = (int)j;
		fit->dropped[n] = -1;
		for (j = 0; j < g->ncols; j++) {
			fit->briefed |= l.shown[j] && l.brief[j];
			fit->below |= l.shown[j] && l.below[j];
		}
		fit->label_below = l.label_below;
	}
	if (print_row(fp, g, NULL, &l, 1, width) != 0)
		return (-1);
	for (i = 0; i < g->nrows; i++)
		if (print_row(fp, g, &g->rows[i], &l, 0, width) != 0)
			return (-1);
	return (0);
}

/* A note in a markdown cell: its lines joined by "; ". */
static void
md_note(FILE *fp, const char *note, int after)
{
	size_t n;

	if (after)
		fputs("; ", fp);
	for (;;) {
		n = strcspn(note, "\n");
		report_md_textn(fp, note, n);
		if (note[n] == '\0')
			break;
		fputs("; ", fp);
		note += n + 1;
	}
}

int
grid_markdown(FILE *fp, const struct grid *g)
{
	const struct grid_row *r;
	size_t i, j;

	if (g->oom)
		return (-1);
	fputc('|', fp);
	for (j = 0; j < g->ncols; j++) {
		fputc(' ', fp);
		report_md_text(fp, g->cols[j].head);
		fputs(" |", fp);
	}
	fputs("\n|", fp);
	for (j = 0; j < g->ncols; j++)
		fputs(g->cols[j].align != GRID_LEFT ? "--:|" : ":--|", fp);
	fputc('\n', fp);
	for (i = 0; i < g->nrows; i++) {
		r = &g->rows[i];
		fputc('|', fp);
		for (j = 0; j < g->ncols; j++) {
			fputc(' ', fp);
			if (in_span(r, j)) {
				if (j == r->span_from)
					report_md_text(fp, r->span);
			} else
				report_md_text(fp, cell_text(&r->cells[j], 0));
			if (j + 1 == g->ncols && r->note != NULL)
				md_note(fp, r->note, cell_text(&r->cells[j],
				    0)[0] != '\0');
			fputs(" |", fp);
		}
		fputc('\n', fp);
	}
	return (0);
}
