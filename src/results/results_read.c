/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading results files back (results.h).  A file may come from another
 * machine, an older or newer cyclebench, an editor or a truncated copy,
 * so nothing in it is trusted: the document, read and parsed within
 * limits (results_slurp.c), is walked key by key as its schema version
 * defines it, each key fetched with a checked getter (results_get.h), so
 * that every refusal names the file and the place in it.  What readers
 * use is copied out of the tree, and the tree's large arrays are cleared
 * as they are copied.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/names.h"
#include "results/json_arena.h"
#include "results/results.h"
#include "results/results_get.h"
#include "results/results_params.h"
#include "results/results_redact.h"
#include "results/results_slurp.h"
#include "util/scrub.h"

/*
 * The largest text read into an arena (json_arena.h): a tree some five
 * times its size, freed with the file.
 */
#define ARENA_MAX_BYTES	(1024 * 1024)

static const char *const modes[] = { "latency", "throughput", "path", NULL };
static const char *const statuses[] = { "ok", "skipped", "error", NULL };
static const char *const methods[] = { "counted", "calibrated", NULL };

static void
summary_nan(struct cb_summary *s)
{
	size_t i;

	for (i = 0; i < CB_NSUMMARY_KEYS; i++)
		*(double *)(void *)((char *)s + cb_summary_keys[i].off) = NAN;
}

static int
get_summary(struct rs_vctx *c, json_t *obj, const char *where,
    const char *key, struct cb_summary *s)
{
	char sub[96];
	json_t *v;
	size_t i;

	if (rs_get(c, obj, where, key, RS_T_OBJ, &v) != 0)
		return (-1);
	snprintf(sub, sizeof(sub), "%s.%s", where, key);
	for (i = 0; i < CB_NSUMMARY_KEYS; i++)
		if (rs_get_num(c, v, sub, cb_summary_keys[i].key,
		    (double *)(void *)((char *)s +
		    cb_summary_keys[i].off)) != 0)
			return (-1);
	return (0);
}

/*
 * The rounds of a schema-2 result: each names how many of the samples it
 * kept, and together they must account for every sample.
 */
static int
get_rounds(struct rs_vctx *c, json_t *obj, const char *where,
    struct rs_result *r)
{
	char sub[112];
	json_t *a, *k, *v;
	size_t i, total = 0;

	if (rs_get(c, obj, where, "rounds", RS_T_ARR, &a) != 0)
		return (-1);
	r->nrounds = json_array_size(a);
	if ((r->count = calloc(r->nrounds + 1, sizeof(*r->count))) == NULL)
		return (rs_fail(c, where, "out of memory"));
	json_array_foreach(a, i, k) {
		snprintf(sub, sizeof(sub), "%s.rounds[%zu]", where, i);
		if (!json_is_object(k))
			return (rs_fail(c, sub, "should be an object, not %s",
			    rs_type_text(k)));
		if (rs_get(c, k, sub, "samples", RS_T_INT, &v) != 0)
			return (-1);
		if (json_integer_value(v) < 0 || (size_t)json_integer_value(v) >
		    r->nsamples - total)
			return (rs_fail(c, sub, "\"samples\" is %lld: the "
			    "rounds hold more samples than the result's %zu",
			    (long long)json_integer_value(v), r->nsamples));
		r->count[i] = (size_t)json_integer_value(v);
		total += r->count[i];
	}
	if (total != r->nsamples)
		return (rs_fail(c, where, "its rounds hold %zu samples, not "
		    "the %zu it has", total, r->nsamples));
	if (rs_get(c, obj, where, "probe", RS_T_ARR, &a) != 0)
		return (-1);
	snprintf(sub, sizeof(sub), "%s.probe", where);
	if (rs_per_sample(c, a, sub, r->nsamples, &r->probe) != 0)
		return (-1);
	if (rs_get(c, obj, where, "estimate", RS_T_OBJ, &v) != 0)
		return (-1);
	snprintf(sub, sizeof(sub), "%s.estimate", where);
	if (rs_get_num(c, v, sub, "probe_floor", &r->probe_floor) != 0 ||
	    rs_get_num(c, v, sub, "scattered", &r->scattered) != 0 ||
	    rs_get(c, obj, where, "levels", RS_T_ARR, &a) != 0)
		return (-1);
	json_array_foreach(a, i, k) {
		snprintf(sub, sizeof(sub), "%s.levels[%zu]", where, i);
		if (i >= CB_MAX_LEVELS)
			return (rs_fail(c, sub, "more than %d levels",
			    CB_MAX_LEVELS));
		if (!json_is_object(k))
			return (rs_fail(c, sub, "should be an object, not %s",
			    rs_type_text(k)));
		if (rs_get_num(c, k, sub, "value", &r->levels[i].value) != 0 ||
		    rs_get_num(c, k, sub, "share", &r->levels[i].share) != 0)
			return (-1);
		r->nlevels = i + 1;
	}
	return (0);
}

