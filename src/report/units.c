/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Figures as a person reads them in a table: cycles with k, M or G past
 * ten thousand, times in the unit that keeps them short (ns, µs, ms, s),
 * three significant digits at most past the plain range, never more
 * digits than the noise supports, intervals in the unit of their figure
 * with the digits that keep them from reading zero, and a result's
 * levels on one line.
 * The JSON and CSV files keep every digit; this is only for the eye.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/units.h"
#include "util/fixed.h"

/* Enough digits to read, never more than the noise supports. */
void
report_cost_text(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else
		fixed_text(buf, len, v, fabs(v) < 10 ? 2 : fabs(v) < 1000 ?
		    1 : 0, 0, NULL);
}

/* v / scale with three significant digits and the suffix. */
static void
scaled(char *buf, size_t len, double v, double scale, const char *suffix)
{
	double x = v / scale;

	if (fabs(x) < 9.995)
		snprintf(buf, len, "%.2f%s", x, suffix);
	else if (fabs(x) < 99.95)
		snprintf(buf, len, "%.1f%s", x, suffix);
	else
		snprintf(buf, len, "%.0f%s", x, suffix);
}

/* The finest interval written: past it, "<0.000001". */
#define CI_DECIMALS	6
#define CI_FLOOR	1e-6

/* A unit's ladder: the first step whose bound the value is below. */
struct step {
	double		 below;
	double		 scale;
	const char	*suffix;
};

static const struct step cycle_steps[] = {
	{ 999.5e3, 1e3, "k" }, { 999.5e6, 1e6, "M" }, { INFINITY, 1e9, "G" },
};

static const struct step time_steps[] = {
	{ 999.5, 1, "ns" }, { 999.5e3, 1e3, "\u00b5s" },
	{ 999.5e6, 1e6, "ms" }, { INFINITY, 1e9, "s" },
};

static void
climb(char *buf, size_t len, double v, const struct step *s)
{
	while (!(fabs(v) < s->below))
		s++;
	scaled(buf, len, v, s->scale, s->suffix);
}

void
report_cycles_text(char *buf, size_t len, double v)
{

	if (!isfinite(v) || fabs(v) < 1e4)
		report_cost_text(buf, len, v);
	else
		climb(buf, len, v, cycle_steps);
}

void
report_time_text(char *buf, size_t len, double ns)
{

	if (!isfinite(ns))
		snprintf(buf, len, "-");
	else
		climb(buf, len, ns, time_steps);
}

/*
 * Half the interval, in cycles like the figure it goes with, scaled the
 * same past ten thousand; under 0.1 with two significant digits, so that
 * a median pinned down by many samples reads 0.0012, never 0.00.
 */
void
report_ci_text(char *buf, size_t len, double half)
{
	int decimals;

	if (!isfinite(half) || half < 0)
		snprintf(buf, len, "-");
	else if (half == 0)
		snprintf(buf, len, "0");
	else if (half >= 0.1)
		report_cycles_text(buf, len, half);
	else if (half < CI_FLOOR)
		snprintf(buf, len, "<%.*f", CI_DECIMALS, CI_FLOOR);
	else {
		decimals = 1 - (int)floor(log10(half));
		snprintf(buf, len, "%.*f", decimals < CI_DECIMALS ? decimals :
		    CI_DECIMALS, half);
	}
}

/* "8.30 (60%) | 6.40 (40%) | scattered 12%": every level, never averaged. */
void
report_levels_text(char *buf, size_t len, const struct cb_level *l,
    size_t n, double scattered)
{
	char v[24];
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < n && i < CB_MAX_LEVELS && used < len; i++) {
		report_cycles_text(v, sizeof(v), l[i].value);
		used += (size_t)snprintf(buf + used, len - used, "%s%s (%.0f%%)",
		    i ? " | " : "", v, 100 * l[i].share);
	}
	if (used < len && scattered >= REPORT_SCATTERED_SHOWN)
		snprintf(buf + used, len - used, " | scattered %.0f%%",
		    100 * scattered);
}

size_t
report_point_at(const char *num)
{

	return (strspn(num, "<+-0123456789"));
}
