/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A scratch directory for a test: made with mkdtemp, filled with files
 * whose parents are made as needed, and removed whole, without a shell.
 * Include after <cmocka.h>.
 */
#ifndef CB_TEST_SCRATCH_H
#define CB_TEST_SCRATCH_H

#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* tmpl ("/tmp/cb-NAME-XXXXXX") made a new directory; 0, or -1. */
static inline int
scratch_make(char *tmpl)
{
	return (mkdtemp(tmpl) != NULL ? 0 : -1);
}

/* root + rel written with text, its missing parent directories made. */
static inline void
scratch_put(const char *root, const char *rel, const char *text)
{
	char path[PATH_MAX], *slash;
	FILE *fp;

	assert_true((size_t)snprintf(path, sizeof(path), "%s%s", root, rel) <
	    sizeof(path));
	for (slash = strchr(path + strlen(root) + 1, '/'); slash != NULL;
	    slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		assert_true(mkdir(path, 0700) == 0 || errno == EEXIST);
		*slash = '/';
	}
	fp = fopen(path, "w");
	assert_non_null(fp);
	fputs(text, fp);
	assert_int_equal(fclose(fp), 0);
}

static inline int
scratch_unlink(const char *path, const struct stat *st, int type,
    struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	return (type == FTW_DP ? rmdir(path) : unlink(path));
}

/* root and everything below it removed; 0, or -1. */
static inline int
scratch_remove(const char *root)
{
	return (nftw(root, scratch_unlink, 16, FTW_DEPTH | FTW_PHYS));
}

#endif
