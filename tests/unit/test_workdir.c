/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/workdir.c: five memory files, each named by a
 * /proc/self/fd path that a tool opens after exec (so not close-on-exec),
 * kept apart; read back whole, cut at a limit, or not at all; closed by
 * workdir_remove.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snippet/workdir.h"

static void
put(const char *path, const char *text)
{
	int fd;

	assert_true((fd = open(path, O_WRONLY | O_TRUNC)) >= 0);
	assert_int_equal(write(fd, text, strlen(text)), (ssize_t)strlen(text));
	assert_int_equal(close(fd), 0);
}

static void
test_make(void **state)
{
	struct workdir w;
	const char *path[W_FILES];
	char err[256], want[32];
	int k, flags;

	(void)state;
	assert_int_equal(workdir_make(&w, err, sizeof(err)), 0);
	path[0] = w.src;
	path[1] = w.obj;
	path[2] = w.out;
	path[3] = w.msg;
	path[4] = w.dep;
	for (k = 0; k < W_FILES; k++) {
		assert_true(w.fd[k] > 2);
		snprintf(want, sizeof(want), "/proc/self/fd/%d", w.fd[k]);
		assert_string_equal(path[k], want);
		/* Open across exec: the tool opens it by path. */
		assert_true((flags = fcntl(w.fd[k], F_GETFD)) >= 0);
		assert_int_equal(flags & FD_CLOEXEC, 0);
	}
	workdir_remove(&w);
	for (k = 0; k < W_FILES; k++) {
		errno = 0;
		assert_int_equal(fcntl(w.fd[k], F_GETFD), -1);
		assert_int_equal(errno, EBADF);
	}
}

static void
test_read(void **state)
{
	struct workdir w;
	char err[256], *s;
	size_t len = 99;

	(void)state;
	assert_int_equal(workdir_make(&w, err, sizeof(err)), 0);
	/* Empty at first. */
	assert_non_null(s = workdir_read(w.out, 1024, &len));
	assert_int_equal(len, 0);
	assert_string_equal(s, "");
	free(s);
	put(w.out, "to out\n");
	put(w.msg, "to msg, longer\n");
	assert_non_null(s = workdir_read(w.out, 1024, &len));
	assert_int_equal(len, 7);
	assert_string_equal(s, "to out\n");
	free(s);
	assert_non_null(s = workdir_read(w.msg, 1024, &len));
	assert_string_equal(s, "to msg, longer\n");
	free(s);
	/* Cut at the limit, terminated. */
	assert_non_null(s = workdir_read(w.msg, 6, &len));
	assert_int_equal(len, 6);
	assert_string_equal(s, "to msg");
	free(s);
	/* Rewritten shorter: the old tail is gone (as a tool's O_TRUNC). */
	put(w.msg, "x");
	assert_non_null(s = workdir_read(w.msg, 1024, &len));
	assert_string_equal(s, "x");
	free(s);
	/* A file that is not regular is read to its end. */
	assert_non_null(s = workdir_read("/dev/null", 1 << 20, &len));
	assert_int_equal(len, 0);
	free(s);
	workdir_remove(&w);
	/* Gone with its descriptor; and a path that never was. */
	assert_null(workdir_read(w.out, 1024, &len));
	assert_null(workdir_read("/nonexistent/cb-workdir", 1024, &len));
}

/* Many in turn: none is left open. */
static void
test_no_leak(void **state)
{
	struct workdir w;
	char err[256];
	int i, first;

	(void)state;
	assert_int_equal(workdir_make(&w, err, sizeof(err)), 0);
	first = w.fd[0];
	workdir_remove(&w);
	for (i = 0; i < 2000; i++) {
		assert_int_equal(workdir_make(&w, err, sizeof(err)), 0);
		workdir_remove(&w);
	}
	assert_int_equal(w.fd[0], first);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_make),
		cmocka_unit_test(test_read),
		cmocka_unit_test(test_no_leak),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
