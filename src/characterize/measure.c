/* SPDX-License-Identifier: BSD-2-Clause */
/* Forms as snippet benchmarks (characterize/measure.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "characterize/measure.h"

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
 * The row's snippet with exegesis's copies made independent when `wide',
 * else as exegesis or cyclebench's chain has it.
 */
static int
prepare(struct charz_row *row, double timeout, int wide)
{
	const struct xsplit *sp = row->snip->split;
	const struct form_wide *fw = &row->form->wide;
	struct snippet_spec spec;
	char err[4096], warn[1024], setup[1024], *init = NULL;
	int rc, need, chained;

	row->s = NULL;
	row->wide = 0;
	snprintf(row->name, sizeof(row->name), "x86/%s", row->form->opcode);
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
	memset(&spec, 0, sizeof(spec));
	spec.title = row->form->opcode;
	spec.body = sp->att;
	spec.body_len = strlen(sp->att);
	spec.body_label = "body";
	spec.body_code = &sp->body;
	spec.init_code = &sp->init;
	spec.init_label = "set-up";
	spec.mode = row->mode;
	spec.keep_mode = 1;
	spec.per_copy = (unsigned)sp->ninsns;
	spec.timeout = timeout;
	spec.share_process = 1;	/* exegesis's code, from LLVM's tables */
	if (chained) {
		spec.body = row->form->chain.body;
		spec.body_len = strlen(spec.body);
		spec.body_code = NULL;
		spec.per_copy = 1;
	}
	if (wide) {
		spec.body = fw->body;
		spec.body_len = strlen(spec.body);
		spec.body_code = NULL;
		spec.per_copy = fw->copies;
	}
	if (chained || wide || need) {
		if (init_text(&sp->init, chained ? row->form->chain.init :
		    wide ? fw->init : "",
		    need ? setup : "", &init, &spec.init_len) != 0) {
			snprintf(row->why, sizeof(row->why), "out of memory");
			return (-1);
		}
		spec.init = init;
		spec.init_code = NULL;
	}
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

int
charz_prepare(struct charz_row *row, double timeout)
{
	/* Copies the assembler refuses cost the row nothing: exegesis's. */
	if (row->mode == CB_THROUGHPUT && row->form->wide.body != NULL &&
	    row->snip->split != NULL && row->snip->split->att != NULL &&
	    prepare(row, timeout, 1) == 0)
		return (0);
	return (prepare(row, timeout, 0));
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
