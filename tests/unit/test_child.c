/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/child.c: a child that asks to die with its
 * parent is killed when the parent exits.  A grandchild holds the write
 * end of a pipe; its parent exits; the pipe's end-of-file says the
 * grandchild is gone too.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/child.h"

static void
test_signal_set(void **state)
{
	int sig = 0, status;
	pid_t pid;

	(void)state;
	assert_true((pid = fork()) >= 0);
	if (pid == 0) {
		os_child_die_with_parent();
		_exit(prctl(PR_GET_PDEATHSIG, &sig) == 0 && sig == SIGKILL ?
		    0 : 1);
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static void
test_dies_with_parent(void **state)
{
	struct pollfd p;
	int fds[2], status;
	pid_t pid;
	char c;

	(void)state;
	assert_int_equal(pipe(fds), 0);
	assert_true((pid = fork()) >= 0);
	if (pid == 0) {
		if (fork() == 0) {
			os_child_die_with_parent();
			/* Ready: from here its parent's exit kills it. */
			if (write(fds[1], "r", 1) != 1)
				_exit(1);
			for (;;)
				pause();
		}
		/* Exit once the grandchild has armed itself. */
		close(fds[1]);
		_exit(read(fds[0], &c, 1) == 1 ? 0 : 1);
	}
	close(fds[1]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_int_equal(WEXITSTATUS(status), 0);
	/* Its end of the pipe closes when it dies: generous, for a busy VM. */
	p.fd = fds[0];
	p.events = POLLIN;
	assert_int_equal(poll(&p, 1, 30000), 1);
	assert_int_equal(read(fds[0], &c, 1), 0);
	close(fds[0]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_signal_set),
		cmocka_unit_test(test_dies_with_parent),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
