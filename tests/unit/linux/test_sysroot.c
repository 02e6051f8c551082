/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's files below a sysroot: a path that does not fit is refused,
 * never cut short; the first line comes back without its line break or
 * trailing blanks; a missing, empty or unreadable file is -1 and "".
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sysroot.h"
#include "scratch.h"

static char root[] = "/tmp/cb-sysroot-XXXXXX";

static int
setup(void **state)
{
	(void)state;
	if (scratch_make(root) != 0)
		return (-1);
	scratch_put(root, "/sys/online", "0-3\n");
	scratch_put(root, "/sys/spaced", "  performance \t \n second line\n");
	scratch_put(root, "/sys/empty", "");
	scratch_put(root, "/sys/noeol", "42");
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	return (scratch_remove(root));
}

static void
test_path(void **state)
{
	char buf[32];

	(void)state;
	assert_int_equal(sysroot_path(buf, sizeof(buf), "/r", "/proc/x"), 0);
	assert_string_equal(buf, "/r/proc/x");
	/* no sysroot is this machine */
	assert_int_equal(sysroot_path(buf, sizeof(buf), NULL, "/proc/x"), 0);
	assert_string_equal(buf, "/proc/x");
	assert_int_equal(sysroot_path(buf, sizeof(buf), "", "/proc/x"), 0);
	assert_string_equal(buf, "/proc/x");
	/* exactly full: 31 characters and the NUL */
	assert_int_equal(sysroot_path(buf, sizeof(buf), "/0123456789abcdef",
	    "/0123456789abc"), 0);
	/* one more: refused, not cut to another file's name */
	errno = 0;
	assert_int_equal(sysroot_path(buf, sizeof(buf), "/0123456789abcdef",
	    "/0123456789abcd"), -1);
	assert_int_equal(errno, ENAMETOOLONG);
}

static void
test_line(void **state)
{
	char buf[64];

	(void)state;
	assert_int_equal(sysroot_line(root, "/sys/online", buf, sizeof(buf)),
	    0);
	assert_string_equal(buf, "0-3");
	/* leading blanks stay, trailing ones go, the second line is not read */
	assert_int_equal(sysroot_line(root, "/sys/spaced", buf, sizeof(buf)),
	    0);
	assert_string_equal(buf, "  performance");
	assert_int_equal(sysroot_line(root, "/sys/noeol", buf, sizeof(buf)),
	    0);
	assert_string_equal(buf, "42");
	/* a line longer than the buffer: its start */
	assert_int_equal(sysroot_line(root, "/sys/online", buf, 3), 0);
	assert_string_equal(buf, "0-");
}

static void
test_nothing_to_read(void **state)
{
	char buf[64];

	(void)state;
	strcpy(buf, "stale");
	assert_int_equal(sysroot_line(root, "/sys/empty", buf, sizeof(buf)),
	    -1);
	assert_string_equal(buf, "");
	strcpy(buf, "stale");
	assert_int_equal(sysroot_line(root, "/sys/absent", buf, sizeof(buf)),
	    -1);
	assert_string_equal(buf, "");
	/* a directory opens but does not read */
	strcpy(buf, "stale");
	assert_int_equal(sysroot_line(root, "/sys", buf, sizeof(buf)), -1);
	assert_string_equal(buf, "");
	assert_null(sysroot_open(root, "/sys/absent"));
	assert_int_equal(errno, ENOENT);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_path),
		cmocka_unit_test(test_line),
		cmocka_unit_test(test_nothing_to_read),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
