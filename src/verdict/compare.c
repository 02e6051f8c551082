/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A comparison assembled (verdict/compare.h): the sides' labels
 * (compare_labels.c), the warnings about machines that differ
 * (compare_warn.c), every side's probe floor (compare_floors.c), then the
 * rows matched (compare_match.c), each side of a row pooled
 * (compare_side.c), tested (compare_test.c, with compare_noise.c's prior)
 * and judged (compare_verdict.c); and the words that tables print of it.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/fixed.h"
#include "verdict/compare.h"
#include "verdict/compare_floors.h"
#include "verdict/compare_labels.h"
#include "verdict/compare_match.h"
#include "verdict/compare_noise.h"
#include "verdict/compare_side.h"
#include "verdict/compare_warn.h"

int
cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
    const size_t *sides, size_t nsides, const char *const *labels,
    double threshold, char *err, size_t errlen)
{
	return (cmp_build_noise(t, files, n, sides, nsides, labels, threshold,
	    NULL, 0, err, errlen));
}

int
cmp_build_noise(struct cmp_table *t, const struct rs_file *files, size_t n,
    const size_t *sides, size_t nsides, const char *const *labels,
    double threshold, const struct rs_file *noise, size_t nnoise, char *err,
    size_t errlen)
{
	size_t i, at;

	memset(t, 0, sizeof(*t));
	t->noise = noise;
	t->nnoise = nnoise;
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
	if (cmp_machine_warnings(t) != 0 || cmp_noise_warn(t) != 0 ||
	    cmp_probe_floors(t) != 0 ||
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
			if (c->verdict == CMP_SLOWER && c->ci_low > worst) {
				worst = c->ci_low;
				*row = i;
				*side = j;
			}
		}
	return (worst);
}

size_t
cmp_unknowns(const struct cmp_table *t, size_t *row, size_t *side)
{
	size_t i, j, n = 0;

	for (i = 0; i < t->nrows; i++)
		for (j = 1; j < t->ninputs; j++)
			if (t->rows[i].cells[j].verdict == CMP_UNKNOWN &&
			    t->rows[i].cells[j].why != cmp_why_resolution &&
			    n++ == 0) {
				*row = i;
				*side = j;
			}
	return (n);
}

void
cmp_change_text(double ratio, char *buf, size_t len)
{
	double pct = (ratio - 1) * 100;

	if (!isfinite(ratio))
		snprintf(buf, len, "?");
	else if (pct < 999.5)
		fixed_text(buf, len, pct, fabs(pct) < 9.95 ? 1 : 0, 1, "%");
	else
		snprintf(buf, len, "x%.0f", ratio);
}

const char *
cmp_mark(enum cmp_verdict v)
{

	switch (v) {
	case CMP_SLOWER:
	case CMP_FASTER:
		return ("*");
	case CMP_SAME:
		return ("=");
	case CMP_UNKNOWN:
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
	    "round is a burst in a fresh process.  What is\nreplicated is "
	    "the session, a side's runs that started within %d s of each\n"
	    "other: with two or more a side, Welch's t on their log figures; "
	    "with one,\nits between-session spread is measured (--noise) or "
	    "assumed (%g%%, %g%% for\na kernel path).  Each side's levels, "
	    "where they pair, are a second test.\nVerdicts hold the false "
	    "discovery rate at %g%% across the %zu cells tested\n"
	    "(Benjamini-Hochberg).\n"
	    "*  slower or faster: a change shown, at least %g%% (--threshold) "
	    "past what\n   contention may explain.\n"
	    "=  the same: the change shown within +-%g%% (two one-sided "
	    "tests).\n"
	    "?  unknown: neither could be shown; without a note, because the "
	    "spread\n   between sessions was assumed (more sessions a side, "
	    "or --noise, may tell).\n",
	    CMP_LETTER(0), CMP_SESSION_GAP, CMP_ASSUMED_SPREAD * 100,
	    CMP_ASSUMED_PATH_SPREAD * 100, CMP_FDR * 100, t->ntested,
	    t->threshold * 100, t->threshold * 100);
}
