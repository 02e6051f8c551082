/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Histograms of per-call cycles for the HTML report.  Ticks, the median
 * and p99 are placed through the plot's own bins (exact at every edge,
 * linear or logarithmic within one), so the same code draws the results
 * file's geometric bins and equal ones.  Several inputs' distributions of
 * one path are overlaid on common bins, as shares of each one's calls,
 * since their numbers of calls differ.  The chart widens past CHART_W
 * where a label would not fit (svg_text.c estimates how wide).
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/escape.h"
#include "report/units.h"
#include "report/svg_draw.h"

#define HIST_X0		60
#define HIST_PLOT_W	560
#define HIST_Y0		34
#define HIST_H		150
#define SWATCH_STEP	160	/* a legend entry's room, at least */

/*
 * One input's distribution on the plot's bins: counts per bin, the calls
 * above the last edge, and where its median and p99 fall.
 */
struct dist_series {
	const char	*label;
	double		*counts;
	double		 over, total;
	double		 median, p99;
};

struct dist_plot {
	const char	*title;
	const double	*edges;
	size_t		 nb;
	int		 log;		/* edges in equal ratios */
	const char	*binning;	/* for the axis label */
	struct dist_series *s;
	size_t		 ns;
};

/* x of value v through the bins: exact at every edge, linear within. */
static double
hist_x(const struct dist_plot *p, double v)
{
	double w = (double)HIST_PLOT_W / (double)p->nb, f;
	size_t k;

	if (!(v > p->edges[0]))
		return (HIST_X0);
	for (k = 0; k < p->nb; k++)
		if (v <= p->edges[k + 1]) {
			f = p->log && p->edges[k] > 0 ? log(v / p->edges[k]) /
			    log(p->edges[k + 1] / p->edges[k]) :
			    (v - p->edges[k]) / (p->edges[k + 1] - p->edges[k]);
			return (HIST_X0 + w * ((double)k + f));
		}
	return (HIST_X0 + HIST_PLOT_W);
}

/* Several inputs: shares of each one's calls, so counts compare. */
static double
hist_height(const struct dist_plot *p, const struct dist_series *s,
    double count)
{

	return (p->ns > 1 && s->total > 0 ? count / s->total : count);
}

/* A bin's rectangle, its tooltip open: the caller writes the rest. */
static void
bin_open(FILE *fp, const struct dist_plot *p, size_t i, const char *klass,
    double x, double h, double w)
{

	fprintf(fp, "<rect class=\"%s\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
	    "height=\"%.1f\" fill=\"%s\"%s><title>", klass, x, HIST_Y0 +
	    HIST_H - h, w - 1, h, svg_colour(i), p->ns > 1 ?
	    " fill-opacity=\"0.5\"" : "");
	if (p->ns > 1) {
		html_text(fp, p->s[i].label);
		fputs(": ", fp);
	}
}

static void
hist_bins(FILE *fp, const struct dist_plot *p, double top)
{
	const struct dist_series *s;
	double w = (double)HIST_PLOT_W / (double)p->nb, h;
	char a[32], b[32];
	size_t i, k;
	int over = 0;

	for (i = 0; i < p->ns; i++) {
		s = &p->s[i];
		for (k = 0; k < p->nb; k++) {
			h = hist_height(p, s, s->counts[k]) / top * HIST_H;
			report_cost_text(a, sizeof(a), p->edges[k]);
			report_cost_text(b, sizeof(b), p->edges[k + 1]);
			bin_open(fp, p, i, "bin", HIST_X0 + w * (double)k + 0.5,
			    h, w);
			fprintf(fp, "%s to %s cycles: %.0f calls</title></rect>"
			    "\n", a, b, s->counts[k]);
		}
		if (s->over > 0) {
			h = hist_height(p, s, s->over) / top * HIST_H;
			bin_open(fp, p, i, "bin over", HIST_X0 + HIST_PLOT_W +
			    30.0 + (double)i * w, h, w);
			fprintf(fp, "%.0f calls above the last bin</title>"
			    "</rect>\n", s->over);
			over = 1;
		}
	}
	if (over)
		fprintf(fp, "<text class=\"tick\" x=\"%d\" y=\"%d\">&gt; p99"
		    "</text>\n", HIST_X0 + HIST_PLOT_W + 36, HIST_Y0 + HIST_H +
		    14);
}

/* "median 312.8", "p99 1207": the label of mark m (0, 1) of s. */
static const char *
mark_text(const struct dist_series *s, int m, char *buf, size_t len)
{
	char v[32];

	report_cost_text(v, sizeof(v), m ? s->p99 : s->median);
	snprintf(buf, len, "%s %s", m ? "p99" : "median", v);
	return (buf);
}

