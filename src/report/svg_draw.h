/* SPDX-License-Identifier: BSD-2-Clause */
/* What the bar charts and the histograms of the HTML report share. */
#ifndef CB_REPORT_SVG_DRAW_H
#define CB_REPORT_SVG_DRAW_H

#include <stddef.h>
#include <stdio.h>

#include "report/svg.h"	/* CHART_W, svg_open */

#define FONT_PX		12	/* the labels' font */
#define SMALL_PX	11	/* ticks, units and marks */
#define LOG_SPAN	10	/* values spanning more than this: log axis */
#define SVG_MAX_TICKS	12

/* Where a value goes on a horizontal axis, linear or logarithmic. */
struct axis {
	int	 log;
	double	 lo, hi;	/* the values at x0 and x1 */
	double	 x0, x1;
};

double	axis_x(const struct axis *a, double v);

/*
 * How wide s is drawn at px pixels (svg_text.c): an estimate that errs
 * wide, for making a chart as wide as its longest label.
 */
double	svg_text_width(const char *s, double px);

/* Round tick values of the axis into t[0..max-1]; returns how many. */
size_t	svg_ticks(const struct axis *a, double *t, size_t max);

#endif
