/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison as JSON, for other programs: everything, every unknown
 * figure null (results_json_num); the layout is in docs/compare.md.
 */
#include <stdio.h>
#include <stdlib.h>

#include <jansson.h>

#include "results/json_text.h"
#include "verdict/compare.h"
#include "report/compare_parts.h"
#include "report/escape.h"
#include "report/report.h"

static json_t *
json_input(const struct cmp_input *in)
{
	const struct rs_machine *m = &in->f->machine;

	return (json_pack("{s:s, s:s, s:o, s:o, s:o, s:o, s:o, s:s, s:o, s:o}",
	    "label", in->label, "file", in->f->path,
	    "cpu_brand", results_json_opt_text(m->cpu_brand),
	    "kernel", results_json_opt_text(m->kernel),
	    "hypervisor", results_json_opt_text(m->hypervisor),
	    "microcode", results_json_opt_text(m->microcode),
	    "started_at", results_json_opt_text(in->f->started_at),
	    "cycle_method", m->cycle_method,
	    "partial", json_boolean(in->f->partial),
	    "context", in->f->context != NULL ?
	    json_incref(in->f->context) : json_object()));
}

static json_t *
json_cell(const struct cmp_cell *c)
{
	char levels[128];

	return (json_pack("{s:s, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, s:o, "
	    "s:o, s:i, s:i, s:s, s:o, s:o, s:b, s:o, s:s, s:s, s:s}",
	    "status", c->r != NULL ? c->r->status : "missing",
	    "reason", c->r != NULL ? results_json_opt_text(c->r->reason) :
	    json_null(),
	    "median", results_json_num(c->median),
	    "ratio", results_json_num(c->ratio),
	    "ci_low", results_json_num(c->ci_low),
	    "ci_high", results_json_num(c->ci_high),
	    "p_value", results_json_num(c->p),
	    "q_value", results_json_num(c->q),
	    "p_same", results_json_num(c->p_same),
	    "q_same", results_json_num(c->q_same),
	    "tested_ratio", results_json_num(c->tested),
	    "rounds", (int)c->rounds, "runs", (int)c->runs,
	    "basis", cmp_basis_names[c->basis],
	    "spread", results_json_num(c->spread),
	    "inflation", results_json_num(c->inflation),
	    "quiet", c->quiet, "contended", results_json_num(c->contended),
	    "flags", c->flags,
	    "levels", cmp_cell_levels(c, levels, sizeof(levels)),
	    "why", c->why != NULL ? c->why : ""));
}

int
cmp_json(FILE *fp, const void *data, const struct report_style *st)
{
	const struct cmp_table *t = data;
	json_t *doc, *inputs, *warnings, *rows, *cells, *cell;
	char *method;
	size_t i, j, len;
	FILE *mfp;
	int rc;

	(void)st;
	if ((mfp = open_memstream(&method, &len)) == NULL)
		return (-1);
	cmp_method_text(t, mfp);
	fclose(mfp);
	inputs = json_array();
	warnings = json_array();
	rows = json_array();
	for (i = 0; i < t->ninputs; i++)
		json_array_append_new(inputs, json_input(&t->inputs[i]));
	for (i = 0; i < t->nwarnings; i++)
		json_array_append_new(warnings, json_string(t->warnings[i]));
	for (i = 0; i < t->nrows; i++) {
		cells = json_array();
		for (j = 0; j < t->ninputs; j++) {
			cell = json_cell(&t->rows[i].cells[j]);
			json_object_set_new(cell, "verdict", json_string(
			    cmp_verdict_names[t->rows[i].cells[j].verdict]));
			json_array_append_new(cells, cell);
		}
		json_array_append_new(rows, json_pack("{s:s, s:O, s:s, s:o}",
		    "name", t->rows[i].first->name,
		    "params", t->rows[i].first->params_json,
		    "mode", t->rows[i].first->mode, "cells", cells));
	}
	doc = json_pack("{s:s, s:i, s:f, s:f, s:f, s:i, s:s, s:o, s:o, s:o}",
	    "format", CB_FORMAT_COMPARE, "schema_version", CB_SCHEMA_VERSION,
	    "threshold", t->threshold, "fdr", CMP_FDR,
	    "ci_level", cmp_ci_level(t), "tested", (int)t->ntested,
	    "method", method,
	    "inputs", inputs, "warnings", warnings, "rows", rows);
	free(method);
	rc = doc == NULL || json_dumpf(doc, fp, JSON_INDENT(2)) != 0 ?
	    -1 : 0;
	fputc('\n', fp);
	json_decref(doc);
	return (rc);
}

