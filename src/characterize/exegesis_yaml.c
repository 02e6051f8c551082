/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading llvm-exegesis's output (characterize/exegesis.h) with libyaml:
 * a stream of documents, each a mapping whose keys are checked where
 * they are read.  The text comes from a program we ran, but a form's
 * name and text end up in tables and files, so every string is kept as
 * it was read and scrubbed where it is printed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "characterize/exegesis.h"

#define XDOC_MAX_CODE	(1 << 20)	/* bytes of one assembled snippet */

static char *
scalar(yaml_document_t *doc, yaml_node_t *n)
{
	(void)doc;
	if (n == NULL || n->type != YAML_SCALAR_NODE)
		return (NULL);
	return (strndup((const char *)n->data.scalar.value,
	    n->data.scalar.length));
}

static yaml_node_t *
lookup(yaml_document_t *doc, yaml_node_t *map, const char *key)
{
	yaml_node_pair_t *p;
	yaml_node_t *k;

	if (map == NULL || map->type != YAML_MAPPING_NODE)
		return (NULL);
	for (p = map->data.mapping.pairs.start;
	    p < map->data.mapping.pairs.top; p++) {
		k = yaml_document_get_node(doc, p->key);
		if (k != NULL && k->type == YAML_SCALAR_NODE &&
		    k->data.scalar.length == strlen(key) &&
		    memcmp(k->data.scalar.value, key, strlen(key)) == 0)
			return (yaml_document_get_node(doc, p->value));
	}
	return (NULL);
}

/* A sequence of scalars into a new array; -1 when it is not one. */
static int
scalars(yaml_document_t *doc, yaml_node_t *seq, char ***out, size_t *n)
{
	yaml_node_item_t *i;
	size_t k = 0;

	*out = NULL;
	*n = 0;
	if (seq == NULL)
		return (0);
	if (seq->type != YAML_SEQUENCE_NODE)
		return (-1);
	*out = calloc((size_t)(seq->data.sequence.items.top -
	    seq->data.sequence.items.start) + 1, sizeof(**out));
	if (*out == NULL)
		return (-1);
	for (i = seq->data.sequence.items.start;
	    i < seq->data.sequence.items.top; i++)
		if (((*out)[k++] = scalar(doc, yaml_document_get_node(doc,
		    *i))) == NULL) {
			*n = k - 1;
			return (-1);
		}
	*n = k;
	return (0);
}

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return (c - '0');
	c = tolower(c);
	return (c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1);
}

static int
decode_hex(const char *s, unsigned char **out, size_t *len)
{
	size_t n = strlen(s), i;
	int hi, lo;

	*out = NULL;
	*len = 0;
	if (n % 2 != 0 || n / 2 > XDOC_MAX_CODE)
		return (-1);
	if (n == 0)
		return (0);
	if ((*out = malloc(n / 2)) == NULL)
		return (-1);
	for (i = 0; i < n; i += 2) {
		if ((hi = hexval(s[i])) < 0 || (lo = hexval(s[i + 1])) < 0)
			return (-1);
		(*out)[i / 2] = (unsigned char)(hi << 4 | lo);
	}
	*len = n / 2;
	return (0);
}

static void
xdoc_free(struct xdoc *d)
{
	size_t i;

	for (i = 0; i < d->ninsns; i++)
		free(d->insns[i]);
	for (i = 0; i < d->ninits; i++)
		free(d->inits[i]);
	free(d->insns);
	free(d->inits);
	free(d->mode);
	free(d->opcode);
	free(d->config);
	free(d->cpu_name);
	free(d->triple);
	free(d->error);
	free(d->info);
	free(d->code);
	memset(d, 0, sizeof(*d));
}

