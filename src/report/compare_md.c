/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison as markdown, for a pull request or a post: the legend as
 * a list, the warnings quoted, the table, and the notes and the method
 * in a code block, where their columns stay aligned.  Every name from a
 * results file goes through report_md_text.
 */
#include <math.h>
#include <stdio.h>

#include "verdict/compare.h"
#include "report/compare_parts.h"
#include "report/escape.h"
#include "report/report.h"

int
cmp_markdown(FILE *fp, const void *data, const struct report_style *st)
{
	const struct cmp_table *t = data;
	char label[256], cost[32], change[32], line[512];
	const struct cmp_cell *c;
	size_t i, j;

	(void)st;
	fprintf(fp, "Median core cycles per operation; %c is the baseline.\n\n",
	    CMP_LETTER(0));
	for (i = 0; i < t->ninputs; i++) {
		fprintf(fp, "- **%c** ", CMP_LETTER(i));
		report_md_text(fp, t->inputs[i].label);
		fputs(": ", fp);
		cmp_legend_line(&t->inputs[i], line, sizeof(line));
		report_md_text(fp, line);
		fputs(" (", fp);
		report_md_text(fp, t->inputs[i].f->path);
		fputs(")\n", fp);
	}
	fputc('\n', fp);
	for (i = 0; i < t->nwarnings; i++) {
		fputs("> **warning:** ", fp);
		report_md_text(fp, t->warnings[i]);
		fputs("\n>\n", fp);
	}
	fputs(t->nwarnings ? "\n| benchmark |" : "| benchmark |", fp);
	for (j = 0; j < t->ninputs; j++) {
		fputc(' ', fp);
		report_md_text(fp, t->inputs[j].label);
		fputs(j == 0 ? " |" : " | change |", fp);
	}
	fputs("\n|:--|", fp);
	for (j = 0; j < t->ninputs; j++)
		fputs(j == 0 ? "--:|" : "--:|--:|", fp);
	fputc('\n', fp);
	for (i = 0; i < t->nrows; i++) {
		cmp_row_label(&t->rows[i], label, sizeof(label));
		fputs("| ", fp);
		report_md_text(fp, label);
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			cmp_cost_text(c, cost, sizeof(cost));
			fprintf(fp, " | %s", cost);
			if (j == 0)
				continue;
			fputs(" | ", fp);
			if (isfinite(c->ratio)) {
				cmp_change_text(c->ratio, change,
				    sizeof(change));
				fprintf(fp, "%s ", change);
				report_md_text(fp, cmp_mark(c->verdict));
			}
		}
		fputs(" |\n", fp);
	}
	fputs("\n```\n", fp);
	cmp_notes(t, fp);
	cmp_method_text(t, fp);
	fputs("```\n", fp);
	return (0);
}

