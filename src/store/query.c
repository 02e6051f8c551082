/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading the store back: the runs a selection selects, their documents,
 * and the extracted figures of their results for tables and histories.
 * Every statement is a constant: a selection term that is not given is
 * bound as NULL and its condition holds for every run, so one text
 * serves every selection and no SQL is ever built from what a user typed.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "store/store.h"
#include "util/redact.h"

/* One context term: holds when not given, or when the run has the pair. */
#define CTX_TERM							\
	" AND (CAST(? AS TEXT) IS NULL OR EXISTS (SELECT 1 FROM context cx" \
	" WHERE cx.run_id = ru.id AND cx.key = ? AND cx.value = ?))"
/* The selection over runs `ru'; bind_sel fills its SEL_NPARAMS. */
#define SEL_WHERE							\
	" (CAST(? AS BIGINT) IS NULL OR ru.machine_id = ?)"		\
	" AND (CAST(? AS TEXT) IS NULL OR ru.kernel = ?)"		\
	" AND (CAST(? AS TEXT) IS NULL OR ru.microcode = ?)"		\
	" AND (CAST(? AS TEXT) IS NULL OR ru.at_utc >= ?)"		\
	" AND (CAST(? AS TEXT) IS NULL OR ru.at_utc <= ?)"		\
	" AND (CAST(? AS BIGINT) IS NULL OR ru.id = ?)"			\
	CTX_TERM CTX_TERM CTX_TERM CTX_TERM
#define SEL_NPARAMS	(12 + 3 * STORE_SEL_MAX_CONTEXT)

static const char list_sql[] =
    "SELECT ru.id, ru.at_utc, m.ident, m.label, ru.kernel, ru.microcode,"
    " ru.partial, ru.nresults"
    " FROM runs ru JOIN machines m ON m.id = ru.machine_id"
    " WHERE" SEL_WHERE
    " ORDER BY ru.at_utc DESC, ru.id DESC LIMIT ?";
static const char list_ctx_sql[] =
    "SELECT cx.run_id, cx.key, cx.value"
    " FROM context cx JOIN runs ru ON ru.id = cx.run_id"
    " WHERE" SEL_WHERE " ORDER BY cx.run_id, cx.key";
static const char document_sql[] = "SELECT document FROM runs WHERE id = ?";
static const char machine_list_sql[] =
    "SELECT m.ident, m.label, m.cpu_brand, m.cpu_family, m.cpu_model,"
    " m.cpu_stepping, m.arch, m.hypervisor, count(ru.id), min(ru.at_utc),"
    " max(ru.at_utc)"
    " FROM machines m LEFT JOIN runs ru ON ru.machine_id = m.id"
    " GROUP BY m.id ORDER BY m.id";
static const char counts_sql[] =
    "SELECT (SELECT value FROM meta WHERE key = 'schema_version'),"
    " (SELECT count(*) FROM runs), (SELECT count(*) FROM machines),"
    " (SELECT count(*) FROM results)";
static const char machines_sql[] =
    "SELECT id, ident, label, cpu_brand FROM machines ORDER BY id";
static const char context_keys_sql[] =
    "SELECT DISTINCT key FROM context ORDER BY key";

#define POINTS_SELECT							\
    "SELECT ru.id, ru.at_utc, m.ident, m.label, ru.kernel, ru.microcode," \
    " (SELECT c.value FROM context c WHERE c.run_id = ru.id AND c.key = ?),"\
    " r.bench_key, r.name, r.params, r.status, r.median, r.ci_low,"	\
    " r.ci_high, r.flags"						\
    " FROM results r JOIN runs ru ON ru.id = r.run_id"			\
    " JOIN machines m ON m.id = ru.machine_id"
#define POINTS_ORDER	" ORDER BY ru.at_utc, ru.id, r.seq"
#define POINTS_NCOLS	15

