/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * compare's reporter (report/compare_out.h): its table of formats, each
 * format a file: compare_text.c (with the notes under the table,
 * compare_notes.c), compare_md.c, compare_csv.c, compare_json.c,
 * compare_github.c; what they share is in compare_parts.c.  The layouts
 * are in docs/compare.md.
 */
#include <stdio.h>

#include "verdict/compare.h"
#include "report/compare_out.h"
#include "report/compare_parts.h"
#include "report/report.h"

const struct reporter cmp_reporter = { {
	[REPORT_TEXT] = cmp_text,
	[REPORT_MARKDOWN] = cmp_markdown,
	[REPORT_CSV] = cmp_csv,
	[REPORT_JSON] = cmp_json,
	[REPORT_GITHUB] = cmp_github,
} };

int
cmp_print(const struct cmp_table *t, enum report_format fmt, FILE *fp)
{
	struct report_style st = { .format = fmt };

	if (report_render(&cmp_reporter, fp, t, &st) != 0)
		return (-1);
	return (fflush(fp) != 0 || ferror(fp) ? -1 : 0);
}
