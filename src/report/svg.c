/*
 * SVG charts for the HTML report, drawn as static markup: no script, so
 * the page shows the same thing in every browser, in a mail client and
 * in a screenshot.  Numbers are written with %g into attributes; every
 * string from a results file goes through html_text.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "report/html.h"
#include "report/report.h"

#define CHAR_W		7	/* of the 12px label font, roughly */
#define BAR_H		14
#define BAR_GAP		2
#define CAT_GAP		10
#define NOTE_W		150	/* room after the longest bar for its note */
#define HIST_H		150
#define HIST_BINS	30

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"
};

#define NCOLOURS	(sizeof(palette) / sizeof(palette[0]))

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

/* Vertical grid lines with their values, from 0 to max over [x0, x1]. */
static void
grid(FILE *fp, double max, double x0, double x1, double y0, double y1)
{
	double step, t, x;
	int k, n;

	/*
	 * Count the lines, not the distance: a subnormal max from a results
	 * file made the step 0, and adding 0 until past max never ended.
	 */
	step = svg_nice_step(max, 4);
	n = step > 0 && isfinite(step) ? (int)fmin(max * (1 + 1e-9) / step,
	    10) : 0;
	for (k = 0; k <= n; k++) {
		t = k * step;
		x = x0 + t / max * (x1 - x0);
		fprintf(fp, "<line class=\"grid\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/><text class=\"tick\" x=\"%.1f\" "
		    "y=\"%.1f\">%g</text>\n", x, y0, x, y1, x, y0 - 4, t);
	}
}

static double
chart_max(const struct svg_chart *c)
{
	const struct svg_bar *b;
	double max = 0;
	size_t i;

	for (i = 0; i < c->ncat * c->nser; i++) {
		b = &c->bars[i];
		if (!b->has_value)
			continue;
		if (b->value > max)
			max = b->value;
		if (isfinite(b->hi) && b->hi > max)
			max = b->hi;
	}
	return (max > 0 ? max : 1);
}

/*
 * Swatches and names of the series, wrapping; returns the height used.
 * With fp NULL it only measures.
 */
static int
legend(FILE *fp, const struct svg_chart *c, int x0)
{
	size_t j;
	int x, y, w;

	if (c->ser_labels == NULL || c->nser < 2)
		return (0);
	x = x0;
	y = 4;
	for (j = 0; j < c->nser; j++) {
		w = 24 + CHAR_W * (int)strlen(c->ser_labels[j]);
		if (x > x0 && x + w > CHART_W) {
			x = x0;
			y += 18;
		}
		x += w;
		if (fp == NULL)
			continue;
		fprintf(fp, "<rect class=\"swatch\" x=\"%d\" y=\"%d\" "
		    "width=\"10\" height=\"10\" fill=\"%s\"/><text x=\"%d\" "
		    "y=\"%d\">", x - w, y, palette[j % NCOLOURS], x - w + 14,
		    y + 9);
		html_text(fp, c->ser_labels[j]);
		fputs("</text>\n", fp);
	}
	return (y + 18);
}

static void
bar(FILE *fp, const struct svg_chart *c, size_t i, size_t j, double max,
    double x0, double plot_w, double y)
{
	const struct svg_bar *b = &c->bars[i * c->nser + j];
	double w;

	w = b->has_value && b->value > 0 ? b->value / max * plot_w : 0;
	if (b->has_value) {
		fprintf(fp, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%d\" fill=\"%s\"><title>", x0, y,
		    w, BAR_H, palette[j % NCOLOURS]);
		html_text(fp, c->cat_labels[i]);
		if (c->ser_labels != NULL) {
			fputs(" ", fp);
			html_text(fp, c->ser_labels[j]);
		}
		fprintf(fp, ": %.4g %s", b->value, c->unit);
		if (isfinite(b->lo) && isfinite(b->hi))
			fprintf(fp, " (p10 %.4g, p90 %.4g)", b->lo, b->hi);
		fputs("</title></rect>\n", fp);
	}
	if (b->has_value && isfinite(b->lo) && isfinite(b->hi))
		fprintf(fp, "<line class=\"whisker\" x1=\"%.1f\" y1=\"%.1f\" "
		    "x2=\"%.1f\" y2=\"%.1f\"/>\n", x0 + fmax(b->lo, 0) / max *
		    plot_w, y + BAR_H / 2.0, x0 + b->hi / max * plot_w,
		    y + BAR_H / 2.0);
	if (b->has_value && isfinite(b->hi))
		w = fmax(w, b->hi / max * plot_w);
	fprintf(fp, "<text class=\"note\" x=\"%.1f\" y=\"%.1f\">",
	    x0 + w + 4, y + BAR_H - 3);
	html_text(fp, b->note);
	fputs("</text>\n", fp);
}

