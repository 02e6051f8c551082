/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The link seams of src/core/seams.h, defined for the test build
 * build/cyclebench-seams, each driven by an environment variable the CLI
 * tests set:
 *
 * CYCLEBENCH_TEST_DRIFT=0.25: a round's closing clock reads a core clock
 * 25% faster, a drift no host's own can cancel.
 * CYCLEBENCH_TEST_STRETCH=first: every row's first measurement is
 * flagged miscalibrated and its second is free of the flags that send a
 * row back (a stretch that passed, whatever the host does meanwhile);
 * =always: every measurement is flagged, so the tests see what stands.
 */
#include <stdlib.h>
#include <string.h>

#include "core/seams.h"

double
cb_seam_drift(void)
{
	const char *s = getenv("CYCLEBENCH_TEST_DRIFT");

	return (s != NULL ? strtod(s, NULL) : 0);
}

int
cb_seam_stretch(int again)
{
	const char *s = getenv("CYCLEBENCH_TEST_STRETCH");

	if (s == NULL)
		return (-1);
	if (strcmp(s, "always") == 0 || (!again && strcmp(s, "first") == 0))
		return (1);
	return (strcmp(s, "first") == 0 ? 0 : -1);
}