/* The median and p99 of each input, as labelled vertical lines. */
static void
hist_marks(FILE *fp, const struct dist_plot *p)
{
	const struct dist_series *s;
	char text[48];
	double x;
	size_t i;
	int m;

	for (i = 0; i < p->ns; i++) {
		s = &p->s[i];
		for (m = 0; m < 2; m++) {
			if (!isfinite(m ? s->p99 : s->median))
				continue;
			x = hist_x(p, m ? s->p99 : s->median);
			fprintf(fp, "<line class=\"%s\" x1=\"%.1f\" y1=\"%d\" "
			    "x2=\"%.1f\" y2=\"%d\" stroke=\"%s\"/><text "
			    "class=\"mark\" x=\"%.1f\" y=\"%d\">%s</text>\n",
			    m ? "p99" : "median", x, HIST_Y0 - 2, x,
			    HIST_Y0 + HIST_H, p->ns > 1 ? svg_colour(i) :
			    "#222", x + 3, HIST_Y0 + 8 + 11 * (int)(2 * i +
			    (size_t)m), mark_text(s, m, text, sizeof(text)));
		}
	}
}

/* Where the legend entry of series i starts: each as wide as its name. */
static double
swatch_x(const struct dist_plot *p, size_t i)
{
	double x = HIST_X0;
	size_t k;

	for (k = 0; k < i; k++)
		x += fmax(SWATCH_STEP, 30 + svg_text_width(p->s[k].label,
		    FONT_PX));
	return (x);
}

/*
 * The chart's width: CHART_W, or what its texts need, the legend's last
 * name and a median's or p99's label past the right end.
 */
static int
hist_width(const struct dist_plot *p)
{
	char text[48];
	double w = CHART_W;
	size_t i;
	int m;

	if (p->ns > 1)
		w = fmax(w, swatch_x(p, p->ns - 1) + 14 + svg_text_width(
		    p->s[p->ns - 1].label, FONT_PX) + 4);
	for (i = 0; i < p->ns; i++)
		for (m = 0; m < 2; m++)
			if (isfinite(m ? p->s[i].p99 : p->s[i].median))
				w = fmax(w, hist_x(p, m ? p->s[i].p99 :
				    p->s[i].median) + 3 + svg_text_width(
				    mark_text(&p->s[i], m, text, sizeof(text)),
				    SMALL_PX) + 4);
	return ((int)ceil(w));
}

static void
hist_axes(FILE *fp, const struct dist_plot *p, double top)
{
	struct axis a;
	double t[SVG_MAX_TICKS], x;
	size_t k, n;

	memset(&a, 0, sizeof(a));
	a.log = p->log;
	a.lo = p->edges[0];
	a.hi = p->edges[p->nb];
	n = a.hi > a.lo ? svg_ticks(&a, t, SVG_MAX_TICKS) : 0;
	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n", HIST_X0, HIST_Y0 + HIST_H, HIST_X0 + HIST_PLOT_W,
	    HIST_Y0 + HIST_H);
	for (k = 0; k < n; k++) {
		x = hist_x(p, t[k]);
		fprintf(fp, "<line class=\"axis\" x1=\"%.1f\" y1=\"%d\" "
		    "x2=\"%.1f\" y2=\"%d\"/><text class=\"tick\" x=\"%.1f\" "
		    "y=\"%d\">%g</text>\n", x, HIST_Y0 + HIST_H, x,
		    HIST_Y0 + HIST_H + 4, x, HIST_Y0 + HIST_H + 15, t[k]);
	}
	fprintf(fp, "<line class=\"axis\" x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\"/>\n<text class=\"tick\" x=\"%d\" y=\"%d\">%.3g</text>"
	    "<text class=\"tick\" x=\"%d\" y=\"%d\">0</text>\n",
	    HIST_X0, HIST_Y0, HIST_X0, HIST_Y0 + HIST_H, HIST_X0 - 22,
	    HIST_Y0 + 4, top, HIST_X0 - 22, HIST_Y0 + HIST_H);
	fprintf(fp, "<text class=\"unit\" transform=\"rotate(-90)\" x=\"%d\" "
	    "y=\"%d\">%s</text>\n", -(HIST_Y0 + HIST_H / 2), HIST_X0 - 40,
	    p->ns > 1 ? "share of calls" : "calls");
	fprintf(fp, "<text class=\"unit\" x=\"%d\" y=\"%d\">core cycles per "
	    "call, %s scale (%s)</text>\n", HIST_X0 + HIST_PLOT_W / 2,
	    HIST_Y0 + HIST_H + 34, p->log ? "log" : "linear", p->binning);
}