/* Before rounds, a result's samples were one process's: one round. */
static int
one_round(struct rs_vctx *c, const char *where, struct rs_result *r)
{
	if ((r->count = calloc(1, sizeof(*r->count))) == NULL)
		return (rs_fail(c, where, "out of memory"));
	r->count[0] = r->nsamples;
	r->nrounds = 1;
	return (0);
}

static int
get_flags(struct rs_vctx *c, json_t *obj, const char *where,
    struct rs_result *r)
{
	size_t i, len;
	json_t *a, *v;
	FILE *fp;

	if (rs_get(c, obj, where, "flags", RS_T_ARR, &a) != 0)
		return (-1);
	if ((fp = open_memstream(&r->flags, &len)) == NULL)
		return (rs_fail(c, where, "out of memory"));
	json_array_foreach(a, i, v) {
		if (!json_is_string(v)) {
			fclose(fp);
			return (rs_fail(c, where, "flag %zu should be a "
			    "string, not %s", i, rs_type_text(v)));
		}
		fprintf(fp, "%s%s", i ? "," : "", json_string_value(v));
	}
	return (fclose(fp) == 0 ? 0 : rs_fail(c, where, "out of memory"));
}

/*
 * A histogram is optional, and a shape this reader does not know is
 * ignored like any unknown key: the samples give one anyway.
 */
static void
get_histogram(json_t *obj, struct rs_result *r)
{
	json_t *h, *edges, *counts, *v;
	size_t i, n;

	h = json_object_get(obj, "histogram");
	edges = json_object_get(h, "edges");
	counts = json_object_get(h, "counts");
	n = json_array_size(counts);
	if (n == 0 || n > RS_MAX_BINS || json_array_size(edges) != n + 1)
		return;
	r->hist_edges = malloc((n + 1) * sizeof(double));
	r->hist_counts = malloc(n * sizeof(double));
	if (r->hist_edges == NULL || r->hist_counts == NULL)
		goto drop;
	json_array_foreach(edges, i, v) {
		if (!json_is_number(v) || (i > 0 &&
		    !(json_number_value(v) > r->hist_edges[i - 1])))
			goto drop;
		r->hist_edges[i] = json_number_value(v);
	}
	json_array_foreach(counts, i, v) {
		if (!json_is_number(v) || json_number_value(v) < 0)
			goto drop;
		r->hist_counts[i] = json_number_value(v);
	}
	r->nbins = n;
	return;
drop:
	free(r->hist_edges);
	free(r->hist_counts);
	r->hist_edges = r->hist_counts = NULL;
}

static int
get_result(struct rs_vctx *c, json_t *obj, size_t idx, long long schema,
    struct rs_result *r)
{
	struct cb_summary ns;
	char where[48];
	json_t *v;

