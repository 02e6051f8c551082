/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HTML report page: per input, for each suite a bar chart with the
 * same numbers as a table beside it (both units, the spread, the flags),
 * and a histogram per path result; the machine fingerprint beside them
 * (html_fingerprint.c).  With
 * several inputs the comparison comes first, the distributions of each
 * path overlaid.  The page needs nothing but itself: styles are inline,
 * there is no script, and the Content-Security-Policy forbids the
 * browser to load or run anything else, so even a string that escaped
 * html_text could not fetch or execute.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/escape.h"
#include "report/html.h"
#include "report/report.h"
#include "report/svg.h"

static const char page_head[] =
"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
" style-src 'unsafe-inline'\">\n"
"<title>cyclebench report</title>\n<style>\n"
"body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\n"
"h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc}\n"
".layout{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}\n"
".charts{flex:1 1 780px;min-width:0}\n"
".suite{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start;"
"margin-bottom:1.2em}\n"
"aside{font-size:12px;flex:0 1 24em;min-width:0;"
"background:#f6f6f6;padding:.6em 1em}\n"
"aside dt{font-weight:600;float:left;clear:left;width:9em}\n"
"aside dd{margin-left:9.5em;overflow-wrap:anywhere}\n"
"figure{margin:0}figcaption{font-weight:600;margin-bottom:.3em}\n"
"table.num{border-collapse:collapse;font-size:12px}\n"
"table.num th,table.num td{padding:2px 6px;border-bottom:1px solid #e4e4e4;"
"text-align:right;white-space:nowrap}\n"
"table.num th:first-child,table.num td:first-child,table.num .flags,"
"table.num .why,table.num th:last-child{text-align:left}\n"
"table.num .flags{color:#a33}table.num .why{color:#666;"
"white-space:normal}\n"
".warn{color:#a33}.method{white-space:pre-line}\n"
"svg text{font:12px system-ui,sans-serif;fill:#222}\n"
"svg .cat{text-anchor:end}svg .tick,svg .unit{text-anchor:middle;"
"fill:#666;font-size:11px}\n"
"svg .mark{font-size:11px}\n"
"svg .grid{stroke:#ddd}svg .axis{stroke:#888}"
"svg .whisker{stroke:#222;stroke-width:1}\n"
"svg .median{stroke-width:1.5}svg .p99{stroke-width:1;"
"stroke-dasharray:4 3}\n"
"svg .over{stroke:#e15759;stroke-width:1}\n"
"svg .band{fill:#4e79a7;opacity:.15}svg .level{stroke:#4e79a7;"
"stroke-width:2}svg .shift{stroke:#e15759;stroke-dasharray:4 3}"
"svg .run{fill:#222}\n"
"</style>\n</head>\n<body>\n";

/* Distinct strings in order of first appearance; returns the count. */
static size_t
add_unique(const char **set, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(set[i], s) == 0)
			return (n);
	set[n] = s;
	return (n + 1);
}

/* The variant: the name after "group/". */
static const char *
variant(const struct rs_result *r)
{
	size_t n = strlen(r->group);

	return (strncmp(r->name, r->group, n) == 0 && r->name[n] == '/' ?
	    r->name + n + 1 : r->name);
}

static int
is_path(const struct rs_result *r)
{

	return (r != NULL && r->ok && strcmp(r->mode, "path") == 0);
}

/*
 * The bar's note: the figure and its levels when several.  Its flags are
 * in the table beside the chart and the bar's tooltip; in the note they
 * pushed the change and its mark past the chart's edge.
 */
static void
fill_bar(struct svg_bar *b, const struct rs_result *r)
{
	size_t n;

	b->lo = b->hi = b->ns = NAN;
	if (r == NULL) {
		snprintf(b->note, sizeof(b->note), "not run");
		return;
	}
	if (!r->ok) {
		snprintf(b->note, sizeof(b->note), "%s%s%s", r->status,
		    r->reason[0] ? ": " : "", r->reason);
		return;
	}
	b->has_value = isfinite(r->cycles.median);
	b->value = r->cycles.median;
	b->lo = r->cycles.p10;
	b->hi = r->cycles.p90;
	b->ns = r->ns_median;
	snprintf(b->flags, sizeof(b->flags), "%s", r->flags);
	report_cycles_text(b->note, sizeof(b->note), r->cycles.median);
	if (r->nlevels >= 2) {
		n = strlen(b->note);
		snprintf(b->note + n, sizeof(b->note) - n, "  levels ");
		n = strlen(b->note);
		report_levels_text(b->note + n, sizeof(b->note) - n, r->levels,
		    r->nlevels, r->scattered);
	}
}

