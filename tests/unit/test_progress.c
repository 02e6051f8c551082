/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/progress.c: the line as a terminal gets it,
 * with the run's start moved back so that the elapsed time is known
 * (75 s is "1:15", 4000 s "1:06:40"), the time left as the mean step
 * times the steps to come, the text cut to the terminal's width, and
 * nothing at all when stderr is no terminal.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cli/progress.h"
#include "util/time.h"
#include "stderr_capture.h"

/* A progress on a terminal of `width' columns, started `ago' s ago. */
static void
begun(struct progress *p, size_t total, int width, double ago)
{
	stderr_begin();
	progress_start(p, total);
	stderr_end();
	p->show = 1;
	p->width = width;
	p->start = monotonic_seconds() - ago;
}

static const char *
line(struct progress *p, const char *head, size_t done, const char *what)
{
	stderr_begin();
	progress_line(p, head, done, what);
	return (stderr_end());
}

static void
test_elapsed(void **state)
{
	struct progress p;

	(void)state;
	begun(&p, 4, 0, 0);
	assert_string_equal(line(&p, "[1/4] ", 0, "basic/add"),
	    "\r\033[K[1/4] basic/add  0:00 elapsed");
	begun(&p, 4, 0, 75);
	assert_string_equal(line(&p, "[1/4] ", 0, "basic/add"),
	    "\r\033[K[1/4] basic/add  1:15 elapsed");
	begun(&p, 4, 0, 4000);
	assert_string_equal(line(&p, "[1/4] ", 0, "basic/add"),
	    "\r\033[K[1/4] basic/add  1:06:40 elapsed");
	/* Done: nothing left to estimate. */
	assert_string_equal(line(&p, "", 4, "x"),
	    "\r\033[Kx  1:06:40 elapsed");
}

/* 100 s for 1 step of 4: 300 s for the 3 to come. */
static void
test_left(void **state)
{
	struct progress p;
	const char *said;

	(void)state;
	begun(&p, 4, 0, 100);
	stderr_begin();
	progress_step(&p, 1, "basic/mul");
	said = stderr_end();
	assert_string_equal(said,
	    "\r\033[K[2/4] basic/mul  1:40 elapsed, ~5:00 left");
	begun(&p, 3, 0, 1200);
	assert_string_equal(line(&p, "[round 1] ", 2, "y"),
	    "\r\033[K[round 1] y  20:00 elapsed, ~10:00 left");
}

/* 40 columns: 39 drawn, of which the head and times take 6 + 14. */
static void
test_width(void **state)
{
	struct progress p;

	(void)state;
	begun(&p, 4, 40, 75);
	assert_string_equal(line(&p, "[1/4] ", 0,
	    "ctxsw/pipe-threads cpus=1 fpu=none"),
	    "\r\033[K[1/4] ctxsw/pipe-threads   1:15 elapsed");
	/* Never fewer than 8 characters of what, however narrow. */
	begun(&p, 4, 10, 75);
	assert_string_equal(line(&p, "[1/4] ", 0,
	    "ctxsw/pipe-threads cpus=1 fpu=none"),
	    "\r\033[K[1/4] ctxsw/pi  1:15 elapsed");
}

static void
test_not_a_terminal(void **state)
{
	struct progress p;
	const char *said;

	(void)state;
	stderr_begin();
	progress_start(&p, 4);
	progress_step(&p, 0, "basic/add");
	progress_end(&p);
	said = stderr_end();
	assert_false(p.show);
	assert_string_equal(said, "");
	begun(&p, 4, 0, 0);
	stderr_begin();
	progress_end(&p);
	assert_string_equal(stderr_end(), "\r\033[K");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_elapsed),
		cmocka_unit_test(test_left),
		cmocka_unit_test(test_width),
		cmocka_unit_test(test_not_a_terminal),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
