/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What more than one format of a comparison says the same way
 * (report/compare_parts.h): a row's name, a side's cycles, levels and
 * legend, the verdicts' names.
 */
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "verdict/compare.h"
#include "report/compare_parts.h"
#include "report/report.h"

const char *const cmp_verdict_names[] = {
	[CMP_BASELINE] = "baseline",
	[CMP_SLOWER] = "slower",
	[CMP_FASTER] = "faster",
	[CMP_SAME] = "same",
	[CMP_UNKNOWN] = "unknown",
	[CMP_MISSING] = "missing",
	[CMP_NOT_OK] = "not-ok",
};

const char *const cmp_basis_names[] = {
	[CMP_BASIS_NONE] = "none",
	[CMP_BASIS_RUNS] = "runs",
	[CMP_BASIS_NOISE] = "noise",
	[CMP_BASIS_ASSUMED] = "assumed",
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

void
cmp_summary_text(const struct cmp_table *t, char *buf, size_t len)
{
	size_t n[CMP_NOT_OK + 1] = { 0 }, i, j, cells = 0, other;

	for (i = 0; i < t->nrows; i++)
		for (j = 1; j < t->ninputs; j++) {
			n[t->rows[i].cells[j].verdict]++;
			cells++;
		}
	other = n[CMP_MISSING] + n[CMP_NOT_OK] + n[CMP_BASELINE];
	if (other > 0)
		snprintf(buf, len, "%zu slower, %zu faster, %zu same, %zu "
		    "unknown, %zu not compared of %zu", n[CMP_SLOWER],
		    n[CMP_FASTER], n[CMP_SAME], n[CMP_UNKNOWN], other, cells);
	else
		snprintf(buf, len, "%zu slower, %zu faster, %zu same, %zu "
		    "unknown of %zu", n[CMP_SLOWER], n[CMP_FASTER], n[CMP_SAME],
		    n[CMP_UNKNOWN], cells);
}