/* The result of `group' with this variant and parameters, or NULL. */
static const struct rs_result *
find(const struct rs_file *f, const char *group, const char *var,
    const char *params)
{
	const struct rs_result *r;
	size_t k;

	for (k = 0; k < f->nresults; k++) {
		r = &f->results[k];
		if (strcmp(r->group, group) == 0 &&
		    strcmp(variant(r), var) == 0 &&
		    strcmp(r->params, params) == 0)
			return (r);
	}
	return (NULL);
}

/* A captioned bar chart of medians, one per suite or comparison. */
static void
bar_figure(FILE *fp, struct svg_chart *c, const char *group,
    const char **cats, const char **sers)
{
	c->title = group;
	c->unit = "core cycles per operation (median; whisker p10 to p90)";
	c->cat_labels = cats;
	c->ser_labels = sers;
	fputs("<figure><figcaption>", fp);
	html_text(fp, group);
	fputs("</figcaption>\n", fp);
	svg_bar_chart(fp, c);
	fputs("</figure>\n", fp);
}

/*
 * The figure a table shows for a result: the median in cycles.  One
 * function, so that a result with several levels can show them all.
 */
static void
cycles_cell(FILE *fp, const struct rs_result *r)
{
	char v[32];

	report_cost_text(v, sizeof(v), r->cycles.median);
	fprintf(fp, "<td>%s</td>", v);
}

static void
ns_cell(FILE *fp, const struct rs_result *r)
{
	char v[32];

	report_cost_text(v, sizeof(v), r->ns_median);
	fprintf(fp, "<td>%s</td>", v);
}

/* "name k=v" of a result, as list and run print it. */
static void
row_name(FILE *fp, const struct rs_result *r, int full)
{

	html_text(fp, full ? r->name : variant(r));
	if (r->params[0] != '\0') {
		fputc(' ', fp);
		html_text(fp, r->params);
	}
}

/* One input's numbers for one suite: what the chart draws, and more. */
static void
suite_table(FILE *fp, const struct rs_file *f, const char *group)
{
	const struct rs_result *r;
	char lo[32], hi[32], ci[32];
	size_t i;

	fputs("<table class=\"num\"><thead><tr><th>benchmark</th><th>cycles"
	    "</th><th>ns</th><th>p10&ndash;p90</th><th>&plusmn;ci95</th>"
	    "<th>cv</th><th>flags</th></tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < f->nresults; i++) {
		r = &f->results[i];
		if (strcmp(r->group, group) != 0)
			continue;
		fputs("<tr><td>", fp);
		row_name(fp, r, 0);
		fputs("</td>", fp);
		if (!r->ok) {
			fprintf(fp, "<td colspan=\"6\" class=\"why\">%s",
			    r->status);
			if (r->reason[0] != '\0') {
				fputs(": ", fp);
				html_text(fp, r->reason);
			}
			fputs("</td></tr>\n", fp);
			continue;
		}
		cycles_cell(fp, r);
		ns_cell(fp, r);
		report_cost_text(lo, sizeof(lo), r->cycles.p10);
		report_cost_text(hi, sizeof(hi), r->cycles.p90);
		report_cost_text(ci, sizeof(ci), (r->cycles.ci95_high -
		    r->cycles.ci95_low) / 2);
		fprintf(fp, "<td>%s&ndash;%s</td><td>%s</td><td>%.1f%%</td>"
		    "<td class=\"flags\">", lo, hi, ci, isfinite(r->cycles.cv) ?
		    r->cycles.cv * 100 : 0.0);
		html_text(fp, r->flags);
		fputs("</td></tr>\n", fp);
	}
	fputs("</tbody></table>\n", fp);
}

