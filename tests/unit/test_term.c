/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/term.c, the terminal's width: nothing for a
 * file, a pipe or no stream at all (whatever $COLUMNS says); on a
 * pseudo-terminal, what the terminal reports, $COLUMNS over it when it
 * holds a number, and 0 for a width too narrow or too wide to fit to.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "os/term.h"

static void
test_not_a_terminal(void **state)
{
	FILE *fp;
	int fds[2];

	(void)state;
	setenv("COLUMNS", "100", 1);
	assert_int_equal(term_width(NULL), 0);
	assert_non_null(fp = tmpfile());
	assert_int_equal(term_width(fp), 0);
	fclose(fp);
	assert_int_equal(pipe(fds), 0);
	assert_non_null(fp = fdopen(fds[1], "w"));
	assert_int_equal(term_width(fp), 0);
	fclose(fp);
	close(fds[0]);
	unsetenv("COLUMNS");
}

/* The terminal side of a new pseudo-terminal, cols wide; NULL if none. */
static FILE *
pty(int *master, unsigned short cols)
{
	struct winsize ws = { 24, cols, 0, 0 };
	FILE *fp;
	int fd;

	if ((*master = posix_openpt(O_RDWR | O_NOCTTY)) < 0 ||
	    grantpt(*master) != 0 || unlockpt(*master) != 0 ||
	    (fd = open(ptsname(*master), O_RDWR | O_NOCTTY)) < 0)
		return (NULL);
	assert_int_equal(ioctl(fd, TIOCSWINSZ, &ws), 0);
	assert_non_null(fp = fdopen(fd, "w"));
	return (fp);
}

static int
width(unsigned short cols, const char *columns)
{
	FILE *fp;
	int master, w;

	if (columns != NULL)
		setenv("COLUMNS", columns, 1);
	else
		unsetenv("COLUMNS");
	if ((fp = pty(&master, cols)) == NULL)
		skip();		/* no /dev/pts here */
	w = term_width(fp);
	fclose(fp);
	close(master);
	unsetenv("COLUMNS");
	return (w);
}

static void
test_terminal(void **state)
{
	(void)state;
	assert_int_equal(width(120, NULL), 120);
	assert_int_equal(width(120, ""), 120);
	/* $COLUMNS wins when it is a number, as for ls(1). */
	assert_int_equal(width(120, "90"), 90);
	assert_int_equal(width(0, "90"), 90);
	assert_int_equal(width(120, "90x"), 120);
	assert_int_equal(width(120, "wide"), 120);
	assert_int_equal(width(120, "0"), 120);
	assert_int_equal(width(120, "-5"), 120);
	/* Unknown, too narrow to fit a name in, or absurd: not cut. */
	assert_int_equal(width(0, NULL), 0);
	assert_int_equal(width(39, NULL), 0);
	assert_int_equal(width(40, NULL), 40);
	assert_int_equal(width(120, "39"), 0);
	assert_int_equal(width(120, "10000"), 10000);
	assert_int_equal(width(120, "10001"), 0);
	assert_int_equal(width(120, "99999999999999999999"), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_not_a_terminal),
		cmocka_unit_test(test_terminal),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
