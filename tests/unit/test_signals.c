/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/signals.c: before any signal the stop signal
 * is SIGINT's; once caught, SIGTERM (or SIGHUP) asks the library to stop
 * instead of ending the process, and is the one remembered; SIGPIPE no
 * longer kills, a write to a closed pipe fails with EPIPE.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <unistd.h>

#include "cyclebench.h"
#include "cli/cli.h"

static void
test_none_yet(void **state)
{
	(void)state;
	assert_int_equal(cli_stop_signal(), SIGINT);
	assert_false(cb_interrupted());
}

static void
test_caught(void **state)
{
	struct sigaction sa;
	int fd[2];

	(void)state;
	cli_catch_stop_signals();
	assert_int_equal(sigaction(SIGINT, NULL, &sa), 0);
	assert_true(sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN);
	assert_int_equal(sigaction(SIGHUP, NULL, &sa), 0);
	assert_true(sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN);
	/* Still here after it: the library was asked to stop. */
	assert_int_equal(raise(SIGTERM), 0);
	assert_int_equal(cli_stop_signal(), SIGTERM);
	assert_true(cb_interrupted());
	assert_int_equal(raise(SIGHUP), 0);
	assert_int_equal(cli_stop_signal(), SIGHUP);
	assert_int_equal(pipe(fd), 0);
	close(fd[0]);
	errno = 0;
	assert_int_equal(write(fd[1], "x", 1), -1);
	assert_int_equal(errno, EPIPE);
	close(fd[1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_none_yet),
		cmocka_unit_test(test_caught),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
