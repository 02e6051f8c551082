/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading results files back.  A file may come from another machine, an
 * older or newer cyclebench, an editor or a truncated copy, so nothing in
 * it is trusted: every key this reader uses is checked for presence and
 * type, and every refusal names the file and the place in it.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "core/names.h"
#include "results/json_arena.h"
#include "results/json_parse.h"
#include "results/results.h"
#include "util/scrub.h"

/*
 * The largest text read into an arena (json_arena.h): a tree some five
 * times its size, freed with the file.
 */
#define ARENA_MAX_BYTES	(1024 * 1024)

/* JSON types a key may hold, as a mask. */
#define T_NULL	0x01u
#define T_STR	0x02u
#define T_INT	0x04u
#define T_REAL	0x08u
#define T_NUM	(T_INT | T_REAL)
#define T_BOOL	0x10u
#define T_OBJ	0x20u
#define T_ARR	0x40u

static const char *const type_names[] = {
	"null", "a string", "an integer", "a real number", "a boolean",
	"an object", "an array"
};

struct vctx {
	const char	*path;
	char		*err;
	size_t		 errlen;
	long long	 schema;	/* the file's schema_version */
};

static void
say(struct vctx *c, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/*
 * Put the message in c->err and be -1.  A macro so that static analysis
 * sees the -1: clang's analyzer does not follow calls into variadic
 * functions, and took every "return (fail(...))" for a success that had
 * left its output unset.
 */
#define fail(c, ...)	__extension__ ({ say((c), __VA_ARGS__); -1; })

static void
say(struct vctx *c, const char *where, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (where[0] != '\0')
		snprintf(c->err, c->errlen, "%s: %s: %s", c->path, where, msg);
	else
		snprintf(c->err, c->errlen, "%s: %s", c->path, msg);
}

static unsigned
type_of(const json_t *v)
{

	switch (json_typeof(v)) {
	case JSON_NULL:
		return (T_NULL);
	case JSON_STRING:
		return (T_STR);
	case JSON_INTEGER:
		return (T_INT);
	case JSON_REAL:
		return (T_REAL);
	case JSON_TRUE:
	case JSON_FALSE:
		return (T_BOOL);
	case JSON_OBJECT:
		return (T_OBJ);
	default:
		return (T_ARR);
	}
}

/* "a string or null" from a mask; a number is never "integer or real". */
static const char *
types_text(unsigned mask, char *buf, size_t len)
{
	size_t i;

	buf[0] = '\0';
	if ((mask & T_NUM) == T_NUM)
		snprintf(buf, len, "a number");
	for (i = 0; i < sizeof(type_names) / sizeof(type_names[0]); i++) {
		if ((mask & (1u << i)) == 0 ||
		    ((mask & T_NUM) == T_NUM && ((1u << i) & T_NUM)))
			continue;
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
		    buf[0] ? " or " : "", type_names[i]);
	}
	return (buf);
}

static const char *
type_text(const json_t *v)
{
	unsigned t = type_of(v);
	size_t i;

	for (i = 0; (t >> i) != 1; i++)
		;
	return (type_names[i]);
}

/* Look up obj[key] and check its type; `where' names obj in messages. */
static int
get(struct vctx *c, json_t *obj, const char *where, const char *key,
    unsigned types, json_t **out)
{
	char want[64];
	json_t *v;

	if ((v = json_object_get(obj, key)) == NULL)
		return (fail(c, where, "missing key \"%s\"", key));
	if ((type_of(v) & types) == 0)
		return (fail(c, where, "\"%s\" should be %s, not %s", key,
		    types_text(types, want, sizeof(want)), type_text(v)));
	*out = v;
	return (0);
}

/* A string or null; null reads as "". */
static int
get_str(struct vctx *c, json_t *obj, const char *where, const char *key,
    const char **out)
{
	json_t *v;

	if (get(c, obj, where, key, T_STR | T_NULL, &v) != 0)
		return (-1);
	*out = json_is_string(v) ? json_string_value(v) : "";
	return (0);
}

/* A number or null; null reads as NAN. */
static int
get_num(struct vctx *c, json_t *obj, const char *where, const char *key,
    double *out)
{
	json_t *v;

	if (get(c, obj, where, key, T_NUM | T_NULL, &v) != 0)
		return (-1);
	*out = json_is_number(v) ? json_number_value(v) : NAN;
	return (0);
}

