/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The SVG charts of the HTML report (svg.c, svg_histogram.c,
 * svg_history.c): bar charts, distributions and histories, each an
 * <svg> element the page puts where it wants.  They know nothing of the
 * page; what they take from a results file goes through html_text
 * (report/escape.h).
 */
#ifndef CB_REPORT_SVG_H
#define CB_REPORT_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "report/history.h"
#include "results/results.h"

#define CHART_W		760	/* every chart's width, at least */

/* One bar of a chart; no value: `note' alone says why. */
struct svg_bar {
	int		 has_value;
	double		 value, lo, hi;		/* lo/hi: whisker; NAN: none */
	double		 ns;			/* the value in ns, for hover */
	char		 flags[96];		/* "noisy,disturbed" */
	char		 note[256];		/* shown after the bar */
};

/* Categories as rows, series as bars within a row (grouped when > 1). */
struct svg_chart {
	const char	*title;			/* for screen readers */
	const char	*unit;			/* axis label */
	size_t		 ncat, nser;
	const char	**cat_labels;
	const char	**ser_labels;		/* legend; NULL: none */
	struct svg_bar	*bars;			/* [cat * nser + ser] */
};

void	svg_bar_chart(FILE *fp, const struct svg_chart *c);

/*
 * Per-call distribution of one path benchmark in rs[0..n-1] (n inputs,
 * labels[i] naming each; NULL with one), its median and p99 marked: one
 * input's own histogram as the file bins it, or bins of the samples; the
 * distributions of several overlaid, as shares of their calls.
 */
#define HIST_BINS	30
#define HIST_MAX_SERIES	4
void	svg_histogram(FILE *fp, const struct rs_result *const *rs,
	    const char *const *labels, size_t n);

/* The colour of series i, the same in every chart and table. */
const char *svg_colour(size_t i);

/* Opening an <svg> of class klass, w by h, titled for screen readers. */
void	svg_open(FILE *fp, const char *klass, int w, int h, const char *title);
/* A round step (1, 2 or 5 times a power of ten) giving about n ticks. */
double	svg_nice_step(double max, int n);

/* A history: each run's median and interval, the levels, the shifts. */
void	svg_history(FILE *fp, const struct hist_series *h);

#endif