/* Two texts, so that each finds its rows through an index. */
static const char points_by_group[] =
    POINTS_SELECT " WHERE r.grp = ? AND r.status = 'ok' AND" SEL_WHERE
    POINTS_ORDER;
static const char points_by_name[] =
    POINTS_SELECT " WHERE (r.name = ? OR r.bench_key = ?)"
    " AND r.status = 'ok' AND" SEL_WHERE POINTS_ORDER;
static const char points_all[] =
    POINTS_SELECT " WHERE r.status = 'ok' AND" SEL_WHERE POINTS_ORDER;

#define NOLIMIT		1000000000LL

static void
set_text(struct store_val *v, const char *s)
{

	v->type = SV_TEXT;
	v->null = s == NULL;
	v->s = s;
}

static void
set_int(struct store_val *v, long long i, int null)
{

	v->type = SV_INT;
	v->null = null;
	v->i = i;
}

/* Each term twice: "is it given", then its value. */
static void
bind_sel(struct store_val *p, const struct store_sel *sel, long long mid)
{
	size_t i;

	set_int(&p[0], mid, mid == 0);
	set_int(&p[1], mid, mid == 0);
	set_text(&p[2], sel->kernel);
	set_text(&p[3], sel->kernel);
	set_text(&p[4], sel->microcode);
	set_text(&p[5], sel->microcode);
	set_text(&p[6], sel->since);
	set_text(&p[7], sel->since);
	set_text(&p[8], sel->until);
	set_text(&p[9], sel->until);
	set_int(&p[10], sel->run, sel->run == 0);
	set_int(&p[11], sel->run, sel->run == 0);
	for (i = 0; i < STORE_SEL_MAX_CONTEXT; i++) {
		set_text(&p[12 + 3 * i], i < sel->nctx ? sel->ctx[i].key :
		    NULL);
		set_text(&p[13 + 3 * i], i < sel->nctx ? sel->ctx[i].key :
		    NULL);
		set_text(&p[14 + 3 * i], i < sel->nctx ? sel->ctx[i].value :
		    NULL);
	}
}

/*
 * A machine by its identity (or a prefix of at least 4 hex digits), its
 * label or brand (any case), or a part of its label found in one
 * machine only.
 */
long long
store_find_machine(struct store *s, const char *what)
{
	struct store_rows r;
	long long id = 0;
	size_t i, nsub = 0, n = strlen(what);
	const char *ident, *label, *brand;
	long long sub = 0;

	if (s->be->query(s, machines_sql, NULL, 0, &r) != STORE_OK)
		return (-1);
	for (i = 0; i < r.nrows && id == 0; i++) {
		ident = r.cells[i * 4 + 1] ? r.cells[i * 4 + 1] : "";
		label = r.cells[i * 4 + 2] ? r.cells[i * 4 + 2] : "";
		brand = r.cells[i * 4 + 3] ? r.cells[i * 4 + 3] : "";
		if ((n >= 4 && strncmp(ident, what, n) == 0) ||
		    strcasecmp(label, what) == 0 ||
		    strcasecmp(brand, what) == 0)
			id = strtoll(r.cells[i * 4], NULL, 10);
		else if (strcasestr(label, what) != NULL) {
			sub = strtoll(r.cells[i * 4], NULL, 10);
			nsub++;
		}
	}
	store_rows_free(&r);
	if (id == 0 && nsub == 1)
		id = sub;
	if (id == 0 && nsub > 1)
		return (store_refuse(s, "machine '%s' matches %zu machines; "
		    "name one (cyclebench db machines lists them)", what, nsub));
	if (id == 0)
		snprintf(s->err, sizeof(s->err), "no machine '%s' in the store "
		    "(cyclebench db machines lists them)", what);
	return (id);
}

/* No run's machine: a machine term that names none selects nothing. */
#define NO_MACHINE	(-2)