/* A string that must be one of the names this schema version defines. */
static int
get_enum(struct vctx *c, json_t *obj, const char *where, const char *key,
    const char *const *names, const char **out)
{
	json_t *v;
	size_t i;

	if (get(c, obj, where, key, T_STR, &v) != 0)
		return (-1);
	*out = json_string_value(v);
	for (i = 0; names[i] != NULL; i++)
		if (strcmp(*out, names[i]) == 0)
			return (0);
	return (fail(c, where, "\"%s\" is \"%.40s\", which schema_version "
	    "%lld does not define", key, *out, c->schema));
}

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
get_summary(struct vctx *c, json_t *obj, const char *where, const char *key,
    struct cb_summary *s)
{
	char sub[96];
	json_t *v;
	size_t i;

	if (get(c, obj, where, key, T_OBJ, &v) != 0)
		return (-1);
	snprintf(sub, sizeof(sub), "%s.%s", where, key);
	for (i = 0; i < CB_NSUMMARY_KEYS; i++)
		if (get_num(c, v, sub, cb_summary_keys[i].key, (double *)(void *)
		    ((char *)s + cb_summary_keys[i].off)) != 0)
			return (-1);
	return (0);
}

/* The numbers of an array, nulls left out; -1 on any other element. */
static int
numbers(struct vctx *c, json_t *a, const char *where, double **out,
    size_t *n)
{
	json_t *v;
	size_t i;

	*out = NULL;
	*n = 0;
	if (json_array_size(a) == 0)
		return (0);
	if ((*out = malloc(json_array_size(a) * sizeof(**out))) == NULL)
		return (fail(c, where, "out of memory"));
	json_array_foreach(a, i, v) {
		if (json_is_null(v))
			continue;
		if (!json_is_number(v))
			return (fail(c, where, "element %zu should be a number "
			    "or null, not %s", i, type_text(v)));
		(*out)[(*n)++] = json_number_value(v);
	}
	return (0);
}

/*
 * An array of exactly n numbers, one per sample (nulls read as NAN), into
 * a new array at *out.
 */
static int
per_sample(struct vctx *c, json_t *a, const char *where, size_t n,
    double **out)
{
	json_t *v;
	size_t i;

	if (json_array_size(a) != n)
		return (fail(c, where, "has %zu elements for %zu samples",
		    json_array_size(a), n));
	if ((*out = malloc((n ? n : 1) * sizeof(**out))) == NULL)
		return (fail(c, where, "out of memory"));
	json_array_foreach(a, i, v) {
		if (!json_is_number(v) && !json_is_null(v))
			return (fail(c, where, "element %zu should be a number "
			    "or null, not %s", i, type_text(v)));
		(*out)[i] = json_is_number(v) ? json_number_value(v) : NAN;
	}
	return (0);
}

/*
 * The rounds of a schema-2 result: each names how many of the samples it
 * kept, and together they must account for every sample.
 */
static int
get_rounds(struct vctx *c, json_t *obj, const char *where,
    struct rs_result *r)
{
	char sub[112];
	json_t *a, *k, *v;
	size_t i, total = 0;

	if (get(c, obj, where, "rounds", T_ARR, &a) != 0)
		return (-1);
	r->nrounds = json_array_size(a);
	if ((r->count = calloc(r->nrounds + 1, sizeof(*r->count))) == NULL)
		return (fail(c, where, "out of memory"));
	json_array_foreach(a, i, k) {
		snprintf(sub, sizeof(sub), "%s.rounds[%zu]", where, i);
		if (!json_is_object(k))
			return (fail(c, sub, "should be an object, not %s",
			    type_text(k)));
		if (get(c, k, sub, "samples", T_INT, &v) != 0)
			return (-1);
		if (json_integer_value(v) < 0 || (size_t)json_integer_value(v) >
		    r->nsamples - total)
			return (fail(c, sub, "\"samples\" is %lld: the rounds "
			    "hold more samples than the result's %zu",
			    (long long)json_integer_value(v), r->nsamples));
		r->count[i] = (size_t)json_integer_value(v);
		total += r->count[i];
	}
	if (total != r->nsamples)
		return (fail(c, where, "its rounds hold %zu samples, not the "
		    "%zu it has", total, r->nsamples));
	if (get(c, obj, where, "probe", T_ARR, &a) != 0)
		return (-1);
	snprintf(sub, sizeof(sub), "%s.probe", where);
	if (per_sample(c, a, sub, r->nsamples, &r->probe) != 0)
		return (-1);
	if (get(c, obj, where, "estimate", T_OBJ, &v) != 0)
		return (-1);
	snprintf(sub, sizeof(sub), "%s.estimate", where);
	if (get_num(c, v, sub, "probe_floor", &r->probe_floor) != 0 ||
	    get_num(c, v, sub, "scattered", &r->scattered) != 0 ||
	    get(c, obj, where, "levels", T_ARR, &a) != 0)
		return (-1);
	json_array_foreach(a, i, k) {
		snprintf(sub, sizeof(sub), "%s.levels[%zu]", where, i);
		if (i >= CB_MAX_LEVELS)
			return (fail(c, sub, "more than %d levels",
			    CB_MAX_LEVELS));
		if (!json_is_object(k))
			return (fail(c, sub, "should be an object, not %s",
			    type_text(k)));
		if (get_num(c, k, sub, "value", &r->levels[i].value) != 0 ||
		    get_num(c, k, sub, "share", &r->levels[i].share) != 0)
			return (-1);
		r->nlevels = i + 1;
	}
	return (0);
}

