/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/sandbox.c, each in a forked child, since what
 * it does cannot be undone: the limits set (and one set lower kept), the
 * filter stopping with SIGSYS a call made from the range given and one
 * from anywhere that would escape (a new session, a signal to another
 * process, a process), while letting the rest through (this process's
 * own calls, a signal to itself, a thread); and orphans adopted and
 * killed.  tests/cli/asm_sandbox.bats runs a snippet under all of it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <linux/audit.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/sandbox.h"
#include "emulated.h"

#if defined(__x86_64__)
#define NATIVE_ARCH	AUDIT_ARCH_X86_64
#elif defined(__i386__)
#define NATIVE_ARCH	AUDIT_ARCH_I386
#elif defined(__aarch64__)
#define NATIVE_ARCH	AUDIT_ARCH_AARCH64
#endif

#define NO_FILTER	77	/* a child's exit: no seccomp here */
#define NO_REAPER	78	/* no subreaper (qemu-user refuses it) */

/* getpid by its own system call instruction, within [raw_getpid, +16). */
long	raw_getpid(void);
#if defined(__x86_64__)
__asm__(".text\n.globl raw_getpid\n.type raw_getpid,@function\n"
"raw_getpid: mov $39,%eax\n\tsyscall\n\tret\n");
#elif defined(__i386__)
__asm__(".text\n.globl raw_getpid\n.type raw_getpid,@function\n"
"raw_getpid: mov $20,%eax\n\tint $0x80\n\tret\n");
#elif defined(__aarch64__)
__asm__(".text\n.globl raw_getpid\n.type raw_getpid,%function\n"
"raw_getpid: mov x8,#172\n\tsvc #0\n\tret\n");
#endif

/*
 * The wait status of a child that ran fn, with the default action for
 * SIGSYS (cmocka's handler would take the child back into the tests).
 */
static int
in_child(int (*fn)(void))
{
	int status;
	pid_t pid;

	assert_true((pid = fork()) >= 0);
	if (pid == 0) {
		signal(SIGSYS, SIG_DFL);
		_exit(fn());
	}
	assert_int_equal(waitpid(pid, &status, 0), pid);
	return (status);
}

static void
test_names(void **state)
{
	(void)state;
	assert_string_equal(sandbox_syscall_name(SYS_getpid, NATIVE_ARCH),
	    "getpid");
	assert_string_equal(sandbox_syscall_name(SYS_setsid, NATIVE_ARCH),
	    "setsid");
	assert_null(sandbox_syscall_name(SYS_getpid, 0));
	assert_null(sandbox_syscall_name(99999, NATIVE_ARCH));
}

/* Bit by bit, what the child found wrong with its limits. */
static int
limits_child(void)
{
	const struct sandbox_limits l = { 2.5, 64 << 20, 3 };
	struct rlimit rl;
	char why[256];
	int bad = 0;

	if (sandbox_limit(&l, why, sizeof(why)) != 0)
		return (1);
	if (getrlimit(RLIMIT_CPU, &rl) != 0 || rl.rlim_cur != 3 ||
	    rl.rlim_max != 4)
		bad |= 2;
	if (getrlimit(RLIMIT_CORE, &rl) != 0 || rl.rlim_cur != 0 ||
	    rl.rlim_max != 0)
		bad |= 4;
	/* What is mapped now, plus 64 MiB: more than that, not unlimited. */
	if (!EMULATED() && (getrlimit(RLIMIT_AS, &rl) != 0 ||
	    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur <= (64 << 20)))
		bad |= 8;
	if (getuid() != 0 && (getrlimit(RLIMIT_NPROC, &rl) != 0 ||
	    rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur < 3))
		bad |= 16;
	return (bad);
}

/* A limit already lower stays: the sandbox never raises one. */
static int
lower_kept_child(void)
{
	const struct sandbox_limits l = { 60, 64 << 20, 3 };
	struct rlimit rl = { 1, 2 };
	char why[256];

	if (setrlimit(RLIMIT_CPU, &rl) != 0 ||
	    sandbox_limit(&l, why, sizeof(why)) != 0)
		return (1);
	if (getrlimit(RLIMIT_CPU, &rl) != 0 || rl.rlim_cur != 2 ||
	    rl.rlim_max != 2)
		return (2);
	return (0);
}

static void
test_limits(void **state)
{
	int status;

	(void)state;
	status = in_child(limits_child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	status = in_child(lower_kept_child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
}

static int
filter(void)
{
	char why[256];

	if (sandbox_forbid_syscalls((uintptr_t)raw_getpid,
	    (uintptr_t)raw_getpid + 16, why, sizeof(why)) != 0)
		return (-1);
	return (0);
}

static void *
thread_main(void *arg)
{
	return (arg);
}

/* What is let through: then 0. */
static int
allowed_child(void)
{
	static int marker;
	pthread_t t;
	void *ret = NULL;

	if (filter() != 0)
		return (NO_FILTER);
	if (getpid() <= 0 || kill(getpid(), 0) != 0)
		return (1);
	if (pthread_create(&t, NULL, thread_main, &marker) != 0 ||
	    pthread_join(t, &ret) != 0 || ret != &marker)
		return (2);
	return (0);
}

static int
from_range_child(void)
{
	if (filter() != 0)
		return (NO_FILTER);
	raw_getpid();
	return (0);
}

static int
setsid_child(void)
{
	if (filter() != 0)
		return (NO_FILTER);
	setsid();
	return (0);
}

static int
kill_parent_child(void)
{
	if (filter() != 0)
		return (NO_FILTER);
	kill(getppid(), 0);
	return (0);
}

static int
fork_child(void)
{
	if (filter() != 0)
		return (NO_FILTER);
	if (fork() == 0)
		_exit(0);
	return (0);
}

/* Stopped by SIGSYS, or the filter could not be had (then skip). */
static void
refused(int (*fn)(void))
{
	int status = in_child(fn);

	if (WIFEXITED(status) && WEXITSTATUS(status) == NO_FILTER)
		skip();
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSYS)
		fail_msg("want SIGSYS, got status %#x", status);
}

static void
test_filter(void **state)
{
	int status;

	(void)state;
	status = in_child(allowed_child);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == NO_FILTER)
		skip();
	assert_int_equal(WEXITSTATUS(status), 0);
	refused(from_range_child);
	refused(setsid_child);
	refused(kill_parent_child);
	refused(fork_child);
}

/* A grandchild orphaned: adopted, then killed with the child. */
static int
orphans_child(void)
{
	int fds[2];
	char c;

	if (sandbox_adopt_orphans() != 0)
		return (NO_REAPER);
	if (pipe(fds) != 0)
		return (100);
	if (fork() == 0) {
		if (fork() == 0) {
			close(fds[0]);
			for (;;)
				pause();
		}
		_exit(0);
	}
	close(fds[1]);
	if (fork() == 0) {
		for (;;)
			pause();
	}
	/* Two left: the direct child and the adopted orphan. */
	usleep(100000);
	if (sandbox_kill_children(10) < 2)
		return (101);
	/* Every write end closed: the orphan is gone. */
	if (read(fds[0], &c, 1) != 0)
		return (102);
	return (waitpid(-1, NULL, WNOHANG) == -1 ? 0 : 103);
}

static void
test_orphans(void **state)
{
	int status;

	(void)state;
	status = in_child(orphans_child);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == NO_REAPER)
		skip();
	assert_int_equal(WEXITSTATUS(status), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_orphans),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
