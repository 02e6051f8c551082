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
#include "cli/store_cli.h"
#include "util/scrub.h"

struct inputs {
	struct rs_file	*f;
	int		 bad;
};

/* A name that is no file but reads as a selection was meant for --runs. */
static void
hint_selection(const char *path)
{

	if (cli_reads_as_selection(path))
		term_eprintf("cyclebench: for the stored runs '%s' selects, "
		    "write --runs '%s'\n", path, path);
}

static int
keep(struct rs_loaded *l, void *arg)
{
	struct inputs *in = arg;

	if (l->text == NULL) {
		term_eprintf("cyclebench: %s\n", l->err);
		hint_selection(l->path);
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
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	rs_load_each(paths, (size_t)n, NULL, keep, &in);
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
