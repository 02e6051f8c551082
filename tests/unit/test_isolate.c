/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/isolate.c: a round in a child process, where a
 * crash, an exit, a hang or a fault the benchmark describes becomes an
 * error result with its reason and this process goes on; a skip and its
 * reason cross the pipe; a benchmark needing what the CPU does not offer
 * is skipped unrun; what a benchmark leaves running, in a session of its
 * own or not, killed with its round; the options a round runs with; a
 * round run by a program of its own, started in a session of its own,
 * and what is said when it cannot start or sends nothing; rounds that
 * share a program, and what one that traps, hangs or exits costs them.  The misbehaving
 * benchmarks misbehave in their setup, which runs in the child before
 * anything is measured, so each costs a fork and not a round.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "arch/arch.h"
#include "core/engine.h"
#include "core/isolate.h"
#include "core/names.h"
#include "util/time.h"

#include "emulated.h"
#include "scratch.h"

static struct engine_prep prep;

static int
prepare(void **state)
{
	(void)state;
	engine_prepare(&prep, 1);
	return (0);
}

static void
spin(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" ::: "memory");
	while (--iters);
}

/* cmocka catches SIGSEGV in the test process; the child must not. */
static int
setup_crash(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	signal(SIGSEGV, SIG_DFL);
	raise(SIGSEGV);
	return (0);
}

static int
setup_exit(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	_exit(7);
}

static volatile int forever = 1;

static int
setup_hang(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	while (forever)
		pause();
	return (0);
}

/* Says where it runs, as a skip: the reason is what crosses the pipe. */
static int
setup_where(void **ctx, char *why, size_t len)
{
	(void)ctx;
	snprintf(why, len, "in a child: %d", isolate_in_child());
	return (CB_SETUP_SKIP);
}

static int
setup_error(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	return (CB_SETUP_ERROR);
}

static void
describe(const struct trap *f, void *arg, char *buf, size_t len)
{
	snprintf(buf, len, "%s saw %#lx, %s", (const char *)arg,
	    (unsigned long)f->addr, trap_access(f));
}

static volatile uintptr_t unmapped = 16;

/* A fault the benchmark's describer puts in its own terms. */
static int
setup_fault(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	isolate_on_trap(describe, "test");
	*(volatile int *)unmapped = 1;
	return (0);
}

static int escape_pipe[2];

/*
 * A process that leaves the session and would outlive the round: its
 * pid goes up the pipe, and the round is skipped.
 */
static int
setup_escape(void **ctx, char *why, size_t len)
{
	pid_t pid;

	(void)ctx;
	if ((pid = fork()) == 0) {
		setsid();
		for (;;)
			pause();
	}
	if (write(escape_pipe[1], &pid, sizeof(pid)) != sizeof(pid))
		return (CB_SETUP_ERROR);
	snprintf(why, len, "left %d running", (int)pid);
	return (CB_SETUP_SKIP);
}

static void
options(const struct cb_bench *b, struct cb_options *o, int isolate)
{
	struct cb_options in;

	cb_options_default(&in);
	in.isolate = isolate;
	in.quick = 1;
	isolate_options(b, &in, o);
}

/* One round of b; its status, with the reason in r. */
static enum cb_status
round_of(const struct cb_bench *b, int isolate, double timeout,
    struct cb_result *r)
{
	struct cb_options o;

	options(b, &o, isolate);
	if (timeout > 0)
		o.timeout = timeout;
	isolate_round(b, &o, &prep, 1, r);
	assert_ptr_equal(r->bench, b);
	assert_int_equal(r->cpu, o.cpu);
	return (r->status);
}

static void
test_crash(void **state)
{
	static const struct cb_bench b = { .name = "t/crash",
	    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_crash };
	struct cb_result r;

	(void)state;
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "crashed: killed by signal 11 "
	    "(SIGSEGV)");
	assert_int_equal(r.nsamples, 0);
	cb_result_free(&r);
}

