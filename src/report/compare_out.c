/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison as text (for a mailing-list post: plain, 80 columns),
 * markdown, CSV (one line per benchmark and input, for spreadsheets),
 * JSON (everything, for other programs) or GitHub workflow commands (an
 * annotation per real change, for CI).  The layouts are described in
 * docs/compare.md.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "verdict/compare.h"
#include "report/escape.h"
#include "report/report.h"

#define WIDTH		80
#define COST_W		7	/* "1234567", "17.0", "skipped" */
#define CHANGE_W	7	/* "+467%", "-0.4%", "x25" */

static const char *const verdict_names[] = {
	[CMP_BASELINE] = "baseline",
	[CMP_SAME] = "same",
	[CMP_DIFFERENT] = "different",
	[CMP_UNTESTED] = "untested",
	[CMP_MISSING] = "missing",
	[CMP_NOT_OK] = "not-ok",
};

/* "name k=v k=v": how a row is called everywhere. */
static void
row_label(const struct cmp_row *row, char *buf, size_t len)
{

	snprintf(buf, len, "%s%s%s", row->first->name,
	    row->first->params[0] ? " " : "", row->first->params);
}

/* The cycles cell: the median, or why there is none. */
static void
cost_text(const struct cmp_cell *c, char *buf, size_t len)
{

	if (c->verdict == CMP_MISSING)
		snprintf(buf, len, "-");
	else if (c->verdict == CMP_NOT_OK)
		snprintf(buf, len, "%s", c->r->status);
	else
		report_cost_text(buf, len, c->median);
}

/*
 * `first', a space, then the words of `text' over lines of at most WIDTH
 * columns, continuation lines indented by `indent'.
 */
static void
put_wrapped(FILE *fp, const char *first, int indent, const char *text)
{
	int col, n, start;

	fputs(first, fp);
	col = (int)strlen(first);
	start = col == 0;
	while (*text != '\0') {
		n = (int)strcspn(text, " ");
		if (!start && col > indent && col + 1 + n > WIDTH) {
			fprintf(fp, "\n%*s", indent, "");
			col = indent;
			start = 1;
		}
		if (!start)
			col += fprintf(fp, " ");
		col += fprintf(fp, "%.*s", n, text);
		start = 0;
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', fp);
}

/* A side's levels as the tables print them; "" when it has one. */
static const char *
cell_levels(const struct cmp_cell *c, char *buf, size_t len)
{

	buf[0] = '\0';
	if (c->nlevels > 0)
		report_levels_text(buf, len, c->levels, c->nlevels,
		    c->scattered);
	return (buf);
}

static void
legend_line(const struct cmp_input *in, char *buf, size_t len)
{
	const struct rs_machine *m = &in->f->machine;
	const char *k;
	size_t n;
	json_t *v;

	snprintf(buf, len, "%s; %s %s%s%s; cycles %s%s%s", m->cpu_brand[0] ?
	    m->cpu_brand : "unknown CPU", m->os, m->kernel,
	    m->hypervisor[0] ? " under " : "", m->hypervisor,
	    m->cycle_method, in->f->started_at[0] ? "; run " : "",
	    in->f->started_at);
	/* What the user said about the run (--context). */
	json_object_foreach(in->f->context, k, v) {
		n = strlen(buf);
		snprintf(buf + n, len - n, "; %s=%s", k, json_string_value(v));
	}
}

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
		put_wrapped(fp, first, 3, files);
		legend_line(&t->inputs[i], line, sizeof(line));
		put_wrapped(fp, "  ", 3, line);
	}
	fputc('\n', fp);
	for (i = 0; i < t->nwarnings; i++)
		put_wrapped(fp, "warning:", 2, t->warnings[i]);
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

#define ADD(...)	(n += (size_t)snprintf(line + n, n < sizeof(line) ? \
			    sizeof(line) - n : 0, __VA_ARGS__))

