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
 * started for its rounds instead of a fork (isolate_in_program), which
 * holds none of this one, and where its kind allows, the rounds of
 * several benchmarks go on in one such program, one after another: one
 * that ends the program costs its own round, and the rest go on in a
 * new one.  What comes back through the pipe is checked like a file.
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

/*
 * Pin to o's CPU and open a counter: 0, or -1 with r saying why.  A
 * counter counts the thread that opened it: open it here, and before
 * setup, which may confine this process (os/sandbox.h) so that nothing
 * can be opened any more.
 */
static int
round_begin(const struct cb_options *o, struct cb_result *r)
{
	char why[CB_REASON_MAX] = "", counter_why[CB_REASON_MAX];

	if (cpuset_pin(o->cpu, why, sizeof(why)) != 0) {
		isolate_set_reason(r, CB_ERROR, "%s", why);
		return (-1);
	}
	clock_counter_open(counter_why, sizeof(counter_why));
	return (0);
}

/* Setup, measure, teardown, on the CPU and counter round_begin took. */
static void
round_measure(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	char why[CB_REASON_MAX] = "";
	void *ctx = (void *)(uintptr_t)b->arg;
	int rc;

	r->bench = b;
	r->cpu = o->cpu;
	if (b->setup != NULL && (rc = b->setup(&ctx, why, sizeof(why))) != 0) {
		isolate_set_reason(r, rc == CB_SETUP_SKIP ? CB_SKIPPED :
		    CB_ERROR, "%s", why[0] ? why : "setup failed");
		return;
	}
	if (b->body == NULL) {
		isolate_set_reason(r, CB_ERROR, "the benchmark has no body");
		if (b->teardown != NULL)
			b->teardown(ctx);
		return;
	}
	engine_round(b, ctx, o, p, first, r);
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

/* Pin, setup, measure, teardown: a round here (isolate = 0). */
static void
round_here(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	if (round_begin(o, r) != 0)
		return;
	round_measure(b, o, p, first, r);
	clock_counter_close();
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
		_exit(ISOLATE_EXIT_UNSENT);
	_exit(ISOLATE_EXIT_ENDED);
}

/* The result of a round sent down fd: 0, or -1 if it could not be. */
static int
send(int fd, const struct cb_result *r)
{
	size_t n = r->nsamples;

	return (write_all(fd, r, sizeof(*r)) != 0 ||
	    (n && write_all(fd, r->samples, n * sizeof(double)) != 0) ||
	    (n && write_all(fd, r->samples_ref, n * sizeof(double)) != 0) ||
	    (n && write_all(fd, r->probe, n * sizeof(double)) != 0) ? -1 : 0);
}

/*
 * The rounds share the CPU, pinned once, and the counter, opened once:
 * after the first round's setup the process may be confined.
 */
void
isolate_child(int fd, const struct cb_bench *const *b,
    const struct cb_options *o, size_t n, const struct engine_prep *p,
    int first)
{
	struct cb_result r;
	size_t i;

	os_child_die_with_parent();
	/* What the benchmark starts, and their orphans, end with it. */
	(void)sandbox_adopt_orphans();
	in_child.fd = fd;
	memset(&r, 0, sizeof(r));
	if (round_begin(&o[0], &r) != 0) {
		r.bench = b[0];
		_exit(send(fd, &r) != 0 ? ISOLATE_EXIT_UNSENT :
		    ISOLATE_EXIT_ENDED);
	}
	for (i = 0; i < n; i++) {
		/* Each round finds the FP state a new process has. */
		if (i > 0)
			arch_fp_state_init();
		in_child.bench = b[i];
		memset(&r, 0, sizeof(r));
		round_measure(b[i], &o[i], p, first, &r);
		if (send(fd, &r) != 0)
			_exit(ISOLATE_EXIT_UNSENT);
		cb_result_free(&r);	/* the next round's are its own */
	}
	clock_counter_close();
	(void)sandbox_kill_children(ISOLATE_REAP_SECONDS);
	_exit(0);
}

static void
round_forked(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	pid_t pid;
	int fds[2];

	if (pipe(fds) != 0) {
		isolate_set_reason(r, CB_ERROR, "pipe: %s", strerror(errno));
		return;
	}
	fflush(NULL);
	if ((pid = fork()) < 0) {
		isolate_set_reason(r, CB_ERROR, "fork: %s", strerror(errno));
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
		isolate_child(fds[1], &b, o, 1, p, first);
	}
	close(fds[1]);
	(void)isolate_collect(pid, fds[0], 0, &o, 1, r);
	close(fds[0]);
}

/* Rounds of pg[0..n-1] in one program: how many it settled, at least 1. */
static size_t
program_rounds(const struct isolate_program *pg,
    const struct cb_options *const *o, size_t n, const struct engine_prep *p,
    int first, struct cb_result *r)
{
	pid_t pid;
	size_t done;
	int fds[2];

	if (pipe(fds) != 0) {
		isolate_set_reason(r, CB_ERROR, "pipe: %s", strerror(errno));
		return (1);
	}
	pid = isolate_spawn(pg, o, n, p, first, fds[1], r);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return (1);
	}
	done = isolate_collect(pid, fds[0], 1, o, n, r);
	close(fds[0]);
	return (done);
}

