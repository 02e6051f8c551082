/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The comparison's section of the HTML report, first on the page when
 * there are several inputs: per suite a chart with a bar per input and
 * the same numbers as a table beside it (both units, the change and its
 * mark, the flags), the distributions of each path overlaid, and aside
 * the inputs, the warnings and how the verdicts were reached.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "verdict/compare.h"
#include "report/escape.h"
#include "report/html_parts.h"
#include "report/svg.h"

/* "A: noisy; C: contended": the flags a comparison row shows, by input. */
static void
row_flags(FILE *fp, const struct cmp_table *t, const struct cmp_row *row)
{
	const struct rs_result *r;
	char shown[256];
	size_t j;
	int any = 0;

	for (j = 0; j < t->ninputs; j++) {
		r = row->cells[j].r;
		if (r == NULL || flags_shown_names(r->flags, shown,
		    sizeof(shown))[0] == '\0')
			continue;
		fprintf(fp, "%s%c: ", any++ ? "; " : "", CMP_LETTER(j));
		html_flags(fp, r->flags);
	}
}

/* The comparison of one suite as numbers: both units, change, flags. */
static void
compare_table(FILE *fp, const struct cmp_table *t, const char *group)
{
	const struct cmp_cell *cell;
	const struct cmp_row *row;
	char change[32];
	size_t i, j;

	fputs("<table class=\"num\"><thead><tr><th>benchmark</th>", fp);
	for (j = 0; j < t->ninputs; j++) {
		fprintf(fp, "<th colspan=\"%d\" style=\"color:%s\">%c ",
		    j > 0 ? 3 : 2, svg_colour(j), CMP_LETTER(j));
		html_text(fp, t->inputs[j].label);
		fputs("</th>", fp);
	}
	fputs("<th>flags</th></tr>\n<tr><th></th>", fp);
	for (j = 0; j < t->ninputs; j++)
		fputs(j > 0 ? "<th>cycles</th><th>time</th><th>change</th>" :
		    "<th>cycles</th><th>time</th>", fp);
	fputs("<th></th></tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < t->nrows; i++) {
		row = &t->rows[i];
		if (strcmp(row->first->group, group) != 0)
			continue;
		fputs("<tr><td>", fp);
		html_row_name(fp, row->first, 1);
		fputs("</td>", fp);
		for (j = 0; j < t->ninputs; j++) {
			cell = &row->cells[j];
			if (cell->r != NULL && cell->r->ok) {
				html_cycles_cell(fp, cell->r);
				html_time_cell(fp, cell->r);
			} else
				fprintf(fp, "<td colspan=\"2\" class=\"why\">"
				    "%s</td>", cell->r != NULL ?
				    cell->r->status : "-");
			if (j == 0)
				continue;
			change[0] = '\0';
			if (isfinite(cell->ratio))
				cmp_change_text(cell->ratio, change,
				    sizeof(change));
			fprintf(fp, "<td>%s %s</td>", change,
			    cmp_mark(cell->verdict));
		}
		fputs("<td class=\"flags\">", fp);
		row_flags(fp, t, row);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
}

/* One chart per suite: each benchmark a row, each input a bar. */
static void
compare_chart(FILE *fp, const struct cmp_table *t, const char *group)
{
	const struct cmp_cell *cell;
	const char **cats, **sers;
	char (*labels)[256], change[32];
	struct svg_chart c;
	struct svg_bar *b;
	size_t i, j;

	memset(&c, 0, sizeof(c));
	cats = calloc(t->nrows, sizeof(*cats));
	labels = calloc(t->nrows, sizeof(*labels));
	sers = calloc(t->ninputs, sizeof(*sers));
	c.bars = calloc(t->nrows * t->ninputs, sizeof(*c.bars));
	if (cats == NULL || labels == NULL || sers == NULL || c.bars == NULL)
		goto out;
	c.nser = t->ninputs;
	for (j = 0; j < t->ninputs; j++)
		sers[j] = t->inputs[j].label;
	for (i = 0; i < t->nrows; i++) {
		if (strcmp(t->rows[i].first->group, group) != 0)
			continue;
		snprintf(labels[c.ncat], sizeof(labels[0]), "%s%s%s",
		    t->rows[i].first->name, t->rows[i].first->params[0] ?
		    " " : "", t->rows[i].first->params);
		cats[c.ncat] = labels[c.ncat];
		for (j = 0; j < t->ninputs; j++) {
			cell = &t->rows[i].cells[j];
			b = &c.bars[c.ncat * c.nser + j];
			html_fill_bar(b, cell->r);
			if (j == 0 || !isfinite(cell->ratio))
				continue;
			cmp_change_text(cell->ratio, change, sizeof(change));
			snprintf(b->note + strlen(b->note), sizeof(b->note) -
			    strlen(b->note), "  %s %s", change,
			    cmp_mark(cell->verdict));
		}
		c.ncat++;
	}
	fputs("<div class=\"suite\">\n", fp);
	html_bar_figure(fp, &c, group, cats, sers);
	compare_table(fp, t, group);
	fputs("</div>\n", fp);
out:
	free(cats);
	free(labels);
	free(sers);
	free(c.bars);
}

/* A path measured by two inputs or more: their distributions overlaid. */
static void
compare_histogram(FILE *fp, const struct cmp_table *t,
    const struct cmp_row *row)
{
	const struct rs_result *rs[HIST_MAX_SERIES];
	const char *labels[HIST_MAX_SERIES];
	char names[HIST_MAX_SERIES][CMP_LABEL_MAX + 4];
	size_t j, n = 0;

	for (j = 0; j < t->ninputs && n < HIST_MAX_SERIES; j++) {
		if (!html_is_path(row->cells[j].r))
			continue;
		snprintf(names[n], sizeof(names[n]), "%c %s", CMP_LETTER(j),
		    t->inputs[j].label);
		labels[n] = names[n];
		rs[n++] = row->cells[j].r;
	}
	if (n < 2)
		return;
	fputs("<figure><figcaption>", fp);
	html_row_name(fp, row->first, 1);
	fputs(": per-call cycles, overlaid</figcaption>\n", fp);
	svg_histogram(fp, rs, labels, n);
	fputs("</figure>\n", fp);
}

void
html_compare_section(FILE *fp, const struct cmp_table *t)
{
	const char **groups;
	char *method, *p;
	size_t i, n, len;
	FILE *mfp;

	fputs("<section>\n<h2>Comparison</h2>\n<div class=\"layout\">"
	    "<div class=\"charts\">\n", fp);
	if ((groups = calloc(t->nrows + 1, sizeof(*groups))) != NULL) {
		n = 0;
		for (i = 0; i < t->nrows; i++)
			n = html_add_unique(groups, n, t->rows[i].first->group);
		for (i = 0; i < n; i++)
			compare_chart(fp, t, groups[i]);
		free(groups);
	}
	for (i = 0; i < t->nrows; i++)
		compare_histogram(fp, t, &t->rows[i]);
	fputs("</div>\n<aside>\n", fp);
	for (i = 0; i < t->ninputs; i++) {
		fprintf(fp, "<p><b style=\"color:%s\">%c</b> ", svg_colour(i),
		    CMP_LETTER(i));
		html_text(fp, t->inputs[i].label);
		fputs(": ", fp);
		html_text(fp, t->inputs[i].f->path);
		fputs(i == 0 ? " (baseline)</p>\n" : "</p>\n", fp);
	}
	for (i = 0; i < t->nwarnings; i++) {
		fputs("<p class=\"warn\">warning: ", fp);
		html_text(fp, t->warnings[i]);
		fputs("</p>\n", fp);
	}
	/*
	 * The text is wrapped for a terminal; here only its items ("*  ",
	 * "=  ", "?  ") start lines and the browser wraps the rest.
	 */
	if ((mfp = open_memstream(&method, &len)) != NULL) {
		cmp_method_text(t, mfp);
		fclose(mfp);
		for (p = method; (p = strchr(p, '\n')) != NULL; p++)
			if (p[1] != '\0' && strchr("*=?", p[1]) == NULL)
				*p = ' ';
		fputs("<p class=\"method\">", fp);
		html_text(fp, method);
		fputs("</p>\n", fp);
		free(method);
	}
	fputs("</aside></div>\n</section>\n", fp);
}

