/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for suites/kpath.c, what the kernel-path suites share: a
 * child from kpath_fork dies when the thread that forked it ends and is
 * collected by kpath_reap; small pages asked for stay asked for; the
 * cached file is unlinked, of the size asked, and filled.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "suites/kpath.h"
#include "emulated.h"

#define THP_OFF	"cannot turn transparent huge pages off: "

static int armed[2];

/*
 * Fork, and end once the child has armed its parent-death signal (which
 * kpath_fork does before it returns in the child).
 */
static void *
fork_and_end(void *arg)
{
	pid_t *pid = arg;
	char c;

	if ((*pid = kpath_fork()) == 0) {
		if (write(armed[1], "r", 1) != 1)
			_exit(1);
		for (;;)
			pause();
	}
	if (*pid > 0 && read(armed[0], &c, 1) != 1)
		*pid = -1;
	return (NULL);
}

/* The thread that forked ends: its child is killed with it. */
static void
test_fork_dies_with_thread(void **state)
{
	pthread_t t;
	pid_t pid = -1;
	int status, i;

	(void)state;
	assert_int_equal(pipe(armed), 0);
	assert_int_equal(pthread_create(&t, NULL, fork_and_end, &pid), 0);
	assert_int_equal(pthread_join(t, NULL), 0);
	assert_true(pid > 0);
	/* Generous, for a busy machine; then it is not coming. */
	for (i = 0; i < 3000 && waitpid(pid, &status, WNOHANG) == 0; i++)
		usleep(10000);
	if (i == 3000) {
		kpath_reap(pid);
		fail_msg("the child outlived the thread that forked it");
	}
	assert_true(WIFSIGNALED(status));
	assert_int_equal(WTERMSIG(status), SIGKILL);
	close(armed[0]);
	close(armed[1]);
}

static void
test_reap(void **state)
{
	pid_t pid;

	(void)state;
	if ((pid = kpath_fork()) == 0) {
		for (;;)
			pause();
	}
	assert_true(pid > 0);
	kpath_reap(pid);
	/* Collected: no such child any more. */
	assert_int_equal(waitpid(pid, NULL, WNOHANG), -1);
	assert_int_equal(errno, ECHILD);
	kpath_reap(0);		/* none: nothing done */
	kpath_reap(-1);
}

static void
test_small_pages(void **state)
{
	char why[128];

	(void)state;
	why[0] = '\0';
	/* qemu-user does not pass the prctl on: then it says so. */
	if (kpath_small_pages(why, sizeof(why)) != 0 && EMULATED()) {
		assert_true(strncmp(why, THP_OFF, strlen(THP_OFF)) == 0);
		skip();
	}
	assert_string_equal(why, "");
	assert_int_equal(prctl(PR_GET_THP_DISABLE, 0, 0, 0, 0), 1);
}

static void
test_cached_file(void **state)
{
	unsigned char buf[4096];
	struct stat st;
	size_t size = (3u << 20) + 5, i;
	char why[256];
	int fd;

	(void)state;
	fd = kpath_cached_file(size, why, sizeof(why));
	if (fd < 0)
		fail_msg("%s", why);
	assert_int_equal(fstat(fd, &st), 0);
	assert_int_equal(st.st_size, size);
	assert_int_equal(st.st_nlink, 0);	/* nothing left behind */
	assert_int_equal(pread(fd, buf, sizeof(buf), (off_t)size - 5), 5);
	for (i = 0; i < 5; i++)
		assert_int_equal(buf[i], 0xa5);
	close(fd);
	fd = kpath_cached_file(0, why, sizeof(why));
	assert_true(fd >= 0);
	close(fd);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fork_dies_with_thread),
		cmocka_unit_test(test_reap),
		cmocka_unit_test(test_small_pages),
		cmocka_unit_test(test_cached_file),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