/* Before rounds, a result's samples were one process's: one round. */
static int
one_round(struct vctx *c, const char *where, struct rs_result *r)
{
	if ((r->count = calloc(1, sizeof(*r->count))) == NULL)
		return (fail(c, where, "out of memory"));
	r->count[0] = r->nsamples;
	r->nrounds = 1;
	return (0);
}

/* Parameter values are strings or numbers; print numbers readably. */
static int
param_text(struct vctx *c, const char *where, const char *k, json_t *v,
    char *buf, size_t len)
{

	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, len, "%.15g", json_real_value(v));
	else
		return (fail(c, where, "parameter \"%s\" should be a string "
		    "or a number, not %s", k, type_text(v)));
	return (0);
}

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(*(const char *const *)a, *(const char *const *)b));
}

/*
 * A key or value as one token: as it is, or quoted with \" and \\ when
 * it is empty or holds a space, '=', '"' or '\', so that {"a": "1 b=2"}
 * and {"a": "1", "b": "2"} never print, nor match, as the same.
 */
static void
put_token(FILE *fp, const char *s)
{
	if (s[0] != '\0' && s[strcspn(s, " =\"\\")] == '\0') {
		fputs(s, fp);
		return;
	}
	fputc('"', fp);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', fp);
		fputc(*s, fp);
	}
	fputc('"', fp);
}

static void
put_param(FILE *fp, const char *sep, const char *k, const char *v)
{
	fputs(sep, fp);
	put_token(fp, k);
	fputc('=', fp);
	put_token(fp, v);
}

/*
 * Two texts from the params object: "k=v k=v" in file order to show, and
 * the name with the pairs sorted by key to match results across files,
 * whatever order each file listed them in.
 */
static int
get_params(struct vctx *c, json_t *obj, const char *where,
    struct rs_result *r)
{
	const char *k, **keys;
	char val[256];
	size_t i, n, klen, slen;
	json_t *p, *v;
	FILE *show, *key;
	int rc;

	if (get(c, obj, where, "params", T_OBJ, &p) != 0)
		return (-1);
	r->params_json = p;
	n = json_object_size(p);
	if ((keys = calloc(n + 1, sizeof(*keys))) == NULL)
		return (fail(c, where, "out of memory"));
	i = 0;
	json_object_foreach(p, k, v)
		keys[i++] = k;
	show = open_memstream(&r->params, &slen);
	key = open_memstream(&r->key, &klen);
	rc = show != NULL && key != NULL ? 0 :
	    fail(c, where, "out of memory");
	for (i = 0; rc == 0 && i < n && keys[i] != NULL; i++) {
		rc = param_text(c, where, keys[i], json_object_get(p, keys[i]),
		    val, sizeof(val));
		if (rc == 0)
			put_param(show, i ? " " : "", keys[i], val);
	}
	qsort(keys, n, sizeof(*keys), cmp_str);
	if (key != NULL)
		fputs(r->name, key);
	for (i = 0; rc == 0 && i < n && keys[i] != NULL; i++)
		if ((rc = param_text(c, where, keys[i], json_object_get(p,
		    keys[i]), val, sizeof(val))) == 0)
			put_param(key, " ", keys[i], val);
	if (show != NULL)
		fclose(show);
	if (key != NULL)
		fclose(key);
	free(keys);
	if (rc == 0 && (r->params == NULL || r->key == NULL))
		rc = fail(c, where, "out of memory");
	/* Keys are shown too; the match keeps them exact. */
	if (rc == 0)
		term_scrub(r->params, strlen(r->params), 0);
	return (rc);
}

