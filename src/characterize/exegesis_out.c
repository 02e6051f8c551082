/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Writing exegesis's benchmark YAML (characterize/exegesis_out.h) with
 * libyaml's emitter, event by event, so that quoting is libyaml's and
 * never ours: an instruction or a register's value is single-quoted as
 * exegesis writes it, any other string in whatever style YAML needs.
 * The keys come in exegesis's order (yaml::IO reads them in any order,
 * but a reader comparing files sees exegesis's own layout).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <yaml.h>

#include "characterize/exegesis_out.h"

struct buf {
	char	*p;
	size_t	 len, cap;
};

/* libyaml's output handler: 1 written, 0 out of memory. */
static int
buf_write(void *data, unsigned char *s, size_t n)
{
	struct buf *b = data;
	size_t cap;
	char *p;

	if (b->len + n + 1 > b->cap) {
		for (cap = b->cap != 0 ? b->cap : 65536; cap < b->len + n + 1;
		    cap *= 2)
			;
		if ((p = realloc(b->p, cap)) == NULL)
			return (0);
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	return (1);
}

/* Each emitter call returns 1 done, 0 failed (and frees the event). */
static int
scalar(yaml_emitter_t *em, const char *s, yaml_scalar_style_t style)
{
	yaml_event_t ev;

	return (yaml_scalar_event_initialize(&ev, NULL, NULL,
	    (yaml_char_t *)(uintptr_t)s, (int)strlen(s), 1, 1, style) &&
	    yaml_emitter_emit(em, &ev));
}

/* key: value; an empty value quoted, or it would read as null. */
static int
plain(yaml_emitter_t *em, const char *key, const char *value)
{
	return (scalar(em, key, YAML_PLAIN_SCALAR_STYLE) &&
	    scalar(em, value, *value == '\0' ?
	    YAML_SINGLE_QUOTED_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE));
}

static int
mapping(yaml_emitter_t *em, yaml_mapping_style_t style)
{
	yaml_event_t ev;

	return (yaml_mapping_start_event_initialize(&ev, NULL, NULL, 1,
	    style) && yaml_emitter_emit(em, &ev));
}

static int
mapping_end(yaml_emitter_t *em)
{
	yaml_event_t ev;

	return (yaml_mapping_end_event_initialize(&ev) &&
	    yaml_emitter_emit(em, &ev));
}

/* key: a block sequence of single-quoted strings ([] when none). */
static int
quoted_list(yaml_emitter_t *em, const char *key, char *const *s, size_t n)
{
	yaml_event_t ev;
	size_t i;

	if (!scalar(em, key, YAML_PLAIN_SCALAR_STYLE) ||
	    !yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    YAML_BLOCK_SEQUENCE_STYLE) || !yaml_emitter_emit(em, &ev))
		return (0);
	for (i = 0; i < n; i++)
		if (!scalar(em, s[i], YAML_SINGLE_QUOTED_SCALAR_STYLE))
			return (0);
	return (yaml_sequence_end_event_initialize(&ev) &&
	    yaml_emitter_emit(em, &ev));
}

/* The shortest decimal that reads back as v. */
static void
shortest(double v, char *s, size_t len)
{
	int prec;

	for (prec = 1; prec < 17; prec++) {
		snprintf(s, len, "%.*g", prec, v);
		if (strtod(s, NULL) == v)
			return;
	}
	snprintf(s, len, "%.17g", v);
}

/* `measurements': one flow mapping, { key: MODE, value: V, ... }. */
static int
measurement(yaml_emitter_t *em, const struct xdoc *d, double per_snippet,
    unsigned long reps)
{
	yaml_event_t ev;
	double copies;
	char v[32], ps[32];

	copies = ceil((double)reps / (double)d->ninsns);
	shortest(per_snippet * copies / (double)reps, v, sizeof(v));
	shortest(per_snippet, ps, sizeof(ps));
	return (scalar(em, "measurements", YAML_PLAIN_SCALAR_STYLE) &&
	    yaml_sequence_start_event_initialize(&ev, NULL, NULL, 1,
	    YAML_BLOCK_SEQUENCE_STYLE) && yaml_emitter_emit(em, &ev) &&
	    mapping(em, YAML_FLOW_MAPPING_STYLE) &&
	    plain(em, "key", d->mode) && plain(em, "value", v) &&
	    plain(em, "per_snippet_value", ps) && mapping_end(em) &&
	    yaml_sequence_end_event_initialize(&ev) &&
	    yaml_emitter_emit(em, &ev));
}

