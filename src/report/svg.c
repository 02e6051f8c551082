/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * SVG charts for the HTML report, drawn as static markup: no script, so
 * the page shows the same thing in every browser, in a mail client and
 * in a screenshot.  Numbers are written with %g into attributes; every
 * string from a results file goes through html_text.
 *
 * A bar chart whose values span more than ten times is drawn on a log
 * axis, so a 97-cycle bar stays visible next to a 2740-cycle one.  Its
 * bars have the same room in every chart; the chart is as wide as its
 * labels need around them (svg_text.c estimates how wide each is
 * drawn), at least CHART_W: a note after a bar, its levels, change and
 * mark, is never cut at the edge.  Histograms are in svg_histogram.c.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/escape.h"
#include "report/units.h"
#include "report/svg_draw.h"

#define BAR_H		14
#define BAR_GAP		2
#define CAT_GAP		10
#define PLOT_W		460	/* the bars' room, whatever the labels */
#define LABEL_PAD	12	/* between a row's name and its bars */
#define EDGE_PAD	4	/* between a text and the chart's edge */

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
};

#define NCOLOURS	(sizeof(palette) / sizeof(palette[0]))

const char *
svg_colour(size_t i)
{

	return (palette[i % NCOLOURS]);
}

/* A round step (1, 2 or 5 times a power of ten) giving about n ticks. */
double
svg_nice_step(double max, int n)
{
	double mag, raw, f;

	raw = max / n;
	mag = pow(10, floor(log10(raw)));
	f = raw / mag;
	return ((f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * mag);
}

void
svg_open(FILE *fp, const char *klass, int w, int h, const char *title)
{

	fprintf(fp, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"%s\" "
	    "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" "
	    "aria-label=\"", klass, w, h, w, h);
	html_text(fp, title);
	fputs("\">\n", fp);
}

double
axis_x(const struct axis *a, double v)
{
	double f;

	if (a->log)
		f = v > 0 ? (log10(v) - log10(a->lo)) /
		    (log10(a->hi) - log10(a->lo)) : 0;
	else
		f = (v - a->lo) / (a->hi - a->lo);
	f = f < 0 ? 0 : f > 1 ? 1 : f;
	return (a->x0 + f * (a->x1 - a->x0));
}

/*
 * The tick values of an axis, at most max: multiples of a round step on
 * a linear one; on a log one 1 to 9 times the powers of ten within one
 * decade, 1, 2 and 5 times them within three, the powers alone beyond.
 * Counted, not stepped until past the end: a subnormal range from a
 * results file made the step 0 once.
 */
size_t
svg_ticks(const struct axis *a, double *t, size_t max)
{
	static const double mult[] = { 1, 2, 5, 3, 4, 6, 7, 8, 9 };
	double step, span, v;
	size_t n = 0, k, m, nmult;
	int decades, first, d, stride;

	if (!a->log) {
		step = svg_nice_step(a->hi - a->lo, 5);
		if (!(step > 0) || !isfinite(step))
			return (0);
		for (k = 0; n < max; k++) {
			v = ceil(a->lo / step) * step + (double)k * step;
			if (v > a->hi * (1 + 1e-9))
				break;
			t[n++] = v;
		}
		return (n);
	}
	/* From a results file anything goes: 1e-300 to 1e300 included. */
	span = log10(a->hi) - log10(a->lo);
	if (!(span > 0) || !isfinite(span) || !isfinite(log10(a->lo)))
		return (0);
	decades = (int)ceil(span);
	nmult = decades <= 1 ? 9 : decades <= 3 ? 3 : 1;
	stride = decades / (int)max + 1;
	first = (int)floor(log10(a->lo));
	for (d = first; d <= first + decades + 1 && n < max; d += stride)
		for (m = 0; m < nmult && n < max; m++) {
			v = mult[m] * pow(10, d);
			if (v >= a->lo * (1 - 1e-9) && v <= a->hi * (1 + 1e-9))
				t[n++] = v;
		}
	return (n);
}

/* Vertical grid lines with their values over [y0, y1]. */
static void
grid(FILE *fp, const struct axis *a, double y0, double y1)
{
	double t[SVG_MAX_TICKS], x;
	size_t k, n;

	n = svg_ticks(a, t, SVG_MAX_TICKS);
	for (k = 0; k < n; k++) {
		x = axis_x(a, t[k]);
		fprintf(fp, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/><text class=\"tick\" x=\"%.1f\" "
		    "y=\"%.1f\">%g</text>\n", x, y0, x, y1, x, y0 - 4, t[k]);
	}
}

/* The axis of a bar chart: from 0, or logarithmic past LOG_SPAN. */
static void
bar_axis(const struct svg_chart *c, double x0, double x1, struct axis *a)
{
	const struct svg_bar *b;
	double max = 0, min = INFINITY;
	size_t i;

	for (i = 0; i < c->ncat * c->nser; i++) {
		b = &c->bars[i];
		if (!b->has_value)
			continue;
		max = fmax(max, b->value);
		if (isfinite(b->hi))
			max = fmax(max, b->hi);
		if (b->value > 0)
			min = fmin(min, b->value);
		if (isfinite(b->lo) && b->lo > 0)
			min = fmin(min, b->lo);
	}
	memset(a, 0, sizeof(*a));
	a->x0 = x0;
	a->x1 = x1;
	a->hi = max > 0 ? max : 1;
	if (isfinite(min) && max / min > LOG_SPAN) {
		a->log = 1;
		a->lo = pow(10, floor(log10(min)));
		/* a subnormal minimum's power of ten underflows to 0 */
		if (!(a->lo > 0))
			a->lo = min;
	}
}

/* A legend entry: swatch, gap, name. */
static double
legend_entry_w(const char *label)
{

	return (24 + svg_text_width(label, FONT_PX));
}

/*
 * Swatches and names of the series from x0, wrapping at the chart's
 * width w; returns the height used.  With fp NULL it only measures.
 */
static int
legend(FILE *fp, const struct svg_chart *c, int x0, int w)
{
	size_t j;
	double x, ew;
	int y;

	if (c->ser_labels == NULL || c->nser < 2)
		return (0);
	x = x0;
	y = 4;
	for (j = 0; j < c->nser; j++) {
		ew = legend_entry_w(c->ser_labels[j]);
		if (x > x0 && x + ew > w) {
			x = x0;
			y += 18;
		}
		x += ew;
		if (fp == NULL)
			continue;
		fprintf(fp, "<rect class=\"swatch\" x=\"%.1f\" y=\"%d\" "
		    "width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%.1f\" "
		    "y=\"%d\">", x - ew, y, svg_colour(j), x - ew + 14, y + 9);
		html_text(fp, c->ser_labels[j]);
		fputs("</text>\n", fp);
	}
	return (y + 18);
}

/* What a bar's tooltip says: both units, the spread, the flags. */
static void
bar_title(FILE *fp, const struct svg_chart *c, size_t i, size_t j)
{
	const struct svg_bar *b = &c->bars[i * c->nser + j];

	fputs("<title>", fp);
	html_text(fp, c->cat_labels[i]);
	if (c->ser_labels != NULL) {
		fputs(" ", fp);
		html_text(fp, c->ser_labels[j]);
	}
	fprintf(fp, ": %.4g core cycles per operation", b->value);
	if (isfinite(b->ns))
		fprintf(fp, ", %.4g ns", b->ns);
	if (isfinite(b->lo) && isfinite(b->hi))
		fprintf(fp, " (p10 %.4g, p90 %.4g cycles)", b->lo, b->hi);
	if (b->flags[0] != '\0') {
		fputs("; flags: ", fp);
		html_text(fp, b->flags);
	}
	fputs("</title>", fp);
}

/* Where a bar's note starts: after its bar and its whisker. */
static double
note_x(const struct svg_bar *b, const struct axis *a)
{
	double end = a->x0;

	if (b->has_value) {
		end = axis_x(a, b->value);
		if (isfinite(b->lo) && isfinite(b->hi))
			end = fmax(end, axis_x(a, b->hi));
	}
	return (end + 4);
}

static void
bar(FILE *fp, const struct svg_chart *c, size_t i, size_t j,
    const struct axis *a, double y)
{
	const struct svg_bar *b = &c->bars[i * c->nser + j];

	if (b->has_value) {
		fprintf(fp, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%d\" fill=\"%s\">", a->x0, y,
		    axis_x(a, b->value) - a->x0, BAR_H, svg_colour(j));
		bar_title(fp, c, i, j);
		fputs("</rect>\n", fp);
	}
	if (b->has_value && isfinite(b->lo) && isfinite(b->hi))
		fprintf(fp, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/>\n", axis_x(a, b->lo),
		    y + BAR_H / 2.0, axis_x(a, b->hi), y + BAR_H / 2.0);
	fprintf(fp, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">",
	    note_x(b, a), y + BAR_H - 3);
	html_text(fp, b->note);
	fputs("</text>\n", fp);
}

/*
 * The chart's width: CHART_W, or what its longest text needs, a bar's
 * note past its bar, the axis' unit under the bars (whose centre *unit_x
 * moves right when it would start left of the chart), a series' name.
 */
static int
bar_chart_width(const struct svg_chart *c, const struct axis *a,
    const char *unit, double *unit_x)
{
	double w = CHART_W, half;
	size_t i;

	for (i = 0; i < c->ncat * c->nser; i++)
		w = fmax(w, note_x(&c->bars[i], a) + svg_text_width(
		    c->bars[i].note, FONT_PX) + EDGE_PAD);
	half = svg_text_width(unit, SMALL_PX) / 2;
	*unit_x = fmax((a->x0 + a->x1) / 2, half + EDGE_PAD);
	w = fmax(w, *unit_x + half + EDGE_PAD);
	for (i = 0; c->ser_labels != NULL && c->nser > 1 && i < c->nser; i++)
		w = fmax(w, a->x0 + legend_entry_w(c->ser_labels[i]) +
		    EDGE_PAD);
	return ((int)ceil(w));
}

void
svg_bar_chart(FILE *fp, const struct svg_chart *c)
{
	struct axis a;
	char unit[256];
	double y, unit_x, label_w = 0;
	size_t i, j;
	int top, h, w;

	for (i = 0; i < c->ncat; i++)
		label_w = fmax(label_w, svg_text_width(c->cat_labels[i],
		    FONT_PX));
	label_w = ceil(label_w) + LABEL_PAD;
	bar_axis(c, label_w, label_w + PLOT_W, &a);
	snprintf(unit, sizeof(unit), "%s%s", c->unit, a.log ? "; log scale" :
	    "");
	w = bar_chart_width(c, &a, unit, &unit_x);
	top = legend(NULL, c, (int)label_w, w) + 20;
	h = (int)c->ncat * ((int)c->nser * (BAR_H + BAR_GAP) + CAT_GAP);
	svg_open(fp, a.log ? "chart bars log" : "chart bars", w, top + h + 30,
	    c->title);
	legend(fp, c, (int)label_w, w);
	grid(fp, &a, top, top + h);
	y = top + 4;
	for (i = 0; i < c->ncat; i++) {
		fprintf(fp, "<text class=\"cat\" x=\"%.1f\" y=\"%.1f\">",
		    label_w - 6, y + (double)c->nser * (BAR_H + BAR_GAP) / 2 +
		    4);
		html_text(fp, c->cat_labels[i]);
		fputs("</text>\n", fp);
		for (j = 0; j < c->nser; j++) {
			bar(fp, c, i, j, &a, y);
			y += BAR_H + BAR_GAP;
		}
		y += CAT_GAP;
	}
	fprintf(fp, "<text class=\"unit\" x=\"%.1f\" y=\"%.1f\">", unit_x,
	    y + 16);
	html_text(fp, unit);
	fputs("</text>\n</svg>\n", fp);
}
