/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Redacting a results document: the strings that may hold a password,
 * run.argv's and context's, each through util/redact.h.  Only a document
 * that held one is written again, parsed and laid out as results_write
 * lays out every file; any other keeps its bytes, so that export still
 * gives back what was imported.
 */
#include <stdlib.h>

#include "results/json_parse.h"
#include "results/results_redact.h"
#include "results/results_write.h"
#include "util/redact.h"

/* v redacted where it lies: 1; 0 when not a string with a password. */
static int
redact_string(json_t *v)
{
	char *r;
	int rc;

	if (!json_is_string(v) || !redact_needed(json_string_value(v)))
		return (0);
	if ((r = redact(json_string_value(v))) == NULL)
		return (-1);
	rc = json_string_set(v, r) == 0 ? 1 : -1;
	free(r);
	return (rc);
}

int
rs_redact_tree(json_t *root)
{
	const char *k;
	json_t *v;
	size_t i;
	int rc, held = 0;

	json_array_foreach(json_object_get(json_object_get(root, "run"),
	    "argv"), i, v) {
		if ((rc = redact_string(v)) < 0)
			return (-1);
		held |= rc;
	}
	json_object_foreach(json_object_get(root, "context"), k, v) {
		if ((rc = redact_string(v)) < 0)
			return (-1);
		held |= rc;
	}
	return (held);
}

int
rs_redact_document(const char *text, size_t len, char **out, size_t *outlen)
{
	json_error_t je;
	json_t *root;
	int rc;

	*out = NULL;
	*outlen = 0;
	/* Read before, as results; failing now, it is memory that failed. */
	if ((root = json_parse(text, len, &je)) == NULL)
		return (-1);
	if ((rc = rs_redact_tree(root)) == 1 && results_dump(root, out,
	    outlen) != 0)
		rc = -1;
	json_decref(root);
	return (rc);
}
