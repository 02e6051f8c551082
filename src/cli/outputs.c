/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The files a command will write, checked before anything is measured:
 * a result that cannot be saved, or that would be saved over one of the
 * command's inputs or over another of its outputs, is refused while
 * refusing costs the user nothing.  Files are compared by device and
 * inode, so two names for one file (a link, "./a" and "a") are caught.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "results/out_path.h"
#include "util/scrub.h"

int
check_outputs(const struct cli_output *out, size_t nout, char *const *in,
    size_t nin)
{
	struct out_target t[CLI_MAX_OUTPUTS];
	struct stat st;
	char err[1024];
	size_t i, j;

	for (i = 0; i < nout && i < CLI_MAX_OUTPUTS; i++) {
		if (out[i].path == NULL)
			continue;
		if (out_resolve(out[i].path, &t[i], err, sizeof(err)) != 0) {
			term_eprintf("cyclebench: %s: %s\n", out[i].option,
			    err);
			return (EXIT_USAGE);
		}
		for (j = 0; j < i; j++)
			if (out[j].path != NULL && out_same(&t[i], &t[j])) {
				term_eprintf("cyclebench: %s and %s name the "
				    "same %s ('%s', '%s'): one would "
				    "overwrite the other\n", out[j].option,
				    out[i].option, t[i].is_stdout ? "standard "
				    "output" : "file", out[j].path,
				    out[i].path);
				return (EXIT_USAGE);
			}
		for (j = 0; j < nin; j++)
			if (in[j] != NULL && stat(in[j], &st) == 0 &&
			    out_is_file(&t[i], &st)) {
				term_eprintf("cyclebench: %s '%s' is the "
				    "input '%s': writing it would destroy "
				    "what it reads\n", out[i].option,
				    out[i].path, in[j]);
				return (EXIT_USAGE);
			}
	}
	return (0);
}
