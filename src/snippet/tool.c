/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Running the GNU assembler or objdump (snippet/tool.h) in a child with
 * limits on CPU time, file size and memory, killed with us, and under a
 * wall-clock deadline that an interrupt (cb_interrupt()) cuts short.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cyclebench.h"
#include "os/child.h"
#include "snippet/assemble.h"
#include "snippet/tool.h"
#include "util/time.h"

#define TOOL_MAX_MEMORY	(1L << 30)	/* address space a tool may use */
#define TOOL_NAP_MAX	1000000		/* ns between looks at a tool */

const struct tool_limits tool_limits_snippet = {
	.cpu_seconds = SNIPPET_TOOL_SECONDS,
	.max_file = 64L << 20,
};

static void
limit(int resource, rlim_t value)
{
	struct rlimit rl = { value, value };

	setrlimit(resource, &rl);
}

static void __attribute__((noreturn))
exec_tool(char *const argv[], const char *in, const char *out,
    const char *msg, const struct tool_limits *lim, int report)
{
	int fd, e;

	if ((fd = open(in != NULL ? in : "/dev/null", O_RDONLY)) < 0 ||
	    dup2(fd, 0) < 0 ||
	    (fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0 ||
	    dup2(fd, 1) < 0 ||
	    (fd = open(msg, O_WRONLY | O_CREAT | O_TRUNC, 0600)) < 0 ||
	    dup2(fd, 2) < 0)
		_exit(127);
	os_child_die_with_parent();
	limit(RLIMIT_CPU, lim->cpu_seconds);
	limit(RLIMIT_FSIZE, lim->max_file);
	limit(RLIMIT_AS, TOOL_MAX_MEMORY);
	execvp(argv[0], argv);
	e = errno;
	if (write(report, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

/*
 * Wait for the tool until the deadline or an interrupt, then kill it:
 * its wait status, or TOOL_STOPPED with the reason in err.  Short naps,
 * since the assembler usually takes a few milliseconds, and at most
 * TOOL_NAP_MAX: characterize runs thousands of tools, and naps growing
 * to 13 ms noticed each one's end 6 ms late on average.
 */
static int
wait_tool(pid_t pid, const char *tool, double timeout, char *err,
    size_t errlen)
{
	struct timespec nap = { 0, 100000 };
	double deadline = monotonic_seconds() + timeout;
	int status;
	pid_t r;

	for (;;) {
		if ((r = waitpid(pid, &status, WNOHANG)) == pid)
			return (status);
		if (r < 0 && errno != EINTR) {
			snprintf(err, errlen, "waitpid: %s", strerror(errno));
			return (TOOL_FAILED);
		}
		if (cb_interrupted() || monotonic_seconds() > deadline)
			break;
		nanosleep(&nap, NULL);
		if (nap.tv_nsec < TOOL_NAP_MAX)
			nap.tv_nsec *= 2;
	}
	kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (cb_interrupted())
		snprintf(err, errlen, "interrupted while %s ran", tool);
	else
		snprintf(err, errlen, "%s did not finish within %g s "
		    "(--timeout): is it reading a FIFO or a terminal?", tool,
		    timeout);
	return (TOOL_STOPPED);
}

/* A close-on-exec pipe carries exec's errno back. */
int
tool_run(char *const argv[], const char *tool, const char *from,
    const char *in, const char *out, const char *msg, double timeout,
    const struct tool_limits *lim, char *err, size_t errlen)
{
	pid_t pid;
	int fds[2], status, e = 0;
	ssize_t n;

	if (pipe2(fds, O_CLOEXEC) != 0) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return (TOOL_FAILED);
	}
	fflush(NULL);
	/*
	 * vfork: a fork copies this process's page tables, and from a
	 * characterize run holding 1.2 GB a fork and exec took 29 ms, a
	 * spawn 1.  Not posix_spawn, which cannot set the tool's limits
	 * before it runs; exec_tool makes only system calls before its exec.
	 */
	/* NOLINTNEXTLINE(clang-analyzer-security.insecureAPI.vfork) */
	if ((pid = vfork()) < 0) {
		snprintf(err, errlen, "vfork: %s", strerror(errno));
		close(fds[0]);
		close(fds[1]);
		return (TOOL_FAILED);
	}
	if (pid == 0) {
		/* NOLINTNEXTLINE(clang-analyzer-unix.Vfork) */
		close(fds[0]);
		/* NOLINTNEXTLINE(clang-analyzer-unix.Vfork) */
		exec_tool(argv, in, out, msg, lim != NULL ? lim :
		    &tool_limits_snippet, fds[1]);
	}
	close(fds[1]);
	while ((n = read(fds[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(fds[0]);
	status = wait_tool(pid, tool, timeout, err, errlen);
	if (status >= 0 && n == (ssize_t)sizeof(e)) {
		snprintf(err, errlen, "cannot run '%s': %s (it comes with "
		    "%s)", argv[0], strerror(e), from);
		return (TOOL_FAILED);
	}
	return (status);
}

int
tool_limit_hit(const char *tool, int status, const struct tool_limits *lim,
    char *err, size_t errlen)
{
	if (lim == NULL)
		lim = &tool_limits_snippet;
	if (!WIFSIGNALED(status))
		return (0);
	switch (WTERMSIG(status)) {
	case SIGXCPU:
	case SIGKILL:
		snprintf(err, errlen, "%s was stopped after %d s of CPU time "
		    "(a huge .rept or .fill?)", tool, lim->cpu_seconds);
		break;
	case SIGXFSZ:
		snprintf(err, errlen, "%s's output passed %ld MiB (a huge "
		    ".fill or .space?)", tool, lim->max_file >> 20);
		break;
	default:
		snprintf(err, errlen, "%s was killed by signal %d", tool,
		    WTERMSIG(status));
	}
	return (1);
}