	snprintf(where, sizeof(where), "results[%zu]", idx);
	summary_nan(&r->cycles);
	r->ns_median = r->first_call = r->probe_floor = NAN;
	if (!json_is_object(obj))
		return (rs_fail(c, where, "should be an object, not %s",
		    rs_type_text(obj)));
	if (rs_get(c, obj, where, "name", RS_T_STR, &v) != 0)
		return (-1);
	r->name = json_string_value(v);
	if (r->name[0] == '\0')
		return (rs_fail(c, where, "\"name\" is empty"));
	if (rs_get_str(c, obj, where, "group", &r->group) != 0 ||
	    rs_get_params(c, obj, where, r) != 0 ||
	    rs_get_enum(c, obj, where, "mode", modes, &r->mode) != 0 ||
	    rs_get_enum(c, obj, where, "status", statuses, &r->status) != 0 ||
	    rs_get_str(c, obj, where, "reason", &r->reason) != 0 ||
	    rs_get_enum(c, obj, where, "method", methods, &r->method) != 0 ||
	    get_flags(c, obj, where, r) != 0 ||
	    rs_get(c, obj, where, "samples", RS_T_ARR, &v) != 0)
		return (-1);
	r->ok = strcmp(r->status, "ok") == 0;
	if (!r->ok)
		return (0);
	snprintf(where + strlen(where), sizeof(where) - strlen(where),
	    ".samples");
	if (schema >= 2 ? rs_per_sample(c, v, where, json_array_size(v),
	    &r->samples) : rs_numbers(c, v, where, &r->samples, &r->nsamples))
		return (-1);
	if (schema >= 2)
		r->nsamples = json_array_size(v);
	where[strlen(where) - strlen(".samples")] = '\0';
	if (schema >= 2 ? get_rounds(c, obj, where, r) : one_round(c, where,
	    r))
		return (-1);
	/*
	 * The samples and rounds live on in r; their parsed copies would
	 * hold ten times the memory until the file is freed, and be freed
	 * by whichever thread frees the file, not the one that read it.
	 */
	json_array_clear(v);
	json_array_clear(json_object_get(obj, "probe"));
	json_array_clear(json_object_get(obj, "rounds"));
	if (get_summary(c, obj, where, "cycles", &r->cycles) != 0 ||
	    get_summary(c, obj, where, "ns", &ns) != 0)
		return (-1);
	r->ns_median = ns.median;
	if (json_object_get(obj, "first_call") != NULL &&
	    rs_get_num(c, obj, where, "first_call", &r->first_call) != 0)
		return (-1);
	get_histogram(obj, r);
	json_object_del(obj, "histogram");
	return (0);
}

/* The machine keys compare and report use; the others are not looked at. */
static const struct {
	const char	*key;
	size_t		 off;
} machine_strings[] = {
	{ "cpu_brand",		offsetof(struct rs_machine, cpu_brand) },
	{ "cpu_vendor",		offsetof(struct rs_machine, cpu_vendor) },
	{ "codename",		offsetof(struct rs_machine, codename) },
	{ "microcode",		offsetof(struct rs_machine, microcode) },
	{ "kernel",		offsetof(struct rs_machine, kernel) },
	{ "os",			offsetof(struct rs_machine, os) },
	{ "arch",		offsetof(struct rs_machine, arch) },
	{ "hypervisor",		offsetof(struct rs_machine, hypervisor) },
	{ "cycle_source",	offsetof(struct rs_machine, cycle_source) },
	{ "tsc_source",		offsetof(struct rs_machine, tsc_source) },
};

