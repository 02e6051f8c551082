/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Keeping a run: its machine (made once, found by identity), the run
 * with its document text, one row per result with the figures tables
 * and histories use, and its context pairs, all in one transaction.  A
 * document already stored on the same machine is found by its digest
 * and its text, and not stored twice.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/store.h"

/* FNV-1a 64 over s[0..n-1] and a NUL, so fields cannot run together. */
static uint64_t
fnv(uint64_t h, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3ULL;
	return (h * 0x100000001b3ULL);
}

void
store_digest(const char *text, size_t len, char out[17])
{

	snprintf(out, 17, "%016llx", (unsigned long long)fnv(
	    0xcbf29ce484222325ULL, text, len));
}

/*
 * What stays when a machine is updated and differs between machines:
 * the CPU and what it runs under.  Not the kernel, microcode, mitigations
 * or clock, which change on the same machine and are columns of runs.
 * Two hosts with the same CPU share it; --context host tells them apart.
 */
void
store_machine_ident(const struct rs_machine *m, char out[17])
{
	char num[64];
	uint64_t h = 0xcbf29ce484222325ULL;

	h = fnv(h, m->cpu_vendor, strlen(m->cpu_vendor));
	h = fnv(h, m->cpu_brand, strlen(m->cpu_brand));
	snprintf(num, sizeof(num), "%lld/%lld/%lld", m->cpu_family,
	    m->cpu_model, m->cpu_stepping);
	h = fnv(h, num, strlen(num));
	h = fnv(h, m->arch, strlen(m->arch));
	h = fnv(h, m->hypervisor, strlen(m->hypervisor));
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* started_at when it is the ISO 8601 UTC time cyclebench writes. */
static int
iso_time(const char *s)
{
	struct tm tm;
	const char *end;

	memset(&tm, 0, sizeof(tm));
	end = strptime(s, "%Y-%m-%dT%H:%M:%SZ", &tm);
	return (end != NULL && *end == '\0');
}

struct save {
	const char	*text;
	size_t		 len;
	const struct rs_file *f;
	char		 ident[17], digest[17], saved_at[32], label[64];
	long long	 run_id;
	int		 dup;
};

static const char put_machine[] =
    "INSERT INTO machines (ident, label, cpu_vendor, cpu_brand, cpu_family,"
    " cpu_model, cpu_stepping, arch, hypervisor)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (ident) DO NOTHING";
static const char get_machine[] = "SELECT id FROM machines WHERE ident = ?";
static const char put_run[] =
    "INSERT INTO runs (machine_id, at_utc, started_at, saved_at, digest,"
    " kernel, microcode, partial, schema_version, tool_version, argv,"
    " nresults, document)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (machine_id, digest) DO NOTHING RETURNING id";
static const char get_run[] =
    "SELECT id, document FROM runs WHERE machine_id = ? AND digest = ?";
static const char put_result[] =
    "INSERT INTO results (run_id, seq, name, bench_key, params, grp, mode,"
    " status, method, median, ci_low, ci_high, nsamples, flags)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
static const char put_context[] =
    "INSERT INTO context (run_id, key, value) VALUES (?, ?, ?)";

#define TEXT(v)	{ .type = SV_TEXT, .s = (v) }
#define INT(v)	{ .type = SV_INT, .i = (v) }
#define REAL(v)	{ .type = SV_REAL, .d = (v) }

static int
machine_id(struct store *s, struct save *sv, long long *id)
{
	const struct rs_machine *m = &sv->f->machine;
	struct store_val p[] = {
		TEXT(sv->ident), TEXT(sv->label), TEXT(m->cpu_vendor),
		TEXT(m->cpu_brand), INT(m->cpu_family), INT(m->cpu_model),
		INT(m->cpu_stepping), TEXT(m->arch), TEXT(m->hypervisor),
	};
	struct store_rows r;
	int rc;

	if ((rc = s->be->query(s, put_machine, p, 9, NULL)) != STORE_OK ||
	    (rc = s->be->query(s, get_machine, p, 1, &r)) != STORE_OK)
		return (rc);
	if (r.nrows == 1 && r.cells[0] != NULL)
		*id = strtoll(r.cells[0], NULL, 10);
	else
		rc = store_fail(s, "the machine just stored is not there");
	store_rows_free(&r);
	return (rc);
}

/* The run that holds this very document, if any. */
static int
find_same(struct store *s, struct save *sv, long long mid)
{
	struct store_val p[] = { INT(mid), TEXT(sv->digest) };
	struct store_rows r;
	int rc;

	if ((rc = s->be->query(s, get_run, p, 2, &r)) != STORE_OK)
		return (rc);
	if (r.nrows != 1 || r.cells[1] == NULL)
		rc = store_fail(s, "a run with this digest vanished");
	else if (strlen(r.cells[1]) != sv->len ||
	    memcmp(r.cells[1], sv->text, sv->len) != 0)
		rc = store_fail(s, "run %s has the same digest and another "
		    "text: a hash collision, not stored", r.cells[0]);
	else {
		sv->run_id = strtoll(r.cells[0], NULL, 10);
		sv->dup = 1;
	}
	store_rows_free(&r);
	return (rc);
}

static int
results(struct store *s, struct save *sv)
{
	const struct rs_result *x;
	struct store_val p[14];
	size_t i;
	int rc;

	for (i = 0; i < sv->f->nresults; i++) {
		x = &sv->f->results[i];
		p[0] = (struct store_val)INT(sv->run_id);
		p[1] = (struct store_val)INT((long long)i);
		p[2] = (struct store_val)TEXT(x->name);
		p[3] = (struct store_val)TEXT(x->key);
		p[4] = (struct store_val)TEXT(x->params);
		p[5] = (struct store_val)TEXT(x->group);
		p[6] = (struct store_val)TEXT(x->mode);
		p[7] = (struct store_val)TEXT(x->status);
		p[8] = (struct store_val)TEXT(x->method);
		p[9] = (struct store_val)REAL(x->cycles.median);
		p[10] = (struct store_val)REAL(x->cycles.ci95_low);
		p[11] = (struct store_val)REAL(x->cycles.ci95_high);
		p[12] = (struct store_val)INT((long long)x->nsamples);
		p[13] = (struct store_val)TEXT(x->flags);
		if ((rc = s->be->query(s, put_result, p, 14, NULL)) !=
		    STORE_OK)
			return (rc);
	}
	return (STORE_OK);
}

static int
context(struct store *s, struct save *sv)
{
	struct store_val p[3] = { INT(sv->run_id), TEXT(NULL), TEXT(NULL) };
	const char *k;
	json_t *v;
	int rc;

	json_object_foreach(sv->f->context, k, v) {
		p[1].s = k;
		p[2].s = json_string_value(v);
		if ((rc = s->be->query(s, put_context, p, 3, NULL)) !=
		    STORE_OK)
			return (rc);
	}
	return (STORE_OK);
}

static int
insert_run(struct store *s, struct save *sv, long long mid,
    struct store_rows *r)
{
	const struct rs_file *f = sv->f;
	struct store_val p[] = {
		INT(mid), TEXT(iso_time(f->started_at) ? f->started_at :
		    sv->saved_at), TEXT(f->started_at), TEXT(sv->saved_at),
		TEXT(sv->digest), TEXT(f->machine.kernel),
		TEXT(f->machine.microcode), INT(f->partial),
		INT(f->schema_version), TEXT(f->tool_version), TEXT(f->argv),
		INT((long long)f->nresults), TEXT(sv->text),
	};

	return (s->be->query(s, put_run, p, 13, r));
}

static int
save_one(struct store *s, struct save *sv)
{
	struct store_rows r;
	long long mid = 0;
	int rc;

	sv->dup = 0;
	if ((rc = machine_id(s, sv, &mid)) != STORE_OK ||
	    (rc = insert_run(s, sv, mid, &r)) != STORE_OK)
		return (rc);
	if (r.nrows == 0) {
		store_rows_free(&r);
		return (find_same(s, sv, mid));
	}
	sv->run_id = r.cells[0] != NULL ? strtoll(r.cells[0], NULL, 10) : 0;
	store_rows_free(&r);
	if ((rc = results(s, sv)) != STORE_OK)
		return (rc);
	return (context(s, sv));
}

struct batch {
	struct save	*sv;
	size_t		 n;
};

static int
save_tx(struct store *s, void *arg)
{
	struct batch *b = arg;
	size_t i;
	int rc;

	for (i = 0; i < b->n; i++)
		if ((rc = save_one(s, &b->sv[i])) != STORE_OK)
			return (rc);
	return (STORE_OK);
}

int
store_save_many(struct store *s, struct store_doc *d, size_t n)
{
	struct batch b;
	struct tm tm;
	time_t t;
	size_t i;
	int rc;

	if (n == 0)
		return (STORE_OK);
	if ((b.sv = calloc(n, sizeof(*b.sv))) == NULL)
		return (store_fail(s, "out of memory"));
	b.n = n;
	t = time(NULL);
	gmtime_r(&t, &tm);
	for (i = 0; i < n; i++) {
		/* The text goes to the store as a C string. */
		if (strlen(d[i].text) != d[i].len) {
			free(b.sv);
			return (store_fail(s, "document %zu holds a NUL byte",
			    i + 1));
		}
		b.sv[i].text = d[i].text;
		b.sv[i].len = d[i].len;
		b.sv[i].f = d[i].f;
		store_machine_ident(&d[i].f->machine, b.sv[i].ident);
		if (d[i].digest[0] != '\0')
			memcpy(b.sv[i].digest, d[i].digest, sizeof(d[i].digest));
		else
			store_digest(d[i].text, d[i].len, b.sv[i].digest);
		rs_short_brand(d[i].f->machine.cpu_brand, b.sv[i].label,
		    sizeof(b.sv[i].label));
		strftime(b.sv[i].saved_at, sizeof(b.sv[i].saved_at),
		    "%Y-%m-%dT%H:%M:%SZ", &tm);
	}
	if ((rc = store_transact(s, save_tx, &b)) == STORE_OK)
		for (i = 0; i < n; i++) {
			d[i].run_id = b.sv[i].run_id;
			d[i].dup = b.sv[i].dup;
		}
	free(b.sv);
	return (rc);
}

int
store_save(struct store *s, const char *text, size_t len,
    const struct rs_file *f, long long *run_id, int *dup)
{
	struct store_doc d = { text, len, f, 0, 0, "" };

	if (store_save_many(s, &d, 1) != STORE_OK)
		return (STORE_ERROR);
	*run_id = d.run_id;
	*dup = d.dup;
	return (STORE_OK);
}
