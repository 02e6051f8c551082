/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A history as text: one line per run, and between two levels a line
 * saying how far the level moved, with both levels' intervals and run
 * counts, so the reader sees what the call rests on.  Only what varies
 * gets a column: a kernel column when the kernel changed, and so on.
 * As CSV, one line per run with its level.  Both are history's reporter.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "report/history.h"
#include "report/escape.h"
#include "report/report.h"
#include "util/fixed.h"

#define COL_MAX		24

int
hist_levels(struct hist_series *h)
{

	free(h->seg);
	h->nseg = 0;
	if ((h->seg = calloc(h->n ? h->n : 1, sizeof(*h->seg))) == NULL)
		return (-1);
	h->nseg = changes_find(h->pts, h->n, CP_MIN_SHIFT, h->seg);
	return (0);
}

void
hist_shift_text(const struct hist_series *h, size_t i, char *buf,
    size_t len)
{

	fixed_text(buf, len, (h->seg[i].level / h->seg[i - 1].level - 1) * 100,
	    1, 1, "%");
}

/* The width of a column of field `off', 0 when it never changes. */
static int
width_of(const struct hist_series *h, size_t off, const char *title)
{
	const char *v, *first;
	size_t i, w;
	int varies = 0;

	w = strlen(title);
	first = NULL;
	for (i = 0; i < h->n; i++) {
		v = *(const char *const *)(const void *)((const char *)
		    &h->runs[i] + off);
		v = v != NULL ? v : "";
		if (first == NULL)
			first = v;
		varies |= strcmp(v, first) != 0;
		w = strlen(v) > w ? strlen(v) : w;
	}
	return (varies ? (int)(w < COL_MAX ? w : COL_MAX) : 0);
}

static const struct {
	const char	*title;
	size_t		 off;
} columns[] = {
	{ "kernel", offsetof(struct hist_run, kernel) },
	{ "microcode", offsetof(struct hist_run, microcode) },
	{ "commit", offsetof(struct hist_run, commit) },
};

#define NCOLUMNS	(sizeof(columns) / sizeof(columns[0]))

static void
level_text(const struct cp_segment *s, char *buf, size_t len)
{
	char v[24], lo[24], hi[24];

	report_cost_text(v, sizeof(v), s->level);
	report_cost_text(lo, sizeof(lo), s->lo);
	report_cost_text(hi, sizeof(hi), s->hi);
	snprintf(buf, len, "%s [%s, %s] over %zu run%s", v, lo, hi,
	    s->end - s->start, s->end - s->start == 1 ? "" : "s");
}

static void
series_text(FILE *fp, const struct hist_series *h)
{
	const struct hist_run *r;
	const char *v;
	char val[24], lo[24], hi[24], a[96], b[96], shift[16];
	int w[NCOLUMNS];
	size_t i, c, s;

	fprintf(fp, "%s on %s (%.8s): %zu run%s, median core cycles per "
	    "operation and its 95%% interval\n\n", h->key, h->label, h->ident,
	    h->n, h->n == 1 ? "" : "s");
	fprintf(fp, "%6s  %-20s", "run", "started");
	for (c = 0; c < NCOLUMNS; c++)
		if ((w[c] = width_of(h, columns[c].off, columns[c].title)) > 0)
			fprintf(fp, "  %-*s", w[c], columns[c].title);
	fprintf(fp, "  %8s  %-19s  %s\n", "cycles", "95% interval", "flags");
	for (i = s = 0; i < h->n; i++) {
		if (s + 1 < h->nseg && h->seg[s + 1].start == i) {
			s++;
			hist_shift_text(h, s, shift, sizeof(shift));
			level_text(&h->seg[s - 1], a, sizeof(a));
			level_text(&h->seg[s], b, sizeof(b));
			fprintf(fp, "   --- shift %s: %s -> %s\n", shift, a, b);
		}
		r = &h->runs[i];
		fprintf(fp, "%6lld  %-20s", r->run, r->at);
		for (c = 0; c < NCOLUMNS; c++) {
			if (w[c] == 0)
				continue;
			v = *(const char *const *)(const void *)((const char *)
			    r + columns[c].off);
			fprintf(fp, "  %-*.*s", w[c], w[c], v != NULL ? v : "");
		}
		report_cost_text(val, sizeof(val), h->pts[i].value);
		report_cost_text(lo, sizeof(lo), h->pts[i].lo);
		report_cost_text(hi, sizeof(hi), h->pts[i].hi);
		snprintf(a, sizeof(a), "%s - %s", lo, hi);
		fprintf(fp, "  %8s  %-19s  %s\n", val, a, r->flags);
	}
	if (h->nseg <= 1) {
		level_text(&h->seg[0], a, sizeof(a));
		fprintf(fp, "\nOne level: %s; no shift.\n", h->n > 0 ? a : "-");
	} else
		fprintf(fp, "\n%zu shift%s between %zu levels.\n", h->nseg - 1,
		    h->nseg == 2 ? "" : "s", h->nseg);
}

