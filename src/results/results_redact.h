/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Passwords out of results documents.  The command line a run records
 * (run.argv) and the context it was given may name a store with its
 * password: cyclebench writes them redacted (util/redact.h), and a file
 * written before that, or elsewhere, is redacted where it is read, and
 * as it goes into the store and out of it.
 */
#ifndef CB_RESULTS_REDACT_H
#define CB_RESULTS_REDACT_H

#include <stddef.h>

#include <jansson.h>

/*
 * Redact, in the tree of a results document, every word of run.argv and
 * every value of context (whatever else the tree holds, or lacks, is
 * left alone).  1 when one held a password, 0 when none did, -1 when out
 * of memory.
 */
int	rs_redact_tree(json_t *root);

/*
 * The document text[0..len-1] (JSON read as results before) without its
 * passwords: 0 and *out NULL when it holds none, and then its bytes are
 * the ones to keep; 1 and the text parsed, redacted and laid out again
 * in a malloc'ed *out of *outlen bytes (a NUL after them); -1 when it
 * does not parse now (out of memory).
 */
int	rs_redact_document(const char *text, size_t len, char **out,
	    size_t *outlen);

#endif