/* The machine term resolved: 0 for any, NO_MACHINE, or -1 (failed). */
static long long
sel_machine(struct store *s, const struct store_sel *sel)
{
	long long id;

	if (sel->machine == NULL)
		return (0);
	id = store_find_machine(s, sel->machine);
	return (id == 0 ? NO_MACHINE : id);
}

static const char *
cell(const struct store_rows *r, size_t row, size_t col)
{
	const char *c = r->cells[row * r->ncols + col];

	return (c != NULL ? c : "");
}

/* A context value an older cyclebench stored with a password in it. */
static void
secret_out(struct store_rows *r, size_t row, size_t col)
{

	if (r->cells[row * r->ncols + col] != NULL)
		redact_in_place(r->cells[row * r->ncols + col]);
}

static double
num(const struct store_rows *r, size_t row, size_t col)
{
	const char *c = r->cells[row * r->ncols + col];

	return (c != NULL ? strtod(c, NULL) : NAN);
}

/* The first row of rows (sorted by column 0, a run id) for run id. */
static size_t
first_row(const struct store_rows *rows, long long id)
{
	size_t lo = 0, hi = rows->nrows, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (strtoll(cell(rows, mid, 0), NULL, 10) < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return (lo);
}

/* "k=v k=v" for each run, from the rows of list_ctx_sql. */
static int
context_texts(struct store_runs *out)
{
	size_t i, k, len;
	long long id;
	FILE *fp;

	if ((out->ctx_text = calloc(out->n + 1, sizeof(char *))) == NULL)
		return (-1);
	for (i = 0; i < out->n; i++) {
		if ((fp = open_memstream(&out->ctx_text[i], &len)) == NULL)
			return (-1);
		id = out->runs[i].id;
		for (k = first_row(&out->ctx, id); k < out->ctx.nrows &&
		    strtoll(cell(&out->ctx, k, 0), NULL, 10) == id; k++) {
			secret_out(&out->ctx, k, 2);
			fprintf(fp, "%s%s=%s", ftell(fp) > 0 ? " " : "",
			    cell(&out->ctx, k, 1), cell(&out->ctx, k, 2));
		}
		if (fclose(fp) != 0)
			return (-1);
		out->runs[i].context = out->ctx_text[i];
	}
	return (0);
}

int
store_list(struct store *s, const struct store_sel *sel,
    struct store_runs *out)
{
	struct store_val p[SEL_NPARAMS + 1];
	struct store_run *r;
	long long mid;
	size_t i;

	memset(out, 0, sizeof(*out));
	if ((mid = sel_machine(s, sel)) == -1)
		return (STORE_ERROR);
	bind_sel(p, sel, mid);
	set_int(&p[SEL_NPARAMS], sel->last ? sel->last : NOLIMIT, 0);
	if (s->be->query(s, list_sql, p, SEL_NPARAMS + 1, &out->rows) !=
	    STORE_OK || s->be->query(s, list_ctx_sql, p, SEL_NPARAMS,
	    &out->ctx) != STORE_OK) {
		store_runs_free(out);
		return (STORE_ERROR);
	}
	out->n = out->rows.nrows;
	if ((out->runs = calloc(out->n + 1, sizeof(*out->runs))) == NULL)
		goto oom;
	for (i = 0; i < out->n; i++) {
		r = &out->runs[i];
		r->id = strtoll(cell(&out->rows, i, 0), NULL, 10);
		r->at = cell(&out->rows, i, 1);
		r->ident = cell(&out->rows, i, 2);
		r->label = cell(&out->rows, i, 3);
		r->kernel = cell(&out->rows, i, 4);
		r->microcode = cell(&out->rows, i, 5);
		r->partial = strcmp(cell(&out->rows, i, 6), "0") != 0;
		r->nresults = strtoll(cell(&out->rows, i, 7), NULL, 10);
	}
	if (context_texts(out) != 0)
		goto oom;
	return (STORE_OK);
oom:
	store_runs_free(out);
	return (store_fail(s, "out of memory"));
}

void
store_runs_free(struct store_runs *r)
{
	size_t i;

	for (i = 0; r->ctx_text != NULL && i < r->n; i++)
		free(r->ctx_text[i]);
	free(r->ctx_text);
	free(r->runs);
	store_rows_free(&r->rows);
	store_rows_free(&r->ctx);
	memset(r, 0, sizeof(*r));
}

int
store_document(struct store *s, long long id, char **text, size_t *len)
{
	struct store_val p;
	struct store_rows r;

	*text = NULL;
	*len = 0;
	set_int(&p, id, 0);
	if (s->be->query(s, document_sql, &p, 1, &r) != STORE_OK)
		return (STORE_ERROR);
	if (r.nrows == 1 && r.cells[0] != NULL) {
		*text = r.cells[0];
		r.cells[0] = NULL;
		*len = strlen(*text);
	}
	store_rows_free(&r);
	if (*text == NULL)
		return (store_fail(s, "no run %lld in the store", id));
	return (STORE_OK);
}

struct loading {
	struct store	*s;
	struct rs_file	*f;
	size_t		 n;
};

static int
keep_file(struct rs_loaded *l, void *arg)
{
	struct loading *ld = arg;

	if (l->text == NULL)
		return (store_fail(ld->s, "%s", l->err));
	ld->f[ld->n++] = l->f;
	free(l->text);
	return (STORE_OK);
}

int
store_load(struct store *s, const struct store_sel *sel, size_t max,
    struct rs_file **files, size_t *n)
{
	struct loading ld = { s, NULL, 0 };
	struct store_runs runs;
	char **names, **texts;
	size_t i, k, *lens;
	int rc = STORE_OK;

	*files = NULL;
	*n = 0;
	if (store_list(s, sel, &runs) != STORE_OK)
		return (STORE_ERROR);
	if (runs.n == 0 || runs.n > max) {
		*n = runs.n;
		store_runs_free(&runs);
		return (*n == 0 ? 1 : 2);
	}
	ld.f = calloc(runs.n, sizeof(*ld.f));
	names = calloc(runs.n, sizeof(*names));
	texts = calloc(runs.n, sizeof(*texts));
	lens = calloc(runs.n, sizeof(*lens));
	if (ld.f == NULL || names == NULL || texts == NULL || lens == NULL) {
		free(ld.f);
		free(names);
		free(texts);
		free(lens);
		store_runs_free(&runs);
		return (store_fail(s, "out of memory"));
	}
	/* Oldest first: a baseline before what came after it.  The texts
	   are fetched here and parsed on every CPU. */
	for (i = 0; i < runs.n && rc == STORE_OK; i++) {
		k = runs.n - 1 - i;
		if (asprintf(&names[i], "run %lld", runs.runs[k].id) < 0) {
			names[i] = NULL;
			rc = store_fail(s, "out of memory");
		} else
			rc = store_document(s, runs.runs[k].id, &texts[i],
			    &lens[i]);
	}
	if (rc == STORE_OK)
		rc = rs_parse_each(names, texts, lens, runs.n, keep_file, &ld);
	else
		for (i = 0; i < runs.n; i++)
			free(texts[i]);
	for (i = 0; i < runs.n; i++)
		free(names[i]);
	free(names);
	free(texts);
	free(lens);
	store_runs_free(&runs);
	if (rc != STORE_OK) {
		for (i = 0; i < ld.n; i++)
			rs_free(&ld.f[i]);
		free(ld.f);
		return (STORE_ERROR);
	}
	*files = ld.f;
	*n = ld.n;
	return (STORE_OK);
}

static int
cmp_id(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x < y ? -1 : x > y);
}

