/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One round of a benchmark in a child process pinned to one CPU, under a
 * time limit, so that a crash, an illegal instruction or a hang becomes
 * an error row for that benchmark and the run goes on.  The child sends
 * its samples back through a pipe; the parent owns the result.  A
 * benchmark whose setup registers a describer (core/isolate.h) has its
 * faults caught in the child and sent as an error result saying which
 * signal, what access and where, in its own terms.  The child starts a
 * session of its own, adopts what its benchmark leaves and kills it when
 * done; a benchmark running code that is not ours goes on in a program
 * started for the round instead of a fork (isolate_in_program), which
 * holds none of this one.
 * What comes back through the pipe is checked like a file.
 */
#include <errno.h>
#include <math.h>
#include <poll.h>
#include <stdarg.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "arch/arch.h"
#include "core/clock.h"
#include "core/coretype_cpu.h"
#include "core/engine.h"
#include "core/guard.h"
#include "core/isolate.h"
#include "core/isolate_child.h"
#include "core/names.h"
#include "core/stats.h"
#include "os/child.h"
#include "os/cpuset.h"
#include "os/sandbox.h"
#include "util/time.h"
#include "util/write_all.h"

#define DEFAULT_REPETITIONS	15	/* samples per round */
#define QUICK_REPETITIONS	10
#define DEFAULT_TIMEOUT		60.0
#define ISOLATE_REAP_SECONDS	5.0	/* to kill what a benchmark left */

void
cb_options_default(struct cb_options *o)
{
	if (o == NULL)
		return;
	memset(o, 0, sizeof(*o));
	o->cpu = -1;
	o->timeout = DEFAULT_TIMEOUT;
	o->isolate = 1;
}

void
cb_result_free(struct cb_result *r)
{
	if (r == NULL)
		return;
	free(r->samples);
	free(r->samples_ref);
	free(r->probe);
	free(r->rounds);
	r->samples = r->samples_ref = r->probe = NULL;
	r->rounds = NULL;
	r->nsamples = r->nrounds = 0;
}

void
cb_result_extra(struct cb_result *r, const char *key, double value)
{
	if (r == NULL || key == NULL || r->nextras >= CB_MAX_EXTRAS)
		return;
	snprintf(r->extras[r->nextras].key, sizeof(r->extras[0].key), "%s",
	    key);
	r->extras[r->nextras++].value = value;
}

void
isolate_set_reason(struct cb_result *r, enum cb_status st, const char *fmt,
    ...)
{
	va_list ap;

	r->status = st;
	va_start(ap, fmt);
	vsnprintf(r->reason, sizeof(r->reason), fmt, ap);
	va_end(ap);
}

/* Setup, pin, measure, teardown: what runs in the child (or inline). */
static void
round_here(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	char why[CB_REASON_MAX] = "", counter_why[CB_REASON_MAX];
	void *ctx = (void *)(uintptr_t)b->arg;
	int rc;

	r->bench = b;
	if (cpuset_pin(o->cpu, why, sizeof(why)) != 0) {
		isolate_set_reason(r, CB_ERROR, "%s", why);
		return;
	}
	r->cpu = o->cpu;
	/*
	 * A counter counts the thread that opened it: open it here, and
	 * before setup, which may confine this process (os/sandbox.h) so
	 * that nothing can be opened any more.
	 */
	clock_counter_open(counter_why, sizeof(counter_why));
	if (b->setup != NULL && (rc = b->setup(&ctx, why, sizeof(why))) != 0) {
		clock_counter_close();
		isolate_set_reason(r, rc == CB_SETUP_SKIP ? CB_SKIPPED :
		    CB_ERROR, "%s", why[0] ? why : "setup failed");
		return;
	}
	if (b->body == NULL) {
		isolate_set_reason(r, CB_ERROR, "the benchmark has no body");
		if (b->teardown != NULL)
			b->teardown(ctx);
		clock_counter_close();
		return;
	}
	engine_round(b, ctx, o, p, first, r);
	clock_counter_close();
	/*
	 * A benchmark's own figures derive from this round's cycles (per
	 * page, less the pipe); the run takes their median over rounds.
	 */
	if (b->report != NULL && r->status == CB_OK) {
		stats_summarize(r->samples, r->nsamples, 0, 0, &r->cycles);
		b->report(ctx, r);
	}
	if (b->teardown != NULL)
		b->teardown(ctx);
}

