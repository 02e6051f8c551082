/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Texts assembled in one batch (snippet/assemble.h): one source file,
 * each text in a section of its own (.cb.0, .cb.1, ...), one run of the
 * assembler and one of objdump, then each section's code and listing.
 * Only texts that cannot reach into one another share a run, so each
 * comes out as it would alone; a run that fails is halved until the
 * texts that fail stand alone, to be assembled, and explained, alone.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snippet/assemble.h"
#include "snippet/assemble_steps.h"
#include "snippet/elf.h"
#include "snippet/workdir.h"

#define BATCH_SECTION	".cb."		/* a batch's sections: .cb.0, ... */

/*
 * Does src read the same in one file with other texts as alone?  Only
 * statements (lines, or parts of one between ';') that are instructions
 * or .byte data: no label, symbol, section, macro or other directive
 * that could reach into another text or bring one along.
 */
static int
batchable(const char *src, size_t len)
{
	const char *p = src, *end = src + len, *stmt, *q;

	while (p < end) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		stmt = p;
		while (p < end && *p != '\n' && *p != ';')
			p++;
		if (stmt < p && *stmt == '.' && (p - stmt < 6 || strncmp(stmt, ".byte",
		    5) != 0 || (stmt[5] != ' ' && stmt[5] != '\t')))
			return (0);
		if (memchr(stmt, '=', (size_t)(p - stmt)) != NULL ||
		    memchr(stmt, '\\', (size_t)(p - stmt)) != NULL)
			return (0);
		for (q = stmt; q < p && asm_is_name_char(*q); q++)
			;
		while (q < p && (*q == ' ' || *q == '\t'))
			q++;
		if (q > stmt && q < p && *q == ':')
			return (0);	/* a label */
		p += p < end;
	}
	return (1);
}

/*
 * Texts src[at[0..n-1]] in one run of the assembler and one of objdump,
 * each in a section of its own, into c[at[k]]: 0; -1, keeping nothing,
 * when any of them fails or draws a warning (alone, it gets its own
 * message); -2 when interrupted.
 */
static int
assemble_together(const char *const *src, const size_t *len, const size_t *at,
    size_t n, const struct snippet_asm_opts *o, struct snippet_code *c)
{
	char err[1024], warn[1024] = "", (*name)[32] = NULL, *buf = NULL;
	const char **names = NULL;
	const uint8_t **text = NULL;
	struct snippet_code *tmp = NULL;
	struct workdir w;
	uint8_t *obj = NULL;
	size_t k, buflen, objlen, *textlen = NULL;
	FILE *fp;
	int rc = -1;

	if (workdir_make(&w, err, sizeof(err)) != 0)
		return (-1);
	name = calloc(n, sizeof(*name));
	names = calloc(n, sizeof(*names));
	text = calloc(n, sizeof(*text));
	textlen = calloc(n, sizeof(*textlen));
	tmp = calloc(n, sizeof(*tmp));
	if (name == NULL || names == NULL || text == NULL || textlen == NULL ||
	    tmp == NULL || (fp = open_memstream(&buf, &buflen)) == NULL)
		goto out;
	for (k = 0; k < n; k++) {
		snprintf(name[k], sizeof(name[k]), BATCH_SECTION "%zu", k);
		names[k] = name[k];
		fprintf(fp, ".section %s,\"ax\"\n%.*s\n", name[k],
		    (int)len[at[k]], src[at[k]]);
	}
	if (fclose(fp) != 0 || asm_write_source(w.src, buf, buflen) != 0)
		goto out;
	if (asm_run_as(&w, "batch", o, err, sizeof(err), warn, sizeof(warn)) !=
	    0) {
		rc = strncmp(err, "interrupted", 11) == 0 ? -2 : -1;
		goto out;
	}
	if (warn[0] != '\0' || asm_read_others(&w, "batch", err, sizeof(err)) ||
	    (obj = (uint8_t *)workdir_read(w.obj, n * (size_t)ASM_OBJ_MAX,
	    &objlen)) == NULL ||
	    elf_snippet_sections(obj, objlen, names, n, text, textlen, err,
	    sizeof(err)) != 0)
		goto out;
	for (k = 0; k < n; k++) {
		if (textlen[k] > SNIPPET_MAX_CODE ||
		    (tmp[k].bytes = malloc(textlen[k] ? textlen[k] : 1)) ==
		    NULL)
			goto out;
		memcpy(tmp[k].bytes, text[k], textlen[k]);
		tmp[k].len = textlen[k];
	}
	asm_disassemble(&w, o->intel, o->timeout, BATCH_SECTION, tmp, n);
	for (k = 0; k < n; k++) {
		c[at[k]] = tmp[k];
		memset(&tmp[k], 0, sizeof(tmp[k]));
	}
	rc = 0;
out:
	for (k = 0; tmp != NULL && k < n; k++)
		snippet_code_free(&tmp[k]);
	free(tmp);
	free(textlen);
	free(text);
	free(names);
	free(name);
	free(buf);
	free(obj);
	workdir_remove(&w);
	return (rc);
}

/* Together, or in halves, down to the texts that fail alone. */
static int
assemble_halves(const char *const *src, const size_t *len, const size_t *at,
    size_t n, const struct snippet_asm_opts *o, struct snippet_code *c)
{
	int rc;

	if (n == 0 || (rc = assemble_together(src, len, at, n, o, c)) == 0)
		return (0);
	if (rc == -2 || n == 1)
		return (rc);
	if ((rc = assemble_halves(src, len, at, n / 2, o, c)) == -2)
		return (rc);
	return (assemble_halves(src, len, at + n / 2, n - n / 2, o, c));
}

void
snippet_assemble_batch(const char *const *src, const size_t *len, size_t n,
    const struct snippet_asm_opts *opts, struct snippet_code *c)
{
	struct snippet_asm_opts o = *opts;
	size_t i, m = 0, *at;

	for (i = 0; i < n; i++)
		memset(&c[i], 0, sizeof(c[i]));
	if (o.allow_includes || (at = calloc(n + 1, sizeof(*at))) == NULL)
		return;
	if (!(o.timeout > 0))
		o.timeout = SNIPPET_TOOL_WALL;
	for (i = 0; i < n; i++)
		if (len[i] <= SNIPPET_MAX_SOURCE &&
		    memchr(src[i], '\0', len[i]) == NULL &&
		    batchable(src[i], len[i]))
			at[m++] = i;
	(void)assemble_halves(src, len, at, m, &o, c);
	free(at);
}