static void
test_exit(void **state)
{
	static const struct cb_bench b = { .name = "t/exit",
	    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_exit };
	struct cb_result r;

	(void)state;
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "child exited with status 7 without a "
	    "result");
	cb_result_free(&r);
}

/* The time limit ends a hang: well within a few seconds of it. */
static void
test_hang(void **state)
{
	static const struct cb_bench b = { .name = "t/hang",
	    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_hang };
	struct cb_result r;
	double t0, took;

	(void)state;
	t0 = monotonic_seconds();
	assert_int_equal(round_of(&b, 1, 0.3, &r), CB_ERROR);
	took = monotonic_seconds() - t0;
	assert_string_equal(r.reason, "timed out after 0.3 s");
	assert_true(took >= 0.3 && took < 5);
	cb_result_free(&r);
}

static void
test_described_fault(void **state)
{
	static const struct cb_bench b = { .name = "t/fault",
	    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_fault };
	struct cb_result r;
	const char *tail = ": test saw 0x10, write to";

	(void)state;
	/* qemu-user's signal frame has no page-fault error code: no "write" */
	if (EMULATED())
		tail = ": test saw 0x10, access to";
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	if (strncmp(r.reason, "crashed: SIGSEGV (", 18) != 0 ||
	    strlen(r.reason) < strlen(tail) ||
	    strcmp(r.reason + strlen(r.reason) - strlen(tail), tail) != 0)
		fail_msg("reason '%s'", r.reason);
	cb_result_free(&r);
}

/* A skip and its reason, from a child and from here. */
/* What a benchmark starts, in a session of its own or not, ends with it. */
static void
test_leftovers_killed(void **state)
{
	static const struct cb_bench b = { .name = "t/escape",
	    .mode = CB_LATENCY, .ops = 1, .body = spin,
	    .setup = setup_escape };
	struct cb_result r;
	pid_t pid;

	(void)state;
	assert_int_equal(pipe(escape_pipe), 0);
	assert_int_equal(round_of(&b, 1, 10, &r), CB_SKIPPED);
	assert_int_equal(read(escape_pipe[0], &pid, sizeof(pid)),
	    sizeof(pid));
	assert_true(pid > 0);
	if (kill(pid, 0) == 0) {
		kill(pid, SIGKILL);
		fail_msg("process %d outlived its round", (int)pid);
	}
	assert_int_equal(errno, ESRCH);
	cb_result_free(&r);
	close(escape_pipe[0]);
	close(escape_pipe[1]);
}

