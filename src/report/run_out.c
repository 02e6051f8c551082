/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What run prints after measuring, in one place for the text and the
 * markdown forms: the table, the kernel paths, the tables by parameter
 * and the figures benchmarks add.  The last two are aligned text; in
 * markdown they go in a code block, which keeps them aligned where the
 * markdown is shown.
 */
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"

void
report_run(FILE *fp, const struct machine *m, const struct cb_result *r,
    size_t n, const struct report_style *st)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mp;
	int width;

	report_table(fp, m, r, n, st);
	report_paths(fp, m, r, n, st);
	if (st == NULL || st->format != REPORT_MARKDOWN) {
		width = report_style_width(st, fp);
		report_pivot(fp, r, n, width);
		report_extras(fp, r, n, width);
		return;
	}
	if ((mp = open_memstream(&text, &len)) == NULL)
		return;
	report_pivot(mp, r, n, 0);
	report_extras(mp, r, n, 0);
	if (fclose(mp) == 0 && len > 0)
		fprintf(fp, "\n```%s```\n", text);
	free(text);
}
