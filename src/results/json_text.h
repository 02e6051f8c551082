/* SPDX-License-Identifier: BSD-2-Clause */
/* Strings for JSON outputs other than the results file. */
#ifndef CB_RESULTS_JSON_TEXT_H
#define CB_RESULTS_JSON_TEXT_H

#include <jansson.h>

#include "cyclebench.h"

/* s as a JSON string, a byte that is not UTF-8 as '?'; NULL as null. */
json_t	*results_json_text(const char *s);

/*
 * A benchmark's parameters as the results file writes them: an object,
 * a value spelled as a JSON number written as one (docs/results-schema.md).
 */
json_t	*results_json_params(const struct cb_bench *b);

#endif