static int
get_flags(struct vctx *c, json_t *obj, const char *where,
    struct rs_result *r)
{
	size_t i, len;
	json_t *a, *v;
	FILE *fp;

	if (get(c, obj, where, "flags", T_ARR, &a) != 0)
		return (-1);
	if ((fp = open_memstream(&r->flags, &len)) == NULL)
		return (fail(c, where, "out of memory"));
	json_array_foreach(a, i, v) {
		if (!json_is_string(v)) {
			fclose(fp);
			return (fail(c, where, "flag %zu should be a string, "
			    "not %s", i, type_text(v)));
		}
		fprintf(fp, "%s%s", i ? "," : "", json_string_value(v));
	}
	return (fclose(fp) == 0 ? 0 : fail(c, where, "out of memory"));
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
get_result(struct vctx *c, json_t *obj, size_t idx, long long schema,
    struct rs_result *r)
{
	struct cb_summary ns;
	char where[48];
	json_t *v;

	snprintf(where, sizeof(where), "results[%zu]", idx);
	summary_nan(&r->cycles);
	r->ns_median = r->first_call = r->probe_floor = NAN;
	if (!json_is_object(obj))
		return (fail(c, where, "should be an object, not %s",
		    type_text(obj)));
	if (get(c, obj, where, "name", T_STR, &v) != 0)
		return (-1);
	r->name = json_string_value(v);
	if (r->name[0] == '\0')
		return (fail(c, where, "\"name\" is empty"));
	if (get_str(c, obj, where, "group", &r->group) != 0 ||
	    get_params(c, obj, where, r) != 0 ||
	    get_enum(c, obj, where, "mode", modes, &r->mode) != 0 ||
	    get_enum(c, obj, where, "status", statuses, &r->status) != 0 ||
	    get_str(c, obj, where, "reason", &r->reason) != 0 ||
	    get_enum(c, obj, where, "method", methods, &r->method) != 0 ||
	    get_flags(c, obj, where, r) != 0 ||
	    get(c, obj, where, "samples", T_ARR, &v) != 0)
		return (-1);
	r->ok = strcmp(r->status, "ok") == 0;
	if (!r->ok)
		return (0);
	snprintf(where + strlen(where), sizeof(where) - strlen(where),
	    ".samples");
	if (schema >= 2 ? per_sample(c, v, where, json_array_size(v),
	    &r->samples) : numbers(c, v, where, &r->samples, &r->nsamples))
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
	    get_num(c, obj, where, "first_call", &r->first_call) != 0)
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
get_machine(struct vctx *c, json_t *root, struct rs_machine *m)
{
	json_t *o, *v;
	const char *k;
	size_t i;

	if (get(c, root, "", "machine", T_OBJ, &o) != 0)
		return (-1);
	for (i = 0; i < sizeof(machine_strings) / sizeof(machine_strings[0]);
	    i++)
		if (get_str(c, o, "machine", machine_strings[i].key,
		    (const char **)(void *)((char *)m +
		    machine_strings[i].off)) != 0)
			return (-1);
	if (get_enum(c, o, "machine", "cycle_method", methods,
	    &m->cycle_method) != 0 ||
	    get_num(c, o, "machine", "tsc_hz", &m->tsc_hz) != 0 ||
	    get_num(c, o, "machine", "cycles_per_tick",
	    &m->cycles_per_tick) != 0 ||
	    get(c, o, "machine", "mitigations", T_OBJ, &m->mitigations) != 0)
		return (-1);
	json_object_foreach(m->mitigations, k, v)
		if (!json_is_string(v) && !json_is_null(v))
			return (fail(c, "machine.mitigations", "\"%s\" should "
			    "be a string or null, not %s", k, type_text(v)));
	if (get(c, o, "machine", "cpu_family", T_INT, &v) != 0)
		return (-1);
	m->cpu_family = json_integer_value(v);
	if (get(c, o, "machine", "cpu_model", T_INT, &v) != 0)
		return (-1);
	m->cpu_model = json_integer_value(v);
	if (get(c, o, "machine", "cpu_stepping", T_INT, &v) != 0)
		return (-1);
	m->cpu_stepping = json_integer_value(v);
	return (0);
}

static int
get_run(struct vctx *c, json_t *root, struct rs_file *f)
{
	json_t *o, *argv, *v;
	size_t i, len;
	FILE *fp;

	if (get(c, root, "", "run", T_OBJ, &o) != 0 ||
	    get_str(c, o, "run", "started_at", &f->started_at) != 0 ||
	    get(c, o, "run", "argv", T_ARR, &argv) != 0 ||
	    get(c, o, "run", "partial", T_BOOL, &v) != 0)
		return (-1);
	f->partial = json_is_true(v);
	if ((fp = open_memstream(&f->argv, &len)) == NULL)
		return (fail(c, "run", "out of memory"));
	json_array_foreach(argv, i, v) {
		if (!json_is_string(v)) {
			fclose(fp);
			return (fail(c, "run.argv", "element %zu should be a "
			    "string, not %s", i, type_text(v)));
		}
		fprintf(fp, "%s%s", i ? " " : "", json_string_value(v));
	}
	return (fclose(fp) == 0 ? 0 : fail(c, "run", "out of memory"));
}

/* Optional: what --context said about the run, strings only. */
static int
get_context(struct vctx *c, json_t *root, struct rs_file *f)
{
	const char *k;
	json_t *v;

	if (json_object_get(root, "context") == NULL)
		return (0);
	if (get(c, root, "", "context", T_OBJ, &f->context) != 0)
		return (-1);
	json_object_foreach(f->context, k, v)
		if (!json_is_string(v))
			return (fail(c, "context", "\"%s\" should be a string, "
			    "not %s", k, type_text(v)));
	return (0);
}

static int
validate(struct vctx *c, struct rs_file *f)
{
	json_t *root = f->root, *v, *results;
	size_t i;

	if (!json_is_object(root))
		return (fail(c, "", "not a cyclebench results file: the top "
		    "level is %s, not an object", type_text(root)));
	/* Files before the "format" key have none; they are results. */
	if ((v = json_object_get(root, "format")) != NULL &&
	    (!json_is_string(v) ||
	    strcmp(json_string_value(v), CB_FORMAT_RESULTS) != 0))
		return (fail(c, "", "not a cyclebench results file: its "
		    "\"format\" is %s%.40s%s, not \"" CB_FORMAT_RESULTS "\"",
		    json_is_string(v) ? "\"" : "", json_is_string(v) ?
		    json_string_value(v) : type_text(v), json_is_string(v) ?
		    "\"" : ""));
	if ((v = json_object_get(root, "schema_version")) == NULL)
		return (fail(c, "", "not a cyclebench results file: no "
		    "\"schema_version\""));
	if (!json_is_integer(v))
		return (fail(c, "", "\"schema_version\" should be an integer, "
		    "not %s", type_text(v)));
	f->schema_version = c->schema = json_integer_value(v);
	if (f->schema_version > CB_SCHEMA_VERSION)
		return (fail(c, "", "schema_version %lld is newer than this "
		    "cyclebench reads (%d); use a newer cyclebench",
		    f->schema_version, CB_SCHEMA_VERSION));
	if (f->schema_version < 1)
		return (fail(c, "", "schema_version %lld is not a valid "
		    "version (they start at 1)", f->schema_version));
	f->tool_version = "";
	if ((v = json_object_get(root, "tool")) != NULL &&
	    json_is_string(json_object_get(v, "version")))
		f->tool_version = json_string_value(json_object_get(v,
		    "version"));
	if (get_machine(c, root, &f->machine) != 0 ||
	    get_run(c, root, f) != 0 || get_context(c, root, f) != 0 ||
	    get(c, root, "", "results", T_ARR, &results) != 0)
		return (-1);
	f->nresults = json_array_size(results);
	if (f->nresults == 0)
		return (0);
	if ((f->results = calloc(f->nresults, sizeof(*f->results))) == NULL)
		return (fail(c, "", "out of memory"));
	json_array_foreach(results, i, v)
		if (get_result(c, v, i, f->schema_version,
		    &f->results[i]) != 0)
			return (-1);
	return (0);
}

/*
 * The whole file ("-": standard input), refused early when it is larger
 * than RS_MAX_BYTES: a results file is read into memory whole, and a
 * mistaken argument (a device, a huge log) must not take the machine's
 * memory with it.
 */
static char *
slurp(struct vctx *c, const char *path, size_t *len)
{
	struct stat st;
	char *buf, *nbuf;
	ssize_t r;
	size_t cap;
	int fd;

	if (strcmp(path, "-") == 0)
		fd = STDIN_FILENO;
	else if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		fail(c, "", "cannot open: %s", strerror(errno));
		return (NULL);
	}
	buf = NULL;
	if (fstat(fd, &st) != 0) {
		fail(c, "", "cannot read: %s", strerror(errno));
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		fail(c, "", "is a directory, not a results file");
		goto out;
	}
	if (S_ISREG(st.st_mode) && st.st_size > RS_MAX_BYTES) {
		fail(c, "", "is %lld MB; results files over %ld MB are "
		    "refused", (long long)(st.st_size >> 20),
		    RS_MAX_BYTES >> 20);
		goto out;
	}
	/*
	 * A pipe has no size: grow, and stop at the same limit.  The buffer
	 * never outgrows the limit by more than the byte that proves it.
	 */
	cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 65536;
	if ((buf = malloc(cap)) == NULL) {
		fail(c, "", "out of memory");
		goto out;
	}
	*len = 0;
	while ((r = read(fd, buf + *len, cap - *len)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			fail(c, "", "cannot read: %s", strerror(errno));
			goto fail;
		}
		if ((*len += (size_t)r) > RS_MAX_BYTES) {
			fail(c, "", "is over %ld MB; results files that "
			    "large are refused", RS_MAX_BYTES >> 20);
			goto fail;
		}
		if (*len < cap)
			continue;
		cap = cap * 2 < RS_MAX_BYTES + 1 ? cap * 2 : RS_MAX_BYTES + 1;
		if ((nbuf = realloc(buf, cap)) == NULL) {
			fail(c, "", "out of memory");
			goto fail;
		}
		buf = nbuf;
	}
	if (*len == 0) {
		fail(c, "", "is empty, not a results file");
		goto fail;
	}
	/* The loop always leaves room: a reader may take it as a string. */
	buf[*len] = '\0';
	goto out;
fail:
	free(buf);
	buf = NULL;
out:
	if (fd != STDIN_FILENO)
		close(fd);
	return (buf);
}