/* A suite as the seeds tabulate it: variants as rows, parameters as bars. */
static void
suite_chart(FILE *fp, const struct rs_file *f, const char *group)
{
	const struct rs_result *r;
	struct svg_chart c;
	const char **cats, **sers;
	size_t i, j;

	memset(&c, 0, sizeof(c));
	cats = calloc(f->nresults, sizeof(*cats));
	sers = calloc(f->nresults, sizeof(*sers));
	if (cats == NULL || sers == NULL)
		goto out;
	for (i = 0; i < f->nresults; i++) {
		r = &f->results[i];
		if (strcmp(r->group, group) != 0)
			continue;
		c.ncat = add_unique(cats, c.ncat, variant(r));
		c.nser = add_unique(sers, c.nser, r->params);
	}
	if ((c.bars = calloc(c.ncat * c.nser, sizeof(*c.bars))) == NULL)
		goto out;
	for (i = 0; i < c.ncat; i++)
		for (j = 0; j < c.nser; j++)
			fill_bar(&c.bars[i * c.nser + j], find(f, group,
			    cats[i], sers[j]));
	fputs("<div class=\"suite\">\n", fp);
	bar_figure(fp, &c, group, cats,
	    c.nser > 1 || sers[0][0] != '\0' ? sers : NULL);
	suite_table(fp, f, group);
	fputs("</div>\n", fp);
out:
	free(cats);
	free(sers);
	free(c.bars);
}

static void
path_figure(FILE *fp, const struct rs_result *r)
{
	char med[32], p99[32], first[32];

	report_cost_text(med, sizeof(med), r->cycles.median);
	report_cost_text(p99, sizeof(p99), r->cycles.p99);
	report_cost_text(first, sizeof(first), r->first_call);
	fputs("<figure><figcaption>", fp);
	row_name(fp, r, 1);
	fprintf(fp, ": per-call cycles, %zu calls, median %s, p99 %s, first "
	    "(cold) call %s</figcaption>\n", r->nsamples, med, p99, first);
	svg_histogram(fp, &r, NULL, 1);
	fputs("</figure>\n", fp);
}

static void
input_section(FILE *fp, const struct rs_file *files, size_t idx,
    const char *label)
{
	const struct rs_file *f = &files[idx];
	const char **groups;
	size_t i, n;

	fprintf(fp, "<section>\n<h2>%c: ", CMP_LETTER(idx));
	html_text(fp, label);
	fputs(" <small>(", fp);
	html_text(fp, f->path);
	fputs(")</small></h2>\n<div class=\"layout\"><div class=\"charts\">\n",
	    fp);
	if ((groups = calloc(f->nresults + 1, sizeof(*groups))) != NULL) {
		n = 0;
		for (i = 0; i < f->nresults; i++)
			n = add_unique(groups, n, f->results[i].group);
		for (i = 0; i < n; i++)
			suite_chart(fp, f, groups[i]);
		free(groups);
	}
	for (i = 0; i < f->nresults; i++)
		if (is_path(&f->results[i]))
			path_figure(fp, &f->results[i]);
	if (f->nresults == 0)
		fputs("<p>This file holds no results.</p>\n", fp);
	fputs("<p>Bars: median core cycles per operation over the samples "
	    "kept; whiskers: 10th to 90th percentile; a chart whose values "
	    "span more than ten times is drawn on a log scale.  Latency and "
	    "throughput samples are fitted slopes over several loop sizes; "
	    "path samples are single calls.  &plusmn;ci95: half the "
	    "bootstrap 95% interval of the median; cv: the samples' "
	    "coefficient of variation; flags: cyclebench list --flags.</p>\n"
	    "</div>\n", fp);
	html_fingerprint(fp, files, idx);
	fputs("</div>\n</section>\n", fp);
}

