/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A run's context: what the user says about it that the machine cannot,
 * as KEY=VALUE pairs (--context commit=v6.9-rc1, --context host=db7).
 * Results files carry it as the top-level "context" object; the results
 * store files it for `table --by KEY' and selections.
 */
#ifndef CB_CONTEXT_H
#define CB_CONTEXT_H

#include <stddef.h>

#include <jansson.h>

#define CTX_MAX		16
#define CTX_KEY_MAX	64	/* bytes, without the NUL */
#define CTX_VALUE_MAX	1024

struct run_context {
	size_t		 n;
	struct {
		char	 key[CTX_KEY_MAX + 1];
		char	*value;
	}		 items[CTX_MAX];
	int		 want_git;	/* "--context git": commit=git describe */
	int		 want_host;	/* "--context host": host=hostname */
};

/*
 * Take one --context argument: KEY=VALUE, or "git" or "host" to be
 * resolved later (parsing starts nothing).  Returns 0, or -1 with why.
 */
int	context_add(struct run_context *c, const char *arg, char *err,
	    size_t errlen);

/* Set one pair; -1 with why when the key is bad or already given. */
int	context_set(struct run_context *c, const char *key, const char *value,
	    char *err, size_t errlen);

/*
 * Resolve "git" (git describe --always --dirty --tags in the current
 * directory) and "host".  Returns 0, or -1 with why (not a git work
 * tree, git missing).
 */
int	context_resolve(struct run_context *c, char *err, size_t errlen);

/* A key users may give: [A-Za-z0-9_.-], 1 to CTX_KEY_MAX bytes, not one
   of the words selections use for the machine's own fields. */
int	context_key_ok(const char *key, char *err, size_t errlen);

/* The pairs as a JSON object of strings; NULL when out of memory. */
json_t	*context_json(const struct run_context *c);

void	context_free(struct run_context *c);

#endif
