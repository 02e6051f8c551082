/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The figures benchmarks add themselves (cb_result_extra): a cross-check
 * computed another way, what a partner thread saw, a whole program's
 * time.  Each goes beside the median it qualifies, so the two can be read
 * together; the benchmark's description says how it was obtained.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/registry.h"
#include "report/report.h"

#define NAME_WIDTH	34

/* Counts stay whole numbers; everything else as the table prints costs. */
static void
fmt_extra(char *buf, size_t len, double v)
{
	if (isfinite(v) && v == floor(v) && fabs(v) < 1e15)
		snprintf(buf, len, "%.0f", v);
	else
		report_cost_text(buf, len, v);
}

/*
 * One result's line: its name, its median, then each figure as "key
 * value".  Fitted to `width' (0: whole), a figure that would pass it
 * starts a line of its own under the first, never split from its key.
 */
static void
extras_line(FILE *fp, const struct cb_result *r, int width)
{
	char label[160], med[24], val[32];
	int col, n;
	unsigned k;

	report_cost_text(med, sizeof(med), r->cycles.median);
	col = fprintf(fp, "%-*s cycles %s", NAME_WIDTH,
	    registry_label(r->bench, label, sizeof(label)), med);
	for (k = 0; k < r->nextras && k < CB_MAX_EXTRAS; k++) {
		fmt_extra(val, sizeof(val), r->extras[k].value);
		n = 2 + (int)strlen(r->extras[k].key) + 1 + (int)strlen(val);
		if (width > 0 && col + n > width && col > NAME_WIDTH + 1)
			col = fprintf(fp, "\n%*s", NAME_WIDTH - 1, "") - 1;
		col += fprintf(fp, "  %s %s", r->extras[k].key, val);
	}
	fputc('\n', fp);
}

void
report_extras(FILE *fp, const struct cb_result *r, size_t n, int width)
{
	size_t i;
	int header = 0;

	for (i = 0; i < n; i++) {
		if (r[i].status != CB_OK || r[i].nextras == 0)
			continue;
		if (!header++)
			fprintf(fp, "\nFigures the benchmarks added "
			    "('cyclebench list' says how):\n");
		extras_line(fp, &r[i], width);
	}
}
