/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the sections of the HTML report share (html_parts.c), and the
 * comparison's section (html_compare.c): for html*.c only.
 */
#ifndef CB_REPORT_HTML_PARTS_H
#define CB_REPORT_HTML_PARTS_H

#include <stddef.h>
#include <stdio.h>

#include "verdict/compare.h"
#include "report/svg.h"
#include "results/results.h"

/* Distinct strings in order of first appearance; returns the count. */
size_t	html_add_unique(const char **set, size_t n, const char *s);

/* The variant: the name after "group/". */
const char *html_variant(const struct rs_result *r);

/* An ok path result: it has a distribution to draw. */
int	html_is_path(const struct rs_result *r);

/* r's bar: its median, whisker and note; r NULL: "not run". */
void	html_fill_bar(struct svg_bar *b, const struct rs_result *r);

/* A captioned bar chart of medians, one per suite or comparison. */
void	html_bar_figure(FILE *fp, struct svg_chart *c, const char *group,
	    const char **cats, const char **sers);

/* A table's cells for a result: its median in cycles, its time with
   its unit, as the text tables print them. */
void	html_cycles_cell(FILE *fp, const struct rs_result *r);
void	html_time_cell(FILE *fp, const struct rs_result *r);

/* The flags a table shows of "a,b", each coloured by its class. */
void	html_flags(FILE *fp, const char *flags);

/* "name k=v" of a result (full: with its group), as list and run print
   it. */
void	html_row_name(FILE *fp, const struct rs_result *r, int full);

/* The comparison: charts, tables, overlaid distributions, the method. */
void	html_compare_section(FILE *fp, const struct cmp_table *t);

#endif