/* "A: noisy; C: disturbed": the flags of a comparison row, by input. */
static void
row_flags(FILE *fp, const struct cmp_table *t, const struct cmp_row *row)
{
	const struct rs_result *r;
	size_t j;
	int any = 0;

	for (j = 0; j < t->ninputs; j++) {
		r = row->cells[j].r;
		if (r == NULL || r->flags[0] == '\0')
			continue;
		fprintf(fp, "%s%c: ", any++ ? "; " : "", CMP_LETTER(j));
		html_text(fp, r->flags);
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
		fputs(j > 0 ? "<th>cycles</th><th>ns</th><th>change</th>" :
		    "<th>cycles</th><th>ns</th>", fp);
	fputs("<th></th></tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < t->nrows; i++) {
		row = &t->rows[i];
		if (strcmp(row->first->group, group) != 0)
			continue;
		fputs("<tr><td>", fp);
		row_name(fp, row->first, 1);
		fputs("</td>", fp);
		for (j = 0; j < t->ninputs; j++) {
			cell = &row->cells[j];
			if (cell->r != NULL && cell->r->ok) {
				cycles_cell(fp, cell->r);
				ns_cell(fp, cell->r);
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
			fill_bar(b, cell->r);
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
	bar_figure(fp, &c, group, cats, sers);
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
		if (!is_path(row->cells[j].r))
			continue;
		snprintf(names[n], sizeof(names[n]), "%c %s", CMP_LETTER(j),
		    t->inputs[j].label);
		labels[n] = names[n];
		rs[n++] = row->cells[j].r;
	}
	if (n < 2)
		return;
	fputs("<figure><figcaption>", fp);
	row_name(fp, row->first, 1);
	fputs(": per-call cycles, overlaid</figcaption>\n", fp);
	svg_histogram(fp, rs, labels, n);
	fputs("</figure>\n", fp);
}

static void
compare_section(FILE *fp, const struct cmp_table *t)
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
			n = add_unique(groups, n, t->rows[i].first->group);
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
	 * "~  ", "?  ") start lines and the browser wraps the rest.
	 */
	if ((mfp = open_memstream(&method, &len)) != NULL) {
		cmp_method_text(t, mfp);
		fclose(mfp);
		for (p = method; (p = strchr(p, '\n')) != NULL; p++)
			if (p[1] != '\0' && strchr("*~?", p[1]) == NULL)
				*p = ' ';
		fputs("<p class=\"method\">", fp);
		html_text(fp, method);
		fputs("</p>\n", fp);
		free(method);
	}
	fputs("</aside></div>\n</section>\n", fp);
}

static void
history_section(FILE *fp, const struct hist_series *h, size_t nh)
{
	char shift[16], *method, *p;
	size_t i, k, len;
	FILE *mfp;

	fputs("<section>\n<h2>History</h2>\n<div class=\"layout\">"
	    "<div class=\"charts\">\n", fp);
	for (i = 0; i < nh; i++) {
		fputs("<figure><figcaption>", fp);
		html_text(fp, h[i].key);
		fputs(" on ", fp);
		html_text(fp, h[i].label);
		fprintf(fp, " (%.8s): %zu run%s, ", h[i].ident, h[i].n,
		    h[i].n == 1 ? "" : "s");
		if (h[i].nseg <= 1)
			fputs("one level", fp);
		for (k = 1; k < h[i].nseg; k++) {
			hist_shift_text(&h[i], k, shift, sizeof(shift));
			fprintf(fp, "%sshift %s at run %lld", k > 1 ? ", " :
			    "", shift, h[i].runs[h[i].seg[k].start].run);
		}
		fputs("</figcaption>\n", fp);
		svg_history(fp, &h[i]);
		fputs("</figure>\n", fp);
	}
	/* The text is wrapped for a terminal; here the browser wraps it. */
	fputs("</div>\n<aside><p>", fp);
	method = NULL;
	if ((mfp = open_memstream(&method, &len)) != NULL) {
		hist_method_text(mfp);
		if (fclose(mfp) == 0) {
			for (p = method; (p = strchr(p, '\n')) != NULL; p++)
				*p = ' ';
			html_text(fp, method);
		}
		free(method);
	}
	fputs("</p></aside></div>\n</section>\n", fp);
}

int
html_report_history(FILE *fp, const struct rs_file *files, size_t n,
    const struct cmp_table *t, const struct hist_series *h, size_t nh)
{
	size_t i;

	fputs(page_head, fp);
	fprintf(fp, "<h1>cyclebench report</h1>\n<p>cyclebench %s, from %zu "
	    "results file%s.</p>\n", CB_VERSION, n, n == 1 ? "" : "s");
	if (t != NULL)
		compare_section(fp, t);
	for (i = 0; i < n; i++)
		input_section(fp, files, i, t != NULL ?
		    t->inputs[i].label : files[i].machine.cpu_brand);
	if (nh > 0)
		history_section(fp, h, nh);
	fputs("</body>\n</html>\n", fp);
	return (fflush(fp) != 0 || ferror(fp) ? -1 : 0);
}

int
html_report(FILE *fp, const struct rs_file *files, size_t n,
    const struct cmp_table *t)
{

	return (html_report_history(fp, files, n, t, NULL, 0));
}
