/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The files a command will write, checked before anything is measured:
 * a result that cannot be saved, or that would be saved over one of the
 * command's inputs or over another of its outputs, is refused while
 * refusing costs the user nothing.  Files are compared by device and
 * inode, so two names for one file (a link, "./a" and "a") are caught.
 * The results store is one more file no output may touch: it, and the
 * journal SQLite keeps beside it.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "results/out_path.h"
#include "store/store.h"
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

/* SQLite's files beside the store's own: a write over one loses runs. */
static const char *const store_parts[] = { "", "-wal", "-journal" };

int
check_store(const struct cli_output *out, size_t nout, const char *url)
{
	struct out_target t, f;
	char file[PATH_MAX], part[PATH_MAX + 16], err[1024];
	size_t i, k;
	int rc;

	if ((rc = store_file(url, file, sizeof(file), err, sizeof(err))) < 0) {
		fprintf(stderr, "cyclebench: %s\n", err);
		return (EXIT_USAGE);
	}
	/* A server's store, or one whose directory is not there yet. */
	if (rc == 0 || out_locate(file, &f, err, sizeof(err)) != 0)
		return (0);
	/* Beside the file the links lead to, as SQLite puts them. */
	snprintf(file, sizeof(file), "%s", f.path);
	for (k = 0; k < sizeof(store_parts) / sizeof(store_parts[0]); k++) {
		snprintf(part, sizeof(part), "%s%s", file, store_parts[k]);
		if (out_locate(part, &f, err, sizeof(err)) != 0)
			continue;
		for (i = 0; i < nout; i++)
			if (out[i].path != NULL && out_locate(out[i].path, &t,
			    err, sizeof(err)) == 0 && out_hits(&t, &f)) {
				fprintf(stderr, "cyclebench: %s '%s' is the "
				    "results store%s '%s': writing it would "
				    "destroy the stored runs\n", out[i].option,
				    out[i].path, k ? "'s journal" : "", part);
				return (EXIT_USAGE);
			}
	}
	return (0);
}