static volatile sig_atomic_t interrupted;

void
cb_interrupt(void)
{
	interrupted = 1;
}

int
cb_interrupted(void)
{
	return (interrupted);
}

ssize_t
isolate_read_until(int fd, void *buf, size_t len, double deadline)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char *q = buf;
	size_t got = 0;
	double left;
	ssize_t n;
	int rc;

	while (got < len) {
		if (interrupted)
			return (READ_INTERRUPTED);
		if ((left = deadline - monotonic_seconds()) <= 0)
			return (READ_TIMEOUT);
		rc = poll(&p, 1, left > 0.1 ? 100 : (int)(left * 1000) + 1);
		if (rc <= 0)
			continue;	/* EINTR or a wake-up: check again */
		n = read(fd, q + got, len - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	return ((ssize_t)got);
}

/* The child's pipe, its round, and what its benchmark registered. */
static struct {
	int			 fd;
	const struct cb_bench	*bench;
	isolate_trap_fn	*describe;
	void			*arg;
} in_child = { .fd = -1 };

void
isolate_watch_partner(pid_t tid)
{
	if (in_child.fd >= 0)
		guard_watch_partner(tid);
}

static time_t first_measure;

time_t
isolate_first_measure(void)
{
	return (first_measure);
}

int
isolate_in_child(void)
{
	return (in_child.fd >= 0);
}

static void child_trap(const struct trap *f, void *arg);

void
isolate_on_trap(isolate_trap_fn *fn, void *arg)
{
	/* Outside a child a fault stays the caller's, as documented. */
	if (in_child.fd < 0)
		return;
	in_child.describe = fn;
	in_child.arg = arg;
	if (fn != NULL)
		trap_catch(child_trap, NULL);
	else
		trap_release();
}

/*
 * snprintf is not on the async-signal-safe list, but this handler runs
 * once, for a fault the benchmark raised synchronously, and never
 * returns: formatting integers and strings into a static buffer takes no
 * lock and allocates nothing, and write(2) and _exit(2) are safe.
 */
static void __attribute__((noreturn))
child_trap(const struct trap *f, void *arg)
{
	static struct cb_result r;
	const char *code;
	size_t used;

	(void)arg;
	r.bench = in_child.bench;
	r.status = CB_ERROR;
	code = trap_code_name(f->sig, f->code);
	used = (size_t)snprintf(r.reason, sizeof(r.reason),
	    "crashed: %s%s%s%s: ", trap_signal_name(f->sig),
	    code[0] ? " (" : "", code, code[0] ? ")" : "");
	if (used >= sizeof(r.reason))
		used = sizeof(r.reason) - 1;
	in_child.describe(f, in_child.arg, r.reason + used,
	    sizeof(r.reason) - used);
	if (write_all(in_child.fd, &r, sizeof(r)) != 0)
		_exit(3);
	_exit(4);
}

void
isolate_child(int fd, const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first)
{
	struct cb_result r;
	size_t n;

	os_child_die_with_parent();
	/* What the benchmark starts, and their orphans, end with it. */
	(void)sandbox_adopt_orphans();
	in_child.fd = fd;
	in_child.bench = b;
	memset(&r, 0, sizeof(r));
	round_here(b, o, p, first, &r);
	n = r.nsamples;
	if (write_all(fd, &r, sizeof(r)) != 0 ||
	    (n && write_all(fd, r.samples, n * sizeof(double)) != 0) ||
	    (n && write_all(fd, r.samples_ref, n * sizeof(double)) != 0) ||
	    (n && write_all(fd, r.probe, n * sizeof(double)) != 0))
		_exit(3);
	(void)sandbox_kill_children(ISOLATE_REAP_SECONDS);
	_exit(0);
}

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

static void
round_isolated(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	isolate_program_fn *describe;
	double deadline;
	ssize_t got;
	pid_t pid;
	int fds[2], status;

	if (pipe(fds) != 0) {
		isolate_set_reason(r, CB_ERROR, "pipe: %s", strerror(errno));
		return;
	}
	if ((describe = isolate_program_of(b)) != NULL)
		pid = isolate_spawn(b, describe, o, p, first, fds[1], r);
	else {
		fflush(NULL);
		if ((pid = fork()) < 0)
			isolate_set_reason(r, CB_ERROR, "fork: %s",
			    strerror(errno));
	}
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return;
	}
	if (pid == 0) {
		/*
		 * A session of its own: a group the parent can kill whole,
		 * and no controlling terminal to read, write or push input
		 * into.  (Not setpgid first: a group leader cannot setsid.)
		 */
		close(fds[0]);
		(void)setsid();
		isolate_child(fds[1], b, o, p, first);
	}
	close(fds[1]);
	deadline = monotonic_seconds() + o->timeout;
	got = isolate_read_until(fds[0], r, sizeof(*r), deadline);
	if (got == (ssize_t)sizeof(*r) && check_result(r) != 0) {
		kill_child(pid);
		reap(pid, &status);
		memset(r, 0, sizeof(*r));
		isolate_set_reason(r, CB_ERROR,
		    "the child sent a malformed result");
		close(fds[0]);
		return;
	}
	if (got != (ssize_t)sizeof(*r)) {
		memset(r, 0, sizeof(*r));
		if (got < 0)
			kill_child(pid);
		reap(pid, &status);
		if (got == READ_INTERRUPTED)
			isolate_set_reason(r, CB_ERROR, "interrupted");
		else if (got == READ_TIMEOUT)
			isolate_set_reason(r, CB_ERROR, "timed out after %g s",
			    o->timeout);
		else if (describe != NULL && got == 0 && WIFEXITED(status) &&
		    WEXITSTATUS(status) == 127)
			/*
			 * posix_spawn's child exits 127 when its exec fails;
			 * qemu-user runs that child as a fork, so the spawn
			 * itself reported success.
			 */
			isolate_set_reason(r, CB_ERROR, "cannot execute the "
			    "measuring program (its exec failed: exit status "
			    "127; an emulated cyclebench needs binfmt_misc to "
			    "start the emulator for it)");
		else
			describe_exit(r, status);
		close(fds[0]);
		return;
	}
	r->samples = r->samples_ref = r->probe = NULL;
	r->rounds = NULL;
	if (read_doubles(fds[0], r->nsamples, deadline, &r->samples) != 0 ||
	    read_doubles(fds[0], r->nsamples, deadline, &r->samples_ref) != 0 ||
	    read_doubles(fds[0], r->nsamples, deadline, &r->probe) != 0) {
		cb_result_free(r);
		kill_child(pid);
		isolate_set_reason(r, CB_ERROR, interrupted ? "interrupted" :
		    "lost the child's samples");
	}
	close(fds[0]);
	reap(pid, &status);
}