/* One CSV line per run; the header when header is set. */
static void
series_csv(FILE *fp, const struct hist_series *h, int header)
{
	const struct hist_run *r;
	size_t i, s;

	if (header)
		fprintf(fp, "machine,label,benchmark,run,started,kernel,"
		    "microcode,commit,cycles,ci95_low,ci95_high,flags,level,"
		    "level_low,level_high,level_start\r\n");
	for (i = s = 0; i < h->n; i++) {
		while (s + 1 < h->nseg && h->seg[s + 1].start <= i)
			s++;
		r = &h->runs[i];
		report_csv_text(fp, h->ident);
		fputc(',', fp);
		report_csv_text(fp, h->label);
		fputc(',', fp);
		report_csv_text(fp, h->key);
		fprintf(fp, ",%lld,", r->run);
		report_csv_text(fp, r->at);
		fputc(',', fp);
		report_csv_text(fp, r->kernel);
		fputc(',', fp);
		report_csv_text(fp, r->microcode);
		fputc(',', fp);
		report_csv_text(fp, r->commit != NULL ? r->commit : "");
		/* report_csv_num writes its own comma. */
		report_csv_num(fp, h->pts[i].value);
		report_csv_num(fp, h->pts[i].lo);
		report_csv_num(fp, h->pts[i].hi);
		fputc(',', fp);
		report_csv_text(fp, r->flags);
		report_csv_num(fp, h->seg[s].level);
		report_csv_num(fp, h->seg[s].lo);
		report_csv_num(fp, h->seg[s].hi);
		fprintf(fp, ",%lld\r\n", h->runs[h->seg[s].start].run);
	}
}

void
hist_method_text(FILE *fp)
{

	fprintf(fp, "A level is the median of its runs' medians; its 95%% "
	    "interval spans the\ninterval of that median from the spread "
	    "between runs and the runs' own\nmedian interval.  A shift is "
	    "called where the runs split into two parts of\nat least %d runs "
	    "each, more unlike (energy distance of the logs of their\n"
	    "medians) than the best split of all but %.1f%% of shuffles of "
	    "them, whose\nlevels differ by at least %.0f%% (e-divisive means, "
	    "each part again).\n", CP_MIN_RUNS, CP_ALPHA * 100,
	    CP_MIN_SHIFT * 100);
}

/* A table per series, then (but quiet) how the levels were found. */
static int
hist_text(FILE *fp, const void *data, const struct report_style *st)
{
	const struct hist_list *l = data;
	size_t i;

	for (i = 0; i < l->n; i++) {
		if (i > 0)
			fputc('\n', fp);
		series_text(fp, &l->h[i]);
	}
	if (st != NULL && st->quiet)
		return (0);
	fputc('\n', fp);
	hist_method_text(fp);
	return (0);
}

/* Every series' runs under one header. */
static int
hist_csv(FILE *fp, const void *data, const struct report_style *st)
{
	const struct hist_list *l = data;
	size_t i;

	(void)st;
	for (i = 0; i < l->n; i++)
		series_csv(fp, &l->h[i], i == 0);
	return (0);
}

const struct reporter hist_reporter = { {
	[REPORT_TEXT] = hist_text,
	[REPORT_CSV] = hist_csv,
} };
