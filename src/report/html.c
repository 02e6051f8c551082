/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HTML report page: per input, for each suite a bar chart with the
 * same numbers as a table beside it (both units, the spread, the flags),
 * and a histogram per path result; the machine fingerprint beside them
 * (html_fingerprint.c).  With several inputs the comparison comes first
 * (html_compare.c), the distributions of each path overlaid; with stored
 * runs a history chart per series comes last.  The page needs nothing but
 * itself: styles are inline, there is no script, and the
 * Content-Security-Policy forbids the browser to load or run anything
 * else, so even a string that escaped html_text could not fetch or
 * execute.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/escape.h"
#include "report/html.h"
#include "report/html_parts.h"
#include "report/svg.h"
#include "report/units.h"

static const char page_head[] =
"<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
"<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
" style-src 'unsafe-inline'\">\n"
"<title>cyclebench report</title>\n<style>\n"
"body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#222}\n"
"h1{font-size:1.5em}h2{font-size:1.2em;border-bottom:1px solid #ccc}\n"
".layout{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start}\n"
".charts{flex:1 1 780px}\n"
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
"table.num .act{color:#b00;font-weight:600}table.num .distrust{"
"color:#8a5a00}table.num .why{color:#666;"
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
		    strcmp(html_variant(r), var) == 0 &&
		    strcmp(r->params, params) == 0)
			return (r);
	}
	return (NULL);
}

/* One input's numbers for one suite: what the chart draws, and more. */
static void
suite_table(FILE *fp, const struct rs_file *f, const char *group)
{
	const struct rs_result *r;
	char lo[32], hi[32], ci[32];
	size_t i;

	fputs("<table class=\"num\"><thead><tr><th>benchmark</th><th>cycles"
	    "</th><th>time</th><th>p10&ndash;p90</th><th>&plusmn;ci95</th>"
	    "<th>cv</th><th>flags</th></tr></thead>\n<tbody>\n", fp);
	for (i = 0; i < f->nresults; i++) {
		r = &f->results[i];
		if (strcmp(r->group, group) != 0)
			continue;
		fputs("<tr><td>", fp);
		html_row_name(fp, r, 0);
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
		html_cycles_cell(fp, r);
		html_time_cell(fp, r);
		report_cycles_text(lo, sizeof(lo), r->cycles.p10);
		report_cycles_text(hi, sizeof(hi), r->cycles.p90);
		report_ci_text(ci, sizeof(ci), (r->cycles.ci95_high -
		    r->cycles.ci95_low) / 2);
		fprintf(fp, "<td>%s&ndash;%s</td><td>%s</td><td>%.1f%%</td>"
		    "<td class=\"flags\">", lo, hi, ci, isfinite(r->cycles.cv) ?
		    r->cycles.cv * 100 : 0.0);
		html_flags(fp, r->flags);
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
		c.ncat = html_add_unique(cats, c.ncat, html_variant(r));
		c.nser = html_add_unique(sers, c.nser, r->params);
	}
	/* A group is named by a result of its own, so never empty; still. */
	if (c.ncat == 0 || c.nser == 0 ||
	    (c.bars = calloc(c.ncat * c.nser, sizeof(*c.bars))) == NULL)
		goto out;
	for (i = 0; i < c.ncat; i++)
		for (j = 0; j < c.nser; j++)
			html_fill_bar(&c.bars[i * c.nser + j], find(f, group,
			    cats[i], sers[j]));
	fputs("<div class=\"suite\">\n", fp);
	html_bar_figure(fp, &c, group, cats,
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
	html_row_name(fp, r, 1);
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
			n = html_add_unique(groups, n, f->results[i].group);
		for (i = 0; i < n; i++)
			suite_chart(fp, f, groups[i]);
		free(groups);
	}
	for (i = 0; i < f->nresults; i++)
		if (html_is_path(&f->results[i]))
			path_figure(fp, &f->results[i]);
	if (f->nresults == 0)
		fputs("<p>This file holds no results.</p>\n", fp);
	fputs("<p>Bars: median core cycles per operation over the samples "
	    "kept; whiskers: 10th to 90th percentile; a chart whose values "
	    "span more than ten times is drawn on a log scale.  Latency and "
	    "throughput samples are fitted slopes over several loop sizes; "
	    "path samples are single calls.  time: the median in the unit "
	    "that keeps it short; &plusmn;ci95: half the bootstrap 95% "
	    "interval of the median, in cycles; cv: the samples' "
	    "coefficient of variation; flags: those that ask to act (red: "
	    "measure again) or to distrust the figure (amber), as cyclebench "
	    "list --flags says; every flag is in a bar's tooltip.</p>\n"
	    "</div>\n", fp);
	html_fingerprint(fp, files, idx);
	fputs("</div>\n</section>\n", fp);
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
		html_compare_section(fp, t);
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
