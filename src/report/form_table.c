/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * characterize's table: one line per instruction form, its latency and
 * reciprocal throughput side by side, read from the results document
 * (so a resumed run prints what an earlier one measured as well).  A
 * figure is cycles per instruction with its 95% interval's half-width;
 * a form not measured says why after its text, which is the first
 * instruction of a copy (the JSON has them all).  Beside each figure,
 * llvm-mca's prediction where the run made one; the disagreements are
 * ranked by the ratio of the larger to the smaller.  Every string is
 * the document's, scrubbed as it is written.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "report/escape.h"
#include "report/form_table.h"
#include "util/scrub.h"

struct cell {
	double		 median, half;
	double		 mca;		/* llvm-mca's; NAN: none */
	char		 flags[128];
	const char	*why;
	int		 present;
};

static const char *
text_of(json_t *o, const char *key)
{
	const char *s = json_string_value(json_object_get(o, key));

	return (s != NULL ? s : "");
}

static void
cell_of(json_t *r, struct cell *c)
{
	json_t *cy = json_object_get(r, "cycles"), *fl, *lo, *hi;
	char shown[sizeof(c->flags)];
	size_t i, n;

	memset(c, 0, sizeof(*c));
	c->present = 1;
	c->median = c->half = NAN;
	c->mca = json_number_value(json_object_get(json_object_get(
	    json_object_get(r, "form"), "mca"), "cycles"));
	if (!json_is_number(json_object_get(json_object_get(json_object_get(r,
	    "form"), "mca"), "cycles")))
		c->mca = NAN;
	if (strcmp(text_of(r, "status"), "ok") != 0) {
		c->why = text_of(r, "reason");
		return;
	}
	c->median = json_number_value(json_object_get(cy, "median"));
	lo = json_object_get(cy, "ci95_low");
	hi = json_object_get(cy, "ci95_high");
	if (json_is_number(lo) && json_is_number(hi))	/* null: unknown */
		c->half = (json_number_value(hi) - json_number_value(lo)) / 2;
	fl = json_object_get(r, "flags");
	for (i = 0; i < json_array_size(fl); i++) {
		const char *f = json_string_value(json_array_get(fl, i));

		n = strlen(c->flags);
		if (f != NULL && n + strlen(f) + 2 < sizeof(c->flags))
			snprintf(c->flags + n, sizeof(c->flags) - n, "%s%s",
			    n > 0 ? "," : "", f);
	}
	/* The table shows what asks to act or to distrust; JSON keeps all. */
	flags_shown_names(c->flags, shown, sizeof(shown));
	snprintf(c->flags, sizeof(c->flags), "%s", shown);
}

/* A cell's figure; CSV leaves a row that is not there empty. */
static void
figure(char *buf, size_t len, const struct cell *c, enum form_format f)
{
	if (!c->present)
		snprintf(buf, len, "%s", f == FORM_CSV ? "" : "-");
	else if (c->why != NULL)
		snprintf(buf, len, "n/m");
	else if (isfinite(c->half))
		snprintf(buf, len, "%.2f+-%.2g", c->median, c->half);
	else
		snprintf(buf, len, "%.2f", c->median);
}

static void
figure_mca(char *buf, size_t len, const struct cell *c)
{
	if (c->present && isfinite(c->mca))
		snprintf(buf, len, "%.2f", c->mca);
	else
		snprintf(buf, len, "-");
}

static void
put_text(FILE *fp, enum form_format f, const char *s, int last)
{
	switch (f) {
	case FORM_CSV:
		report_csv_text(fp, s);
		fputs(last ? "\r\n" : ",", fp);
		break;
	case FORM_MARKDOWN:
		fputs("| ", fp);
		report_md_text(fp, s);
		fputs(last ? " |\n" : " ", fp);
		break;
	default:
		term_fprintf(fp, "%s%s", s, last ? "\n" : "  ");
	}
}