/*
 * At most how many values the text holds: each but the first follows a
 * ',' or opens an array or object.  Counting is cheap next to parsing.
 */
static size_t
count_values(const char *buf, size_t len)
{
	size_t i, n = 1;
	int in_string = 0;

	/* A value takes a byte at least: a shorter text needs no count. */
	if (len <= RS_MAX_VALUES)
		return (len);
	/* Then the separators in strings too, which only raises the bound:
	   a loop without branches, and under the limit in practice. */
	for (i = 0; i < len; i++)
		n += buf[i] == ',' || buf[i] == '[' || buf[i] == '{';
	if (n <= RS_MAX_VALUES)
		return (n);
	for (i = 0, n = 1; i < len; i++) {
		if (in_string) {
			if (buf[i] == '\\')
				i++;
			else if (buf[i] == '"')
				in_string = 0;
		} else if (buf[i] == '"')
			in_string = 1;
		else if (buf[i] == ',' || buf[i] == '[' || buf[i] == '{')
			n++;
	}
	return (n);
}

/*
 * Every string value with a control character in it, as '?': what a file
 * says is shown on terminals (util/scrub.h).  Object keys cannot be
 * changed in place; the parameters' are scrubbed where they are shown.
 */
static int
scrub_strings(json_t *v)
{
	const char *k;
	json_t *e;
	size_t i, len;
	char *copy;

	if (json_is_string(v)) {
		len = json_string_length(v);
		if (term_safe(json_string_value(v), len, 0))
			return (0);
		if ((copy = malloc(len + 1)) == NULL)
			return (-1);
		memcpy(copy, json_string_value(v), len + 1);
		term_scrub(copy, len, 0);
		if (json_string_setn(v, copy, len) != 0) {
			free(copy);
			return (-1);
		}
		free(copy);
		return (0);
	}
	json_array_foreach(v, i, e)
		if (scrub_strings(e) != 0)
			return (-1);
	json_object_foreach(v, k, e)
		if (scrub_strings(e) != 0)
			return (-1);
	return (0);
}

