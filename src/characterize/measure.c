/* SPDX-License-Identifier: BSD-2-Clause */
/* Forms as snippet benchmarks (characterize/measure.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "characterize/measure.h"
#include "snippet/assemble.h"

/* Code as .byte lines, for a set-up the assembler reads with more. */
static void
byte_lines(FILE *fp, const struct snippet_code *c)
{
	size_t i;

	for (i = 0; i < c->len; i++)
		fprintf(fp, "%s0x%02x", i % 16 == 0 ? "\n.byte " : ",",
		    c->bytes[i]);
	fputc('\n', fp);
}

/*
 * exegesis's set-up as .byte lines, then a chain's set-up and the values
 * the form needs (arch_exegesis_chain, arch_exegesis_setup), for as.
 */
static int
init_text(const struct snippet_code *c, const char *chain, const char *need,
    char **text, size_t *len)
{
	FILE *fp;

	if ((fp = open_memstream(text, len)) == NULL)
		return (-1);
	byte_lines(fp, c);
	fprintf(fp, "%s\n%s", chain, need);
	return (fclose(fp) != 0 ? -1 : 0);
}

/*
 * The row's snippet as a spec, with exegesis's copies made independent
 * when `wide', else as exegesis or cyclebench's chain has it: a text
 * without its code (spec->body_code, spec->init_code NULL) is for the
 * assembler; *init is the set-up text made here, for the caller to free.
 */
static int
compose(struct charz_row *row, double timeout, int wide,
    struct snippet_spec *spec, char **init)
{
	const struct xsplit *sp = row->snip->split;
	const struct form_wide *fw = &row->form->wide;
	char setup[1024];
	int need, chained;

	*init = NULL;
	if (row->snip->doc == NULL) {
		snprintf(row->why, sizeof(row->why), "llvm-exegesis wrote no "
		    "%s snippet", cb_mode_name(row->mode));
		return (-1);
	}
	if (sp == NULL || sp->att == NULL) {
		snprintf(row->why, sizeof(row->why), "%s%s%s%s",
		    row->snip->doc->codelen == 0 ? "llvm-exegesis: " : "",
		    row->snip->doc->error != NULL && row->snip->doc->codelen ==
		    0 ? row->snip->doc->error : sp != NULL && sp->why != NULL ?
		    sp->why : "no snippet", row->mode == CB_LATENCY &&
		    row->form->chain.kind != NULL ? "; no chain of "
		    "cyclebench's: " : "", row->mode == CB_LATENCY &&
		    row->form->chain.kind != NULL ? row->form->chain.kind : "");
		return (-1);
	}
	if ((need = arch_exegesis_setup(wide ? fw->body : sp->att, setup,
	    sizeof(setup))) < 0) {
		snprintf(row->why, sizeof(row->why), "%.200s", setup);
		return (-1);
	}
	chained = row->mode == CB_LATENCY && row->form->chained;
	memset(spec, 0, sizeof(*spec));
	spec->title = row->form->opcode;
	spec->body = sp->att;
	spec->body_len = strlen(sp->att);
	spec->body_label = "body";
	spec->body_code = &sp->body;
	spec->init_code = &sp->init;
	spec->init_label = "set-up";
	spec->mode = row->mode;
	spec->keep_mode = 1;
	spec->per_copy = (unsigned)sp->ninsns;
	spec->timeout = timeout;
	spec->share_process = 1;	/* exegesis's code, from LLVM's tables */
	if (chained) {
		spec->body = row->form->chain.body;
		spec->body_len = strlen(spec->body);
		spec->body_code = NULL;
		spec->per_copy = row->form->chain.per_link;
	}
	if (wide) {
		spec->body = fw->body;
		spec->body_len = strlen(spec->body);
		spec->body_code = NULL;
		spec->per_copy = fw->copies;
	}
	if (chained || wide || need) {
		if (init_text(&sp->init, chained ? row->form->chain.init :
		    wide ? fw->init : "", need ? setup : "", init,
		    &spec->init_len) != 0) {
			snprintf(row->why, sizeof(row->why), "out of memory");
			return (-1);
		}
		spec->init = *init;
		spec->init_code = NULL;
	}
	return (0);
}

/* Texts assembled for a batch of rows ahead of them, told by their text. */
struct assembled {
	const char	**text;
	size_t		 *len;
	char		**owned;	/* set-up texts made for the batch */
	struct snippet_code *code;
	size_t		 n;
};

static const struct snippet_code *
assembled(const struct assembled *pre, const char *text, size_t len)
{
	size_t i;

	for (i = 0; pre != NULL && i < pre->n; i++)
		if (pre->code[i].bytes != NULL && pre->len[i] == len &&
		    memcmp(pre->text[i], text, len) == 0)
			return (&pre->code[i]);
	return (NULL);
}

