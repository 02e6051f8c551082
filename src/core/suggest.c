/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Nearest names by the optimal string alignment distance: Levenshtein's
 * insertions, deletions and substitutions plus the swap of two adjacent
 * characters, the commonest typing slip.  Three rows of the dynamic
 * programme suffice; names are short, so the rows live on the stack.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/suggest.h"

static size_t
min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return (m < c ? m : c);
}

size_t
suggest_distance(const char *a, const char *b)
{
	size_t rows[3][SUGGEST_LONGEST + 1], *prev2, *prev, *cur, *t;
	size_t i, j, n, m, cost;

	n = strlen(a);
	m = strlen(b);
	if (n > SUGGEST_LONGEST || m > SUGGEST_LONGEST)
		return (SIZE_MAX);
	prev2 = rows[0];
	prev = rows[1];
	cur = rows[2];
	for (j = 0; j <= m; j++)
		prev[j] = j;
	for (i = 1; i <= n; i++) {
		cur[0] = i;
		for (j = 1; j <= m; j++) {
			cost = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]);
			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
			    prev[j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	return (prev[m]);
}

void
suggest_init(struct suggest *s, const char *typed)
{

	memset(s, 0, sizeof(*s));
	s->typed = typed;
	s->dist = SIZE_MAX;
}

static void
consider(struct suggest *s, const char *name, size_t d)
{
	size_t i, limit;

	limit = strlen(s->typed) / 3;
	if (d > (limit > 0 ? limit : 1) || d > s->dist)
		return;
	if (d < s->dist) {
		s->dist = d;
		s->nbest = 0;
	}
	for (i = 0; i < s->nbest; i++)
		if (strcmp(s->best[i], name) == 0)
			return;
	if (s->nbest < SUGGEST_MAX)
		s->best[s->nbest++] = name;
}

void
suggest_offer(struct suggest *s, const char *name)
{
	const char *slash;
	size_t n;

	n = strlen(s->typed);
	if (n == 0 || strcmp(s->typed, name) == 0)
		return;
	/* A prefix counts as one edit: "comp" is near "compare". */
	if (strncmp(s->typed, name, n) == 0)
		consider(s, name, 1);
	else
		consider(s, name, suggest_distance(s->typed, name));
	if (strchr(s->typed, '/') == NULL &&
	    (slash = strchr(name, '/')) != NULL)
		consider(s, name, suggest_distance(s->typed, slash + 1));
}

const char *
suggest_text(const struct suggest *s, char *buf, size_t len)
{
	size_t i, used;

	if (len == 0)
		return (buf);
	buf[0] = '\0';
	if (s->nbest == 0)
		return (buf);
	used = (size_t)snprintf(buf, len, "; did you mean");
	for (i = 0; i < s->nbest && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s'%s'",
		    i == 0 ? " " : i + 1 == s->nbest ? " or " : ", ",
		    s->best[i]);
	if (used < len)
		snprintf(buf + used, len - used, "?");
	return (buf);
}
