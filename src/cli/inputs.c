/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results files named on the command line, for compare and report: all
 * are loaded before anything is printed, and every bad one is reported,
 * not just the first, so one run of the command lists everything to fix.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"

int
load_inputs(char *const *paths, int n, struct rs_file **out)
{
	struct rs_file *f;
	char err[512];
	int i, bad;

	if ((f = calloc((size_t)n, sizeof(*f))) == NULL) {
		fprintf(stderr, "cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	bad = 0;
	for (i = 0; i < n; i++)
		if (rs_load(paths[i], &f[i], err, sizeof(err)) != 0) {
			fprintf(stderr, "cyclebench: %s\n", err);
			bad = 1;
		}
	if (bad) {
		free_inputs(f, n);
		return (EXIT_USAGE);
	}
	*out = f;
	return (0);
}

void
free_inputs(struct rs_file *f, int n)
{
	int i;

	for (i = 0; f != NULL && i < n; i++)
		rs_free(&f[i]);
	free(f);
}