/*
 * Rows whose label and numbers do not fit in WIDTH are split: the label
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
		row_label(&t->rows[i], label, sizeof(label));
		if ((int)strlen(label) > w)
			w = (int)strlen(label);
	}
	numbers = 0;
	for (j = 0; j < t->ninputs; j++)
		numbers += 2 + (size_t)cost_width(t, j) +
		    (j > 0 ? 1 + CHANGE_W + 2 : 0);
	split = (size_t)w + numbers > WIDTH;
	if (split)
		w = 2;
	n = 0;
	ADD("%-*s", w, "");
	for (j = 0; j < t->ninputs; j++)
		ADD("  %*.*s", cost_width(t, j) + (j > 0 ? 1 + CHANGE_W : 0),
		    HEAD_MAX, t->inputs[j].label);
	put_line(fp, line);
	n = 0;
	ADD("%-*s", w, split ? "" : "benchmark");
	for (j = 0; j < t->ninputs; j++) {
		ADD("  %*s", cost_width(t, j), "cycles");
		if (j > 0)
			ADD(" %*s  ", CHANGE_W, "change");
	}
	put_line(fp, line);
	for (i = 0; i < t->nrows; i++) {
		row_label(&t->rows[i], label, sizeof(label));
		if (split)
			fprintf(fp, "%s\n", label);
		n = 0;
		ADD("%-*s", w, split ? "" : label);
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			cost_text(c, cost, sizeof(cost));
			ADD("  %*s", cost_width(t, j), cost);
			if (j == 0)
				continue;
			change[0] = '\0';
			if (isfinite(c->ratio))
				cmp_change_text(c->ratio, change,
				    sizeof(change));
			ADD(" %*s %-1s", CHANGE_W, change,
			    cmp_mark(c->verdict));
		}
		put_line(fp, line);
	}
}

/* The flags that bear on a verdict, as a note shows them. */
static const char *const verdict_flags[] = {
	"multilevel", "contended", "below-resolution", "few-samples", NULL
};

/* The cell's flags among verdict_flags, "a,b", into buf. */
static const char *
shown_flags(const struct cmp_cell *c, char *buf, size_t len)
{
	size_t i, n, used = 0;
	const char *p;

	buf[0] = '\0';
	for (i = 0; verdict_flags[i] != NULL; i++) {
		n = strlen(verdict_flags[i]);
		for (p = c->flags; (p = strstr(p, verdict_flags[i])) != NULL;
		    p += n)
			if ((p == c->flags || p[-1] == ',') &&
			    (p[n] == '\0' || p[n] == ',')) {
				used += (size_t)snprintf(buf + used, used < len ?
				    len - used : 0, "%s%s", used ? "," : "",
				    verdict_flags[i]);
				break;
			}
	}
	return (buf);
}

/*
 * A row's levels, the flags that bear on its verdicts, and how they were
 * reached where that is more than the plain test: "atomic/lock-add: A
 * levels 6.40 (40%) | 8.30 (60%); B flags contended; B ~ levels that
 * cannot be paired".
 */
static int
row_note(const struct cmp_table *t, size_t i, FILE *fp)
{
	char label[256], line[2048], flags[160], change[32], levels[128];
	const struct cmp_cell *c;
	size_t j, n = 0;
	int any = 0;

	row_label(&t->rows[i], label, sizeof(label));
	ADD("%s:", label);
	for (j = 0; j < t->ninputs; j++) {
		c = &t->rows[i].cells[j];
		if (c->nlevels > 0) {
			ADD("%s %c levels %s", any ? ";" : "", CMP_LETTER(j),
			    cell_levels(c, levels, sizeof(levels)));
			any = 1;
		}
		if (shown_flags(c, flags, sizeof(flags))[0] != '\0') {
			ADD("%s %c flags %s", any ? ";" : "", CMP_LETTER(j),
			    flags);
			any = 1;
		}
	}
	for (j = 1; j < t->ninputs; j++) {
		c = &t->rows[i].cells[j];
		if (c->why == NULL || c->why[0] == '\0')
			continue;
		ADD("%s %c %s %s", any ? ";" : "", CMP_LETTER(j),
		    cmp_mark(c->verdict), c->why);
		if (isfinite(c->tested) && !isnan(c->p)) {
			cmp_change_text(c->tested, change, sizeof(change));
			ADD(" %s", change);
		}
		any = 1;
	}
	if (any)
		put_wrapped(fp, "note:", 4, line);
	return (any);
}

/* Bit j set: input j has the row. */
static uint32_t
present(const struct cmp_table *t, size_t i)
{
	uint32_t mask = 0;
	size_t j;

	for (j = 0; j < t->ninputs; j++)
		if (t->rows[i].cells[j].verdict != CMP_MISSING)
			mask |= 1u << j;
	return (mask);
}

