/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for util/mkdirs.c: a path whose directories are all
 * missing, one already there, doubled slashes, and a directory that
 * cannot be made, whose name the path is cut to.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/mkdirs.h"

static char top[] = "/tmp/cb-mkdirs-XXXXXX";

static int
make_top(void **state)
{
	(void)state;
	return (mkdtemp(top) == NULL ? -1 : 0);
}

static int
remove_one(const char *path, const struct stat *st, int flag,
    struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return (remove(path));
}

static int
remove_top(void **state)
{
	(void)state;
	return (nftw(top, remove_one, 8, FTW_DEPTH | FTW_PHYS));
}

static int
is_dir(const char *path, mode_t mode)
{
	struct stat st;

	return (stat(path, &st) == 0 && S_ISDIR(st.st_mode) &&
	    (st.st_mode & 0777) == mode);
}

static void
test_made(void **state)
{
	char path[256], mid[256];

	(void)state;
	snprintf(path, sizeof(path), "%s/a/b//c", top);
	snprintf(mid, sizeof(mid), "%s/a/b", top);
	assert_int_equal(mkdirs(path, 0700), 0);
	assert_string_equal(strrchr(path, '/'), "/c");	/* not cut */
	assert_true(is_dir(mid, 0700));
	assert_true(is_dir(path, 0700));
	/* Already there: nothing to do, no error. */
	assert_int_equal(mkdirs(path, 0755), 0);
	assert_true(is_dir(path, 0700));
}

static void
test_cannot(void **state)
{
	char file[256], path[300];
	int fd;

	(void)state;
	snprintf(file, sizeof(file), "%s/file", top);
	assert_true((fd = open(file, O_WRONLY | O_CREAT, 0600)) >= 0);
	close(fd);
	snprintf(path, sizeof(path), "%s/below/x", file);
	assert_int_equal(mkdirs(path, 0700), -1);
	assert_int_equal(errno, ENOTDIR);
	snprintf(file + strlen(file), sizeof(file) - strlen(file), "/below");
	assert_string_equal(path, file);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_made),
		cmocka_unit_test(test_cannot),
	};

	return (cmocka_run_group_tests(tests, make_top, remove_top));
}
