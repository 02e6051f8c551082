/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Labels (verdict/compare_labels.h).  An automatic label is the short CPU
 * brand (results.h) while the machines differ; where two sides' brands
 * are the same, the file name without its directory or ".json"; where
 * even those are the same (a file against itself), the file name and the
 * side's letter.  A label given is kept as given, and two the same are
 * refused.
 */
#include <stdio.h>
#include <string.h>

#include "verdict/compare_labels.h"

/* The file name without directories or ".json". */
static void
file_label(const char *path, char *buf, size_t len)
{
	const char *base;
	size_t n;

	base = strrchr(path, '/');
	base = base != NULL && base[1] != '\0' ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	snprintf(buf, len, "%.*s", (int)n, base);
}

static int
same_label(const struct cmp_table *t, size_t i)
{
	size_t j;

	for (j = 0; j < t->ninputs; j++)
		if (j != i && strcmp(t->inputs[j].label,
		    t->inputs[i].label) == 0)
			return (1);
	return (0);
}

/*
 * The CPU names a column when the machines differ; the file names it
 * when they are the same machine (before and after a change).
 */
int
cmp_make_labels(struct cmp_table *t, const char *const *labels, char *err,
    size_t errlen)
{
	char auto_label[CMP_MAX_INPUTS] = { 0 };
	size_t i;

	for (i = 0; i < t->ninputs; i++) {
		auto_label[i] = labels == NULL || labels[i] == NULL;
		if (!auto_label[i])
			snprintf(t->inputs[i].label, CMP_LABEL_MAX, "%s",
			    labels[i]);
		else
			rs_short_brand(t->inputs[i].f->machine.cpu_brand,
			    t->inputs[i].label, CMP_LABEL_MAX);
	}
	/* Decide for all before changing any: a rename can end a clash. */
	for (i = 0; i < t->ninputs; i++)
		auto_label[i] = auto_label[i] && same_label(t, i);
	for (i = 0; i < t->ninputs; i++)
		if (auto_label[i])
			file_label(t->inputs[i].f->path, t->inputs[i].label,
			    CMP_LABEL_MAX);
	/* The same file twice (a check that nothing differs): add letters. */
	for (i = 0; i < t->ninputs; i++)
		auto_label[i] = auto_label[i] && same_label(t, i);
	for (i = 0; i < t->ninputs; i++)
		if (auto_label[i])
			snprintf(t->inputs[i].label +
			    strnlen(t->inputs[i].label, CMP_LABEL_MAX - 5), 5,
			    " (%c)", CMP_LETTER(i));
	for (i = 0; i < t->ninputs; i++)
		if (same_label(t, i)) {
			snprintf(err, errlen, "two inputs are labelled '%s'; "
			    "name them apart with --label",
			    t->inputs[i].label);
			return (-1);
		}
	return (0);
}
