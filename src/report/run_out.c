/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What run prints after measuring, its reporter (report/report.h): the
 * table, the kernel paths, the tables by parameter and the figures
 * benchmarks add, as text or markdown.  The last two are aligned text;
 * in markdown they go in a code block, which keeps them aligned where
 * the markdown is shown.
 */
#include <stdio.h>
#include <stdlib.h>

#include "report/report.h"

static int
run_text(FILE *fp, const void *data, const struct report_style *st)
{
	const struct report_results *d = data;
	int width;

	report_table(fp, d->m, d->r, d->n, st);
	report_paths(fp, d->m, d->r, d->n, st);
	width = report_style_width(st, fp);
	report_pivot(fp, d->r, d->n, width);
	report_extras(fp, d->r, d->n, width);
	return (0);
}

static int
run_markdown(FILE *fp, const void *data, const struct report_style *st)
{
	const struct report_results *d = data;
	char *text = NULL;
	size_t len = 0;
	FILE *mp;

	report_table(fp, d->m, d->r, d->n, st);
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
