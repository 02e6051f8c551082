/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a comparison's table cannot hold, under it in text and markdown:
 * the rows only some sides have, why a result was skipped or failed, a
 * row's levels and the flags that bear on its verdicts, and how a
 * verdict was reached where that is more than the plain test.  Each note
 * is words wrapped to CMP_WIDTH columns, as a mailing list wants them.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "verdict/compare.h"
#include "report/compare_parts.h"

/* The notes are words wrapped as compare_parts.h says. */
void
cmp_put_wrapped(FILE *fp, const char *first, int indent, const char *text)
{
	int col, n, start;

	fputs(first, fp);
	col = (int)strlen(first);
	start = col == 0;
	while (*text != '\0') {
		n = (int)strcspn(text, " ");
		if (!start && col > indent && col + 1 + n > CMP_WIDTH) {
			fprintf(fp, "\n%*s", indent, "");
			col = indent;
			start = 1;
		}
		if (!start)
			col += fprintf(fp, " ");
		col += fprintf(fp, "%.*s", n, text);
		start = 0;
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', fp);
}

/* The flags that bear on a verdict, as a note shows them. */
static const char *const verdict_flags[] = {
	"multilevel", "contended", "below-resolution", "few-samples",
	"miscalibrated", "recalibrated", NULL
};

/* The cell's flags among verdict_flags, "a,b", into buf. */
static const char *
shown_flags(const struct cmp_cell *c, char *buf, size_t len)
{
	size_t i, n, used = 0;
	const char *p;

	buf[0] = '\0';
	for (i = 0; verdict_flags[i] != NULL; i++) {
		n = strlen(verdict_flags[i]);
		for (p = c->flags; (p = strstr(p, verdict_flags[i])) != NULL;
		    p += n)
			if ((p == c->flags || p[-1] == ',') &&
			    (p[n] == '\0' || p[n] == ',')) {
				used += (size_t)snprintf(buf + used, used < len ?
				    len - used : 0, "%s%s", used ? "," : "",
				    verdict_flags[i]);
				break;
			}
	}
	return (buf);
}

/*
 * A row's levels, the flags that bear on its verdicts, and how they were
 * reached where that is more than the plain test: "atomic/lock-add: A
 * levels 6.40 (40%) | 8.30 (60%); B flags contended; B ? levels that
 * cannot be paired".
 */
static int
row_note(const struct cmp_table *t, size_t i, FILE *fp)
{
	char label[256], line[2048], flags[160], change[32], levels[128];
	const struct cmp_cell *c;
	size_t j, n = 0;
	int any = 0;

	cmp_row_label(&t->rows[i], label, sizeof(label));
	CMP_ADD("%s:", label);
	for (j = 0; j < t->ninputs; j++) {
		c = &t->rows[i].cells[j];
		if (c->nlevels > 0) {
			CMP_ADD("%s %c levels %s", any ? ";" : "",
			    CMP_LETTER(j),
			    cmp_cell_levels(c, levels, sizeof(levels)));
			any = 1;
		}
		if (shown_flags(c, flags, sizeof(flags))[0] != '\0') {
			CMP_ADD("%s %c flags %s", any ? ";" : "", CMP_LETTER(j),
			    flags);
			any = 1;
		}
	}
	for (j = 1; j < t->ninputs; j++) {
		c = &t->rows[i].cells[j];
		if (c->why == NULL || c->why[0] == '\0' ||
		    c->why == cmp_why_assumed)
			continue;
		CMP_ADD("%s %c %s %s", any ? ";" : "", CMP_LETTER(j),
		    cmp_mark(c->verdict), c->why);
		if (isfinite(c->tested) && !isnan(c->p)) {
			cmp_change_text(c->tested, change, sizeof(change));
			CMP_ADD(" %s", change);
		}
		any = 1;
	}
	if (any)
		cmp_put_wrapped(fp, "note:", 4, line);
	return (any);
}

/* Bit j set: input j has the row. */
static uint32_t
present(const struct cmp_table *t, size_t i)
{
	uint32_t mask = 0;
	size_t j;

	for (j = 0; j < t->ninputs; j++)
		if (t->rows[i].cells[j].verdict != CMP_MISSING)
			mask |= 1u << j;
	return (mask);
}

/*
 * What the table cannot hold: which rows only some inputs have (grouped,
 * "only in A, C: x, y"), and why a result was skipped or failed.
 */
void
cmp_notes(const struct cmp_table *t, FILE *fp)
{
	char label[256], line[4096];
	const struct cmp_cell *c;
	uint32_t all, mask;
	size_t i, j, k, n;
	int any;

	any = 0;
	all = t->ninputs >= 32 ? ~0u : (1u << t->ninputs) - 1;
	for (i = 0; i < t->nrows; i++) {
		mask = present(t, i);
		for (k = 0; k < i; k++)
			if (present(t, k) == mask)
				break;
		if (mask == all || k < i)
			continue;
		n = 0;
		CMP_ADD("only in");
		for (j = 0; j < t->ninputs; j++)
			if (mask & (1u << j))
				CMP_ADD("%s %c", mask & ((1u << j) - 1) ?
				    "," : "", CMP_LETTER(j));
		CMP_ADD(":");
		for (k = i; k < t->nrows; k++)
			if (present(t, k) == mask) {
				cmp_row_label(&t->rows[k], label,
				    sizeof(label));
				CMP_ADD("%s %s", k > i ? "," : "", label);
			}
		cmp_put_wrapped(fp, "note:", 4, line);
		any = 1;
	}
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			if (c->verdict != CMP_NOT_OK)
				continue;
			cmp_row_label(&t->rows[i], label, sizeof(label));
			n = 0;
			CMP_ADD("%s: %s in %c%s%s", label, c->r->status,
			    CMP_LETTER(j), c->r->reason[0] ? ": " : "",
			    c->r->reason);
			cmp_put_wrapped(fp, "note:", 4, line);
			any = 1;
		}
	for (i = 0; i < t->nrows; i++)
		any |= row_note(t, i, fp);
	if (any)
		fputc('\n', fp);
}

