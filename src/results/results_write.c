/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The JSON results file.  Its layout is a contract with other tools and
 * is documented in docs/results-schema.md; change both together and bump
 * CB_SCHEMA_VERSION when a reader could be surprised.
 */
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "cyclebench.h"
#include "core/histogram.h"
#include "core/machine.h"
#include "core/names.h"
#include "results/atomic_file.h"
#include "results/context.h"
#include "results/json_text.h"
#include "results/results_write.h"

/*
 * Every builder records a failed insertion in *bad instead of returning
 * early: jansson frees the orphaned value itself, so one check at the
 * end catches any allocation failure along the way.
 */
static void
put(json_t *o, const char *key, json_t *v, int *bad)
{

	if (json_object_set_new(o, key, v) != 0)
		*bad = 1;
}

static void
append(json_t *a, json_t *v, int *bad)
{

	if (json_array_append_new(a, v) != 0)
		*bad = 1;
}

static json_t *
int_or_null(long long v, long long unknown)
{

	return (v == unknown ? json_null() : json_integer(v));
}

static json_t *
summary_json(const struct cb_summary *s, int *bad)
{
	json_t *o;
	size_t i;

	o = json_object();
	for (i = 0; i < CB_NSUMMARY_KEYS; i++)
		put(o, cb_summary_keys[i].key, results_json_num(*(const double *)
		    (const void *)((const char *)s + cb_summary_keys[i].off)),
		    bad);
	return (o);
}

static json_t *
features_json(unsigned features, int *bad)
{
	const char *names[32];
	json_t *a;
	size_t i, n;

	n = cb_feature_names(features, names, 32);
	a = json_array();
	for (i = 0; i < n && i < 32; i++)
		append(a, json_string(names[i]), bad);
	return (a);
}

static json_t *
flags_json(unsigned flags, int *bad)
{
	const char *name;
	json_t *a;
	unsigned bit;

	a = json_array();
	for (bit = 1; bit != 0; bit <<= 1) {
		if ((flags & bit) == 0 || (name = cb_flag_name(bit)) == NULL)
			continue;
		append(a, json_string(name), bad);
	}
	return (a);
}

/* The kinds of core, fastest first; null where they are not known. */
static json_t *
core_types_json(const struct coretypes *ct, int *bad)
{
	json_t *a, *t;
	int i, k;

	if (ct->n < 1 || ct->n > CORETYPES_MAX)
		return (json_null());
	a = json_array();
	for (k = 0; k < ct->n; k++) {
		i = k == 0 ? ct->fastest : k <= ct->fastest ? k - 1 : k;
		t = json_object();
		put(t, "name", results_json_text(ct->type[i].name), bad);
		put(t, "cpus", results_json_text(ct->type[i].cpus), bad);
		put(t, "capacity", ct->type[i].capacity > 0 ?
		    results_json_num(ct->type[i].capacity) : json_null(), bad);
		put(t, "max_khz", ct->type[i].max_khz > 0 ?
		    json_integer(ct->type[i].max_khz) : json_null(), bad);
		append(a, t, bad);
	}
	return (a);
}

