/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A results file's bytes and its JSON tree, within the limits of
 * results.h (RS_MAX_BYTES, RS_MAX_VALUES).
 */
#ifndef CB_RESULTS_SLURP_H
#define CB_RESULTS_SLURP_H

#include <stddef.h>

#include <jansson.h>

#include "results/results_get.h"

/*
 * Parse buf[0..len-1] into a tree whose strings are safe to show on a
 * terminal; NULL with c's message, with the line and column where the
 * parser gives them.
 */
json_t	*rs_parse_text(struct rs_vctx *c, const char *buf, size_t len);

#endif
