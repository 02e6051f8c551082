/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison as GitHub workflow commands, for CI: an annotation per
 * real change beside the job, the full table left to the log or a step
 * summary (--format markdown).
 */
#include <stdio.h>

#include "verdict/compare.h"
#include "report/compare_parts.h"
#include "report/report.h"

/*
 * GitHub's workflow command syntax: in the message %, CR and LF are
 * escaped; in a property value (the title) also ':' and ','.
 */
static void
gh_escaped(FILE *fp, const char *s, int property)
{

	for (; *s != '\0'; s++)
		switch (*s) {
		case '%':
			fputs("%25", fp);
			break;
		case '\r':
			fputs("%0D", fp);
			break;
		case '\n':
			fputs("%0A", fp);
			break;
		case ':':
			fputs(property ? "%3A" : ":", fp);
			break;
		case ',':
			fputs(property ? "%2C" : ",", fp);
			break;
		default:
			fputc(*s, fp);
		}
}

static void
gh_annotation(FILE *fp, const char *level, const char *title,
    const char *message)
{

	fprintf(fp, "::%s title=", level);
	gh_escaped(fp, title, 1);
	fputs("::", fp);
	gh_escaped(fp, message, 0);
	fputc('\n', fp);
}

/*
 * A warning for each real slowdown, a notice for each real speedup, the
 * input differences as warnings, and a notice that sums up: what a CI
 * run shows beside the job, with the full table in the log or a step
 * summary (--format markdown).
 */
int
cmp_github(FILE *fp, const void *data, const struct report_style *st)
{
	const struct cmp_table *t = data;
	char label[256], title[320], msg[1024], a[32], b[32], change[32];
	char counts[160];
	const struct cmp_cell *c, *base;
	size_t i, j;

	(void)st;
	for (i = 0; i < t->nwarnings; i++)
		gh_annotation(fp, "warning", "cyclebench: inputs differ",
		    t->warnings[i]);
	for (i = 0; i < t->nrows; i++) {
		base = &t->rows[i].cells[0];
		for (j = 1; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			if (c->verdict != CMP_SLOWER &&
			    c->verdict != CMP_FASTER)
				continue;
			cmp_row_label(&t->rows[i], label, sizeof(label));
			report_cost_text(a, sizeof(a), base->median);
			report_cost_text(b, sizeof(b), c->median);
			cmp_change_text(c->ratio, change, sizeof(change));
			snprintf(title, sizeof(title), "cyclebench: %s %s",
			    label, cmp_verdict_names[c->verdict]);
			snprintf(msg, sizeof(msg), "%s: %s core cycles per "
			    "operation in %s (%c) against %s in %s (%c), %s; "
			    "%.4g%% interval of the ratio %.3f to %.3f, "
			    "q = %.2g", label, b,
			    t->inputs[j].label, CMP_LETTER(j), a,
			    t->inputs[0].label, CMP_LETTER(0), change,
			    cmp_ci_level(t) * 100, c->ci_low, c->ci_high, c->q);
			gh_annotation(fp, c->verdict == CMP_SLOWER ?
			    "warning" : "notice", title, msg);
		}
	}
	cmp_summary_text(t, counts, sizeof(counts));
	snprintf(msg, sizeof(msg), "%s against %s over %zu benchmark%s (a "
	    "change of at least %g%%, false discovery rate %g%% across %zu "
	    "cells tested, Benjamini-Hochberg)", counts, t->inputs[0].label,
	    t->nrows, t->nrows == 1 ? "" : "s", t->threshold * 100,
	    CMP_FDR * 100, t->ntested);
	gh_annotation(fp, "notice", "cyclebench compare", msg);
	return (0);
}
