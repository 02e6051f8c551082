/* SPDX-License-Identifier: BSD-2-Clause */
/* characterize's results document (cli/charz_doc.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "characterize/exegesis_out.h"
#include "characterize/mca.h"
#include "cli/charz_doc.h"
#include "cli/cli.h"
#include "results/atomic_file.h"
#include "results/json_text.h"
#include "results/results.h"
#include "util/scrub.h"

json_t *
charz_earlier(json_t *old, const char *name, const char *mode)
{
	char key[256];

	snprintf(key, sizeof(key), "%s\t%s", name, mode);
	return (json_object_get(old, key));
}

json_t *
charz_resume_from(const struct charz_args *a, const struct machine *m)
{
	char err[512], key[256];
	json_t *doc, *mach, *map, *r;
	const char *brand, *name, *mode;
	size_t i;

	if (a->restart || access(a->checkpoint, F_OK) != 0)
		return (NULL);
	if ((doc = rs_read_json(a->checkpoint, err, sizeof(err))) == NULL)
		return (NULL);
	mach = json_object_get(doc, "machine");
	brand = json_string_value(json_object_get(mach, "cpu_brand"));
	if (!json_is_true(json_object_get(json_object_get(doc, "run"),
	    "partial")) || brand == NULL || strcmp(brand, m->cpu_brand) != 0) {
		json_decref(doc);
		return (NULL);
	}
	/* Looked up once a row: some 35,000 rows in a whole table. */
	map = json_object();
	json_array_foreach(json_object_get(doc, "results"), i, r) {
		name = json_string_value(json_object_get(r, "name"));
		mode = json_string_value(json_object_get(r, "mode"));
		if (map != NULL && name != NULL && mode != NULL) {
			snprintf(key, sizeof(key), "%s\t%s", name, mode);
			json_object_set(map, key, r);
		}
	}
	json_decref(doc);
	return (map);
}

json_t *
charz_form_json(const struct charz_row *row)
{
	const struct xsplit *sp = row->snip->split;
	const struct form_wide *fw = &row->form->wide;
	int chained = row->mode == CB_LATENCY && row->form->chained;
	json_t *o = json_object();
	int bad = 0;

	results_json_put_key(o, "opcode", results_json_text(row->form->opcode),
	    &bad);
	results_json_put_key(o, "class", results_json_text(row->form->cls),
	    &bad);
	/* A chain of cyclebench's is its own text, with the copies of the
	   form in one link; independent copies of cyclebench's, theirs. */
	results_json_put_key(o, "att", results_json_opt_text(chained ?
	    row->form->chain.body : row->wide ? fw->body : sp != NULL ?
	    sp->att : NULL), &bad);
	results_json_put_key(o, "intel", results_json_opt_text(chained ?
	    row->form->chain_intel : row->wide ? fw->intel : sp != NULL ?
	    sp->intel : NULL), &bad);
	results_json_put_key(o, "instructions", json_integer(chained ?
	    (json_int_t)row->form->chain.per_link :
	    row->wide ? (json_int_t)fw->copies : sp != NULL ?
	    (json_int_t)sp->ninsns : 0), &bad);
	results_json_put_key(o, "chain", results_json_opt_text(row->mode ==
	    CB_LATENCY ? row->snip->chain : row->wide ? fw->kind : NULL),
	    &bad);
	if (bad) {
		json_decref(o);
		return (NULL);
	}
	return (o);
}

void
charz_checkpoint(struct charz_run *cr, int partial)
{
	char err[512], *buf;
	size_t len;
	json_t *run = json_object_get(cr->doc, "run");

	json_object_set_new(run, "partial", json_boolean(partial));
	if (results_dump(cr->doc, &buf, &len) != 0)
		return;
	if (atomic_write_file(cr->a->checkpoint, buf, len, err, sizeof(err)) !=
	    0 && partial)
		term_eprintf("cyclebench: checkpoint: %s\n", err);
	free(buf);
}

/*
 * llvm-mca's figure beside every measured row that has none yet (a
 * resumed row keeps its own): its simulated cycles per instruction for a
 * latency row, its Block RThroughput per instruction for a throughput
 * row (characterize/mca.h), and the model it used.
 */