static json_t *
parse(struct vctx *c, const char *buf, size_t len)
{
	json_error_t je;
	json_t *root;

	if (count_values(buf, len) > RS_MAX_VALUES) {
		fail(c, "", "holds over %ld million values; results files "
		    "that large are refused", RS_MAX_VALUES / 1000000);
		return (NULL);
	}
	root = json_parse(buf, len, &je);
	/* An error at the very end is almost always a cut-off copy. */
	if (root == NULL) {
		/* The parser's text may quote the file. */
		term_scrub(je.text, strlen(je.text), 0);
		snprintf(c->err, c->errlen, "%s:%d:%d: %s%s", c->path, je.line,
		    je.column, je.text, je.position >= 0 &&
		    (size_t)je.position >= len ? " (the file ends early: "
		    "truncated?)" : "");
	} else if (scrub_strings(root) != 0) {
		json_decref(root);
		root = NULL;
		fail(c, "", "out of memory");
	}
	return (root);
}

const char *
rs_input_name(const char *path)
{

	return (strcmp(path, "-") == 0 ? "standard input" : path);
}

json_t *
rs_read_json(const char *path, char *err, size_t errlen)
{
	struct vctx c = { rs_input_name(path), err, errlen,
	    CB_SCHEMA_VERSION };
	json_t *root;
	size_t len;
	char *buf;

	if ((buf = slurp(&c, path, &len)) == NULL)
		return (NULL);
	root = parse(&c, buf, len);
	free(buf);
	return (root);
}