/* What b needs of the CPU that it does not offer. */
static unsigned
missing_features(const struct cb_bench *b)
{
	return (b->cpu_features & ~arch_cpu_features());
}

/*
 * How many of b[0..n-1], from the first, go in one program of describe's:
 * those whose payloads, made into pg, say they share it, and each to be
 * run (offered what it needs, isolated, on b[0]'s CPU); when b[0]'s
 * cannot be made, none, with why in r.
 */
static size_t
group(const struct cb_bench *const *b, const struct cb_options *const *o,
    size_t n, isolate_program_fn *describe, struct isolate_program *pg,
    struct cb_result *r)
{
	char why[CB_REASON_MAX] = "";
	size_t m;

	for (m = 0; m < n && m < ISOLATE_MAX_SHARED; m++) {
		if (m > 0 && (!pg[0].shares || isolate_program_of(b[m]) !=
		    describe || !o[m]->isolate || o[m]->cpu != o[0]->cpu ||
		    missing_features(b[m])))
			break;
		memset(&pg[m], 0, sizeof(pg[m]));
		if (describe(b[m]->arg, &pg[m], why, sizeof(why)) != 0) {
			if (m == 0)
				isolate_set_reason(r, CB_ERROR, "%s", why[0] ?
				    why : "cannot start the measuring program");
			break;
		}
		if (m > 0 && (!pg[m].shares ||
		    strcmp(pg[m].path, pg[0].path) != 0)) {
			free(pg[m].payload);
			break;
		}
	}
	return (m);
}

/* A round that cannot run, for want of a feature or after an interrupt. */
static int
refused(const struct cb_bench *b, struct cb_result *r)
{
	const char *names[16];
	unsigned missing;
	size_t i, n;
	char *q;

	if (interrupted) {
		isolate_set_reason(r, CB_ERROR, "interrupted");
		return (1);
	}
	if ((missing = missing_features(b)) == 0)
		return (0);
	r->status = CB_SKIPPED;
	n = cb_feature_names(missing, names, 16);
	/* Not "the CPU lacks": a hypervisor may hide what it has. */
	q = r->reason + snprintf(r->reason, sizeof(r->reason), "not executed: "
	    ARCH_FEATURE_SOURCE " or the OS does not offer");
	for (i = 0; i < n && q < r->reason + sizeof(r->reason) - 16; i++)
		q += snprintf(q, 16, " %s", names[i]);
	return (1);
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

size_t
isolate_rounds(const struct cb_bench *const *b,
    const struct cb_options *const *o, size_t n,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	struct isolate_program pg[ISOLATE_MAX_SHARED];
	isolate_program_fn *describe;
	size_t i, m, at;

	if (n == 0)
		return (0);
	if (first_measure == 0)
		first_measure = time(NULL);
	for (i = 0; i < n && i < ISOLATE_MAX_SHARED; i++) {
		memset(&r[i], 0, sizeof(r[i]));
		r[i].cpu = o[i]->cpu;
	}
	m = 1;
	if (refused(b[0], &r[0]))
		;	/* r[0] says why */
	else if (!o[0]->isolate)
		round_here(b[0], o[0], p, first, &r[0]);
	else if ((describe = isolate_program_of(b[0])) == NULL)
		round_forked(b[0], o[0], p, first, &r[0]);
	else if ((m = group(b, o, n, describe, pg, &r[0])) == 0)
		m = 1;	/* r[0] says why */
	else {
		for (at = 0; at < m; )
			at += program_rounds(pg + at, o + at, m - at, p, first,
			    r + at);
		for (i = 0; i < m; i++)
			free(pg[i].payload);
	}
	for (i = 0; i < m; i++) {
		r[i].bench = b[i];
		r[i].cpu = o[i]->cpu;
	}
	return (m);
}

void
isolate_round(const struct cb_bench *b, const struct cb_options *o,
    const struct engine_prep *p, int first, struct cb_result *r)
{
	(void)isolate_rounds(&b, &o, 1, p, first, r);
}
