/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/sandbox.c and syscall_filter.c, each in a
 * forked child, since what they do cannot be undone: the limits set (and
 * one set lower kept); the filters stopping with SIGSYS a call made from
 * the range given, and from anywhere every call a hostile snippet used to
 * get out through the C library (syscall(), TIOCSTI, rt_sigqueueinfo,
 * kill, prlimit, open, a write elsewhere, executable memory, a session, a
 * process, a thread), while letting through what measuring needs; the
 * namespaces and Landlock holding where they took; and orphans adopted
 * and killed.  tests/cli/asm_sandbox.bats runs a snippet under all of it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <linux/audit.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "os/sandbox.h"
#include "os/linux/audit_arch.h"
#include "emulated.h"


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

static int result_pipe[2];

/* Confined as cb-snippet confines itself, raw_getpid as the snippet. */
static int
confine(int allow_syscalls, unsigned *layers)
{
	const struct sandbox_policy p = {
		.code_lo = (uintptr_t)raw_getpid,
		.code_hi = (uintptr_t)raw_getpid + 16,
		.result_fd = result_pipe[1],
		.allow_syscalls = allow_syscalls,
	};
	char why[256];

	return (sandbox_confine(&p, layers, why, sizeof(why)));
}

static int
filter(void)
{
	unsigned layers;

	return (confine(0, &layers));
}

/* What measuring needs is let through: then 0. */
static int
allowed_child(void)
{
	struct timespec ts;
	struct rusage ru;
	char *big;

	if (filter() != 0)
		return (NO_FILTER);
	if (getpid() <= 0 || clock_gettime(CLOCK_MONOTONIC, &ts) != 0 ||
	    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0 ||
	    getrusage(RUSAGE_THREAD, &ru) != 0)
		return (1);
	/* Samples: memory, from brk and from mmap, freed again. */
	if ((big = malloc(8 << 20)) == NULL)
		return (2);
	memset(big, 1, 8 << 20);
	free(big);
	if (write(result_pipe[1], "r", 1) != 1)
		return (3);
	return (0);
}

/* Each of these is made from outside raw_getpid: the C library's. */
static void
from_range(void)
{
	raw_getpid();
}

static void
libc_syscall(void)
{
	syscall(SYS_getppid);
}

static void
push_terminal_input(void)
{
	char c = 'x';

	ioctl(0, TIOCSTI, &c);
}

static void
queue_signal_to_parent(void)
{
	siginfo_t si;

	memset(&si, 0, sizeof(si));
	si.si_code = SI_QUEUE;
	syscall(SYS_rt_sigqueueinfo, getppid(), SIGCONT, &si);
}

static void
kill_parent(void)
{
	kill(getppid(), 0);
}

static void
limit_parent(void)
{
	struct rlimit rl = { 0, 0 };

	prlimit(getppid(), RLIMIT_NOFILE, &rl, NULL);
}

static void
open_file(void)
{
	open("/etc/hostname", O_RDONLY);
}

static void
write_elsewhere(void)
{
	write(2, "x", 1);
}

static void
executable_memory(void)
{
	mmap(NULL, 4096, PROT_READ | PROT_EXEC, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
}

static void
new_session(void)
{
	setsid();
}

static void
new_process(void)
{
	if (fork() == 0)
		_exit(0);
}

static void *
thread_main(void *arg)
{
	return (arg);
}

static void
new_thread(void)
{
	pthread_t t;

	pthread_create(&t, NULL, thread_main, NULL);
	pthread_join(t, NULL);
}

static void (*refused_fn)(void);

static int
refused_child(void)
{
	if (filter() != 0)
		return (NO_FILTER);
	refused_fn();
	return (0);
}

/* Stopped by SIGSYS, or the filter could not be had (then skip). */
static void
refused(void (*fn)(void), const char *what)
{
	int status;

	refused_fn = fn;
	status = in_child(refused_child);
	if (WIFEXITED(status) && WEXITSTATUS(status) == NO_FILTER)
		skip();
	if (!WIFSIGNALED(status) || WTERMSIG(status) != SIGSYS)
		fail_msg("%s: want SIGSYS, got status %#x", what, status);
}

static void
test_filter(void **state)
{
	int status;

	(void)state;
	assert_int_equal(pipe(result_pipe), 0);
	status = in_child(allowed_child);
	assert_true(WIFEXITED(status));
	if (WEXITSTATUS(status) == NO_FILTER)
		skip();
	assert_int_equal(WEXITSTATUS(status), 0);
	refused(from_range, "the code's own call");
	refused(libc_syscall, "syscall() in the C library");
	refused(push_terminal_input, "TIOCSTI");
	refused(queue_signal_to_parent, "rt_sigqueueinfo");
	refused(kill_parent, "kill");
	refused(limit_parent, "prlimit64");
	refused(open_file, "open");
	refused(write_elsewhere, "a write to another descriptor");
	refused(executable_memory, "PROT_EXEC");
	refused(new_session, "setsid");
	refused(new_process, "fork");
	refused(new_thread, "a thread");
	close(result_pipe[0]);
	close(result_pipe[1]);
}

/*
 * Allowed every call, the process still has what the kernel would give:
 * where the namespaces took, it is nobody to the files outside; where
 * Landlock took, it opens no file.  Bits of what did not hold.
 */
static int
layers_child(void)
{
	unsigned layers;
	int bad = 0;

	if (confine(1, &layers) != 0)
		return (1);
	if ((layers & SANDBOX_NAMESPACES) && getuid() == 0)
		bad |= 2;
	if ((layers & SANDBOX_LANDLOCK) &&
	    open("/etc/hostname", O_RDONLY) >= 0)
		bad |= 4;
	/* A kernel that grants both, and is not qemu-user: they must take. */
	if (!EMULATED() && access("/sys/kernel/security/landlock", F_OK) ==
	    0 && !(layers & SANDBOX_LANDLOCK))
		bad |= 8;
	if (raw_getpid() != getpid())
		bad |= 16;
	return (bad);
}

static void
test_layers(void **state)
{
	int status;

	(void)state;
	status = in_child(layers_child);
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
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
		cmocka_unit_test(test_layers),
		cmocka_unit_test(test_orphans),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