void
charz_add_mca(struct charz_run *cr)
{
	json_t *results = json_object_get(cr->doc, "results"), *r, *form, *m;
	size_t i, n = 0, k, cap = json_array_size(results) + 1, *ninsns, *at;
	char **att, model[160], err[512];
	double *thr, *lat, v;
	const char *text;

	if (cr->a->no_mca || cr->tools.mca[0] == '\0' || cb_interrupted())
		return;
	att = calloc(cap, sizeof(*att));
	ninsns = calloc(cap, sizeof(*ninsns));
	at = calloc(cap, sizeof(*at));
	thr = calloc(cap, sizeof(*thr));
	lat = calloc(cap, sizeof(*lat));
	if (att == NULL || ninsns == NULL || at == NULL || thr == NULL ||
	    lat == NULL)
		goto out;
	json_array_foreach(results, i, r) {
		form = json_object_get(r, "form");
		text = json_string_value(json_object_get(form, "att"));
		if (json_object_get(form, "mca") != NULL || text == NULL ||
		    !json_is_string(json_object_get(r, "status")) ||
		    strcmp(json_string_value(json_object_get(r, "status")),
		    "ok") != 0)
			continue;
		att[n] = (char *)text;
		ninsns[n] = (size_t)json_integer_value(json_object_get(form,
		    "instructions"));
		at[n++] = i;
	}
	if (n == 0)
		goto out;
	if (mca_predict(cr->tools.mca, NULL, att, ninsns, n, thr, lat, model,
	    sizeof(model), CHARZ_TOOL_TIMEOUT, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: no llvm-mca column: %s\n", err);
		goto out;
	}
	for (k = 0; k < n; k++) {
		r = json_array_get(results, at[k]);
		v = strcmp(json_string_value(json_object_get(r, "mode")),
		    "latency") == 0 ? lat[k] : thr[k];
		m = json_object();
		json_object_set_new(m, "model", json_string(model));
		json_object_set_new(m, "cycles", results_json_num(v));
		json_object_set_new(json_object_get(r, "form"), "mca", m);
	}
out:
	free(att);
	free(ninsns);
	free(at);
	free(thr);
	free(lat);
}

/* The measured cycles of one copy of exegesis's snippet, per document. */
static double *
per_snippet(json_t *doc, const struct xdocs *x, const char *mode)
{
	json_t *results = json_object_get(doc, "results"), *r, *form, *cy;
	double *v;
	size_t i, k;
	const char *chain;

	if ((v = calloc(x->n + 1, sizeof(*v))) == NULL)
		return (NULL);
	for (k = 0; k < x->n; k++)
		v[k] = NAN;
	json_array_foreach(results, i, r) {
		form = json_object_get(r, "form");
		chain = json_string_value(json_object_get(form, "chain"));
		cy = json_object_get(r, "cycles");
		/* A latency through cyclebench's chain is not of exegesis's
		   snippet; a reciprocal throughput is the instruction's,
		   whatever copies measured it. */
		if (strcmp(json_string_value(json_object_get(r, "mode")),
		    mode) != 0 || !json_is_object(cy) || (chain != NULL &&
		    strchr(chain, ':') != NULL && strcmp(mode, "latency") ==
		    0))
			continue;
		for (k = 0; k < x->n; k++)
			if (strcmp(x->d[k].opcode, json_string_value(
			    json_object_get(form, "opcode"))) == 0)
				v[k] = json_number_value(json_object_get(cy,
				    "median")) * (double)x->d[k].ninsns;
	}
	return (v);
}

/* --exegesis-yaml BASE: BASE-latency.yaml, BASE-inverse_throughput.yaml. */
int
charz_write_yaml(struct charz_run *cr)
{
	const struct xdocs *x[2] = { cr->lat, cr->thr };
	const char *mode[2] = { "latency", "throughput" };
	const char *xmode[2] = { "latency", "inverse_throughput" };
	char path[4096], err[512], *text;
	double *v;
	size_t len;
	int k, rc = 0;

	for (k = 0; k < 2 && cr->a->yaml != NULL; k++) {
		snprintf(path, sizeof(path), "%s-%s.yaml", cr->a->yaml,
		    xmode[k]);
		if ((v = per_snippet(cr->doc, x[k], mode[k])) == NULL ||
		    exegesis_out(x[k], v, EXEGESIS_REPETITIONS, &text, &len, err,
		    sizeof(err)) != 0) {
			term_eprintf("cyclebench: %s: %s\n", path, v == NULL ?
			    "out of memory" : err);
			free(v);
			rc = EXIT_OUTPUT;
			continue;
		}
		if (atomic_write_file(path, text, len, err, sizeof(err)) != 0) {
			term_eprintf("cyclebench: %s\n", err);
			rc = EXIT_OUTPUT;
		}
		free(text);
		free(v);
	}
	return (rc);
}
