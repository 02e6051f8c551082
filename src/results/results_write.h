/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The results file as cyclebench writes it: the machine, the run and
 * every result with its samples (docs/results-schema.md).  The writer
 * knows the format, not how a table looks.
 */
#ifndef CB_RESULTS_WRITE_H
#define CB_RESULTS_WRITE_H

#include <stddef.h>

#include <jansson.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "results/context.h"

/* What the run was: stored under "run" in the JSON. */
struct run_info {
	char		 started_at[32];	/* ISO 8601 UTC */
	int		 argc;
	char		**argv;
	int		 partial;		/* 1: interrupted before the end */
	const struct run_context *context;	/* NULL or empty: no "context" */
};

/*
 * Write results as JSON (schema in docs/results-schema.md) to
 * `path', atomically: a temporary file in the same directory, fsync,
 * rename.  On failure returns -1 with a message in err and leaves no
 * file at path (an existing one stays untouched).
 */
int	results_write_file(const char *path, const struct machine *m,
	    const struct run_info *run, const struct cb_result *r, size_t n,
	    char *err, size_t errlen);
/*
 * The same document as text in a malloc'ed *buf, for the results store,
 * which keeps exactly what --json writes.  -1 when out of memory.
 */
int	results_render(const struct machine *m, const struct run_info *run,
	    const struct cb_result *r, size_t n, char **buf, size_t *len);

/* The same document as a tree, for a command that adds to it before
   writing (characterize's "form" objects); NULL when out of memory. */
json_t	*results_document(const struct machine *m, const struct run_info *run,
	    const struct cb_result *r, size_t n);

/* doc as the text of a results file, laid out as every one is, in a
   malloc'ed *buf; -1 when out of memory. */
int	results_dump(json_t *doc, char **buf, size_t *len);

#endif
