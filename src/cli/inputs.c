/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results files named on the command line, for compare and report: all
 * are loaded before anything is printed, and every bad one is reported,
 * not just the first, so one run of the command lists everything to fix.
 * They are read on every CPU (rs_load_each): a report of many runs waits
 * for parsing, not for one CPU.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"

struct inputs {
	struct rs_file	*f;
	int		 bad;
};

static int
keep(struct rs_loaded *l, void *arg)
{
	struct inputs *in = arg;

	if (l->text == NULL) {
		fprintf(stderr, "cyclebench: %s\n", l->err);
		in->bad = 1;
		return (0);
	}
	in->f[l->index] = l->f;
	free(l->text);
	return (0);
}

int
load_inputs(char *const *paths, int n, struct rs_file **out)
{
	struct inputs in = { NULL, 0 };

	if ((in.f = calloc((size_t)n, sizeof(*in.f))) == NULL) {
		fprintf(stderr, "cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	rs_load_each(paths, (size_t)n, keep, &in);
	if (in.bad) {
		free_inputs(in.f, n);
		return (EXIT_USAGE);
	}
	*out = in.f;
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