static void
hist_draw(FILE *fp, const struct dist_plot *p)
{
	double top = 0;
	size_t i, k;

	for (i = 0; i < p->ns; i++) {
		for (k = 0; k < p->nb; k++)
			top = fmax(top, hist_height(p, &p->s[i],
			    p->s[i].counts[k]));
		top = fmax(top, hist_height(p, &p->s[i], p->s[i].over));
	}
	top = top > 0 ? top : 1;
	svg_open(fp, p->ns > 1 ? "chart histogram overlay" :
	    "chart histogram", hist_width(p), HIST_H + HIST_Y0 + 46, p->title);
	if (p->ns > 1)
		for (i = 0; i < p->ns; i++) {
			fprintf(fp, "<rect class=\"swatch\" x=\"%.1f\" y=\"4\" "
			    "width=\"10\" height=\"10\" fill=\"%s\" "
			    "fill-opacity=\"0.5\"/><text x=\"%.1f\" y=\"13\">",
			    swatch_x(p, i), svg_colour(i), swatch_x(p, i) + 14);
			html_text(fp, p->s[i].label);
			fputs("</text>\n", fp);
		}
	hist_bins(fp, p, top);
	hist_marks(fp, p);
	hist_axes(fp, p, top);
	fputs("</svg>\n", fp);
}

/* Equal ratios when every edge is positive and each is the last times
 * one factor: how the results file bins. */
static int
geometric(const double *e, size_t nb)
{
	size_t k;

	if (nb < 2 || !(e[0] > 0) || !isfinite(e[1] / e[0]))
		return (0);
	for (k = 1; k < nb; k++)
		if (!(fabs((e[k + 1] / e[k]) / (e[1] / e[0]) - 1) <= 1e-6))
			return (0);
	return (1);
}

/*
 * Common bins for every input from the smallest sample to the largest
 * p99, equal ratios when all are positive and they span more than
 * LOG_SPAN, else equal widths; calls above go to each one's overflow.
 */
static size_t
common_bins(const struct rs_result *const *rs, size_t n, double *edges,
    int *log_bins)
{
	double lo = INFINITY, hi = -INFINITY;
	size_t i, k, nb = HIST_BINS, most = 0;

	for (i = 0; i < n; i++) {
		if (rs[i]->nsamples == 0)
			continue;
		lo = fmin(lo, rs[i]->cycles.min);
		hi = fmax(hi, rs[i]->cycles.p99);
		most = rs[i]->nsamples > most ? rs[i]->nsamples : most;
	}
	if (!isfinite(lo) || !isfinite(hi))
		return (0);
	nb = (size_t)sqrt((double)most);
	nb = nb < 5 ? 5 : nb > HIST_BINS ? HIST_BINS : nb;
	if (!(hi > lo))
		hi = lo + 1;
	*log_bins = lo > 0 && hi / lo > LOG_SPAN && isfinite(hi / lo);
	for (k = 0; k <= nb; k++)
		edges[k] = *log_bins ? lo * pow(hi / lo, (double)k /
		    (double)nb) : lo + (hi - lo) * (double)k / (double)nb;
	return (nb);
}

static void
bin_samples(const struct rs_result *r, const double *edges, size_t nb,
    struct dist_series *s)
{
	double v;
	size_t i, k;

	for (i = 0; i < r->nsamples; i++) {
		v = r->samples[i];
		if (v > edges[nb]) {
			s->over++;
			continue;
		}
		for (k = 0; k + 1 < nb && !(v < edges[k + 1]); k++)
			;
		s->counts[k]++;
	}
	s->total = (double)r->nsamples;
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
svg_histogram(FILE *fp, const struct rs_result *const *rs,
    const char *const *labels, size_t n)
{
	struct dist_series s[HIST_MAX_SERIES];
	struct dist_plot p;
	double edges[HIST_BINS + 1], counts[HIST_MAX_SERIES][HIST_BINS];
	size_t i, k;

	n = n > HIST_MAX_SERIES ? HIST_MAX_SERIES : n;
	if (n == 0)
		return;
	memset(&p, 0, sizeof(p));
	memset(s, 0, sizeof(s));
	memset(counts, 0, sizeof(counts));
	p.title = rs[0]->name;
	p.s = s;
	p.ns = n;
	for (i = 0; i < n; i++) {
		s[i].label = labels != NULL ? labels[i] : rs[i]->name;
		s[i].median = rs[i]->cycles.median;
		s[i].p99 = rs[i]->cycles.p99;
		s[i].counts = counts[i];
	}
	/* One input with the file's own bins: drawn as written, in whole
	   groups of them when there are more than a chart has bars. */
	if (n == 1 && rs[0]->nbins > 0) {
		if (rs[0]->nbins > HIST_BINS) {
			p.nb = file_bins(rs[0], edges, counts[0]);
			p.edges = edges;
		} else {
			p.nb = rs[0]->nbins;
			p.edges = rs[0]->hist_edges;
			s[0].counts = rs[0]->hist_counts;
		}
		p.log = geometric(p.edges, p.nb);
		p.binning = "the file's bins, minimum to maximum";
		for (k = 0; k < p.nb; k++)
			s[0].total += s[0].counts[k];
		hist_draw(fp, &p);
		return;
	}
	if ((p.nb = common_bins(rs, n, edges, &p.log)) == 0)
		return;
	p.edges = edges;
	p.binning = "bins of the samples, minimum to p99";
	for (i = 0; i < n; i++)
		bin_samples(rs[i], edges, p.nb, &s[i]);
	hist_draw(fp, &p);
}
