/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What run prints after measuring, its reporter (report/report.h): the
 * table, the kernel paths, the tables by parameter and the figures
 * benchmarks add, as text (with the legend once, last, on a terminal or
 * with --legend) or markdown (never a legend).  The last two are aligned text;
 * in markdown they go in a code block, which keeps them aligned where
 * the markdown is shown.
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/names.h"
#include "report/report.h"

void
report_run_summary(char *buf, size_t len, const struct cb_result *r,
    size_t n, double seconds)
{
	size_t i, ok = 0, flagged = 0;

	for (i = 0; i < n; i++)
		if (r[i].status == CB_OK) {
			ok++;
			flagged += flags_shown(r[i].flags) != 0;
		}
	snprintf(buf, len, "%zu row%s measured, %zu flagged, %zu not "
	    "measured, %.1f s", ok, ok == 1 ? "" : "s", flagged, n - ok,
	    seconds);
}

/*
 * Quiet: the main table's rows alone.  Else everything, and the legend
 * once, last, where report_legend_wanted says.
 */
static int
run_text(FILE *fp, const void *data, const struct report_style *st)
{
	const struct report_results *d = data;
	int width;

	report_table(fp, d->m, d->r, d->n, st);
	if (st != NULL && st->quiet)
		return (0);
	report_paths(fp, d->m, d->r, d->n, st);
	width = report_style_width(st, fp);
	report_pivot(fp, d->r, d->n, width);
	report_extras(fp, d->r, d->n, width);
	if (report_legend_wanted(st, fp)) {
		report_legend(fp, machine_ref_name(d->m), width);
		report_paths_legend(fp, d->r, d->n, width);
	}
	return (0);
}

/* For a post: no legend, which the reader of a post cannot use. */
static int
run_markdown(FILE *fp, const void *data, const struct report_style *st)
{
	const struct report_results *d = data;
	char *text = NULL;
	size_t len = 0;
	FILE *mp;

	report_table(fp, d->m, d->r, d->n, st);
	if (st != NULL && st->quiet)
		return (0);
	report_paths(fp, d->m, d->r, d->n, st);
	if ((mp = open_memstream(&text, &len)) == NULL)
		return (-1);
	report_pivot(mp, d->r, d->n, 0);
	report_extras(mp, d->r, d->n, 0);
	if (fclose(mp) == 0 && len > 0)
		fprintf(fp, "\n```%s```\n", text);
	free(text);
	return (0);
}

const struct reporter report_run_reporter = { {
	[REPORT_TEXT] = run_text,
	[REPORT_MARKDOWN] = run_markdown,
} };
