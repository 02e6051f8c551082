/* SPDX-License-Identifier: BSD-2-Clause */
/* What the bar charts and the histograms of the HTML report share. */
#ifndef CB_REPORT_SVG_DRAW_H
#define CB_REPORT_SVG_DRAW_H

#include <stddef.h>
#include <stdio.h>

#include "report/svg.h"	/* CHART_W, svg_open */

#define CHAR_W		7	/* of the 12px label font, roughly */
#define LOG_SPAN	10	/* values spanning more than this: log axis */
#define SVG_MAX_TICKS	12

/* Where a value goes on a horizontal axis, linear or logarithmic. */
struct axis {
	int	 log;
	double	 lo, hi;	/* the values at x0 and x1 */
	double	 x0, x1;
};

double	axis_x(const struct axis *a, double v);

/* Round tick values of the axis into t[0..max-1]; returns how many. */
size_t	svg_ticks(const struct axis *a, double *t, size_t max);

#endif
