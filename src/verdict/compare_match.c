/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Matching rows (verdict/compare_match.h).  A row is a key: the
 * benchmark's name and its parameters sorted (results.h), so the same
 * benchmark matches across files whatever order each listed its
 * parameters in.  Rows come in order of first appearance, the baseline's
 * first; each side of a row is pooled and tested against the baseline's,
 * then every tested cell is judged with the others (cmp_decide).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/compare_match.h"
#include "verdict/compare_noise.h"
#include "verdict/compare_side.h"
#include "verdict/compare_verdict.h"
#include "verdict/compare_warn.h"

static struct cmp_row *
find_row(struct cmp_table *t, const char *key)
{
	size_t i;

	/*
	 * rows[0..nrows) all have first set: cmp_match() sets it as it counts
	 * the row.  The analyzer loses nrows == 0 across cmp_build's calls.
	 */
	for (i = 0; i < t->nrows; i++)
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		if (strcmp(t->rows[i].first->key, key) == 0)
			return (&t->rows[i]);
	return (NULL);
}

/* Warn once per file about a row it lists twice: the first is used. */
static int
duplicates(struct cmp_table *t, const struct rs_file *f, char letter)
{
	size_t i, j;

	for (i = 0; i < f->nresults; i++)
		for (j = 0; j < i; j++)
			if (strcmp(f->results[i].key, f->results[j].key) == 0) {
				if (cmp_warn(t, "%c has %s%s%s more than once; "
				    "the first is used", letter,
				    f->results[i].name,
				    f->results[i].params[0] ? " " : "",
				    f->results[i].params) != 0)
					return (-1);
				break;
			}
	return (0);
}

/* Rows in order of first appearance: the baseline's order, then extras. */
int
cmp_match(struct cmp_table *t)
{
	const struct cmp_input *in;
	const struct rs_result *r;
	struct cmp_row *row;
	struct cmp_side base, other;
	struct cmp_prior prior = { CMP_BASIS_NONE, NAN, NAN, 0 };
	size_t i, j, k, cap = 0;

	for (i = 0; i < t->ninputs; i++)
		for (k = 0; k < t->inputs[i].nfiles; k++)
			cap += t->inputs[i].f[k].nresults;
	if (cap == 0)
		return (0);
	if ((t->rows = calloc(cap, sizeof(*t->rows))) == NULL)
		return (-1);
	for (i = 0; i < t->ninputs; i++) {
		in = &t->inputs[i];
		for (k = 0; k < in->nfiles; k++) {
			if (duplicates(t, &in->f[k], CMP_LETTER(i)) != 0)
				return (-1);
			for (j = 0; j < in->f[k].nresults; j++) {
				r = &in->f[k].results[j];
				if (find_row(t, r->key) != NULL)
					continue;
				row = &t->rows[t->nrows++];
				row->first = r;
				row->cells = calloc(t->ninputs,
				    sizeof(*row->cells));
				if (row->cells == NULL)
					return (-1);
			}
		}
	}
	for (i = 0; i < t->nrows; i++) {
		row = &t->rows[i];
		for (j = 0; j < t->ninputs; j++)
			row->cells[j].median = NAN;
		if (cmp_side_build(&t->inputs[0], row->first->key,
		    &row->cells[0], &base) != 0) {
			cmp_side_free(&base);
			return (-1);
		}
		cmp_judge(&base, NULL, &base, NULL, t->threshold,
		    &row->cells[0]);
		if (base.estimated && cmp_noise_prior(t, row->first->key, &base,
		    &prior) != 0) {
			cmp_side_free(&base);
			return (-1);
		}
		for (j = 1; j < t->ninputs; j++) {
			if (cmp_side_build(&t->inputs[j], row->first->key,
			    &row->cells[j], &other) != 0) {
				cmp_side_free(&other);
				cmp_side_free(&base);
				return (-1);
			}
			cmp_judge(&base, &row->cells[0], &other, &prior,
			    t->threshold, &row->cells[j]);
			cmp_side_free(&other);
		}
		cmp_side_free(&base);
	}
	return (cmp_decide(t));
}
