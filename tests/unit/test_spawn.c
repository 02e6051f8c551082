/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/spawn.c, running real commands through
 * /bin/sh: the exit status a shell would give (the command's, 128 +
 * signal, 126 for what cannot be executed, 127 for what is not there),
 * descendants left running (where we can be their subreaper), a SIGTERM
 * sent to us passed on to the command, and our signal dispositions as
 * they were afterwards.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>

#include "impact/spawn.h"

/* sh -c script, run to its end. */
static void
sh(const char *script, struct impact_run *r)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	char err[256];

	if (spawn_run(argv, r, err, sizeof(err)) != 0)
		fail_msg("%s", err);
}

static void
test_exit_codes(void **state)
{
	struct impact_run r;

	(void)state;
	sh("exit 0", &r);
	assert_int_equal(spawn_exit_code(&r), 0);
	assert_int_equal(r.exec_errno, 0);
	assert_true(r.wall >= 0);
	sh("exit 3", &r);
	assert_true(WIFEXITED(r.status));
	assert_int_equal(spawn_exit_code(&r), 3);
	sh("exit 255", &r);
	assert_int_equal(spawn_exit_code(&r), 255);
	sh("kill -KILL $$", &r);
	assert_true(WIFSIGNALED(r.status));
	assert_int_equal(spawn_exit_code(&r), 128 + SIGKILL);
	/* Its own ^C is its own: we ignore SIGINT while it runs. */
	sh("kill -INT $$", &r);
	assert_int_equal(spawn_exit_code(&r), 128 + SIGINT);
}

static void
test_cannot_start(void **state)
{
	char *absent[] = { "cb-no-such-command-here", NULL };
	char *not_exec[] = { "tests/fixtures/results/basic-cpu0.json", NULL };
	struct impact_run r;
	char err[256];

	(void)state;
	assert_int_equal(spawn_run(absent, &r, err, sizeof(err)), 0);
	assert_int_equal(r.exec_errno, ENOENT);
	assert_int_equal(spawn_exit_code(&r), 127);
	assert_int_equal(spawn_run(not_exec, &r, err, sizeof(err)), 0);
	assert_int_equal(r.exec_errno, EACCES);
	assert_int_equal(spawn_exit_code(&r), 126);
}

/* A descendant that outlives the command is noticed, not waited for. */
static void
test_left_running(void **state)
{
	struct impact_run r;

	(void)state;
	sh("exit 0", &r);
	assert_false(r.left_running);
	/* One that ended before it is reaped. */
	sh("sh -c 'exit 0' & wait", &r);
	assert_false(r.left_running);
	/* qemu-user refuses PR_SET_CHILD_SUBREAPER: orphans go to init. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
		skip();
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	sh("sleep 2 & exit 0", &r);
	assert_int_equal(spawn_exit_code(&r), 0);
	assert_true(r.left_running);
	assert_true(r.wall < 2);
	/* It is ours now (we were its subreaper): not left for the next. */
	assert_true(waitpid(-1, NULL, 0) > 0);
}

/* A SIGTERM to us while the command runs goes on to it. */
static void
test_passed_on(void **state)
{
	struct sigaction before, after;
	struct impact_run r;

	(void)state;
	assert_int_equal(sigaction(SIGTERM, NULL, &before), 0);
	sh("kill -TERM $PPID; exec sleep 10", &r);
	assert_int_equal(r.passed_on, SIGTERM);
	assert_true(WIFSIGNALED(r.status));
	assert_int_equal(spawn_exit_code(&r), 128 + SIGTERM);
	assert_true(r.wall < 10);
	assert_int_equal(sigaction(SIGTERM, NULL, &after), 0);
	assert_ptr_equal(after.sa_handler, before.sa_handler);
	assert_int_equal(sigaction(SIGINT, NULL, &after), 0);
	assert_ptr_equal(after.sa_handler, SIG_DFL);
	sh("exit 0", &r);
	assert_int_equal(r.passed_on, 0);
}

/*
 * A shell starts a background job with SIGINT and SIGQUIT ignored, and
 * the command inherits what we ignore, as a shell's would: these tests
 * start from the defaults so that `make check &` tests the same thing.
 */
static int
default_signals(void **state)
{
	static const int sigs[] = { SIGINT, SIGQUIT, SIGTERM, SIGHUP };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (signal(sigs[i], SIG_DFL) == SIG_ERR)
			return (-1);
	return (0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_exit_codes),
		cmocka_unit_test(test_cannot_start),
		cmocka_unit_test(test_left_running),
		cmocka_unit_test(test_passed_on),
	};

	return (cmocka_run_group_tests(tests, default_signals, NULL));
}
