/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The HTML report: one self-contained page (no scripts, no fetches; a
 * Content-Security-Policy says so to the browser) with SVG charts.
 * Every string that came from a results file goes through html_text
 * (report/escape.h); the charts are drawn by svg*.c (report/svg.h).
 */
#ifndef CB_HTML_H
#define CB_HTML_H

#include <stdio.h>

#include "verdict/compare.h"
#include "report/history.h"
#include "results/results.h"

/*
 * The page for files[0..n-1]; t is their comparison when n > 1, else
 * NULL.  Returns -1 when writing to fp failed.
 */
int	html_report(FILE *fp, const struct rs_file *files, size_t n,
	    const struct cmp_table *t);

/*
 * Beside input idx's charts, as an <aside>: the whole machine fingerprint
 * of files[0]; for a later input only what differs from files[0].
 */
void	html_fingerprint(FILE *fp, const struct rs_file *files, size_t idx);

/* The same page with a history chart for each of h[0..nh-1] (from the
   results store). */
int	html_report_history(FILE *fp, const struct rs_file *files, size_t n,
	    const struct cmp_table *t, const struct hist_series *h, size_t nh);

#endif