/* The row's snippet, from what `pre' has assembled or else assembling. */
static int
prepare(struct charz_row *row, double timeout, int wide,
    const struct assembled *pre)
{
	struct snippet_spec spec;
	char err[4096], warn[1024], *init;
	int rc;

	row->s = NULL;
	row->wide = 0;
	snprintf(row->name, sizeof(row->name), "x86/%s", row->form->opcode);
	if (compose(row, timeout, wide, &spec, &init) != 0)
		return (-1);
	if (spec.body_code == NULL)
		spec.body_code = assembled(pre, spec.body, spec.body_len);
	if (spec.init_code == NULL)
		spec.init_code = assembled(pre, spec.init, spec.init_len);
	rc = snippet_prepare(&spec, &row->s, err, sizeof(err), warn,
	    sizeof(warn));
	free(init);
	if (rc != 0) {
		snprintf(row->why, sizeof(row->why), "%.200s", err);
		return (-1);
	}
	row->wide = wide;
	row->s->bench.name = row->name;
	row->s->bench.desc = row->snip->split->att;
	memset(row->s->bench.params, 0, sizeof(row->s->bench.params));
	row->s->bench.params[0] = charz_mode_param(row->mode);
	return (0);
}

/* Copies the assembler refuses cost the row nothing: exegesis's. */
static int
wide_first(const struct charz_row *row)
{
	return (row->mode == CB_THROUGHPUT && row->form->wide.body != NULL &&
	    row->snip->split != NULL && row->snip->split->att != NULL);
}

static int
prepare_one(struct charz_row *row, double timeout, const struct assembled *pre)
{
	if (wide_first(row) && prepare(row, timeout, 1, pre) == 0)
		return (0);
	return (prepare(row, timeout, 0, pre));
}

/* What the rows' snippets give the assembler, into pre (2 texts a row). */
static void
collect(struct charz_row *rows, size_t n, double timeout,
    struct assembled *pre)
{
	struct snippet_spec spec;
	char *init;
	size_t i;

	for (i = 0; i < n; i++) {
		if (compose(&rows[i], timeout, wide_first(&rows[i]), &spec,
		    &init) != 0)
			continue;
		if (init != NULL)
			pre->owned[i] = init;
		if (spec.body_code == NULL) {
			pre->text[pre->n] = spec.body;
			pre->len[pre->n++] = spec.body_len;
		}
		if (spec.init_code == NULL) {
			pre->text[pre->n] = spec.init;
			pre->len[pre->n++] = spec.init_len;
		}
	}
}

size_t
charz_prepare_all(struct charz_row *rows, size_t n, double timeout)
{
	const struct snippet_asm_opts o = { 0, 0, timeout };
	struct assembled pre = { 0 };
	size_t i, made = 0;

	pre.text = calloc(2 * n + 1, sizeof(*pre.text));
	pre.len = calloc(2 * n + 1, sizeof(*pre.len));
	pre.owned = calloc(n + 1, sizeof(*pre.owned));
	pre.code = calloc(2 * n + 1, sizeof(*pre.code));
	if (pre.text != NULL && pre.len != NULL && pre.owned != NULL &&
	    pre.code != NULL) {
		collect(rows, n, timeout, &pre);
		snippet_assemble_batch(pre.text, pre.len, pre.n, &o, pre.code);
	} else
		pre.n = 0;	/* out of memory: each on its own */
	for (i = 0; i < n; i++)
		made += prepare_one(&rows[i], timeout, &pre) == 0;
	for (i = 0; i < pre.n; i++)
		snippet_code_free(&pre.code[i]);
	for (i = 0; pre.owned != NULL && i < n; i++)
		free(pre.owned[i]);
	free(pre.code);
	free(pre.owned);
	free(pre.len);
	free(pre.text);
	return (made);
}

int
charz_prepare(struct charz_row *row, double timeout)
{
	return (charz_prepare_all(row, 1, timeout) == 1 ? 0 : -1);
}

struct cb_param
charz_mode_param(enum cb_mode mode)
{
	return ((struct cb_param){ "mode", cb_mode_name(mode) });
}

void
charz_why(const char *reason, char *buf, size_t len)
{
	if (strstr(reason, "SIGILL") != NULL)
		snprintf(buf, len, "not on this CPU (SIGILL)");
	else if (strstr(reason, "general protection") != NULL &&
	    strstr(reason, " of 0x") == NULL)
		snprintf(buf, len, "privileged (#GP)");
	else if (buf != reason)		/* in place: it is there already */
		snprintf(buf, len, "%s", reason);
}

void
charz_row_free(struct charz_row *row)
{
	snippet_free(row->s);
	row->s = NULL;
}