void
svg_bar_chart(FILE *fp, const struct svg_chart *c)
{
	double max, plot_w, y;
	size_t i, j, longest;
	int label_w, top, h;

	longest = 0;
	for (i = 0; i < c->ncat; i++)
		if (strlen(c->cat_labels[i]) > longest)
			longest = strlen(c->cat_labels[i]);
	label_w = CHAR_W * (int)(longest > 40 ? 40 : longest) + 12;
	plot_w = CHART_W - label_w - NOTE_W;
	max = chart_max(c);
	top = legend(NULL, c, label_w) + 20;
	h = (int)c->ncat * ((int)c->nser * (BAR_H + BAR_GAP) + CAT_GAP);
	svg_open(fp, "chart bars", CHART_W, top + h + 30, c->title);
	legend(fp, c, label_w);
	grid(fp, max, label_w, label_w + plot_w, top, top + h);
	y = top + 4;
	for (i = 0; i < c->ncat; i++) {
		fprintf(fp, "<text class=\"cat\" x=\"%d\" y=\"%.1f\">",
		    label_w - 6, y + (double)c->nser * (BAR_H + BAR_GAP) / 2 +
		    4);
		html_text(fp, c->cat_labels[i]);
		fputs("</text>\n", fp);
		for (j = 0; j < c->nser; j++) {
			bar(fp, c, i, j, max, label_w, plot_w, y);
			y += BAR_H + BAR_GAP;
		}
		y += CAT_GAP;
	}
	fprintf(fp, "<text class=\"unit\" x=\"%.1f\" y=\"%.1f\">",
	    label_w + plot_w / 2, y + 16);
	html_text(fp, c->unit);
	fputs("</text>\n</svg>\n", fp);
}

/* Bins of the samples from the minimum to p99; above p99: overflow. */
static size_t
sample_bins(const struct rs_result *r, double *edges, double *counts,
    double *over, double *max)
{
	double *s, lo, hi;
	size_t i, k, nb;

	*over = 0;
	if ((s = malloc(r->nsamples * sizeof(*s))) == NULL)
		return (0);
	memcpy(s, r->samples, r->nsamples * sizeof(*s));
	stats_sort(s, r->nsamples);
	lo = s[0];
	hi = stats_quantile_sorted(s, r->nsamples, 0.99);
	*max = s[r->nsamples - 1];
	nb = (size_t)sqrt((double)r->nsamples);
	nb = nb < 5 ? 5 : nb > HIST_BINS ? HIST_BINS : nb;
	if (!(hi > lo))
		hi = lo + 1;
	for (k = 0; k <= nb; k++)
		edges[k] = lo + (hi - lo) * (double)k / (double)nb;
	memset(counts, 0, nb * sizeof(*counts));
	for (i = 0; i < r->nsamples; i++) {
		if (s[i] > hi) {
			(*over)++;
			continue;
		}
		k = (size_t)((s[i] - lo) / (hi - lo) * (double)nb);
		counts[k < nb ? k : nb - 1]++;
	}
	free(s);
	return (nb);
}

