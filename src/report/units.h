/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Figures as the tables print them (units.c): costs, cycles with k, M
 * or G, times in a unit that keeps them short, intervals and levels.
 * Every table, text or markdown, run's or compare's, formats through
 * these; they know nothing of the tables.
 */
#ifndef CB_REPORT_UNITS_H
#define CB_REPORT_UNITS_H

#include <stddef.h>

#include "cyclebench.h"

/* A cost as the tables print it: enough digits to read, never more than
   the noise supports; "-" when not finite. */
void	report_cost_text(char *buf, size_t len, double v);

/* The same with k, M, G past ten thousand: "936k". */
void	report_cycles_text(char *buf, size_t len, double v);

/* Nanoseconds in the unit that keeps them short: "0.33ns", "290µs". */
void	report_time_text(char *buf, size_t len, double ns);

/*
 * Half a confidence interval in cycles, as the cycles column is: "0.12",
 * "17.0", "15.1k"; below 0.1 two significant digits ("0.0012"), so that
 * a tiny one never reads 0.00.
 */
void	report_ci_text(char *buf, size_t len, double half);

/*
 * A result's levels as one line, "8.30 (60%) | 6.40 (40%)", with the
 * scattered share when it reaches REPORT_SCATTERED_SHOWN.
 */
#define REPORT_SCATTERED_SHOWN	0.05
void	report_levels_text(char *buf, size_t len, const struct cb_level *l,
	    size_t n, double scattered);

/*
 * Where a figure as these print it has its decimal point, or would have
 * it: after its sign and whole digits ("17" of "17.0", "936" of "936k",
 * the "-" of an empty cell), for columns that line up on the point.
 */
size_t	report_point_at(const char *num);

#endif
