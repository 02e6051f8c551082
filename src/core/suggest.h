/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "Did you mean": the nearest of a set of names to one mistyped, by edit
 * distance, for commands, options and benchmark names alike.
 */
#ifndef CB_SUGGEST_H
#define CB_SUGGEST_H

#include <stddef.h>

#define SUGGEST_MAX	3	/* names offered at most, equally near */

struct suggest {
	const char	*typed;
	const char	*best[SUGGEST_MAX];
	size_t		 nbest;
	size_t		 dist;		/* of best[]; SIZE_MAX: none yet */
};

/*
 * Edit distance of a and b, ignoring case, where swapping two adjacent
 * characters is one edit ("rnu" is 1 from "run"): the optimal string
 * alignment distance.  Names longer than SUGGEST_LONGEST are never near.
 */
#define SUGGEST_LONGEST	128
size_t	suggest_distance(const char *a, const char *b);

void	suggest_init(struct suggest *s, const char *typed);

/*
 * Consider `name'.  It is near when at most a third of the typed
 * characters (at least one) must change to make it, or when the typed
 * text starts it; a name after a '/' is also compared without what comes
 * before, so "imul-latncy" finds "basic/imul-latency".
 */
void	suggest_offer(struct suggest *s, const char *name);

/*
 * "; did you mean 'run'?", "; did you mean 'a' or 'b'?", or "" when no
 * name was near.  Returns buf.
 */
const char *suggest_text(const struct suggest *s, char *buf, size_t len);

#endif
