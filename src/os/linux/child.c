/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the parent-death signal, prctl(PR_SET_PDEATHSIG); programs found
 * from /proc/self/exe; and programs started with posix_spawn, a spec
 * handed over in a sealed memfd, which holds any length without a reader
 * at the other end and cannot be changed once the program has it.
 */
#include <sys/mman.h>
#include <sys/prctl.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
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
fail(const char *what, int err, char *why, size_t whylen)
{
	snprintf(why, whylen, "%s: %s", what, strerror(err));
	return (-1);
}

/*
 * posix_spawn starts the program without copying this process's page
 * tables, as fork would: from a parent holding hundreds of megabytes (a
 * whole instruction table), a fork and exec took 9 ms, a spawn under 1.
 */
int
os_child_spawn(const char *path, const void *spec, size_t len,
    int result_fd, pid_t *pid, char *why, size_t whylen)
{
	char *const argv[] = { (char *)path, NULL };
	char *const envp[] = { NULL };
	const int seals = F_SEAL_SEAL | F_SEAL_SHRINK | F_SEAL_GROW |
	    F_SEAL_WRITE;
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	int memfd, spec_fd = -1, out_fd = -1, err;

	if ((memfd = memfd_create("cyclebench-spec", MFD_CLOEXEC |
	    MFD_ALLOW_SEALING)) < 0)
		return (fail("memfd_create", errno, why, whylen));
	if (write_all(memfd, spec, len) != 0 ||
	    lseek(memfd, 0, SEEK_SET) != 0 ||
	    fcntl(memfd, F_ADD_SEALS, seals) != 0) {
		err = errno;
		close(memfd);
		return (fail("the spec for the measuring program", err, why,
		    whylen));
	}
	/* Above every number they go to, so neither lands on the other. */
	spec_fd = fcntl(memfd, F_DUPFD_CLOEXEC, 10);
	out_fd = fcntl(result_fd, F_DUPFD_CLOEXEC, 10);
	close(memfd);
	if (spec_fd < 0 || out_fd < 0) {
		err = errno;
		if (spec_fd >= 0)
			close(spec_fd);
		if (out_fd >= 0)
			close(out_fd);
		return (fail("fcntl", err, why, whylen));
	}
	posix_spawn_file_actions_init(&fa);
	posix_spawnattr_init(&at);
	/* Its own session: a group to kill whole, and no terminal. */
	posix_spawnattr_setflags(&at, POSIX_SPAWN_SETSID);
	posix_spawn_file_actions_adddup2(&fa, spec_fd, OS_CHILD_SPEC_FD);
	posix_spawn_file_actions_addclose(&fa, 1);
	posix_spawn_file_actions_addclose(&fa, 2);
	posix_spawn_file_actions_adddup2(&fa, out_fd, OS_CHILD_RESULT_FD);
	posix_spawn_file_actions_addclosefrom_np(&fa, OS_CHILD_RESULT_FD + 1);
	err = posix_spawn(pid, path, &fa, &at, argv, envp);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&at);
	close(spec_fd);
	close(out_fd);
	if (err == ENOEXEC) {
		snprintf(why, whylen, "cannot execute %s: %s (an emulated "
		    "cyclebench needs binfmt_misc to start the emulator for "
		    "it)", path, strerror(err));
		return (-1);
	}
	if (err != 0) {
		snprintf(why, whylen, "cannot execute %s: %s", path,
		    strerror(err));
		return (-1);
	}
	return (0);
}