void
isolate_options(const struct cb_bench *b, const struct cb_options *in,
    struct cb_options *o)
{
	if (in != NULL)
		*o = *in;
	else
		cb_options_default(o);
	if (o->repetitions == 0)
		o->repetitions = o->quick ? QUICK_REPETITIONS :
		    DEFAULT_REPETITIONS;
	if (o->cpu < 0)
		o->cpu = coretypes_default_cpu();
	if (b->timeout > o->timeout)
		o->timeout = b->timeout;
}

void
isolate_round(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	const char *names[16];
	unsigned missing;
	size_t i, n;
	char *q;

	if (first_measure == 0)
		first_measure = time(NULL);
	memset(r, 0, sizeof(*r));
	r->cpu = o->cpu;
	missing = b->cpu_features & ~arch_cpu_features();
	if (interrupted)
		isolate_set_reason(r, CB_ERROR, "interrupted");
	else if (missing != 0) {
		r->status = CB_SKIPPED;
		n = cb_feature_names(missing, names, 16);
		/* Not "the CPU lacks": a hypervisor may hide what it has. */
		q = r->reason + snprintf(r->reason, sizeof(r->reason),
		    "not executed: " ARCH_FEATURE_SOURCE " or the OS does "
		    "not offer");
		for (i = 0; i < n && q < r->reason + sizeof(r->reason) - 16;
		    i++)
			q += snprintf(q, 16, " %s", names[i]);
	} else if (o->isolate)
		round_isolated(b, o, p, first, r);
	else
		round_here(b, o, p, first, r);
	r->bench = b;
	r->cpu = o->cpu;
}