static json_t *
machine_json(const struct machine *m, int *bad)
{
	json_t *o, *mit;
	int i;

	if (m == NULL)
		return (json_null());
	o = json_object();
	put(o, "cpu_vendor", results_json_opt_text(m->cpu_vendor), bad);
	put(o, "cpu_brand", results_json_opt_text(m->cpu_brand), bad);
	put(o, "cpu_family", json_integer(m->cpu_family), bad);
	put(o, "cpu_model", json_integer(m->cpu_model), bad);
	put(o, "cpu_stepping", json_integer(m->cpu_stepping), bad);
	put(o, "codename", results_json_opt_text(m->codename), bad);
	put(o, "microcode", results_json_opt_text(m->microcode), bad);
	put(o, "cpu_features", features_json(m->cpu_features, bad), bad);
	put(o, "ncpus", json_integer(m->ncpus), bad);
	put(o, "reference_counter", json_string(machine_ref_name(m)), bad);
	put(o, "tsc_hz", results_json_num(m->ref_hz), bad);
	put(o, "tsc_source", results_json_opt_text(m->ref_source), bad);
	put(o, "cycles_per_tick", results_json_num(m->cycles_per_tick), bad);
	put(o, "cycle_method", json_string(cb_method_name(m->cycle_method)),
	    bad);
	put(o, "cycle_source", results_json_opt_text(m->cycle_source), bad);
	put(o, "imul_check", results_json_num(m->imul_check), bad);
	put(o, "os", results_json_opt_text(m->os), bad);
	put(o, "kernel", results_json_opt_text(m->kernel), bad);
	put(o, "kernel_version", results_json_opt_text(m->kernel_version), bad);
	put(o, "arch", results_json_opt_text(m->arch), bad);
	mit = json_object();
	for (i = 0; i < m->nmitigations && i < MACHINE_MAX_MITIGATIONS; i++)
		if (m->mitigations[i].name[0] != '\0')
			results_json_put_key(mit, m->mitigations[i].name,
			    results_json_opt_text(m->mitigations[i].state), bad);
	put(o, "mitigations", mit, bad);
	put(o, "hypervisor", results_json_opt_text(m->hypervisor), bad);
	put(o, "governor", results_json_opt_text(m->governor), bad);
	put(o, "boost", results_json_opt_text(m->boost), bad);
	put(o, "smt", results_json_opt_text(m->smt), bad);
	put(o, "aslr", int_or_null(m->aslr, -1), bad);
	put(o, "perf_counters", json_boolean(m->perf_counters), bad);
	put(o, "perf_reason", results_json_opt_text(m->perf_reason), bad);
	put(o, "perf_event_paranoid", int_or_null(m->perf_paranoid, -99),
	    bad);
	put(o, "core_types", core_types_json(&m->cores, bad), bad);
	return (o);
}

static json_t *
run_json(const struct run_info *run, int *bad)
{
	json_t *o, *argv;
	int i;

	if (run == NULL)
		return (json_null());
	o = json_object();
	put(o, "started_at", results_json_opt_text(run->started_at), bad);
	argv = json_array();
	/* An empty argument is still an argument: "" stays "". */
	for (i = 0; i < run->argc && run->argv != NULL; i++)
		append(argv, results_json_redacted(run->argv[i]), bad);
	put(o, "argv", argv, bad);
	put(o, "partial", json_boolean(run->partial), bad);
	return (o);
}

/* A path result's per-call distribution, in core cycles. */
static json_t *
histogram_json(const struct cb_result *r, int *bad)
{
	struct histogram h;
	json_t *o, *edges, *counts;
	size_t i;

	histogram_build(r->samples, r->samples != NULL ? r->nsamples : 0,
	    HISTOGRAM_MAX_BINS, &h);
	o = json_object();
	edges = json_array();
	counts = json_array();
	for (i = 0; h.nbins > 0 && i <= h.nbins; i++)
		append(edges, results_json_num(h.edges[i]), bad);
	for (i = 0; i < h.nbins; i++)
		append(counts, json_integer((json_int_t)h.counts[i]), bad);
	put(o, "scale", json_string(h.log ? "log" : "linear"), bad);
	put(o, "edges", edges, bad);
	put(o, "counts", counts, bad);
	return (o);
}

static json_t *
rounds_json(const struct cb_result *r, int *bad)
{
	const struct cb_round *k;
	json_t *a, *o;
	size_t i;

	a = json_array();
	for (i = 0; i < r->nrounds; i++) {
		k = &r->rounds[i];
		o = json_object();
		put(o, "start", results_json_num(k->start), bad);
		put(o, "seconds", results_json_num(k->seconds), bad);
		put(o, "cpu", json_integer(k->cpu), bad);
		put(o, "samples", json_integer((json_int_t)k->nsamples), bad);
		put(o, "disturbed", json_integer(k->disturbed), bad);
		put(o, "median", results_json_num(k->median), bad);
		put(o, "contended", results_json_num(k->contended), bad);
		put(o, "imul_check", results_json_num(k->imul_check), bad);
		append(a, o, bad);
	}
	return (a);
}

