/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel-path suites' shared pieces (suites/kpath.h): a child tied to
 * its parent thread by PR_SET_PDEATHSIG, THP turned off by prctl, and a
 * file filled through write(2) so its pages sit in the page cache.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "suites/kpath.h"

#define FILE_DIR	"/var/tmp"
#define FILL_CHUNK	(1u << 20)

void
kpath_die(const char *what)
{
	fprintf(stderr, "cyclebench: %s: %s\n", what, strerror(errno));
	_exit(EXIT_FAILURE);
}

pid_t
kpath_fork(void)
{
	pid_t parent, pid;

	parent = getpid();
	pid = fork();
	if (pid != 0)
		return (pid);
	/* The parent may have gone before the request took hold. */
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
		_exit(EXIT_FAILURE);
	return (0);
}

void
kpath_reap(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(pid, SIGKILL);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
}

int
kpath_small_pages(char *why, size_t len)
{
	if (prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0) == 0)
		return (0);
	snprintf(why, len, "cannot turn transparent huge pages off: %s",
	    strerror(errno));
	return (-1);
}

int
kpath_cached_file(size_t size, char *why, size_t len)
{
	char path[] = FILE_DIR "/cyclebench.XXXXXX", *buf;
	size_t done, n;
	ssize_t w;
	int fd;

	if ((fd = mkstemp(path)) < 0) {
		snprintf(why, len, "cannot create a file in %s: %s", FILE_DIR,
		    strerror(errno));
		return (-1);
	}
	unlink(path);
	if ((buf = malloc(FILL_CHUNK)) == NULL) {
		snprintf(why, len, "out of memory");
		close(fd);
		return (-1);
	}
	memset(buf, 0xa5, FILL_CHUNK);
	for (done = 0; done < size; done += (size_t)w) {
		n = size - done < FILL_CHUNK ? size - done : FILL_CHUNK;
		if ((w = write(fd, buf, n)) <= 0) {
			snprintf(why, len, "cannot write %zu bytes to a file "
			    "in %s: %s", size, FILE_DIR, w < 0 ?
			    strerror(errno) : "short write");
			free(buf);
			close(fd);
			return (-1);
		}
	}
	free(buf);
	return (fd);
}