/* The cell's figure, half-interval and llvm-mca's as CSV numbers (empty:
   none). */
static void
csv_figure(FILE *fp, const struct cell *c)
{
	if (c->present && c->why == NULL && isfinite(c->median))
		fprintf(fp, "%.4g,%.3g,", c->median, isfinite(c->half) ?
		    c->half : 0);
	else
		fputs(",,", fp);
	if (c->present && isfinite(c->mca))
		fprintf(fp, "%.4g,", c->mca);
	else
		fputs(",", fp);
}

static void
row(FILE *fp, enum form_format f, const char *opcode, const char *cls,
    const struct cell *lat, const struct cell *thr, const char *text)
{
	char l[48], t[48], lm[24], tm[24], flags[300], what[700], first[160];
	char op[128], cl[64];
	size_t n;

	figure(l, sizeof(l), lat, f);
	figure(t, sizeof(t), thr, f);
	figure_mca(lm, sizeof(lm), lat);
	figure_mca(tm, sizeof(tm), thr);
	snprintf(flags, sizeof(flags), "%s%s%s", lat->flags,
	    lat->flags[0] != '\0' && thr->flags[0] != '\0' ? "," : "",
	    thr->flags);
	/* One copy's first instruction stands for the form. */
	if (strstr(text, "; ") != NULL)
		snprintf(first, sizeof(first), "%.*s ...",
		    (int)(strstr(text, "; ") - text), text);
	else
		snprintf(first, sizeof(first), "%s", text);
	if (lat->why != NULL && thr->why != NULL && strcmp(lat->why,
	    thr->why) == 0) {
		snprintf(what, sizeof(what), "%s%snot measured: %s", first,
		    first[0] != '\0' ? "; " : "", lat->why);
	} else {
		n = (size_t)snprintf(what, sizeof(what), "%s", first);
		if (lat->why != NULL && n < sizeof(what))
			n += (size_t)snprintf(what + n, sizeof(what) - n,
			    "%slatency not measured: %s", n > 0 ? "; " : "",
			    lat->why);
		if (thr->why != NULL && n < sizeof(what))
			snprintf(what + n, sizeof(what) - n,
			    "%sthroughput not measured: %s", n > 0 ? "; " : "",
			    thr->why);
	}
	/* The document's strings as they were read: no escape, and no
	   line break to split a row, in any format. */
	snprintf(op, sizeof(op), "%s", opcode);
	snprintf(cl, sizeof(cl), "%s", cls);
	term_scrub(op, strlen(op), 0);
	term_scrub(cl, strlen(cl), 0);
	term_scrub(flags, strlen(flags), 0);
	term_scrub(what, strlen(what), 0);
	opcode = op;
	cls = cl;
	switch (f) {
	case FORM_TEXT:
		term_fprintf(fp, "%-22.22s %-11s %13s %6s %13s %6s %-10s ",
		    opcode, cls, l, lm, t, tm, flags[0] != '\0' ? flags : "-");
		term_fprintf(fp, "%s\n", what);
		break;
	case FORM_CSV:
		put_text(fp, f, opcode, 0);
		put_text(fp, f, cls, 0);
		csv_figure(fp, lat);
		csv_figure(fp, thr);
		put_text(fp, f, flags, 0);
		put_text(fp, f, what, 1);
		break;
	case FORM_MARKDOWN:
		put_text(fp, f, opcode, 0);
		put_text(fp, f, cls, 0);
		put_text(fp, f, l, 0);
		put_text(fp, f, lm, 0);
		put_text(fp, f, t, 0);
		put_text(fp, f, tm, 0);
		put_text(fp, f, flags, 0);
		put_text(fp, f, what, 1);
		break;
	}
}