/*
 * What the table cannot hold: which rows only some inputs have (grouped,
 * "only in A, C: x, y"), and why a result was skipped or failed.
 */
static void
notes(const struct cmp_table *t, FILE *fp)
{
	char label[256], line[4096];
	const struct cmp_cell *c;
	uint32_t all, mask;
	size_t i, j, k, n;
	int any;

	any = 0;
	all = t->ninputs >= 32 ? ~0u : (1u << t->ninputs) - 1;
	for (i = 0; i < t->nrows; i++) {
		mask = present(t, i);
		for (k = 0; k < i; k++)
			if (present(t, k) == mask)
				break;
		if (mask == all || k < i)
			continue;
		n = 0;
		ADD("only in");
		for (j = 0; j < t->ninputs; j++)
			if (mask & (1u << j))
				ADD("%s %c", mask & ((1u << j) - 1) ? "," : "",
				    CMP_LETTER(j));
		ADD(":");
		for (k = i; k < t->nrows; k++)
			if (present(t, k) == mask) {
				row_label(&t->rows[k], label, sizeof(label));
				ADD("%s %s", k > i ? "," : "", label);
			}
		put_wrapped(fp, "note:", 4, line);
		any = 1;
	}
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			if (c->verdict != CMP_NOT_OK)
				continue;
			row_label(&t->rows[i], label, sizeof(label));
			n = 0;
			ADD("%s: %s in %c%s%s", label, c->r->status,
			    CMP_LETTER(j), c->r->reason[0] ? ": " : "",
			    c->r->reason);
			put_wrapped(fp, "note:", 4, line);
			any = 1;
		}
	for (i = 0; i < t->nrows; i++)
		any |= row_note(t, i, fp);
	if (any)
		fputc('\n', fp);
}

static void
print_text(const struct cmp_table *t, FILE *fp)
{

	text_head(t, fp);
	text_table(t, fp);
	fputc('\n', fp);
	notes(t, fp);
	cmp_method_text(t, fp);
}

static void
print_markdown(const struct cmp_table *t, FILE *fp)
{
	char label[256], cost[32], change[32], line[512];
	const struct cmp_cell *c;
	size_t i, j;

	fprintf(fp, "Median core cycles per operation; %c is the baseline.\n\n",
	    CMP_LETTER(0));
	for (i = 0; i < t->ninputs; i++) {
		fprintf(fp, "- **%c** ", CMP_LETTER(i));
		report_md_text(fp, t->inputs[i].label);
		fputs(": ", fp);
		legend_line(&t->inputs[i], line, sizeof(line));
		report_md_text(fp, line);
		fputs(" (", fp);
		report_md_text(fp, t->inputs[i].f->path);
		fputs(")\n", fp);
	}
	fputc('\n', fp);
	for (i = 0; i < t->nwarnings; i++) {
		fputs("> **warning:** ", fp);
		report_md_text(fp, t->warnings[i]);
		fputs("\n>\n", fp);
	}
	fputs(t->nwarnings ? "\n| benchmark |" : "| benchmark |", fp);
	for (j = 0; j < t->ninputs; j++) {
		fputc(' ', fp);
		report_md_text(fp, t->inputs[j].label);
		fputs(j == 0 ? " |" : " | change |", fp);
	}
	fputs("\n|:--|", fp);
	for (j = 0; j < t->ninputs; j++)
		fputs(j == 0 ? "--:|" : "--:|--:|", fp);
	fputc('\n', fp);
	for (i = 0; i < t->nrows; i++) {
		row_label(&t->rows[i], label, sizeof(label));
		fputs("| ", fp);
		report_md_text(fp, label);
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			cost_text(c, cost, sizeof(cost));
			fprintf(fp, " | %s", cost);
			if (j == 0)
				continue;
			fputs(" | ", fp);
			if (isfinite(c->ratio)) {
				cmp_change_text(c->ratio, change,
				    sizeof(change));
				fprintf(fp, "%s ", change);
				report_md_text(fp, cmp_mark(c->verdict));
			}
		}
		fputs(" |\n", fp);
	}
	fputs("\n```\n", fp);
	notes(t, fp);
	cmp_method_text(t, fp);
	fputs("```\n", fp);
}

