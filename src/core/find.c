/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Names found by their tail or by a word: plain string tests, no index,
 * for lists of a few hundred names.  A pattern first picks as run has
 * always picked (whole name, group, glob); only when that picks nothing
 * is it taken for a tail, so a tail never widens what a name selects.
 */
#include <ctype.h>
#include <fnmatch.h>
#include <string.h>

#include "core/find.h"

int
find_is_glob(const char *s)
{

	return (strpbrk(s, "*?[") != NULL);
}

int
find_is_tail(const char *pattern, const char *name)
{
	size_t np, nn;

	np = strlen(pattern);
	nn = strlen(name);
	return (np > 0 && np < nn && name[nn - np - 1] == '/' &&
	    strcmp(name + nn - np, pattern) == 0);
}

int
find_has_word(const char *word, const char *text)
{
	size_t n, i;

	if ((n = strlen(word)) == 0)
		return (0);
	for (; *text != '\0'; text++) {
		for (i = 0; i < n && text[i] != '\0' &&
		    tolower((unsigned char)text[i]) ==
		    tolower((unsigned char)word[i]); i++)
			;
		if (i == n)
			return (1);
	}
	return (0);
}

/* Is names[i] the first of its repeats among the picked? */
static int
first_picked(const char *const *names, const unsigned char *picked,
    size_t i)
{
	size_t j;

	for (j = 0; j < i; j++)
		if (picked[j] && strcmp(names[j], names[i]) == 0)
			return (0);
	return (1);
}

size_t
find_pick(const char *pattern, const char *const *names, size_t n,
    unsigned char *picked, int *tail)
{
	size_t i, k, distinct = 0;

	k = strlen(pattern);
	for (*tail = 0; *tail < 2; ++*tail) {
		for (i = 0; i < n; i++) {
			picked[i] = *tail ? find_is_tail(pattern, names[i]) :
			    strcmp(pattern, names[i]) == 0 ||
			    (strncmp(pattern, names[i], k) == 0 &&
			    names[i][k] == '/') ||
			    fnmatch(pattern, names[i], 0) == 0;
			if (picked[i] && first_picked(names, picked, i))
				distinct++;
		}
		if (distinct > 0)
			break;
	}
	*tail = *tail == 1;
	return (distinct);
}
