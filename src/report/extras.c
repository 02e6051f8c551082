/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The figures benchmarks add themselves (cb_result_extra): a cross-check
 * computed another way, what a partner thread saw, a whole program's
 * time.  Each goes beside the median it qualifies, so the two can be read
 * together; the benchmark's description says how it was obtained.
 */
#include <math.h>
#include <stdio.h>

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

void
report_extras(FILE *fp, const struct cb_result *r, size_t n)
{
	char label[160], med[24], val[32];
	size_t i;
	unsigned k;
	int header = 0;

	for (i = 0; i < n; i++) {
		if (r[i].status != CB_OK || r[i].nextras == 0)
			continue;
		if (!header++)
			fprintf(fp, "\nFigures the benchmarks added (their "
			    "descriptions in 'cyclebench list' say how):\n");
		report_cost_text(med, sizeof(med), r[i].cycles.median);
		fprintf(fp, "%-*s cycles %s", NAME_WIDTH,
		    registry_label(r[i].bench, label, sizeof(label)), med);
		for (k = 0; k < r[i].nextras && k < CB_MAX_EXTRAS; k++) {
			fmt_extra(val, sizeof(val), r[i].extras[k].value);
			fprintf(fp, "  %s %s", r[i].extras[k].key, val);
		}
		fputc('\n', fp);
	}
}
