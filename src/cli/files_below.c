/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results files named by a directory: db import DIR takes every *.json
 * below it, the way db export -o DIR wrote them, in name order so that a
 * store filled twice numbers its runs alike.  Symbolic links inside are
 * not followed (a link to / would walk the machine); one given by name is.
 */
#include <sys/types.h>
#include <sys/stat.h>

#include <errno.h>
#include <fts.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "util/scrub.h"

static int
by_name(const FTSENT **a, const FTSENT **b)
{

	return (strcmp((*a)->fts_name, (*b)->fts_name));
}

static int
is_json(const char *name)
{
	size_t len = strlen(name);

	return (len > 5 && strcmp(name + len - 5, ".json") == 0);
}

/* Append a copy of s to the list; -1 when memory runs out. */
static int
add(char ***list, size_t *n, size_t *cap, const char *s)
{
	char **grown;

	if (*list == NULL || *n == *cap) {
		*cap = *cap * 2 + 64;
		if ((grown = realloc(*list, *cap * sizeof(**list))) == NULL)
			return (-1);
		*list = grown;
	}
	if (((*list)[*n] = strdup(s)) == NULL)
		return (-1);
	(*n)++;
	return (0);
}

/* Every *.json below dir, or -1 after saying why. */
static int
walk(const char *dir, char ***list, size_t *n, size_t *cap)
{
	char *const roots[] = { (char *)dir, NULL };
	size_t before = *n;
	FTSENT *e;
	FTS *fts;
	int rc = 0;

	if ((fts = fts_open(roots, FTS_COMFOLLOW | FTS_PHYSICAL | FTS_NOCHDIR,
	    by_name)) == NULL) {
		term_eprintf("cyclebench: %s: %s\n", dir, strerror(errno));
		return (-1);
	}
	while (rc == 0 && (e = fts_read(fts)) != NULL) {
		switch (e->fts_info) {
		case FTS_F:
			if (is_json(e->fts_name) && add(list, n, cap,
			    e->fts_path) != 0) {
				term_eprintf("cyclebench: out of memory\n");
				rc = -1;
			}
			break;
		case FTS_DNR:
		case FTS_ERR:
			term_eprintf("cyclebench: %s: %s\n", e->fts_path,
			    strerror(e->fts_errno));
			rc = -1;
			break;
		default:
			break;
		}
	}
	fts_close(fts);
	if (rc == 0 && *n == before) {
		term_eprintf("cyclebench: %s: a directory with no results "
		    "files (*.json) below it\n", dir);
		rc = -1;
	}
	return (rc);
}

int
files_below(char *const *ops, int nops, char ***out, size_t *n,
    size_t *bad)
{
	struct stat st;
	size_t cap = 0, before;
	int i;

	*out = NULL;
	*n = 0;
	*bad = 0;
	for (i = 0; i < nops; i++) {
		before = *n;
		if (stat(ops[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			if (walk(ops[i], out, n, &cap) != 0) {
				/* Nothing from a directory not read whole. */
				while (*n > before)
					free((*out)[--*n]);
				(*bad)++;
			}
			continue;
		}
		/* A file, or what the reader will say is wrong with it. */
		if (add(out, n, &cap, ops[i]) != 0) {
			free_names(*out, *n);
			*out = NULL;
			*n = 0;
			term_eprintf("cyclebench: out of memory\n");
			return (-1);
		}
	}
	return (0);
}

void
free_names(char **names, size_t n)
{
	size_t i;

	for (i = 0; names != NULL && i < n; i++)
		free(names[i]);
	free(names);
}
