/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a round's child sends back (core/isolate_child.h): each round's
 * result read before that round's time limit and taken only if every
 * count and string is within bounds, as a snippet can write to the pipe;
 * and, where the child sent no more, why, from how it ended, with the
 * child and whatever it started killed and reaped.
 */
#include <sys/wait.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/isolate_child.h"
#include "util/time.h"

static void
describe_exit(struct cb_result *r, int status)
{
	int sig;

	if (WIFSIGNALED(status)) {
		sig = WTERMSIG(status);
		isolate_set_reason(r, CB_ERROR, "crashed: killed by signal "
		    "%d (SIG%s)", sig, sigabbrev_np(sig) ? sigabbrev_np(sig) :
		    "?");
	} else if (WIFEXITED(status))
		isolate_set_reason(r, CB_ERROR, "child exited with status %d "
		    "without a result", WEXITSTATUS(status));
}

/*
 * The child and its group: the group may not be there yet if the child
 * has not reached setsid().
 */
static void
kill_child(pid_t pid)
{
	kill(-pid, SIGKILL);
	kill(pid, SIGKILL);
}

/*
 * What the child sent may be anyone's bytes (a snippet can write to the
 * pipe): take it only if every count and every string is within bounds.
 */
static int
check_result(struct cb_result *r)
{
	unsigned i;

	r->bench = NULL;
	r->rounds = NULL;
	r->nrounds = 0;
	r->reason[sizeof(r->reason) - 1] = '\0';
	for (i = 0; i < CB_MAX_EXTRAS; i++)
		r->extras[i].key[sizeof(r->extras[i].key) - 1] = '\0';
	if ((r->status != CB_OK && r->status != CB_SKIPPED &&
	    r->status != CB_ERROR) || r->nsamples > CB_MAX_REPETITIONS ||
	    r->nextras > CB_MAX_EXTRAS || r->nlevels > CB_MAX_LEVELS ||
	    (r->method != CB_CYCLES_CALIBRATED &&
	    r->method != CB_CYCLES_COUNTED))
		return (-1);
	return (0);
}

/*
 * Reap the child, and with it anything it started: a benchmark's partner
 * processes share its process group, which is killed while the child is
 * still a zombie holding the group's id.
 */
static void
reap(pid_t pid, int *status)
{
	siginfo_t si;

	while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) != 0 &&
	    errno == EINTR)
		;
	kill_child(pid);
	while (waitpid(pid, status, 0) < 0 && errno == EINTR)
		;
}

/* Read the child's n doubles into a new array at *out; -1 on failure. */
static int
read_doubles(int fd, size_t n, double deadline, double **out)
{
	size_t bytes = n * sizeof(double);

	if ((*out = malloc(bytes ? bytes : 1)) == NULL)
		return (-1);
	return (isolate_read_until(fd, *out, bytes, deadline) ==
	    (ssize_t)bytes ? 0 : -1);
}

/*
 * The result the child sent into r, checked, and its samples: 0, or -1
 * with r saying what was wrong.
 */
static int
take_result(int fd, double deadline, struct cb_result *r)
{
	if (check_result(r) != 0) {
		memset(r, 0, sizeof(*r));
		isolate_set_reason(r, CB_ERROR,
		    "the child sent a malformed result");
		return (-1);
	}
	r->samples = r->samples_ref = r->probe = NULL;
	if (read_doubles(fd, r->nsamples, deadline, &r->samples) != 0 ||
	    read_doubles(fd, r->nsamples, deadline, &r->samples_ref) != 0 ||
	    read_doubles(fd, r->nsamples, deadline, &r->probe) != 0) {
		cb_result_free(r);
		isolate_set_reason(r, CB_ERROR, cb_interrupted() ? "interrupted" :
		    "lost the child's samples");
		return (-1);
	}
	return (0);
}

/*
 * The child sent `got' bytes of round i's result (READ_*: none) and no
 * more: how many of r[0..n-1] that settles.  A round the child ended in,
 * by a fault, a hang or an exit, has that for its reason; when the child
 * ended in the round before, having sent that round's trap, round i did
 * not run and is not settled.  An interrupt settles every round left.
 */
static size_t
ended(pid_t pid, ssize_t got, int spawned, const struct cb_options *const *o,
    size_t i, size_t n, struct cb_result *r)
{
	int status;
	size_t k;

	memset(&r[i], 0, sizeof(r[i]));
	if (got < 0)
		kill_child(pid);
	reap(pid, &status);
	if (got == READ_INTERRUPTED) {
		for (k = i; k < n; k++)
			isolate_set_reason(&r[k], CB_ERROR, "interrupted");
		return (n);
	}
	if (got == READ_TIMEOUT)
		isolate_set_reason(&r[i], CB_ERROR, "timed out after %g s",
		    o[i]->timeout);
	else if (i > 0 && got == 0 && WIFEXITED(status) &&
	    WEXITSTATUS(status) == ISOLATE_EXIT_ENDED)
		return (i);
	else if (spawned && i == 0 && got == 0 && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 127)
		/*
		 * posix_spawn's child exits 127 when its exec fails;
		 * qemu-user runs that child as a fork, so the spawn itself
		 * reported success.
		 */
		isolate_set_reason(&r[i], CB_ERROR, "cannot execute the "
		    "measuring program (its exec failed: exit status 127; an "
		    "emulated cyclebench needs binfmt_misc to start the "
		    "emulator for it)");
	else
		describe_exit(&r[i], status);
	return (i + 1);
}

size_t
isolate_collect(pid_t pid, int fd, int spawned, const struct cb_options *const *o,
    size_t n, struct cb_result *r)
{
	double deadline;
	ssize_t got;
	size_t i;
	int status;

	for (i = 0; i < n; i++) {
		deadline = monotonic_seconds() + o[i]->timeout;
		got = isolate_read_until(fd, &r[i], sizeof(r[i]), deadline);
		if (got != (ssize_t)sizeof(r[i]))
			return (ended(pid, got, spawned, o, i, n, r));
		if (take_result(fd, deadline, &r[i]) != 0) {
			kill_child(pid);
			reap(pid, &status);
			return (i + 1);
		}
	}
	reap(pid, &status);
	return (n);
}