static void
print_csv(const struct cmp_table *t, FILE *fp)
{
	const struct cmp_cell *c;
	char letter[2], levels[128];
	size_t i, j;

	fputs("name,params,input,label,file,status,cycles_median,ratio,"
	    "ci95_low,ci95_high,p_value,verdict,rounds,flags,levels,why\r\n",
	    fp);
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			report_csv_text(fp, t->rows[i].first->name);
			fputc(',', fp);
			report_csv_text(fp, t->rows[i].first->params);
			letter[0] = CMP_LETTER(j);
			letter[1] = '\0';
			fprintf(fp, ",%s,", letter);
			report_csv_text(fp, t->inputs[j].label);
			fputc(',', fp);
			report_csv_text(fp, t->inputs[j].f->path);
			fprintf(fp, ",%s", c->r != NULL ? c->r->status :
			    "missing");
			report_csv_num(fp, c->median);
			report_csv_num(fp, c->ratio);
			report_csv_num(fp, c->ci_low);
			report_csv_num(fp, c->ci_high);
			report_csv_num(fp, c->p);
			fprintf(fp, ",%s,%u,", verdict_names[c->verdict],
			    c->rounds);
			report_csv_text(fp, c->flags);
			fputc(',', fp);
			report_csv_text(fp,
			    cell_levels(c, levels, sizeof(levels)));
			fputc(',', fp);
			report_csv_text(fp, c->why != NULL ? c->why : "");
			fputs("\r\n", fp);
		}
}

static json_t *
json_input(const struct cmp_input *in)
{
	const struct rs_machine *m = &in->f->machine;

	return (json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:s, s:o, s:o}",
	    "label", in->label, "file", in->f->path,
	    "cpu_brand", report_json_text(m->cpu_brand), "kernel", report_json_text(m->kernel),
	    "hypervisor", report_json_text(m->hypervisor),
	    "microcode", report_json_text(m->microcode),
	    "started_at", report_json_text(in->f->started_at),
	    "cycle_method", m->cycle_method,
	    "partial", json_boolean(in->f->partial),
	    "context", in->f->context != NULL ?
	    json_incref(in->f->context) : json_object()));
}

static json_t *
json_cell(const struct cmp_cell *c)
{
	char levels[128];

	return (json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:i, "
	    "s:b, s:o, s:s, s:s, s:s}",
	    "status", c->r != NULL ? c->r->status : "missing",
	    "reason", c->r != NULL ? report_json_text(c->r->reason) : json_null(),
	    "median", report_json_num(c->median), "ratio", report_json_num(c->ratio),
	    "ci95_low", report_json_num(c->ci_low), "ci95_high", report_json_num(c->ci_high),
	    "p_value", report_json_num(c->p), "tested_ratio", report_json_num(c->tested),
	    "rounds", (int)c->rounds,
	    "quiet", c->quiet, "contended", report_json_num(c->contended),
	    "flags", c->flags,
	    "levels", cell_levels(c, levels, sizeof(levels)),
	    "why", c->why != NULL ? c->why : ""));
}

static int
print_json(const struct cmp_table *t, FILE *fp)
{
	json_t *doc, *inputs, *warnings, *rows, *cells, *cell;
	char *method;
	size_t i, j, len;
	FILE *mfp;
	int rc;

	if ((mfp = open_memstream(&method, &len)) == NULL)
		return (-1);
	cmp_method_text(t, mfp);
	fclose(mfp);
	inputs = json_array();
	warnings = json_array();
	rows = json_array();
	for (i = 0; i < t->ninputs; i++)
		json_array_append_new(inputs, json_input(&t->inputs[i]));
	for (i = 0; i < t->nwarnings; i++)
		json_array_append_new(warnings, json_string(t->warnings[i]));
	for (i = 0; i < t->nrows; i++) {
		cells = json_array();
		for (j = 0; j < t->ninputs; j++) {
			cell = json_cell(&t->rows[i].cells[j]);
			json_object_set_new(cell, "verdict", json_string(
			    verdict_names[t->rows[i].cells[j].verdict]));
			json_array_append_new(cells, cell);
		}
		json_array_append_new(rows, json_pack("{s:s, s:O, s:s, s:o}",
		    "name", t->rows[i].first->name,
		    "params", t->rows[i].first->params_json,
		    "mode", t->rows[i].first->mode, "cells", cells));
	}
	doc = json_pack("{s:s, s:i, s:f, s:f, s:i, s:s, s:o, s:o, s:o}",
	    "format", CB_FORMAT_COMPARE, "schema_version", CB_SCHEMA_VERSION,
	    "threshold", t->threshold, "alpha", CMP_ALPHA,
	    "resamples", CMP_RESAMPLES, "method", method,
	    "inputs", inputs, "warnings", warnings, "rows", rows);
	free(method);
	rc = doc == NULL || json_dumpf(doc, fp, JSON_INDENT(2)) != 0 ?
	    -1 : 0;
	fputc('\n', fp);
	json_decref(doc);
	return (rc);
}