static json_t *
levels_json(const struct cb_result *r, int *bad)
{
	const struct cb_level *l;
	json_t *a, *o;
	unsigned i;

	a = json_array();
	for (i = 0; i < r->nlevels && i < CB_MAX_LEVELS; i++) {
		l = &r->levels[i];
		o = json_object();
		put(o, "value", results_json_num(l->value), bad);
		put(o, "low", results_json_num(l->low), bad);
		put(o, "high", results_json_num(l->high), bad);
		put(o, "share", results_json_num(l->share), bad);
		put(o, "ci95_low", results_json_num(l->ci95_low), bad);
		put(o, "ci95_high", results_json_num(l->ci95_high), bad);
		put(o, "rounds", json_integer(l->rounds), bad);
		append(a, o, bad);
	}
	return (a);
}

/* How the figure was reached: its basis, the contention, the stop. */
static json_t *
estimate_json(const struct cb_result *r, int *bad)
{
	json_t *o;

	o = json_object();
	put(o, "basis", json_string(r->quiet ? "quiet" : "all"), bad);
	put(o, "rounds", json_integer(r->basis_rounds), bad);
	put(o, "contended", results_json_num(r->contended), bad);
	put(o, "probe_floor", results_json_num(r->probe_floor), bad);
	put(o, "scattered", results_json_num(r->scattered), bad);
	put(o, "stop", json_string(cb_stop_name(r->stop)), bad);
	put(o, "imul_check", results_json_num(r->imul_check), bad);
	put(o, "imul_low", results_json_num(r->imul_low), bad);
	put(o, "imul_high", results_json_num(r->imul_high), bad);
	put(o, "recalibration", results_json_num(r->recalibration), bad);
	return (o);
}

/*
 * Only an ok result has measurements; a skipped or failed one may hold
 * zeros or leftovers that must not read as a measured 0 cycles.
 */
static json_t *
result_json(const struct machine *m, const struct cb_result *r, int *bad)
{
	const char *core;
	const struct cb_bench *b;
	const char *slash;
	json_t *o, *samples, *extras;
	size_t i;
	int ok;

	b = r->bench;
	ok = r->status == CB_OK;
	o = json_object();
	if (b != NULL && b->name != NULL) {
		slash = strchr(b->name, '/');
		put(o, "name", results_json_text(b->name), bad);
		put(o, "group", results_json_textn(b->name, slash != NULL ?
		    (size_t)(slash - b->name) : strlen(b->name)), bad);
	} else {
		put(o, "name", json_null(), bad);
		put(o, "group", json_null(), bad);
	}
	put(o, "params", results_json_params(b), bad);
	put(o, "mode", b != NULL ? json_string(cb_mode_name(b->mode)) :
	    json_null(), bad);
	put(o, "status", json_string(cb_status_name(r->status)), bad);
	put(o, "reason", results_json_opt_text(r->reason), bad);
	put(o, "method", json_string(cb_method_name(r->method)), bad);
	put(o, "cycles", ok ? summary_json(&r->cycles, bad) : json_null(), bad);
	put(o, "tsc", ok ? summary_json(&r->ref, bad) : json_null(), bad);
	put(o, "ns", ok ? summary_json(&r->ns, bad) : json_null(), bad);
	put(o, "r2", ok ? results_json_num(r->r2) : json_null(), bad);
	put(o, "loop_overhead", ok ? results_json_num(r->loop_overhead) : json_null(), bad);
	if (b != NULL && b->mode == CB_PATH) {
		put(o, "first_call", ok ? results_json_num(r->first_call) : json_null(),
		    bad);
		put(o, "batched", ok ? results_json_num(r->batched) : json_null(), bad);
		put(o, "histogram", ok ? histogram_json(r, bad) : json_null(),
		    bad);
	}
	put(o, "ratio_before", ok ? results_json_num(r->ratio_before) : json_null(), bad);
	put(o, "ratio_after", ok ? results_json_num(r->ratio_after) : json_null(), bad);
	put(o, "disturbed_samples", json_integer(r->disturbed), bad);
	put(o, "cpu", r->cpu >= 0 ? json_integer(r->cpu) : json_null(), bad);
	core = m != NULL ? machine_core_type(m, r->cpu) : NULL;
	put(o, "core_type", core != NULL ? results_json_text(core) : json_null(), bad);
	put(o, "seconds", results_json_num(r->seconds), bad);
	samples = json_array();
	for (i = 0; ok && r->samples != NULL && i < r->nsamples; i++)
		append(samples, results_json_num(r->samples[i]), bad);
	put(o, "samples", samples, bad);
	samples = json_array();
	for (i = 0; ok && r->probe != NULL && i < r->nsamples; i++)
		append(samples, results_json_num(r->probe[i]), bad);
	put(o, "probe", samples, bad);
	put(o, "rounds", ok ? rounds_json(r, bad) : json_array(), bad);
	put(o, "estimate", ok ? estimate_json(r, bad) : json_null(), bad);
	put(o, "levels", ok ? levels_json(r, bad) : json_array(), bad);
	put(o, "flags", flags_json(r->flags, bad), bad);
	extras = json_object();
	for (i = 0; i < r->nextras && i < CB_MAX_EXTRAS; i++)
		results_json_put_key(extras, r->extras[i].key, results_json_num(r->extras[i].value),
		    bad);
	put(o, "extras", extras, bad);
	return (o);
}

