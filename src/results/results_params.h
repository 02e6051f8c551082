/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A result's parameters (results.h): the text shown and the key that
 * matches the result across files.
 */
#ifndef CB_RESULTS_PARAMS_H
#define CB_RESULTS_PARAMS_H

#include "results/results.h"
#include "results/results_get.h"

/*
 * Read obj's "params" into r: params_json, params ("k=v k=v" in file
 * order) and key (name and pairs sorted by key); r->name set first.
 * -1 with c's message, r's strings then left for rs_free.
 */
int	rs_get_params(struct rs_vctx *c, json_t *obj, const char *where,
	    struct rs_result *r);

#endif