char *
rs_read_file(const char *path, size_t *len, char *err, size_t errlen)
{
	struct vctx c = { rs_input_name(path), err, errlen,
	    CB_SCHEMA_VERSION };

	return (slurp(&c, path, len));
}

int
rs_load_text(const char *name, const char *buf, size_t len,
    struct rs_file *f, char *err, size_t errlen)
{
	struct vctx c = { name, err, errlen, CB_SCHEMA_VERSION };
	int rc = -1;

	memset(f, 0, sizeof(*f));
	/*
	 * The tree in an arena of its own, where the program made them, but
	 * for a large file: an arena's tree lives whole until rs_free, while
	 * on the heap the reader frees the samples as it copies them.
	 */
	f->arena = len <= ARENA_MAX_BYTES ? json_arena_begin() : NULL;
	if ((f->root = parse(&c, buf, len)) == NULL)
		;
	else if ((f->path = strdup(name)) == NULL)
		fail(&c, "", "out of memory");
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

/* Words a brand string spends on what every reader knows already. */
static const char *const brand_noise[] = {
	"Intel", "AMD", "CPU", "Processor", "APU", NULL
};

static int
is_noise(const char *w, size_t n)
{
	size_t i;

	for (i = 0; brand_noise[i] != NULL; i++)
		if (strlen(brand_noise[i]) == n &&
		    strncasecmp(w, brand_noise[i], n) == 0)
			return (1);
	/* "16-Core": the count is in the fingerprint. */
	return (n > 5 && strncasecmp(w + n - 5, "-Core", 5) == 0);
}

void
rs_short_brand(const char *brand, char *buf, size_t len)
{
	static const char *const marks[] = { "(R)", "(TM)", "(tm)", "(r)" };
	char tmp[128], *p, *w;
	size_t i, n, out;

	snprintf(tmp, sizeof(tmp), "%s", brand);
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		while ((p = strstr(tmp, marks[i])) != NULL)
			memmove(p, p + strlen(marks[i]),
			    strlen(p + strlen(marks[i])) + 1);
	/* The clock after '@' is the rated one, not what was measured. */
	if ((p = strchr(tmp, '@')) != NULL)
		*p = '\0';
	out = 0;
	buf[0] = '\0';
	for (w = tmp; *w != '\0'; w += n) {
		w += strspn(w, " \t");
		n = strcspn(w, " \t");
		if (n == 0 || is_noise(w, n))
			continue;
		if (out + n + 2 > len)
			break;
		if (out > 0)
			buf[out++] = ' ';
		memcpy(buf + out, w, n);
		out += n;
		buf[out] = '\0';
	}
	if (buf[0] == '\0')
		snprintf(buf, len, "%s", brand[0] ? brand : "unknown CPU");
}