static void
test_skip_and_error(void **state)
{
	static const struct cb_bench where = { .name = "t/where",
	    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_where };
	static const struct cb_bench err = { .name = "t/err",
	    .mode = CB_LATENCY, .ops = 1, .body = spin, .setup = setup_error };
	static const struct cb_bench nobody = { .name = "t/nobody",
	    .mode = CB_LATENCY, .ops = 1, .setup = setup_error };
	static const struct cb_bench setup_only = { .name = "t/setup-only",
	    .mode = CB_LATENCY, .ops = 1, .setup = setup_where };
	struct cb_result r;

	(void)state;
	assert_int_equal(isolate_in_child(), 0);
	assert_int_equal(round_of(&where, 1, 0, &r), CB_SKIPPED);
	assert_string_equal(r.reason, "in a child: 1");
	cb_result_free(&r);
	assert_int_equal(round_of(&where, 0, 0, &r), CB_SKIPPED);
	assert_string_equal(r.reason, "in a child: 0");
	cb_result_free(&r);
	/* A setup that fails without a word still gives a reason. */
	assert_int_equal(round_of(&err, 1, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "setup failed");
	cb_result_free(&r);
	assert_int_equal(round_of(&nobody, 0, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "setup failed");
	cb_result_free(&r);
	assert_int_equal(round_of(&setup_only, 0, 0, &r), CB_SKIPPED);
	cb_result_free(&r);
}

/* A round that measures: its samples come back through the pipe. */
static void
test_samples_cross(void **state)
{
	static const struct cb_bench b = { .name = "t/spin",
	    .mode = CB_LATENCY, .ops = 1, .body = spin };
	struct cb_result r;
	size_t i;

	(void)state;
	/* Emulated, a round may still keep no sample (issue 25). */
	SKIP_IF_EMULATED();
	assert_int_equal(round_of(&b, 1, 0, &r), CB_OK);
	assert_true(r.nsamples > 0);
	assert_non_null(r.samples);
	assert_non_null(r.samples_ref);
	assert_non_null(r.probe);
	for (i = 0; i < r.nsamples; i++)
		assert_true(r.samples[i] > 0);
	cb_result_free(&r);
	assert_null(r.samples);
	assert_int_equal(r.nsamples, 0);
	cb_result_free(NULL);
}

/* What the CPU does not offer is skipped unrun, the features named. */
static void
test_missing_feature(void **state)
{
	struct cb_bench b = { .name = "t/feature", .mode = CB_LATENCY,
	    .ops = 1, .body = spin, .setup = setup_crash };
	unsigned have = arch_cpu_features(), bit;
	struct cb_result r;
	char want[CB_REASON_MAX];

	(void)state;
	for (bit = CB_CPU_RDTSCP; bit <= CB_CPU_SVE; bit <<= 1)
		if ((have & bit) == 0 && cb_feature_name(bit) != NULL)
			break;
	if (bit > CB_CPU_SVE)
		skip();
	b.cpu_features = bit;
	snprintf(want, sizeof(want), "not executed: %s or the OS does not "
	    "offer %s", ARCH_FEATURE_SOURCE, cb_feature_name(bit));
	assert_int_equal(round_of(&b, 1, 0, &r), CB_SKIPPED);
	assert_string_equal(r.reason, want);
	cb_result_free(&r);
}

static void
test_options(void **state)
{
	static const struct cb_bench b = { .name = "t/b", .mode = CB_LATENCY,
	    .ops = 1, .body = spin };
	struct cb_bench slow = b;
	struct cb_options in, o;

	(void)state;
	isolate_options(&b, NULL, &o);
	assert_int_equal(o.repetitions, 15);
	assert_int_equal(o.isolate, 1);
	assert_true(o.cpu >= 0);
	assert_true(o.timeout == 60);
	cb_options_default(&in);
	in.quick = 1;
	isolate_options(&b, &in, &o);
	assert_int_equal(o.repetitions, 10);
	in.repetitions = 7;
	in.cpu = o.cpu;
	isolate_options(&b, &in, &o);
	assert_int_equal(o.repetitions, 7);
	assert_int_equal(o.cpu, in.cpu);
	/* A benchmark's own limit may only lengthen the run's. */
	slow.timeout = 90;
	isolate_options(&slow, &in, &o);
	assert_true(o.timeout == 90);
	slow.timeout = 5;
	isolate_options(&slow, &in, &o);
	assert_true(o.timeout == 60);
}

static void
test_extras(void **state)
{
	struct cb_result r;
	char key[16];
	int i;

	(void)state;
	memset(&r, 0, sizeof(r));
	for (i = 0; i < CB_MAX_EXTRAS + 2; i++) {
		snprintf(key, sizeof(key), "k%d", i);
		cb_result_extra(&r, key, i);
	}
	assert_int_equal(r.nextras, CB_MAX_EXTRAS);
	assert_string_equal(r.extras[CB_MAX_EXTRAS - 1].key, "k7");
	assert_true(r.extras[2].value == 2);
}

/* Last: an interruption is for good in this process. */
static void
test_interrupted(void **state)
{
	static const struct cb_bench b = { .name = "t/spin",
	    .mode = CB_LATENCY, .ops = 1, .body = spin };
	struct cb_result r;

	(void)state;
	assert_int_equal(cb_interrupted(), 0);
	cb_interrupt();
	assert_int_equal(cb_interrupted(), 1);
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "interrupted");
	assert_true(isolate_first_measure() > 0);
	cb_result_free(&r);
}

/* A round's program: the path the test sets, or a reason. */
static char program_path[PATH_MAX];

static int
setup_in_program(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	return (0);
}

static int
setup_unused(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	return (0);
}

static int
describe_program(const void *arg, struct isolate_program *pg, char *why,
    size_t whylen)
{
	(void)arg;
	if (program_path[0] == '\0') {
		snprintf(why, whylen, "no program today");
		return (-1);
	}
	snprintf(pg->path, sizeof(pg->path), "%s", program_path);
	pg->payload = strdup("payload");
	pg->len = 8;
	return (0);
}

/* Rounds in tests/unit/programs/serve_rounds, which may share it. */
static char served_path[PATH_MAX];
static int served_share;

static int
setup_served(void **ctx, char *why, size_t len)
{
	(void)ctx, (void)why, (void)len;
	return (0);
}

static int
describe_served(const void *arg, struct isolate_program *pg, char *why,
    size_t whylen)
{
	(void)why, (void)whylen;
	snprintf(pg->path, sizeof(pg->path), "%s", served_path);
	pg->payload = strdup(arg);
	pg->len = strlen(arg) + 1;
	pg->shares = served_share;
	return (0);
}

#define SERVED_MAX	8

/*
 * One round each of benchmarks whose rounds do what[i] (serve_rounds.c
 * says what), with a 2-second limit: how many isolate_rounds took.
 */
static size_t
served(const char *const *what, size_t n, struct cb_result *r)
{
	static struct cb_bench b[SERVED_MAX];
	const struct cb_bench *bp[SERVED_MAX];
	struct cb_options o[SERVED_MAX];
	const struct cb_options *op[SERVED_MAX];
	size_t i;

	assert_true(n <= SERVED_MAX);
	for (i = 0; i < n; i++) {
		b[i] = (struct cb_bench){ .name = "t/served",
		    .mode = CB_LATENCY, .ops = 1, .body = spin,
		    .setup = setup_served, .arg = what[i] };
		bp[i] = &b[i];
		options(&b[i], &o[i], 1);
		o[i].timeout = 2;
		op[i] = &o[i];
	}
	return (isolate_rounds(bp, op, n, &prep, 1, r));
}

/* The process round r ran in, which it reports. */
static double
pid_of(const struct cb_result *r)
{
	unsigned i;

	assert_int_equal(r->status, CB_OK);
	for (i = 0; i < r->nextras; i++)
		if (strcmp(r->extras[i].key, "pid") == 0)
			return (r->extras[i].value);
	fail_msg("round without its pid: %s", r->reason);
	return (0);
}

static void
free_all(struct cb_result *r, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		cb_result_free(&r[i]);
}

/*
 * Rounds whose program says they share it run in one process; a round
 * that traps, hangs or exits costs its own round, and the rounds after
 * it go on in a new process, as do those before a trap's end.
 */
static void
test_shared(void **state)
{
	static const char *const three[] = { "pid", "pid", "pid" };
	static const char *const trap[] = { "pid", "trap", "pid", "pid" };
	static const char *const hang[] = { "pid", "hang", "pid" };
	static const char *const quit[] = { "pid", "exit", "pid" };
	static const char *const first[] = { "trap", "pid" };
	struct cb_result r[SERVED_MAX];
	char self[PATH_MAX];
	ssize_t n;

	(void)state;
	assert_int_equal(isolate_in_program(setup_served, describe_served),
	    0);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	assert_true(n > 0);
	self[n] = '\0';
	*strrchr(self, '/') = '\0';
	assert_true((size_t)snprintf(served_path, sizeof(served_path),
	    "%.*s/programs/serve_rounds", PATH_MAX - 32, self) <
	    sizeof(served_path));
	served_share = 1;
	assert_int_equal(served(three, 3, r), 3);
	if (EMULATED() && strstr(r[0].reason, "exit status 127") != NULL) {
		free_all(r, 3);
		skip();		/* no binfmt_misc to start the emulator */
	}
	assert_true(pid_of(&r[0]) == pid_of(&r[1]));
	assert_true(pid_of(&r[1]) == pid_of(&r[2]));
	assert_ptr_equal(r[2].bench->arg, three[2]);
	free_all(r, 3);

	assert_int_equal(served(trap, 4, r), 4);
	assert_int_equal(r[1].status, CB_ERROR);
	assert_non_null(strstr(r[1].reason, "crashed: SIGSEGV"));
	assert_non_null(strstr(r[1].reason, "as planned"));
	assert_true(pid_of(&r[2]) == pid_of(&r[3]));
	assert_true(pid_of(&r[2]) != pid_of(&r[0]));
	free_all(r, 4);

	assert_int_equal(served(hang, 3, r), 3);
	assert_string_equal(r[1].reason, "timed out after 2 s");
	assert_true(pid_of(&r[2]) != pid_of(&r[0]));
	free_all(r, 3);

	assert_int_equal(served(quit, 3, r), 3);
	assert_string_equal(r[1].reason, "child exited with status 7 without "
	    "a result");
	assert_true(pid_of(&r[2]) != pid_of(&r[0]));
	free_all(r, 3);

	assert_int_equal(served(first, 2, r), 2);
	assert_non_null(strstr(r[0].reason, "as planned"));
	(void)pid_of(&r[1]);
	free_all(r, 2);

	/* Rounds that do not share take one program each. */
	served_share = 0;
	assert_int_equal(served(three, 3, r), 1);
	(void)pid_of(&r[0]);
	free_all(r, 1);
}

/*
 * The program, not a fork, runs the round: a script that exits 5 when it
 * leads its own session (6 otherwise) shows it ran, and where.
 */
static void
test_program(void **state)
{
	static const struct cb_bench b = { .name = "t/program",
	    .mode = CB_LATENCY, .ops = 1, .body = spin,
	    .setup = setup_in_program };
	char dir[] = "/tmp/cb-isolate-XXXXXX";
	struct cb_result r;

	(void)state;
	assert_int_equal(isolate_in_program(setup_in_program,
	    describe_program), 0);
	assert_int_equal(scratch_make(dir), 0);
	scratch_put(dir, "/session", "#!/bin/sh\nset -- $(cat /proc/$$/stat)\n"
	    "[ \"$6\" = \"$$\" ] && exit 5\nexit 6\n");
	snprintf(program_path, sizeof(program_path), "%s/session", dir);
	assert_int_equal(chmod(program_path, 0700), 0);
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "child exited with status 5 without a "
	    "result");
	cb_result_free(&r);

	snprintf(program_path, sizeof(program_path), "%s/none", dir);
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	assert_non_null(strstr(r.reason, "cannot execute "));
	/* Emulated, the spawn's child is a fork that exits 127. */
	assert_non_null(strstr(r.reason, EMULATED() ? "exit status 127" :
	    "/none: No such file"));
	cb_result_free(&r);

	program_path[0] = '\0';
	assert_int_equal(round_of(&b, 1, 0, &r), CB_ERROR);
	assert_string_equal(r.reason, "no program today");
	cb_result_free(&r);
	scratch_remove(dir);

	/*
	 * Registering again replaces; the table, which test_shared's and
	 * the one above hold places in, holds a few, then refuses.
	 */
	assert_int_equal(isolate_in_program(setup_in_program,
	    describe_program), 0);
	assert_int_equal(isolate_in_program(setup_unused, describe_program),
	    0);
	assert_int_equal(isolate_in_program(setup_crash, describe_program),
	    0);
	assert_int_equal(isolate_in_program(setup_exit, describe_program), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_crash),
		cmocka_unit_test(test_exit),
		cmocka_unit_test(test_leftovers_killed),
		cmocka_unit_test(test_hang),
		cmocka_unit_test(test_described_fault),
		cmocka_unit_test(test_skip_and_error),
		cmocka_unit_test(test_samples_cross),
		cmocka_unit_test(test_missing_feature),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_extras),
		cmocka_unit_test(test_shared),
		/* After the others: it fills the table of programs. */
		cmocka_unit_test(test_program),
		/* Last: it leaves the process interrupted. */
		cmocka_unit_test(test_interrupted),
	};

	return (cmocka_run_group_tests(tests, prepare, NULL));
}