static int
get_machine(struct rs_vctx *c, json_t *root, struct rs_machine *m)
{
	json_t *o, *v;
	const char *k;
	size_t i;

	if (rs_get(c, root, "", "machine", RS_T_OBJ, &o) != 0)
		return (-1);
	for (i = 0; i < sizeof(machine_strings) / sizeof(machine_strings[0]);
	    i++)
		if (rs_get_str(c, o, "machine", machine_strings[i].key,
		    (const char **)(void *)((char *)m +
		    machine_strings[i].off)) != 0)
			return (-1);
	if (rs_get_enum(c, o, "machine", "cycle_method", methods,
	    &m->cycle_method) != 0 ||
	    rs_get_num(c, o, "machine", "tsc_hz", &m->tsc_hz) != 0 ||
	    rs_get_num(c, o, "machine", "cycles_per_tick",
	    &m->cycles_per_tick) != 0 ||
	    rs_get(c, o, "machine", "mitigations", RS_T_OBJ,
	    &m->mitigations) != 0)
		return (-1);
	json_object_foreach(m->mitigations, k, v)
		if (!json_is_string(v) && !json_is_null(v))
			return (rs_fail(c, "machine.mitigations", "\"%s\" "
			    "should be a string or null, not %s", k,
			    rs_type_text(v)));
	if (rs_get(c, o, "machine", "cpu_family", RS_T_INT, &v) != 0)
		return (-1);
	m->cpu_family = json_integer_value(v);
	if (rs_get(c, o, "machine", "cpu_model", RS_T_INT, &v) != 0)
		return (-1);
	m->cpu_model = json_integer_value(v);
	if (rs_get(c, o, "machine", "cpu_stepping", RS_T_INT, &v) != 0)
		return (-1);
	m->cpu_stepping = json_integer_value(v);
	return (0);
}

static int
get_run(struct rs_vctx *c, json_t *root, struct rs_file *f)
{
	json_t *o, *argv, *v;
	size_t i, len;
	FILE *fp;

	if (rs_get(c, root, "", "run", RS_T_OBJ, &o) != 0 ||
	    rs_get_str(c, o, "run", "started_at", &f->started_at) != 0 ||
	    rs_get(c, o, "run", "argv", RS_T_ARR, &argv) != 0 ||
	    rs_get(c, o, "run", "partial", RS_T_BOOL, &v) != 0)
		return (-1);
	f->partial = json_is_true(v);
	if ((fp = open_memstream(&f->argv, &len)) == NULL)
		return (rs_fail(c, "run", "out of memory"));
	json_array_foreach(argv, i, v) {
		if (!json_is_string(v)) {
			fclose(fp);
			return (rs_fail(c, "run.argv", "element %zu should be "
			    "a string, not %s", i, rs_type_text(v)));
		}
		fprintf(fp, "%s%s", i ? " " : "", json_string_value(v));
	}
	return (fclose(fp) == 0 ? 0 : rs_fail(c, "run", "out of memory"));
}

/* Optional: what --context said about the run, strings only. */
static int
get_context(struct rs_vctx *c, json_t *root, struct rs_file *f)
{
	const char *k;
	json_t *v;

	if (json_object_get(root, "context") == NULL)
		return (0);
	if (rs_get(c, root, "", "context", RS_T_OBJ, &f->context) != 0)
		return (-1);
	json_object_foreach(f->context, k, v)
		if (!json_is_string(v))
			return (rs_fail(c, "context", "\"%s\" should be a "
			    "string, not %s", k, rs_type_text(v)));
	return (0);
}

