/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The machine fingerprint of the HTML report: what shaped the numbers,
 * as key and value.  The first input shows all of it; every other one
 * only what differs from the first, since inputs compared are usually
 * runs on one machine, and twenty identical lines hide the one that is
 * not.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/escape.h"
#include "report/html.h"

/* The fingerprint as key and value, in the order it is shown. */
#define FP_MAX_ITEMS	64
#define FP_VALUE_MAX	320

struct fp_item {
	char	 key[64];
	char	 value[FP_VALUE_MAX];
};

static size_t
fp_add(struct fp_item *it, size_t n, const char *key, const char *value)
{

	if (n == FP_MAX_ITEMS)
		return (n);
	snprintf(it[n].key, sizeof(it[n].key), "%s", key);
	snprintf(it[n].value, sizeof(it[n].value), "%s", value[0] != '\0' ?
	    value : "unknown");
	return (n + 1);
}

/* What shaped these numbers; mitigations come last, one item each. */
static size_t
fingerprint_items(const struct rs_file *f, struct fp_item *it)
{
	const struct rs_machine *m = &f->machine;
	char buf[FP_VALUE_MAX], key[64];
	const char *k;
	json_t *v;
	size_t n = 0;

	n = fp_add(it, n, "CPU", m->cpu_brand);
	snprintf(buf, sizeof(buf), "%s family %lld model %lld stepping %lld",
	    m->cpu_vendor, m->cpu_family, m->cpu_model, m->cpu_stepping);
	n = fp_add(it, n, "CPUID", buf);
	n = fp_add(it, n, "codename", m->codename);
	n = fp_add(it, n, "microcode", m->microcode);
	snprintf(buf, sizeof(buf), "%s %s %s", m->os, m->kernel, m->arch);
	n = fp_add(it, n, "kernel", buf);
	n = fp_add(it, n, "hypervisor", m->hypervisor[0] ? m->hypervisor :
	    "none (bare metal)");
	snprintf(buf, sizeof(buf), "%s: %s", m->cycle_method, m->cycle_source);
	n = fp_add(it, n, "cycles", buf);
	snprintf(buf, sizeof(buf), "%.4f core cycles per TSC tick",
	    m->cycles_per_tick);
	n = fp_add(it, n, "clock ratio", buf);
	snprintf(buf, sizeof(buf), "%.1f MHz (%s)", m->tsc_hz / 1e6,
	    m->tsc_source);
	n = fp_add(it, n, "TSC", buf);
	n = fp_add(it, n, "run", f->started_at);
	n = fp_add(it, n, "command", f->argv);
	json_object_foreach(f->context, k, v) {
		snprintf(key, sizeof(key), "context %s", k);
		n = fp_add(it, n, key, json_is_string(v) ?
		    json_string_value(v) : "unknown");
	}
	snprintf(buf, sizeof(buf), "cyclebench %s, results schema %lld%s",
	    f->tool_version, f->schema_version, f->partial ?
	    "; interrupted: partial results" : "");
	n = fp_add(it, n, "written by", buf);
	json_object_foreach(m->mitigations, k, v) {
		snprintf(key, sizeof(key), "mitigation %s", k);
		n = fp_add(it, n, key, json_is_string(v) ?
		    json_string_value(v) : "unknown");
	}
	return (n);
}

static void
dl_item(FILE *fp, const struct fp_item *it)
{

	fputs("<dt>", fp);
	html_text(fp, it->key);
	fputs("</dt><dd>", fp);
	html_text(fp, it->value);
	fputs("</dd>\n", fp);
}

static int
is_mitigation(const struct fp_item *it)
{

	return (strncmp(it->key, "mitigation ", 11) == 0);
}

/* The whole fingerprint: mitigations folded away, there are many. */
static void
fingerprint_full(FILE *fp, const struct fp_item *it, size_t n)
{
	size_t i;

	fputs("<aside><dl>\n", fp);
	for (i = 0; i < n; i++)
		if (!is_mitigation(&it[i]))
			dl_item(fp, &it[i]);
	fputs("</dl>\n<details><summary>mitigations</summary><dl>\n", fp);
	for (i = 0; i < n; i++)
		if (is_mitigation(&it[i]))
			dl_item(fp, &it[i]);
	fputs("</dl></details></aside>\n", fp);
}

/* The value of `key' among it[0..n-1], or NULL. */
static const char *
fp_value(const struct fp_item *it, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strcmp(it[i].key, key) == 0)
			return (it[i].value);
	return (NULL);
}

/* Input idx's items that the first input lacks or has otherwise. */
static void
fingerprint_diff(FILE *fp, const struct fp_item *base, size_t nbase,
    const struct fp_item *it, size_t n, size_t idx)
{
	const char *was;
	size_t i;

	fprintf(fp, "<aside><p>Machine and run: as <b>%c</b>, except:</p>"
	    "<dl>\n", CMP_LETTER(0));
	for (i = 0; i < n; i++) {
		was = fp_value(base, nbase, it[i].key);
		if (was == NULL || strcmp(was, it[i].value) != 0)
			dl_item(fp, &it[i]);
	}
	for (i = 0; i < nbase; i++)
		if (fp_value(it, n, base[i].key) == NULL) {
			fputs("<dt>", fp);
			html_text(fp, base[i].key);
			fprintf(fp, "</dt><dd>(not in %c)</dd>\n",
			    CMP_LETTER(idx));
		}
	fputs("</dl></aside>\n", fp);
}

void
html_fingerprint(FILE *fp, const struct rs_file *files, size_t idx)
{
	struct fp_item *it, *base;
	size_t nit, nbase;

	if ((it = calloc(2 * FP_MAX_ITEMS, sizeof(*it))) == NULL)
		return;
	base = it + FP_MAX_ITEMS;
	nit = fingerprint_items(&files[idx], it);
	if (idx == 0)
		fingerprint_full(fp, it, nit);
	else {
		nbase = fingerprint_items(&files[0], base);
		fingerprint_diff(fp, base, nbase, it, nit, idx);
	}
	free(it);
}
