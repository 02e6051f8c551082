/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A history chart: runs left to right in the order they were made, one
 * dot per run at its median with a whisker over its 95% interval, each
 * level a line across its runs over a band of its interval, and a dashed
 * line where the level shifted, labelled with how far.  The y axis spans
 * the data, not zero: a history is about small moves.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/escape.h"
#include "report/units.h"
#include "report/svg.h"

#define HIST_CHART_H	170
#define X0		60
#define Y0		24
#define PLOT_W		(CHART_W - X0 - 20)

struct frame {
	double		 lo, hi;	/* the y range */
	size_t		 n;
};

static double
xpos(const struct frame *f, double i)
{

	return (X0 + (i + 0.5) * PLOT_W / (double)f->n);
}

static double
ypos(const struct frame *f, double v)
{

	return (Y0 + HIST_CHART_H - (v - f->lo) / (f->hi - f->lo) *
	    HIST_CHART_H);
}

static void
range(const struct hist_series *h, struct frame *f)
{
	const double *v[3];
	double pad;
	size_t i, k;

	f->n = h->n;
	f->lo = INFINITY;
	f->hi = -INFINITY;
	for (i = 0; i < h->n; i++) {
		v[0] = &h->pts[i].value;
		v[1] = &h->pts[i].lo;
		v[2] = &h->pts[i].hi;
		for (k = 0; k < 3; k++)
			if (isfinite(*v[k])) {
				f->lo = fmin(f->lo, *v[k]);
				f->hi = fmax(f->hi, *v[k]);
			}
	}
	if (!isfinite(f->lo)) {
		f->lo = 0;
		f->hi = 1;
	}
	/* A flat series still gets some height: 1% of its level. */
	pad = fmax((f->hi - f->lo) * 0.1, fabs(f->hi) * 0.005);
	if (!(pad > 0))
		pad = 1;
	f->lo -= pad;
	f->hi += pad;
}

static void
y_axis(FILE *fp, const struct frame *f)
{
	char t[24];
	double step, first, v;
	int k;

	step = svg_nice_step(f->hi - f->lo, 4);
	if (!(step > 0) || !isfinite(step))
		return;
	first = ceil(f->lo / step) * step;
	for (k = 0; k < 10 && (v = first + k * step) <= f->hi; k++) {
		report_cost_text(t, sizeof(t), v);
		fprintf(fp, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" "
		    "x2=\"%d\" y2=\"%.1f\"/><text class=\"cat\" x=\"%d\" "
		    "y=\"%.1f\">%s</text>\n", X0, ypos(f, v), X0 + PLOT_W,
		    ypos(f, v), X0 - 6, ypos(f, v) + 4, t);
	}
}

static void
levels(FILE *fp, const struct hist_series *h, const struct frame *f)
{
	const struct cp_segment *s;
	char shift[16];
	double x;
	size_t i;

	for (i = 0; i < h->nseg; i++) {
		s = &h->seg[i];
		if (isfinite(s->lo) && isfinite(s->hi))
			fprintf(fp, "<rect class=\"band\" x=\"%.1f\" y=\"%.1f\" "
			    "width=\"%.1f\" height=\"%.1f\"/>\n",
			    xpos(f, (double)s->start - 0.5), ypos(f, s->hi),
			    xpos(f, (double)s->end - 0.5) - xpos(f,
			    (double)s->start - 0.5), ypos(f, s->lo) - ypos(f,
			    s->hi));
		fprintf(fp, "<line class=\"level\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/>\n", xpos(f, (double)s->start -
		    0.5), ypos(f, s->level), xpos(f, (double)s->end - 0.5),
		    ypos(f, s->level));
		if (i == 0)
			continue;
		x = xpos(f, (double)s->start - 0.5);
		hist_shift_text(h, i, shift, sizeof(shift));
		fprintf(fp, "<line class=\"shift\" x1=\"%.1f\" y1=\"%d\" "
		    "x2=\"%.1f\" y2=\"%d\"/><text class=\"tick\" x=\"%.1f\" "
		    "y=\"%d\">%s</text>\n", x, Y0, x, Y0 + HIST_CHART_H, x,
		    Y0 - 6, shift);
	}
}

static void
runs(FILE *fp, const struct hist_series *h, const struct frame *f)
{
	const struct cp_point *p;
	char v[24], lo[24], hi[24];
	size_t i;

	for (i = 0; i < h->n; i++) {
		p = &h->pts[i];
		if (!isfinite(p->value))
			continue;
		if (isfinite(p->lo) && isfinite(p->hi))
			fprintf(fp, "<line class=\"whisker\" x1=\"%.1f\" "
			    "y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>", xpos(f,
			    (double)i), ypos(f, p->lo), xpos(f, (double)i),
			    ypos(f, p->hi));
		report_cost_text(v, sizeof(v), p->value);
		report_cost_text(lo, sizeof(lo), p->lo);
		report_cost_text(hi, sizeof(hi), p->hi);
		fprintf(fp, "<circle class=\"run\" cx=\"%.1f\" cy=\"%.1f\" "
		    "r=\"2.5\"><title>run %lld, ", xpos(f, (double)i),
		    ypos(f, p->value), h->runs[i].run);
		html_text(fp, h->runs[i].at);
		fprintf(fp, ": %s cycles (%s to %s)", v, lo, hi);
		if (h->runs[i].commit != NULL) {
			fputs(", commit ", fp);
			html_text(fp, h->runs[i].commit);
		}
		fputs("</title></circle>\n", fp);
	}
}

void
svg_history(FILE *fp, const struct hist_series *h)
{
	struct frame f;
	char title[200];

	if (h->n == 0)
		return;
	range(h, &f);
	snprintf(title, sizeof(title), "history of %s on %s", h->key,
	    h->label);
	svg_open(fp, "chart history", CHART_W, Y0 + HIST_CHART_H + 40, title);
	y_axis(fp, &f);
	levels(fp, h, &f);
	runs(fp, h, &f);
	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<text class=\"tick\" x=\"%d\" y=\"%d\">", X0,
	    Y0 + HIST_CHART_H, X0 + PLOT_W, Y0 + HIST_CHART_H, X0 + 60,
	    Y0 + HIST_CHART_H + 14);
	html_text(fp, h->runs[0].at);
	fprintf(fp, "</text><text class=\"tick\" x=\"%d\" y=\"%d\">",
	    X0 + PLOT_W - 60, Y0 + HIST_CHART_H + 14);
	html_text(fp, h->runs[h->n - 1].at);
	fprintf(fp, "</text>\n<text class=\"unit\" x=\"%d\" y=\"%d\">%zu "
	    "runs, oldest first; median core cycles per operation, whisker "
	    "its 95%% interval</text>\n</svg>\n", X0 + PLOT_W / 2,
	    Y0 + HIST_CHART_H + 32, h->n);
}
