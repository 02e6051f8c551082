/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Creating tasks, for the ctxsw suite (suites/tasks.h): pthread_create of
 * a thread that returns at once and pthread_join; fork and waitpid of a
 * child that exits, or that execs the static helper EXEC_HELPER found
 * beside the binary.
 */
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cyclebench.h"
#include "os/child.h"
#include "suites/kpath.h"
#include "suites/tasks.h"

static void *
nothing(void *arg)
{
	return (arg);
}

void
spawn_thread_body(uint64_t iters, void *ctx)
{
	pthread_t t;
	int rc;

	(void)ctx;
	do {
		if ((rc = pthread_create(&t, NULL, nothing, NULL)) != 0) {
			errno = rc;
			kpath_die("pthread_create");
		}
		pthread_join(t, NULL);
	} while (--iters);
}

/* A child whose exec fails exits with errno as its status. */
struct spawn {
	char	 path[PATH_MAX];
	char	*argv[2];
};

static int
spawn_once(const struct spawn *sp)
{
	static char *const envp[] = { NULL };
	int status;
	pid_t pid;

	if ((pid = fork()) == 0) {
		if (sp != NULL)
			execve(sp->path, sp->argv, envp);
		_exit(sp != NULL ? errno : 0);
	}
	if (pid < 0)
		return (errno);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return (errno);
	return (WIFEXITED(status) ? WEXITSTATUS(status) : EINTR);
}

void
spawn_body(uint64_t iters, void *ctx)
{
	do
		if ((errno = spawn_once(ctx)) != 0)
			kpath_die(ctx != NULL ? "fork + exec" : "fork");
	while (--iters);
}

int
spawn_setup_exec(void **ctx, char *why, size_t len)
{
	struct spawn *sp;
	int rc;

	if ((sp = calloc(1, sizeof(*sp))) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	if (os_program_path(EXEC_HELPER, sp->path, sizeof(sp->path)) != 0) {
		snprintf(why, len, "no " EXEC_HELPER " next to the cyclebench "
		    "binary (make builds it into build/)");
		free(sp);
		return (CB_SETUP_SKIP);
	}
	sp->argv[0] = sp->path;
	if ((rc = spawn_once(sp)) != 0) {
		snprintf(why, len, "cannot execute %s: %s", sp->path,
		    strerror(rc));
		free(sp);
		return (CB_SETUP_SKIP);
	}
	*ctx = sp;
	return (0);
}

void
spawn_free(void *ctx)
{
	free(ctx);
}
