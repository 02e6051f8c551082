/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the parent-death signal, prctl(PR_SET_PDEATHSIG); programs found
 * from /proc/self/exe; and a spec handed over in a sealed memfd, which
 * holds any length without a reader at the other end and cannot be
 * changed once the program has it.
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "os/child.h"
#include "util/write_all.h"

void
os_child_die_with_parent(void)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
}

int
os_program_path(const char *name, char *buf, size_t len)
{
	static const char *const where[] = { "%s/%s", "%s/../%s",
	    "%s/../libexec/cyclebench/%s" };
	char exe[PATH_MAX], *dir;
	ssize_t n;
	size_t i;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) < 0)
		return (-1);
	exe[n] = '\0';
	dir = dirname(exe);
	for (i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		if ((size_t)snprintf(buf, len, where[i], dir, name) >= len)
			continue;
		if (access(buf, X_OK) == 0)
			return (0);
	}
	return (-1);
}

static int
fail(const char *what, char *why, size_t whylen)
{
	snprintf(why, whylen, "%s: %s", what, strerror(errno));
	return (-1);
}

/* fd, moved to `to' (open across exec), or -1 (errno set). */
static int
place(int fd, int to)
{
	if (fd == to)
		return (fcntl(fd, F_SETFD, 0));
	return (dup2(fd, to) == to ? 0 : -1);
}

int
os_child_exec(const char *path, const void *spec, size_t len,
    int *result_fd, char *why, size_t whylen)
{
	char *const argv[] = { (char *)path, NULL };
	char *const envp[] = { NULL };
	const int seals = F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW |
	    F_SEAL_WRITE;
	int memfd, spec_fd, out_fd;

	if ((memfd = memfd_create("cyclebench-spec", MFD_CLOEXEC |
	    MFD_ALLOW_SEALING)) < 0)
		return (fail("memfd_create", why, whylen));
	if (write_all(memfd, spec, len) != 0 ||
	    lseek(memfd, 0, SEEK_SET) != 0 ||
	    fcntl(memfd, F_ADD_SEALS, seals) != 0)
		return (fail("the spec for the measuring program", why,
		    whylen));
	/* Above every number they go to, so neither lands on the other. */
	if ((spec_fd = fcntl(memfd, F_DUPFD_CLOEXEC, 10)) < 0 ||
	    (out_fd = fcntl(*result_fd, F_DUPFD_CLOEXEC, 10)) < 0 ||
	    place(spec_fd, OS_CHILD_SPEC_FD) != 0)
		return (fail("dup2", why, whylen));
	if (place(out_fd, OS_CHILD_RESULT_FD) != 0) {
		*result_fd = out_fd;
		return (fail("dup2", why, whylen));
	}
	*result_fd = OS_CHILD_RESULT_FD;
	close(1);
	close(2);
	if (close_range(OS_CHILD_RESULT_FD + 1, ~0U, 0) != 0)
		return (fail("close_range", why, whylen));
	execve(path, argv, envp);
	if (errno == ENOEXEC) {
		snprintf(why, whylen, "cannot execute %s: %s (an emulated "
		    "cyclebench needs binfmt_misc to start the emulator for "
		    "it)", path, strerror(errno));
		return (-1);
	}
	snprintf(why, whylen, "cannot execute %s: %s", path, strerror(errno));
	return (-1);
}
