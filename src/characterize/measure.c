/* SPDX-License-Identifier: BSD-2-Clause */
/* Forms as snippet benchmarks (characterize/measure.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "characterize/measure.h"

/* ".byte 0x4c,0x01,0xce\n" for b[0..n-1], 16 a line. */
static char *
byte_lines(const char *first, const unsigned char *b, size_t n)
{
	size_t i, len = strlen(first) + n * 5 + n / 16 * 8 + 16, at;
	char *s;

	if ((s = malloc(len)) == NULL)
		return (NULL);
	at = (size_t)snprintf(s, len, "%s", first);
	for (i = 0; i < n; i++)
		at += (size_t)snprintf(s + at, len - at, "%s0x%02x",
		    i == 0 ? ".byte " : i % 16 == 0 ? "\n.byte " : ",", b[i]);
	if (n > 0)
		snprintf(s + at, len - at, "\n");
	return (s);
}

int
charz_prepare(struct charz_row *row, double timeout)
{
	const struct xsplit *sp = row->snip->split;
	struct snippet_spec spec;
	char *body = NULL, *init = NULL, err[4096], warn[1024];
	int rc = -1;

	row->s = NULL;
	snprintf(row->name, sizeof(row->name), "x86/%s", row->form->opcode);
	if (row->snip->doc == NULL) {
		snprintf(row->why, sizeof(row->why), "llvm-exegesis wrote no "
		    "%s snippet", cb_mode_name(row->mode));
		return (-1);
	}
	if (sp == NULL || sp->att == NULL) {
		snprintf(row->why, sizeof(row->why), "%s",
		    row->snip->doc->error != NULL && row->snip->doc->codelen ==
		    0 ? row->snip->doc->error : sp != NULL && sp->why != NULL ?
		    sp->why : "no snippet");
		return (-1);
	}
#ifdef ARCH_EXEGESIS_SCRATCH
	body = byte_lines("", sp->body, sp->bodylen);
	init = byte_lines(ARCH_EXEGESIS_SCRATCH, sp->init, sp->initlen);
#endif
	if (body == NULL || init == NULL) {
		snprintf(row->why, sizeof(row->why), "out of memory");
		goto out;
	}
	memset(&spec, 0, sizeof(spec));
	spec.title = row->form->opcode;
	spec.body = body;
	spec.body_len = strlen(body);
	spec.body_label = "body";
	spec.init = init;
	spec.init_len = strlen(init);
	spec.init_label = "set-up";
	spec.mode = row->mode;
	spec.per_copy = (unsigned)sp->ninsns;
	spec.timeout = timeout;
	if (snippet_prepare(&spec, &row->s, err, sizeof(err), warn,
	    sizeof(warn)) != 0) {
		snprintf(row->why, sizeof(row->why), "%.200s", err);
		goto out;
	}
	row->s->bench.name = row->name;
	row->s->bench.desc = row->snip->split->att;
	memset(row->s->bench.params, 0, sizeof(row->s->bench.params));
	rc = 0;
out:
	free(body);
	free(init);
	return (rc);
}

void
charz_why(const char *reason, char *buf, size_t len)
{
	if (strstr(reason, "SIGILL") != NULL)
		snprintf(buf, len, "not on this CPU (SIGILL)");
	else if (strstr(reason, "general protection") != NULL &&
	    strstr(reason, " of 0x") == NULL)
		snprintf(buf, len, "privileged (#GP)");
	else
		snprintf(buf, len, "%s", reason);
}

void
charz_row_free(struct charz_row *row)
{
	snippet_free(row->s);
	row->s = NULL;
}