static void
header(FILE *fp, enum form_format f)
{
	switch (f) {
	case FORM_CSV:
		fputs("opcode,class,latency,latency_ci95,latency_mca,"
		    "throughput,throughput_ci95,throughput_mca,flags,form\r\n",
		    fp);
		break;
	case FORM_MARKDOWN:
		fputs("| opcode | class | latency | mca | throughput | mca | "
		    "flags | form |\n|---|---|--:|--:|--:|--:|---|---|\n", fp);
		break;
	default:
		fprintf(fp, "%-22s %-11s %13s %6s %13s %6s %-10s %s\n",
		    "opcode", "class", "latency", "mca", "throughput", "mca",
		    "flags", "form (AT&T)");
	}
}

size_t
report_form_table(FILE *fp, json_t *doc, enum form_format f)
{
	json_t *results = json_object_get(doc, "results"), *r, *o, *form;
	struct cell lat, thr;
	const char *opcode, *mode, *text;
	size_t i, j, rows = 0;

	header(fp, f);
	for (i = 0; i < json_array_size(results); i++) {
		r = json_array_get(results, i);
		form = json_object_get(r, "form");
		opcode = text_of(form, "opcode");
		/* A form's two rows are adjacent: print at its first. */
		if (i > 0 && strcmp(opcode, text_of(json_object_get(
		    json_array_get(results, i - 1), "form"), "opcode")) == 0)
			continue;
		memset(&lat, 0, sizeof(lat));
		memset(&thr, 0, sizeof(thr));
		text = "";
		for (j = i; j < json_array_size(results); j++) {
			o = json_array_get(results, j);
			if (strcmp(opcode, text_of(json_object_get(o, "form"),
			    "opcode")) != 0)
				break;
			mode = text_of(o, "mode");
			cell_of(o, strcmp(mode, "latency") == 0 ? &lat : &thr);
			if (*text == '\0' || strcmp(mode, "throughput") == 0)
				text = text_of(json_object_get(o, "form"),
				    "att");
		}
		row(fp, f, opcode, text_of(form, "class"), &lat, &thr, text);
		rows++;
	}
	return (rows);
}

/* How far apart a figure and llvm-mca's are: larger over smaller. */
static double
apart(json_t *r)
{
	struct cell c;

	cell_of(r, &c);
	if (c.why != NULL || !isfinite(c.median) || !isfinite(c.mca) ||
	    c.median <= 0 || c.mca <= 0)
		return (NAN);
	return (c.median > c.mca ? c.median / c.mca : c.mca / c.median);
}

struct apart {
	double	 by;
	size_t	 at;
};

static int
by_apart(const void *x, const void *y)
{
	const struct apart *a = x, *b = y;

	return (a->by < b->by ? 1 : a->by > b->by ? -1 :
	    a->at < b->at ? -1 : a->at > b->at);
}

size_t
report_form_disagreements(FILE *fp, json_t *doc, size_t max)
{
	json_t *results = json_object_get(doc, "results"), *r;
	size_t i, n = 0;
	struct apart *v;
	struct cell c;

	if ((v = calloc(json_array_size(results) + 1, sizeof(*v))) == NULL)
		return (0);
	json_array_foreach(results, i, r)
		/* Within 10%: agreement, not listed. */
		if (isfinite(v[n].by = apart(r)) && v[n].by > 1.1)
			v[n++].at = i;
	qsort(v, n, sizeof(*v), by_apart);
	if (n > max)
		n = max;
	for (i = 0; i < n; i++) {
		r = json_array_get(results, v[i].at);
		if (i == 0)
			term_fprintf(fp, "\nllvm-mca's %s model against these "
			    "figures, largest disagreements first:\n",
			    text_of(json_object_get(json_object_get(r, "form"),
			    "mca"), "model"));
		cell_of(r, &c);
		term_fprintf(fp, "  %-22.22s %-10s %8.2f measured, %8.2f "
		    "llvm-mca (x%.2f)\n", text_of(json_object_get(r, "form"),
		    "opcode"), text_of(r, "mode"), c.median, c.mca, v[i].by);
	}
	free(v);
	return (n);
}
