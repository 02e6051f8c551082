/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison assembled (verdict/compare.h): the sides' labels
 * (compare_labels.c), the warnings about machines that differ
 * (compare_warn.c), every side's probe floor (compare_floors.c), then the
 * rows matched (compare_match.c), each side of a row pooled
 * (compare_side.c) and judged (compare_verdict.c); and the words that
 * tables print of it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/compare.h"
#include "verdict/compare_floors.h"
#include "verdict/compare_labels.h"
#include "verdict/compare_match.h"
#include "verdict/compare_warn.h"

int
cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
    const size_t *sides, size_t nsides, const char *const *labels,
    double threshold, char *err, size_t errlen)
{
	size_t i, at;

	memset(t, 0, sizeof(*t));
	if (sides == NULL)
		nsides = n;
	if (n == 0 || nsides == 0 || nsides > CMP_MAX_INPUTS) {
		snprintf(err, errlen, "compare takes 1 to %d sides",
		    CMP_MAX_INPUTS);
		return (-1);
	}
	t->threshold = threshold;
	if ((t->inputs = calloc(nsides, sizeof(*t->inputs))) == NULL)
		goto oom;
	t->ninputs = nsides;
	for (i = at = 0; i < nsides; at += t->inputs[i++].nfiles) {
		t->inputs[i].nfiles = sides != NULL ? sides[i] : 1;
		if (t->inputs[i].nfiles == 0 || at + t->inputs[i].nfiles > n) {
			cmp_free(t);
			snprintf(err, errlen, "side %c has no results files",
			    CMP_LETTER(i));
			return (-1);
		}
		t->inputs[i].f = &files[at];
	}
	if (cmp_make_labels(t, labels, err, errlen) != 0) {
		cmp_free(t);
		return (-1);
	}
	if (cmp_machine_warnings(t) != 0 || cmp_probe_floors(t) != 0 ||
	    cmp_match(t) != 0)
		goto oom;
	return (0);
oom:
	cmp_free(t);
	snprintf(err, errlen, "out of memory");
	return (-1);
}

void
cmp_free(struct cmp_table *t)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		free(t->rows[i].cells);
	for (i = 0; i < t->nwarnings; i++)
		free(t->warnings[i]);
	free(t->rows);
	free(t->warnings);
	free(t->inputs);
	memset(t, 0, sizeof(*t));
}

double
cmp_worst_slowdown(const struct cmp_table *t, size_t *row, size_t *side)
{
	const struct cmp_cell *c;
	double worst = 1;
	size_t i, j;

	for (i = 0; i < t->nrows; i++)
		for (j = 1; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			if (c->verdict == CMP_DIFFERENT && c->tested > worst) {
				worst = c->tested;
				*row = i;
				*side = j;
			}
		}
	return (worst);
}

void
cmp_change_text(double ratio, char *buf, size_t len)
{
	double pct = (ratio - 1) * 100;

	if (!isfinite(ratio))
		snprintf(buf, len, "?");
	else if (fabs(pct) < 9.95)
		snprintf(buf, len, "%+.1f%%", pct);
	else if (pct < 999.5)
		snprintf(buf, len, "%+.0f%%", pct);
	else
		snprintf(buf, len, "x%.0f", ratio);
}

const char *
cmp_mark(enum cmp_verdict v)
{

	switch (v) {
	case CMP_DIFFERENT:
		return ("*");
	case CMP_SAME:
		return ("~");
	case CMP_UNTESTED:
		return ("?");
	default:
		return ("");
	}
}

void
cmp_method_text(const struct cmp_table *t, FILE *fp)
{

	fprintf(fp,
	    "cycles: each side's figure, the median of its rounds' medians "
	    "(quiet samples\nwhere it has a quiet figure); change: over the "
	    "baseline's (%c), minus 1, so +\nmeans more cycles (slower).  A "
	    "round is a burst in a fresh process; a\nside's rounds pool from "
	    "all its files, and a file from before rounds is one.\n"
	    "*  a real difference: the exact rank-sum test over the two sides' "
	    "round\n   medians gives p < %g (two-sided), the bootstrap 95%% "
	    "interval of the\n   ratio of their medians (%d resamples) "
	    "excludes 1, and the change is at\n   least %g%% (--threshold).  "
	    "Where a side's figure is a mixture (several\n   levels, "
	    "contention without a quiet figure, mostly scattered), levels "
	    "are\n   paired where that is sure (as many on each side, or two "
	    "floors) and\n   every pair must have moved, by one ratio.\n"
	    "~  not shown to differ by those tests.\n"
	    "?  not tested: fewer than %d rounds a side, below the loop's "
	    "resolution,\n   or no baseline (see the notes).  A side that "
	    "never ran quiet is slower\n   for real only beyond how much "
	    "contention slowed its probe.\n", CMP_LETTER(0), CMP_ALPHA,
	    CMP_RESAMPLES,
	    t->threshold * 100, CMP_MIN_ROUNDS);
}
