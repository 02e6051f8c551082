/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison as CSV, for spreadsheets: one line per benchmark and
 * side, every figure a verdict rests on; RFC 4180 through
 * report_csv_text.
 */
#include <stdio.h>

#include "verdict/compare.h"
#include "report/compare_parts.h"
#include "report/escape.h"
#include "report/report.h"

int
cmp_csv(FILE *fp, const void *data, const struct report_style *st)
{
	const struct cmp_table *t = data;
	const struct cmp_cell *c;
	char letter[2], levels[128];
	size_t i, j;

	(void)st;
	fputs("name,params,input,label,file,status,cycles_median,ratio,"
	    "ci_low,ci_high,p_value,q_value,q_same,verdict,rounds,runs,basis,"
	    "flags,levels,why\r\n",
	    fp);
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			report_csv_text(fp, t->rows[i].first->name);
			fputc(',', fp);
			report_csv_text(fp, t->rows[i].first->params);
			letter[0] = CMP_LETTER(j);
			letter[1] = '\0';
			fprintf(fp, ",%s,", letter);
			report_csv_text(fp, t->inputs[j].label);
			fputc(',', fp);
			report_csv_text(fp, t->inputs[j].f->path);
			fprintf(fp, ",%s", c->r != NULL ? c->r->status :
			    "missing");
			report_csv_num(fp, c->median);
			report_csv_num(fp, c->ratio);
			report_csv_num(fp, c->ci_low);
			report_csv_num(fp, c->ci_high);
			report_csv_num(fp, c->p);
			report_csv_num(fp, c->q);
			report_csv_num(fp, c->q_same);
			fprintf(fp, ",%s,%u,%u,%s,",
			    cmp_verdict_names[c->verdict], c->rounds, c->runs,
			    cmp_basis_names[c->basis]);
			report_csv_text(fp, c->flags);
			fputc(',', fp);
			report_csv_text(fp,
			    cmp_cell_levels(c, levels, sizeof(levels)));
			fputc(',', fp);
			report_csv_text(fp, c->why != NULL ? c->why : "");
			fputs("\r\n", fp);
		}
	return (0);
}
