/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Stored benchmarks found by less than their whole name.  A name or key
 * the store has is fetched alone, through its index; anything else (a
 * glob, a group, a tail, a typo) is matched here against the distinct
 * names of the results in the runs selected (core/find.c), sorted and
 * searched, so only a name that is not whole costs a pass over the store.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/store_cli.h"
#include "cli/stored_names.h"
#include "core/find.h"
#include "core/suggest.h"
#include "util/scrub.h"

static int
cmp_str(const void *a, const void *b)
{

	return (strcmp(*(const char *const *)a, *(const char *const *)b));
}

/*
 * The distinct names (key: the keys) of p, sorted; *n of them.  NULL
 * when memory runs out.
 */
static const char **
distinct(const struct store_points *p, int key, size_t *n)
{
	const char **v;
	size_t i, k;

	if ((v = calloc(p->n + 1, sizeof(*v))) == NULL)
		return (NULL);
	for (i = 0; i < p->n; i++)
		v[i] = key ? p->p[i].key : p->p[i].name;
	qsort(v, p->n, sizeof(*v), cmp_str);
	for (i = k = 0; i < p->n; i++)
		if (k == 0 || strcmp(v[k - 1], v[i]) != 0)
			v[k++] = v[i];
	*n = k;
	return (v);
}

/* Say which names a tail ends; EXIT_USAGE. */
static int
ambiguous(const char *cmd, const char *pattern, const char **names,
    const unsigned char *picked, size_t n, size_t npicked)
{
	char list[1024];
	size_t i, used = 0;

	list[0] = '\0';
	for (i = 0; i < n && used < sizeof(list); i++)
		if (picked[i])
			used += (size_t)snprintf(list + used, sizeof(list) -
			    used, "%s%s", used > 0 ? ", " : "", names[i]);
	return (usage_error(cmd, "'%s' ends the names of %zu stored "
	    "benchmarks, give one whole: %s", pattern, npicked, list));
}

/* Keep the points of the picked names[]; they are sorted. */
static void
keep_picked(struct store_points *pts, const char **names,
    const unsigned char *picked, size_t n)
{
	const char **at;
	size_t i, k;

	for (i = k = 0; i < pts->n; i++) {
		at = bsearch(&pts->p[i].name, names, n, sizeof(*names),
		    cmp_str);
		if (at != NULL && picked[at - names])
			pts->p[k++] = pts->p[i];
	}
	pts->n = k;
}

int
stored_pick(const char *cmd, struct store *s, const char *pattern,
    const char *ctx_key, const struct store_sel *sel,
    struct store_points *pts)
{
	const char **names;
	unsigned char *picked = NULL;
	size_t n, npicked;
	int tail, rc = 0;

	if (store_points(s, NULL, pattern, ctx_key, sel, pts) != 0)
		return (cli_store_failed(s));
	/* A key with its parameters is taken whole, as tables show it. */
	if (pts->n > 0 || strchr(pattern, ' ') != NULL)
		return (0);
	store_points_free(pts);
	if (store_points(s, NULL, NULL, ctx_key, sel, pts) != 0)
		return (cli_store_failed(s));
	if ((names = distinct(pts, 0, &n)) == NULL ||
	    (picked = calloc(n + 1, 1)) == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		rc = EXIT_USAGE;
	} else if ((npicked = find_pick(pattern, names, n, picked,
	    &tail)) > 1 && tail)
		rc = ambiguous(cmd, pattern, names, picked, n, npicked);
	else
		keep_picked(pts, names, picked, n);
	if (rc != 0)
		store_points_free(pts);
	free(names);
	free(picked);
	return (rc);
}

const char *
stored_near(struct store *s, const char *typed, const struct store_sel *sel,
    char *buf, size_t len)
{
	struct store_points pts;
	struct suggest sg;
	const char **names, **keys;
	char (*groups)[SUGGEST_LONGEST + 1];
	size_t i, n, nk;

	buf[0] = '\0';
	if (store_points(s, NULL, NULL, NULL, sel, &pts) != 0)
		return (buf);
	names = distinct(&pts, 0, &n);
	keys = distinct(&pts, 1, &nk);
	/* Each group a string of its own: the suggestion points at it. */
	groups = calloc(pts.n + 1, sizeof(*groups));
	if (names != NULL && keys != NULL && groups != NULL) {
		suggest_init(&sg, typed);
		for (i = 0; i < nk && strchr(typed, ' ') != NULL; i++)
			suggest_offer(&sg, keys[i]);
		for (i = 0; i < n; i++) {
			suggest_offer(&sg, names[i]);
			snprintf(groups[i], sizeof(groups[i]), "%.*s",
			    (int)strcspn(names[i], "/"), names[i]);
			suggest_offer(&sg, groups[i]);
		}
		suggest_text(&sg, buf, len);
	}
	free(names);
	free(keys);
	free(groups);
	store_points_free(&pts);
	return (buf);
}