/* Is `op' one of the comma-separated names in list, in any case? */
static int
listed(const char *list, const char *op)
{
	size_t n = strlen(op);
	const char *p;

	for (p = list; p != NULL; p = strchr(p, ','), p = p ? p + 1 : NULL)
		if (strncasecmp(p, op, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return (1);
	return (0);
}

void
xdocs_keep(struct xdocs *x, const char *list)
{
	size_t i, k = 0;

	for (i = 0; i < x->n; i++) {
		if (x->d[i].opcode != NULL && listed(list, x->d[i].opcode))
			x->d[k++] = x->d[i];
		else
			xdoc_free(&x->d[i]);
	}
	x->n = k;
}

void
xdocs_free(struct xdocs *x)
{
	size_t i;

	for (i = 0; i < x->n; i++)
		xdoc_free(&x->d[i]);
	free(x->d);
	x->d = NULL;
	x->n = 0;
}

static struct xdoc *
xdocs_add(struct xdocs *x)
{
	struct xdoc *d;

	if ((d = realloc(x->d, (x->n + 1) * sizeof(*d))) == NULL)
		return (NULL);
	x->d = d;
	d = &x->d[x->n++];
	memset(d, 0, sizeof(*d));
	return (d);
}

/* The opcode: the first word of the first instruction. */
static char *
opcode_of(const char *insn)
{
	size_t n = strcspn(insn, " ");

	return (n > 0 ? strndup(insn, n) : NULL);
}

/* One document's mapping into d: NULL, or what is wrong. */
static const char *
read_doc(yaml_document_t *doc, struct xdoc *d, const char *mode)
{
	yaml_node_t *root, *key, *code;
	char *hex;
	int bad;

	root = yaml_document_get_root_node(doc);
	if (root == NULL || root->type != YAML_MAPPING_NODE)
		return ("a document that is not a mapping");
	key = lookup(doc, root, "key");
	if (key == NULL || key->type != YAML_MAPPING_NODE)
		return ("no 'key' mapping");
	if (scalars(doc, lookup(doc, key, "instructions"), &d->insns,
	    &d->ninsns) != 0 || d->ninsns == 0)
		return ("'key.instructions' is not a list of instructions");
	if (scalars(doc, lookup(doc, key, "register_initial_values"),
	    &d->inits, &d->ninits) != 0)
		return ("'key.register_initial_values' is not a list");
	if ((d->mode = scalar(doc, lookup(doc, root, "mode"))) == NULL)
		return ("no 'mode'");
	if (strcmp(d->mode, mode) != 0)
		return ("a document of another mode");
	if ((d->opcode = opcode_of(d->insns[0])) == NULL)
		return ("an instruction without an opcode");
	d->config = scalar(doc, lookup(doc, key, "config"));
	d->cpu_name = scalar(doc, lookup(doc, root, "cpu_name"));
	d->triple = scalar(doc, lookup(doc, root, "llvm_triple"));
	d->error = scalar(doc, lookup(doc, root, "error"));
	d->info = scalar(doc, lookup(doc, root, "info"));
	code = lookup(doc, root, "assembled_snippet");
	if (code == NULL)
		return ("no 'assembled_snippet'");
	if ((hex = scalar(doc, code)) == NULL)
		return ("'assembled_snippet' is not text");
	bad = decode_hex(hex, &d->code, &d->codelen);
	free(hex);
	return (bad ? "'assembled_snippet' is not hexadecimal" : NULL);
}

int
exegesis_parse(const char *text, size_t len, const char *mode,
    struct xdocs *out, char *err, size_t errlen)
{
	yaml_parser_t p;
	yaml_document_t doc;
	yaml_node_t *root;
	struct xdoc *d;
	const char *why;
	size_t line;
	int rc = 0;

	if (!yaml_parser_initialize(&p)) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	for (;;) {
		if (!yaml_parser_load(&p, &doc)) {
			snprintf(err, errlen, "line %zu: %s",
			    p.problem_mark.line + 1, p.problem != NULL ?
			    p.problem : "not YAML");
			rc = -1;
			break;
		}
		root = yaml_document_get_root_node(&doc);
		if (root == NULL) {		/* the end of the stream */
			yaml_document_delete(&doc);
			break;
		}
		line = root->start_mark.line + 1;
		if ((d = xdocs_add(out)) == NULL) {
			why = "out of memory";
		} else if ((why = read_doc(&doc, d, mode)) != NULL) {
			xdoc_free(d);
			out->n--;
		}
		yaml_document_delete(&doc);
		if (why != NULL) {
			snprintf(err, errlen, "line %zu: %s", line, why);
			rc = -1;
			break;
		}
	}
	yaml_parser_delete(&p);
	return (rc);
}

/*
 * Lines "OPCODE: why" become documents with that error and no code, so
 * that an opcode exegesis could not make a snippet for still has a row.
 * Other lines (warnings) are passed over.
 */
int
exegesis_add_refusals(const char *text, size_t len, const char *mode,
    struct xdocs *out)
{
	const char *s = text, *end = text + len, *nl, *colon;
	struct xdoc *d;
	size_t n;

	for (; s < end; s = nl + 1) {
		if ((nl = memchr(s, '\n', (size_t)(end - s))) == NULL)
			nl = end;
		colon = memchr(s, ':', (size_t)(nl - s));
		/* An opcode's name starts with a capital: LLVM's "warning:",
		   "error:" and "note:" lines are not refusals. */
		if (colon == NULL || colon == s || colon + 1 == nl ||
		    colon[1] != ' ' || !isupper((unsigned char)s[0]))
			continue;
		for (n = 0; s + n < colon && (isalnum((unsigned char)s[n]) ||
		    s[n] == '_'); n++)
			;
		if (s + n != colon)
			continue;
		if ((d = xdocs_add(out)) == NULL ||
		    (d->opcode = strndup(s, n)) == NULL ||
		    (d->mode = strdup(mode)) == NULL ||
		    (d->error = strndup(colon + 2, (size_t)(nl - colon - 2))) ==
		    NULL)
			return (-1);
	}
	return (0);
}