/*
 * GitHub's workflow command syntax: in the message %, CR and LF are
 * escaped; in a property value (the title) also ':' and ','.
 */
static void
gh_escaped(FILE *fp, const char *s, int property)
{

	for (; *s != '\0'; s++)
		switch (*s) {
		case '%':
			fputs("%25", fp);
			break;
		case '\r':
			fputs("%0D", fp);
			break;
		case '\n':
			fputs("%0A", fp);
			break;
		case ':':
			fputs(property ? "%3A" : ":", fp);
			break;
		case ',':
			fputs(property ? "%2C" : ",", fp);
			break;
		default:
			fputc(*s, fp);
		}
}

static void
gh_annotation(FILE *fp, const char *level, const char *title,
    const char *message)
{

	fprintf(fp, "::%s title=", level);
	gh_escaped(fp, title, 1);
	fputs("::", fp);
	gh_escaped(fp, message, 0);
	fputc('\n', fp);
}

/*
 * A warning for each real slowdown, a notice for each real speedup, the
 * input differences as warnings, and a notice that sums up: what a CI
 * run shows beside the job, with the full table in the log or a step
 * summary (--format markdown).
 */
static void
print_github(const struct cmp_table *t, FILE *fp)
{
	char label[256], title[320], msg[1024], a[32], b[32], change[32];
	const struct cmp_cell *c, *base;
	size_t i, j, slower = 0, faster = 0;

	for (i = 0; i < t->nwarnings; i++)
		gh_annotation(fp, "warning", "cyclebench: inputs differ",
		    t->warnings[i]);
	for (i = 0; i < t->nrows; i++) {
		base = &t->rows[i].cells[0];
		for (j = 1; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			if (c->verdict != CMP_DIFFERENT)
				continue;
			row_label(&t->rows[i], label, sizeof(label));
			report_cost_text(a, sizeof(a), base->median);
			report_cost_text(b, sizeof(b), c->median);
			cmp_change_text(c->ratio, change, sizeof(change));
			snprintf(title, sizeof(title), "cyclebench: %s %s",
			    label, c->ratio > 1 ? "slower" : "faster");
			snprintf(msg, sizeof(msg), "%s: %s core cycles per "
			    "operation in %s (%c) against %s in %s (%c), %s; "
			    "95%% interval of the ratio %.3f to %.3f, "
			    "Mann-Whitney p = %.2g", label, b,
			    t->inputs[j].label, CMP_LETTER(j), a,
			    t->inputs[0].label, CMP_LETTER(0), change,
			    c->ci_low, c->ci_high, c->p);
			gh_annotation(fp, c->ratio > 1 ? "warning" : "notice",
			    title, msg);
			if (c->ratio > 1)
				slower++;
			else
				faster++;
		}
	}
	snprintf(msg, sizeof(msg), "%zu real slowdown%s and %zu real "
	    "speedup%s against %s over %zu benchmark%s (a change of at least "
	    "%g%%, Mann-Whitney p < %g and a bootstrap interval of the "
	    "ratio that excludes 1)", slower, slower == 1 ? "" : "s", faster,
	    faster == 1 ? "" : "s", t->inputs[0].label, t->nrows,
	    t->nrows == 1 ? "" : "s", t->threshold * 100, CMP_ALPHA);
	gh_annotation(fp, "notice", "cyclebench compare", msg);
}

int
cmp_print(const struct cmp_table *t, enum cmp_format fmt, FILE *fp)
{

	switch (fmt) {
	case CMP_TEXT:
		print_text(t, fp);
		break;
	case CMP_MARKDOWN:
		print_markdown(t, fp);
		break;
	case CMP_CSV:
		print_csv(t, fp);
		break;
	case CMP_JSON:
		if (print_json(t, fp) != 0)
			return (-1);
		break;
	case CMP_GITHUB:
		print_github(t, fp);
		break;
	}
	return (fflush(fp) != 0 || ferror(fp) ? -1 : 0);
}