static int
document(yaml_emitter_t *em, const struct xdoc *d, double per_snippet,
    unsigned long reps)
{
	yaml_event_t ev;
	char num[32], *hex;
	size_t i;
	int ok;

	if ((hex = malloc(d->codelen * 2 + 1)) == NULL)
		return (0);
	for (i = 0; i < d->codelen; i++)
		snprintf(hex + i * 2, 3, "%02X", d->code[i]);
	hex[d->codelen * 2] = '\0';
	snprintf(num, sizeof(num), "%lu", reps);
	ok = yaml_document_start_event_initialize(&ev, NULL, NULL, NULL, 0) &&
	    yaml_emitter_emit(em, &ev) &&
	    mapping(em, YAML_BLOCK_MAPPING_STYLE) &&
	    plain(em, "mode", d->mode) &&
	    scalar(em, "key", YAML_PLAIN_SCALAR_STYLE) &&
	    mapping(em, YAML_BLOCK_MAPPING_STYLE) &&
	    quoted_list(em, "instructions", d->insns, d->ninsns) &&
	    plain(em, "config", d->config != NULL ? d->config : "") &&
	    quoted_list(em, "register_initial_values", d->inits, d->ninits) &&
	    mapping_end(em) &&
	    plain(em, "cpu_name", d->cpu_name) &&
	    plain(em, "llvm_triple", d->triple) &&
	    plain(em, "num_repetitions", num) &&
	    measurement(em, d, per_snippet, reps) &&
	    plain(em, "error", "") &&
	    (d->info == NULL || plain(em, "info", d->info)) &&
	    plain(em, "assembled_snippet", hex) &&
	    mapping_end(em) &&
	    yaml_document_end_event_initialize(&ev, 0) &&
	    yaml_emitter_emit(em, &ev);
	free(hex);
	return (ok);
}

/* Whether d can be written: NULL, or why not. */
static const char *
unwritable(const struct xdoc *d, const char *mode)
{
	if (strcmp(d->mode, "latency") != 0 &&
	    strcmp(d->mode, "inverse_throughput") != 0)
		return ("is of a mode measured in cycles by neither latency "
		    "nor inverse_throughput");
	if (mode != NULL && strcmp(d->mode, mode) != 0)
		return ("is of another mode than the file's first: "
		    "exegesis's analysis takes one mode a file");
	if (d->cpu_name == NULL || d->triple == NULL)
		return ("has no cpu_name or llvm_triple");
	return (NULL);
}

int
exegesis_out(const struct xdocs *x, const double *per_snippet,
    unsigned long num_repetitions, char **text, size_t *len, char *err,
    size_t errlen)
{
	yaml_emitter_t em;
	yaml_event_t ev;
	struct buf b = { 0 };
	const char *mode = NULL, *why;
	size_t i;
	int ok;

	*text = NULL;
	*len = 0;
	if (num_repetitions == 0) {
		snprintf(err, errlen, "num_repetitions must be positive");
		return (-1);
	}
	for (i = 0; i < x->n; i++) {
		if (!isfinite(per_snippet[i]) || x->d[i].codelen == 0)
			continue;
		if ((why = unwritable(&x->d[i], mode)) != NULL) {
			snprintf(err, errlen, "the document of %s %s",
			    x->d[i].opcode, why);
			return (-1);
		}
		mode = x->d[i].mode;
	}
	if (!yaml_emitter_initialize(&em)) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	yaml_emitter_set_output(&em, buf_write, &b);
	yaml_emitter_set_unicode(&em, 1);
	yaml_emitter_set_width(&em, -1);
	ok = yaml_stream_start_event_initialize(&ev, YAML_UTF8_ENCODING) &&
	    yaml_emitter_emit(&em, &ev);
	for (i = 0; ok && i < x->n; i++)
		if (isfinite(per_snippet[i]) && x->d[i].codelen != 0)
			ok = document(&em, &x->d[i], per_snippet[i],
			    num_repetitions);
	ok = ok && yaml_stream_end_event_initialize(&ev) &&
	    yaml_emitter_emit(&em, &ev) && yaml_emitter_flush(&em);
	if (!ok)
		snprintf(err, errlen, "writing exegesis's YAML: %s",
		    em.problem != NULL ? em.problem : "out of memory");
	yaml_emitter_delete(&em);
	if (!ok) {
		free(b.p);
		return (-1);
	}
	if (b.p == NULL && (b.p = strdup("")) == NULL) {
		snprintf(err, errlen, "out of memory");
		return (-1);
	}
	*text = b.p;
	*len = b.len;
	return (0);
}
