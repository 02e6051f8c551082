/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "impact/spawn.h"
#include "util/time.h"

/*
 * Ours to ignore or default while the command runs, like system(3), then
 * the ones passed on to it: a SIGTERM or SIGHUP sent to us alone (by a
 * service manager, a closed terminal) would otherwise leave it running.
 */
static const int held_signals[] = { SIGINT, SIGQUIT, SIGCHLD, SIGTERM,
    SIGHUP };
#define NHELD	(sizeof(held_signals) / sizeof(held_signals[0]))
#define PASSED(sig)	((sig) == SIGTERM || (sig) == SIGHUP)

static volatile sig_atomic_t command_pid, passed_on;

static void
pass_on(int sig)
{
	passed_on = sig;
	if (command_pid > 0)
		kill((pid_t)command_pid, sig);
}

static void
timeval_add(struct timeval *a, const struct timeval *b)
{
	a->tv_sec += b->tv_sec;
	a->tv_usec += b->tv_usec;
	if (a->tv_usec >= 1000000) {
		a->tv_sec++;
		a->tv_usec -= 1000000;
	}
}

static void
rusage_add(struct rusage *sum, const struct rusage *ru)
{
	timeval_add(&sum->ru_utime, &ru->ru_utime);
	timeval_add(&sum->ru_stime, &ru->ru_stime);
	sum->ru_minflt += ru->ru_minflt;
	sum->ru_majflt += ru->ru_majflt;
	sum->ru_nvcsw += ru->ru_nvcsw;
	sum->ru_nivcsw += ru->ru_nivcsw;
}

static void
hold_signals(struct sigaction *old)
{
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < NHELD; i++) {
		/* SIGCHLD ignored would reap the command behind our back. */
		sa.sa_handler = PASSED(held_signals[i]) ? pass_on :
		    held_signals[i] == SIGCHLD ? SIG_DFL : SIG_IGN;
		sigaction(held_signals[i], &sa, &old[i]);
	}
}

static void
release_signals(const struct sigaction *old)
{
	size_t i;

	for (i = 0; i < NHELD; i++)
		sigaction(held_signals[i], &old[i], NULL);
}

static void
child(char *const argv[], int errfd, const struct sigaction *old)
{
	int e;

	release_signals(old);
	execvp(argv[0], argv);
	e = errno;
	while (write(errfd, &e, sizeof(e)) < 0 && errno == EINTR)
		;
	_exit(127);
}

/* The orphans the command left to us (we are their subreaper). */
static void
reap_orphans(struct impact_run *r)
{
	struct rusage ru;
	pid_t p;
	int st;

	while ((p = wait4(-1, &st, WNOHANG, &ru)) > 0)
		rusage_add(&r->ru, &ru);
	r->left_running = p == 0;
}

int
spawn_run(char *const argv[], struct impact_run *r, char *err, size_t len)
{
	struct sigaction old[NHELD];
	struct rusage ru;
	ssize_t n;
	pid_t pid;
	int ep[2], e;

	memset(r, 0, sizeof(*r));
	if (pipe2(ep, O_CLOEXEC) != 0) {
		snprintf(err, len, "pipe: %s", strerror(errno));
		return (-1);
	}
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	command_pid = 0;
	passed_on = 0;
	hold_signals(old);
	fflush(NULL);
	r->wall = monotonic_seconds();
	if ((pid = fork()) == 0)
		child(argv, ep[1], old);
	command_pid = pid;
	/* One that came before the command had a pid goes now. */
	if (passed_on != 0 && pid > 0)
		kill(pid, passed_on);
	close(ep[1]);
	if (pid < 0) {
		snprintf(err, len, "fork: %s", strerror(errno));
		close(ep[0]);
		release_signals(old);
		return (-1);
	}
	/* The pipe closes on a successful exec, or brings its errno. */
	while ((n = read(ep[0], &e, sizeof(e))) < 0 && errno == EINTR)
		;
	close(ep[0]);
	if (n == (ssize_t)sizeof(e))
		r->exec_errno = e;
	while (wait4(pid, &r->status, 0, &ru) < 0)
		if (errno != EINTR) {
			snprintf(err, len, "wait4: %s", strerror(errno));
			release_signals(old);
			return (-1);
		}
	r->wall = monotonic_seconds() - r->wall;
	command_pid = 0;
	rusage_add(&r->ru, &ru);
	reap_orphans(r);
	release_signals(old);
	r->passed_on = passed_on;
	prctl(PR_SET_CHILD_SUBREAPER, 0);
	return (0);
}

int
spawn_exit_code(const struct impact_run *r)
{
	if (r->exec_errno != 0)
		return (r->exec_errno == ENOENT ? 127 : 126);
	if (WIFSIGNALED(r->status))
		return (128 + WTERMSIG(r->status));
	return (WEXITSTATUS(r->status));
}
