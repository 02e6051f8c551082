/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz target: json_parse (report/json_parse.c) against Jansson's own
 * parser on the same bytes.  Both must take the text or both refuse it,
 * and what both take must be the same tree: results files are read
 * through yajl for speed on the promise that a file is good or bad alike
 * through either, and this is where that promise is kept.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json_parse.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	json_error_t theirs, mine;
	json_t *a, *b;

	a = json_loadb((const char *)data, size, JSON_REJECT_DUPLICATES,
	    &theirs);
	b = json_parse((const char *)data, size, &mine);
	/* Jansson skips a NUL byte between tokens; JSON has none there. */
	if (a != NULL && b == NULL && memchr(data, '\0', size) != NULL) {
		json_decref(a);
		a = NULL;
	}
	if (a == NULL ? b != NULL : b == NULL || !json_equal(a, b)) {
		fprintf(stderr, "Jansson: %s; json_parse: %s\n",
		    a != NULL ? "taken" : theirs.text,
		    b != NULL ? "taken" : mine.text);
		abort();
	}
	/* The place is in the text, or just after it. */
	if (b == NULL && (mine.position < 0 || (size_t)mine.position > size))
		abort();
	json_decref(a);
	json_decref(b);
	return (0);
}
