/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison (verdict/compare.h) in every format compare offers: the
 * reporter's table (report/compare_out.h), and what more than one format
 * says the same way: a row's name, a side's cycles, levels and legend,
 * the verdicts' names.  Each format is a file: compare_text.c (with the
 * notes under the table, compare_notes.c), compare_md.c, compare_csv.c,
 * compare_json.c, compare_github.c; the layouts are in docs/compare.md.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "verdict/compare.h"
#include "report/compare_out.h"
#include "report/compare_parts.h"
#include "report/report.h"

const char *const cmp_verdict_names[] = {
	[CMP_BASELINE] = "baseline",
	[CMP_SAME] = "same",
	[CMP_DIFFERENT] = "different",
	[CMP_UNTESTED] = "untested",
	[CMP_MISSING] = "missing",
	[CMP_NOT_OK] = "not-ok",
};

/* "name k=v k=v": how a row is called everywhere. */
void
cmp_row_label(const struct cmp_row *row, char *buf, size_t len)
{

	snprintf(buf, len, "%s%s%s", row->first->name,
	    row->first->params[0] ? " " : "", row->first->params);
}

/* The cycles cell: the median, or why there is none. */
void
cmp_cost_text(const struct cmp_cell *c, char *buf, size_t len)
{

	if (c->verdict == CMP_MISSING)
		snprintf(buf, len, "-");
	else if (c->verdict == CMP_NOT_OK)
		snprintf(buf, len, "%s", c->r->status);
	else
		report_cost_text(buf, len, c->median);
}

/* A side's levels as the tables print them; "" when it has one. */
const char *
cmp_cell_levels(const struct cmp_cell *c, char *buf, size_t len)
{

	buf[0] = '\0';
	if (c->nlevels > 0)
		report_levels_text(buf, len, c->levels, c->nlevels,
		    c->scattered);
	return (buf);
}

void
cmp_legend_line(const struct cmp_input *in, char *buf, size_t len)
{
	const struct rs_machine *m = &in->f->machine;
	const char *k;
	size_t n;
	json_t *v;

	snprintf(buf, len, "%s; %s %s%s%s; cycles %s%s%s", m->cpu_brand[0] ?
	    m->cpu_brand : "unknown CPU", m->os, m->kernel,
	    m->hypervisor[0] ? " under " : "", m->hypervisor,
	    m->cycle_method, in->f->started_at[0] ? "; run " : "",
	    in->f->started_at);
	/* What the user said about the run (--context). */
	json_object_foreach(in->f->context, k, v) {
		n = strlen(buf);
		snprintf(buf + n, len - n, "; %s=%s", k, json_string_value(v));
	}
}

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
	struct report_style st = { fmt, 0 };

	if (report_render(&cmp_reporter, fp, t, &st) != 0)
		return (-1);
	return (fflush(fp) != 0 || ferror(fp) ? -1 : 0);
}
