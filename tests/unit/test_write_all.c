/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A whole buffer or an error: through a pipe smaller than the buffer
 * (write(2) takes part of it each time), past a signal that interrupts
 * it, and to a pipe nobody reads (EPIPE, not a loop).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "util/write_all.h"

#define BIG	(1 << 20)	/* far more than a pipe holds */

static void
on_alarm(int sig)
{
	(void)sig;
}

/* Read everything from fd into buf (at most len); the count read. */
static size_t
drain(int fd, char *buf, size_t len)
{
	size_t got = 0;
	ssize_t n;

	while (got < len && (n = read(fd, buf + got, len - got)) > 0)
		got += (size_t)n;
	return (got);
}

static void
test_whole_buffer_through_a_pipe(void **state)
{
	char *out, *in;
	int p[2];
	size_t i;
	pid_t pid;
	int status;

	(void)state;
	out = malloc(BIG);
	in = malloc(BIG);
	assert_non_null(out);
	assert_non_null(in);
	for (i = 0; i < BIG; i++)
		out[i] = (char)(i * 7 + i / 251);
	assert_int_equal(pipe(p), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct itimerval every_ms = { { 0, 1000 }, { 0, 1000 } };
		struct sigaction sa;

		/* interrupted now and then: EINTR must be retried */
		memset(&sa, 0, sizeof(sa));
		sa.sa_handler = on_alarm;
		sigaction(SIGALRM, &sa, NULL);
		setitimer(ITIMER_REAL, &every_ms, NULL);
		close(p[0]);
		_exit(write_all(p[1], out, BIG) == 0 ? 0 : 1);
	}
	close(p[1]);
	/* read slowly at first so the writer blocks with a partial write */
	usleep(20000);
	assert_int_equal(drain(p[0], in, BIG), BIG);
	close(p[0]);
	assert_int_equal(waitpid(pid, &status, 0), pid);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_memory_equal(in, out, BIG);
	free(out);
	free(in);
}

static void
test_no_reader_is_an_error(void **state)
{
	char buf[4096];
	int p[2];
	void (*old)(int);

	(void)state;
	memset(buf, 'x', sizeof(buf));
	assert_int_equal(pipe(p), 0);
	close(p[0]);
	old = signal(SIGPIPE, SIG_IGN);
	errno = 0;
	assert_int_equal(write_all(p[1], buf, sizeof(buf)), -1);
	assert_int_equal(errno, EPIPE);
	signal(SIGPIPE, old);
	close(p[1]);
}

static void
test_bad_descriptor(void **state)
{
	(void)state;
	errno = 0;
	assert_int_equal(write_all(-1, "x", 1), -1);
	assert_int_equal(errno, EBADF);
	/* nothing to write is done at once, whatever the descriptor */
	assert_int_equal(write_all(-1, "", 0), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whole_buffer_through_a_pipe),
		cmocka_unit_test(test_no_reader_is_an_error),
		cmocka_unit_test(test_bad_descriptor),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