static json_t *
document(const struct machine *m, const struct run_info *run,
    const struct cb_result *r, size_t n, int *bad)
{
	json_t *doc, *tool, *results;
	size_t i;

	doc = json_object();
	put(doc, "format", json_string(CB_FORMAT_RESULTS), bad);
	put(doc, "schema_version", json_integer(CB_SCHEMA_VERSION), bad);
	tool = json_object();
	put(tool, "name", json_string("cyclebench"), bad);
	put(tool, "version", json_string(CB_VERSION), bad);
	put(doc, "tool", tool, bad);
	put(doc, "machine", machine_json(m, bad), bad);
	put(doc, "run", run_json(run, bad), bad);
	if (run != NULL && run->context != NULL && run->context->n > 0)
		put(doc, "context", context_json(run->context), bad);
	results = json_array();
	for (i = 0; i < n; i++)
		append(results, result_json(m, &r[i], bad), bad);
	put(doc, "results", results, bad);
	return (doc);
}

json_t *
results_document(const struct machine *m, const struct run_info *run,
    const struct cb_result *r, size_t n)
{
	json_t *doc;
	int bad = 0;

	doc = document(m, run, r, n, &bad);
	if (bad) {
		json_decref(doc);
		return (NULL);
	}
	return (doc);
}

int
results_dump(json_t *doc, char **buf, size_t *len)
{
	FILE *fp;
	int bad;

	*buf = NULL;
	*len = 0;
	if ((fp = open_memstream(buf, len)) == NULL)
		return (-1);
	/* Insertion order, not sorted keys: the layout reads top-down. */
	bad = json_dumpf(doc, fp, JSON_INDENT(2)) != 0;
	bad |= fputc('\n', fp) == EOF;
	bad |= fclose(fp) != 0;
	if (bad) {
		free(*buf);
		*buf = NULL;
		return (-1);
	}
	return (0);
}

int
results_render(const struct machine *m, const struct run_info *run,
    const struct cb_result *r, size_t n, char **buf, size_t *len)
{
	json_t *doc;
	int bad = 0, rc;

	doc = document(m, run, r, n, &bad);
	*buf = NULL;
	*len = 0;
	rc = doc == NULL || bad ? -1 : results_dump(doc, buf, len);
	json_decref(doc);
	return (rc);
}

int
results_write_file(const char *path, const struct machine *m,
    const struct run_info *run, const struct cb_result *r, size_t n,
    char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int rc;

	if (results_render(m, run, r, n, &buf, &len) != 0) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return (-1);
	}
	rc = atomic_write_file(path, buf, len, err, errlen);
	free(buf);
	return (rc);
}
