/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the sections of the HTML report share (report/html_parts.h): a
 * result's name, its cells and its bar, a captioned chart.  Every
 * string from a results file goes through html_text.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/names.h"
#include "report/escape.h"
#include "report/html_parts.h"
#include "report/units.h"

/* Distinct strings in order of first appearance; returns the count. */
size_t
html_add_unique(const char **set, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(set[i], s) == 0)
			return (n);
	set[n] = s;
	return (n + 1);
}

/* The variant: the name after "group/". */
const char *
html_variant(const struct rs_result *r)
{
	size_t n = strlen(r->group);

	return (strncmp(r->name, r->group, n) == 0 && r->name[n] == '/' ?
	    r->name + n + 1 : r->name);
}

int
html_is_path(const struct rs_result *r)
{

	return (r != NULL && r->ok && strcmp(r->mode, "path") == 0);
}

/*
 * The bar's note: the figure and its levels when several.  Its flags are
 * in the table beside the chart and the bar's tooltip; in the note they
 * pushed the change and its mark past the chart's edge.
 */
void
html_fill_bar(struct svg_bar *b, const struct rs_result *r)
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

/* A captioned bar chart of medians, one per suite or comparison. */
void
html_bar_figure(FILE *fp, struct svg_chart *c, const char *group,
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
void
html_cycles_cell(FILE *fp, const struct rs_result *r)
{
	char v[32];

	report_cycles_text(v, sizeof(v), r->cycles.median);
	fprintf(fp, "<td>%s</td>", v);
}

/* The time as the text tables print it: "0.33ns", "290µs". */
void
html_time_cell(FILE *fp, const struct rs_result *r)
{
	char v[32];

	report_time_text(v, sizeof(v), r->ns_median);
	fprintf(fp, "<td>%s</td>", v);
}

/* "name k=v" of a result, as list and run print it. */
void
html_row_name(FILE *fp, const struct rs_result *r, int full)
{

	html_text(fp, full ? r->name : html_variant(r));
	if (r->params[0] != '\0') {
		fputc(' ', fp);
		html_text(fp, r->params);
	}
}


/*
 * The flags a table shows (core/names.h), each coloured by what it asks:
 * to act, red; to distrust the figure, amber.  A name this build does
 * not know may be a newer build's warning: amber too.
 */
void
html_flags(FILE *fp, const char *flags)
{
	char shown[256], name[sizeof(shown)];
	const char *f;
	size_t n;
	int any = 0;

	flags_shown_names(flags, shown, sizeof(shown));
	for (f = shown; *f != '\0'; f += n + (f[n] == ',')) {
		n = strcspn(f, ",");
		if (n == 0)
			continue;
		fprintf(fp, "%s<span class=\"%s\">", any++ ? ", " : "",
		    flag_class_of(f, n) == FLAG_ACT ? "act" : "distrust");
		snprintf(name, sizeof(name), "%.*s", (int)n, f);
		html_text(fp, name);
		fputs("</span>", fp);
	}
}
