/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CSV results file: one row per result with the headline numbers,
 * for spreadsheets.  The JSON file has everything; this has what fits
 * in a cell.  Each row also says where it was measured and when, so that
 * rows pasted together from several runs keep their provenance.  RFC
 * 4180: CRLF line ends, fields quoted when they must be.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "core/names.h"
#include "report/escape.h"
#include "report/report.h"

/*
 * The columns before the numbers and after them, around csv_numbers;
 * those added later follow at the end, where readers by position expect
 * nothing to move.
 */
static const char csv_head[] = "name,params,mode,status,reason,method";
static const char csv_tail[] = "disturbed_samples,flags,cycles_p99,"
    "cycles_max,samples,cpu,cpu_brand,started_at";

/* The numeric columns: one table gives both the header and the cells. */
static const struct {
	const char	*name;
	size_t		 off;		/* of a double in struct cb_result */
} csv_numbers[] = {
	{ "cycles_min",		offsetof(struct cb_result, cycles.min) },
	{ "cycles_p10",		offsetof(struct cb_result, cycles.p10) },
	{ "cycles_median",	offsetof(struct cb_result, cycles.median) },
	{ "cycles_p90",		offsetof(struct cb_result, cycles.p90) },
	{ "cycles_mean",	offsetof(struct cb_result, cycles.mean) },
	{ "cycles_cv",		offsetof(struct cb_result, cycles.cv) },
	{ "cycles_ci95_low",	offsetof(struct cb_result, cycles.ci95_low) },
	{ "cycles_ci95_high",	offsetof(struct cb_result, cycles.ci95_high) },
	{ "tsc_median",		offsetof(struct cb_result, ref.median) },
	{ "ns_median",		offsetof(struct cb_result, ns.median) },
	{ "r2",			offsetof(struct cb_result, r2) },
};

#define NCOLUMNS	(sizeof(csv_numbers) / sizeof(csv_numbers[0]))

/*
 * "k=v;k=v" as one field: quoting is decided for the whole field since
 * any one key or value may need it.
 */
static void
put_params(FILE *fp, const struct cb_bench *b)
{
	const struct cb_param *p;
	char *field = NULL;
	size_t len = 0;
	FILE *mp;
	int i, first = 1;

	if (b == NULL || (mp = open_memstream(&field, &len)) == NULL)
		return;
	for (i = 0; i < CB_MAX_PARAMS; i++) {
		p = &b->params[i];
		if (p->key == NULL)
			continue;
		fprintf(mp, "%s%s=%s", first ? "" : ";", p->key,
		    p->value != NULL ? p->value : "");
		first = 0;
	}
	if (fclose(mp) == 0)
		report_csv_text(fp, field);
	free(field);
}

/* Flag names are plain words; '|' keeps them clear of the field comma. */
static void
put_flags(FILE *fp, unsigned flags)
{
	const char *name;
	unsigned bit;
	int first;

	first = 1;
	for (bit = 1; bit != 0; bit <<= 1) {
		if ((flags & bit) == 0 || (name = cb_flag_name(bit)) == NULL)
			continue;
		if (!first)
			fputc('|', fp);
		first = 0;
		fputs(name, fp);
	}
}

/* Only an ok result has numbers; the others get empty cells, not zeros. */
static void
put_row(FILE *fp, const struct machine *m, const struct run_info *run,
    const struct cb_result *r)
{
	const struct cb_bench *b;
	size_t i;
	int ok;

	b = r->bench;
	ok = r->status == CB_OK;
	report_csv_text(fp, b != NULL ? b->name : NULL);
	fputc(',', fp);
	put_params(fp, b);
	fputc(',', fp);
	if (b != NULL)
		fputs(cb_mode_name(b->mode), fp);
	fprintf(fp, ",%s,", cb_status_name(r->status));
	report_csv_text(fp, r->reason);
	fprintf(fp, ",%s", cb_method_name(r->method));
	for (i = 0; i < NCOLUMNS; i++)
		report_csv_num(fp, ok ? *(const double *)(const void *)
		    ((const char *)r + csv_numbers[i].off) : NAN);
	fprintf(fp, ",%u,", r->disturbed);
	put_flags(fp, r->flags);
	report_csv_num(fp, ok ? r->cycles.p99 : NAN);
	report_csv_num(fp, ok ? r->cycles.max : NAN);
	fputc(',', fp);
	if (ok)
		fprintf(fp, "%zu", r->nsamples);
	fputc(',', fp);
	if (r->cpu >= 0)
		fprintf(fp, "%d", r->cpu);
	fputc(',', fp);
	report_csv_text(fp, m != NULL ? m->cpu_brand : NULL);
	fputc(',', fp);
	report_csv_text(fp, run != NULL ? run->started_at : NULL);
	fputs("\r\n", fp);
}

static int
csv_render(FILE *fp, const void *data, const struct report_style *st)
{
	const struct report_results *d = data;
	size_t i;

	(void)st;
	fputs(csv_head, fp);
	for (i = 0; i < NCOLUMNS; i++)
		fprintf(fp, ",%s", csv_numbers[i].name);
	fprintf(fp, ",%s\r\n", csv_tail);
	for (i = 0; i < d->n; i++)
		put_row(fp, d->m, d->run, &d->r[i]);
	return (0);
}

const struct reporter report_csv_reporter = { {
	[REPORT_CSV] = csv_render,
} };

int
report_csv_write(const char *path, const struct machine *m,
    const struct run_info *run, const struct cb_result *r, size_t n,
    char *err, size_t errlen)
{
	static const struct report_style csv = { .format = REPORT_CSV };
	struct report_results d = { .m = m, .run = run, .r = r, .n = n };

	return (report_render_file(&report_csv_reporter, path, &d, &csv, err,
	    errlen));
}