static int
validate(struct rs_vctx *c, struct rs_file *f)
{
	json_t *root = f->root, *v, *results;
	size_t i;

	if (!json_is_object(root))
		return (rs_fail(c, "", "not a cyclebench results file: the top "
		    "level is %s, not an object", rs_type_text(root)));
	/* Files before the "format" key have none; they are results. */
	if ((v = json_object_get(root, "format")) != NULL &&
	    (!json_is_string(v) ||
	    strcmp(json_string_value(v), CB_FORMAT_RESULTS) != 0))
		return (rs_fail(c, "", "not a cyclebench results file: its "
		    "\"format\" is %s%.40s%s, not \"" CB_FORMAT_RESULTS "\"",
		    json_is_string(v) ? "\"" : "", json_is_string(v) ?
		    json_string_value(v) : rs_type_text(v), json_is_string(v) ?
		    "\"" : ""));
	if ((v = json_object_get(root, "schema_version")) == NULL)
		return (rs_fail(c, "", "not a cyclebench results file: no "
		    "\"schema_version\""));
	if (!json_is_integer(v))
		return (rs_fail(c, "", "\"schema_version\" should be an "
		    "integer, not %s", rs_type_text(v)));
	f->schema_version = c->schema = json_integer_value(v);
	if (f->schema_version > CB_SCHEMA_VERSION)
		return (rs_fail(c, "", "schema_version %lld is newer than this "
		    "cyclebench reads (%d); use a newer cyclebench",
		    f->schema_version, CB_SCHEMA_VERSION));
	if (f->schema_version < 1)
		return (rs_fail(c, "", "schema_version %lld is not a valid "
		    "version (they start at 1)", f->schema_version));
	f->tool_version = "";
	if ((v = json_object_get(root, "tool")) != NULL &&
	    json_is_string(json_object_get(v, "version")))
		f->tool_version = json_string_value(json_object_get(v,
		    "version"));
	/* A password the command line or context held shows nowhere. */
	if ((f->secret = rs_redact_tree(root)) < 0)
		return (rs_fail(c, "", "out of memory"));
	if (get_machine(c, root, &f->machine) != 0 ||
	    get_run(c, root, f) != 0 || get_context(c, root, f) != 0 ||
	    rs_get(c, root, "", "results", RS_T_ARR, &results) != 0)
		return (-1);
	f->nresults = json_array_size(results);
	if (f->nresults == 0)
		return (0);
	if ((f->results = calloc(f->nresults, sizeof(*f->results))) == NULL)
		return (rs_fail(c, "", "out of memory"));
	json_array_foreach(results, i, v)
		if (get_result(c, v, i, f->schema_version,
		    &f->results[i]) != 0)
			return (-1);
	return (0);
}

int
rs_load_text(const char *name, const char *buf, size_t len,
    struct rs_file *f, char *err, size_t errlen)
{
	struct rs_vctx c = { name, err, errlen, CB_SCHEMA_VERSION };
	int rc = -1;

	memset(f, 0, sizeof(*f));
	/*
	 * The tree in an arena of its own, where the program made them, but
	 * for a large file: an arena's tree lives whole until rs_free, while
	 * on the heap the reader frees the samples as it copies them.
	 */
	f->arena = len <= ARENA_MAX_BYTES ? json_arena_begin() : NULL;
	if ((f->root = rs_parse_text(&c, buf, len)) == NULL)
		;
	else if ((f->path = strdup(name)) == NULL)
		rs_fail(&c, "", "out of memory");
	else if (validate(&c, f) != 0)
		/* A message may quote a key, which the file chose. */
		term_scrub(err, strlen(err), 0);
	else
		rc = 0;
	json_arena_end();
	if (rc != 0)
		rs_free(f);
	return (rc);
}

int
rs_load(const char *path, struct rs_file *f, char *err, size_t errlen)
{
	size_t len;
	char *buf;
	int rc;

	memset(f, 0, sizeof(*f));
	if ((buf = rs_read_file(path, &len, err, errlen)) == NULL)
		return (-1);
	rc = rs_load_text(rs_input_name(path), buf, len, f, err, errlen);
	free(buf);
	return (rc);
}

void
rs_free(struct rs_file *f)
{
	struct rs_result *r;
	size_t i;

	for (i = 0; f->results != NULL && i < f->nresults; i++) {
		r = &f->results[i];
		free(r->params);
		free(r->key);
		free(r->flags);
		free(r->samples);
		free(r->count);
		free(r->probe);
		free(r->hist_edges);
		free(r->hist_counts);
	}
	free(f->results);
	free(f->argv);
	free(f->path);
	if (f->arena != NULL)
		json_arena_free(f->arena);	/* and the tree in it */
	else
		json_decref(f->root);
	memset(f, 0, sizeof(*f));
}