/* A selection's "last=N": only the points of its N newest runs. */
static int
keep_last(struct store *s, const struct store_sel *sel,
    struct store_points *out)
{
	struct store_runs runs;
	long long *ids;
	size_t i, k;

	if (store_list(s, sel, &runs) != STORE_OK)
		return (STORE_ERROR);
	if ((ids = calloc(runs.n + 1, sizeof(*ids))) == NULL) {
		store_runs_free(&runs);
		return (store_fail(s, "out of memory"));
	}
	for (i = 0; i < runs.n; i++)
		ids[i] = runs.runs[i].id;
	qsort(ids, runs.n, sizeof(*ids), cmp_id);
	for (i = k = 0; i < out->n; i++)
		if (bsearch(&out->p[i].run, ids, runs.n, sizeof(*ids),
		    cmp_id) != NULL)
			out->p[k++] = out->p[i];
	out->n = k;
	free(ids);
	store_runs_free(&runs);
	return (STORE_OK);
}

int
store_points(struct store *s, const char *group, const char *name,
    const char *ctx_key, const struct store_sel *sel,
    struct store_points *out)
{
	struct store_val p[3 + SEL_NPARAMS];
	struct store_point *pt;
	long long mid;
	size_t i, k;

	memset(out, 0, sizeof(*out));
	if ((mid = sel_machine(s, sel)) == -1)
		return (STORE_ERROR);
	set_text(&p[0], ctx_key);
	set_text(&p[1], group != NULL ? group : name);
	set_text(&p[2], name);
	k = group != NULL ? 2 : name != NULL ? 3 : 1;
	bind_sel(p + k, sel, mid);
	if (s->be->query(s, group != NULL ? points_by_group : name != NULL ?
	    points_by_name : points_all, p, k + SEL_NPARAMS,
	    &out->rows) != STORE_OK)
		return (STORE_ERROR);
	out->n = out->rows.nrows;
	if ((out->p = calloc(out->n + 1, sizeof(*out->p))) == NULL) {
		store_points_free(out);
		return (store_fail(s, "out of memory"));
	}
	for (i = 0; i < out->n; i++) {
		pt = &out->p[i];
		pt->run = strtoll(cell(&out->rows, i, 0), NULL, 10);
		pt->at = cell(&out->rows, i, 1);
		pt->ident = cell(&out->rows, i, 2);
		pt->label = cell(&out->rows, i, 3);
		pt->kernel = cell(&out->rows, i, 4);
		pt->microcode = cell(&out->rows, i, 5);
		secret_out(&out->rows, i, 6);
		pt->ctx = out->rows.cells[i * POINTS_NCOLS + 6];
		pt->key = cell(&out->rows, i, 7);
		pt->name = cell(&out->rows, i, 8);
		pt->params = cell(&out->rows, i, 9);
		pt->status = cell(&out->rows, i, 10);
		pt->median = num(&out->rows, i, 11);
		pt->ci_low = num(&out->rows, i, 12);
		pt->ci_high = num(&out->rows, i, 13);
		pt->flags = cell(&out->rows, i, 14);
	}
	return (sel->last > 0 ? keep_last(s, sel, out) : STORE_OK);
}

void
store_points_free(struct store_points *p)
{

	free(p->p);
	store_rows_free(&p->rows);
	memset(p, 0, sizeof(*p));
}

int
store_machines(struct store *s, struct store_rows *out)
{

	return (s->be->query(s, machine_list_sql, NULL, 0, out) == STORE_OK ?
	    STORE_OK : STORE_ERROR);
}

int
store_context_keys(struct store *s, struct store_rows *out)
{

	return (s->be->query(s, context_keys_sql, NULL, 0, out) == STORE_OK ?
	    STORE_OK : STORE_ERROR);
}

int
store_counts(struct store *s, long long counts[4])
{
	struct store_rows r;
	size_t i;

	if (s->be->query(s, counts_sql, NULL, 0, &r) != STORE_OK)
		return (STORE_ERROR);
	for (i = 0; i < 4; i++)
		counts[i] = r.nrows == 1 ? strtoll(cell(&r, 0, i), NULL, 10) :
		    0;
	store_rows_free(&r);
	return (STORE_OK);
}
