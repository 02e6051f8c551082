/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * JSON values from C values, for the results file and every other JSON
 * output: what C keeps as "unknown" (NULL or "", NaN) is null in JSON,
 * never 0 or "", and a byte that is not UTF-8 does not cost the document.
 */
#ifndef CB_RESULTS_JSON_TEXT_H
#define CB_RESULTS_JSON_TEXT_H

#include <jansson.h>

#include "cyclebench.h"

/*
 * s as a JSON string; NULL as null.  A string that is not UTF-8 has
 * every byte past ASCII written as '?', valid or not: the writer cannot
 * tell which multibyte sequence was meant.
 */
json_t	*results_json_text(const char *s);
json_t	*results_json_textn(const char *s, size_t n);

/*
 * v under key in o, whose key comes from data, repaired as a text is;
 * a failure sets *bad (and v is freed).
 */
void	results_json_put_key(json_t *o, const char *key, json_t *v, int *bad);

/* A word of a command line, which may name a store with its password,
   as results_json_text without the password (util/redact.h). */
json_t	*results_json_redacted(const char *s);

/* "Unknown" texts are NULL or empty in C and null in JSON. */
json_t	*results_json_opt_text(const char *s);

/* v, or null when not finite: JSON has no NaN or infinity. */
json_t	*results_json_num(double v);

/*
 * A benchmark's parameters as the results file writes them: an object,
 * a value spelled as a JSON number written as one (docs/results-schema.md).
 */
json_t	*results_json_params(const struct cb_bench *b);

#endif