/*
 * A file's histogram of more bins than a chart has bars, in at most
 * HIST_BINS bars of whole groups of its bins: the page stays the same
 * size whatever the file holds.
 */
static size_t
file_bins(const struct rs_result *r, double *edges, double *counts)
{
	size_t g, k, nb;

	g = (r->nbins + HIST_BINS - 1) / HIST_BINS;
	nb = (r->nbins + g - 1) / g;
	memset(counts, 0, nb * sizeof(*counts));
	for (k = 0; k < r->nbins; k++)
		counts[k / g] += r->hist_counts[k];
	for (k = 0; k < nb; k++)
		edges[k] = r->hist_edges[k * g];
	edges[nb] = r->hist_edges[r->nbins];
	return (nb);
}

void
svg_histogram(FILE *fp, const struct rs_result *r)
{
	double edges[HIST_BINS + 1], counts[HIST_BINS], over, top, max, x, w;
	const double *e, *cnt;
	const int x0 = 50, plot_w = 560, y0 = 20;
	char a[32], b[32];
	size_t k, nb;

	over = 0;
	max = NAN;
	if (r->nbins > HIST_BINS) {
		nb = file_bins(r, edges, counts);
		e = edges;
		cnt = counts;
	} else if (r->nbins > 0) {
		e = r->hist_edges;
		cnt = r->hist_counts;
		nb = r->nbins;
	} else {
		if (r->nsamples == 0)
			return;
		nb = sample_bins(r, edges, counts, &over, &max);
		e = edges;
		cnt = counts;
	}
	if (nb == 0)
		return;
	top = over;
	for (k = 0; k < nb; k++)
		top = fmax(top, cnt[k]);
	top = top > 0 ? top : 1;
	svg_open(fp, "chart histogram", CHART_W, HIST_H + 60, r->name);
	w = (double)plot_w / (double)nb;
	for (k = 0; k < nb; k++) {
		x = x0 + w * (double)k;
		report_cost_text(a, sizeof(a), e[k]);
		report_cost_text(b, sizeof(b), e[k + 1]);
		fprintf(fp, "<rect class=\"bin\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\"><title>%s to %s cycles: "
		    "%.0f calls</title></rect>\n", x + 0.5, y0 + HIST_H -
		    cnt[k] / top * HIST_H, w - 1, cnt[k] / top * HIST_H, a, b,
		    cnt[k]);
	}
	if (over > 0) {
		report_cost_text(b, sizeof(b), max);
		fprintf(fp, "<rect class=\"bin over\" x=\"%.1f\" y=\"%.1f\" "
		    "width=\"%.1f\" height=\"%.1f\"><title>%.0f calls above "
		    "p99, up to %s cycles</title></rect><text class=\"tick\" "
		    "x=\"%.1f\" y=\"%d\">&gt; p99</text>\n", x0 + plot_w + 30.0,
		    y0 + HIST_H - over / top * HIST_H, w - 1, over / top *
		    HIST_H, over, b, x0 + plot_w + 30 + w / 2, y0 + HIST_H + 14);
	}
	report_cost_text(a, sizeof(a), e[0]);
	report_cost_text(b, sizeof(b), e[nb]);
	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<text class=\"tick\" x=\"%d\" y=\"%d\">%s</text>"
	    "<text class=\"tick\" x=\"%d\" y=\"%d\">%s</text>\n"
	    "<text class=\"tick\" x=\"%d\" y=\"%d\">%.0f</text>\n"
	    "<text class=\"unit\" x=\"%d\" y=\"%d\">core cycles per call "
	    "(%s)</text>\n</svg>\n", x0, y0 + HIST_H, x0 + plot_w, y0 + HIST_H,
	    x0, y0 + HIST_H + 14, a, x0 + plot_w, y0 + HIST_H + 14, b,
	    x0 - 20, y0 + 4, top, x0 + plot_w / 2, y0 + HIST_H + 34,
	    r->nbins > 0 ? "histogram from the file" :
	    "bins of the samples, minimum to p99");
}
