/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/tool.c, running a tool (here sh, cat, sleep, in
 * place of the assembler) under limits: its exit status and output come
 * back, its input is the file given or nothing, a program that is not
 * there is named, the limits are those promised, one that hangs is
 * killed at its deadline, a limit that stops one is told, and an
 * interrupt stops one at once.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cyclebench.h"
#include "snippet/tool.h"
#include "util/time.h"
#include "emulated.h"

static char dir[64], in[96], out[96], msg[96];

static int
setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/test_tool.XXXXXX");
	if (mkdtemp(dir) == NULL)
		return (-1);
	snprintf(in, sizeof(in), "%s/in", dir);
	snprintf(out, sizeof(out), "%s/out", dir);
	snprintf(msg, sizeof(msg), "%s/msg", dir);
	return (0);
}

static int
teardown(void **state)
{
	(void)state;
	unlink(in);
	unlink(out);
	unlink(msg);
	return (rmdir(dir));
}

/* The whole of file `path' (at most 4 KiB), NUL-terminated, in buf. */
static const char *
slurp(const char *path, char *buf, size_t len)
{
	FILE *fp;
	size_t n;

	assert_non_null(fp = fopen(path, "r"));
	n = fread(buf, 1, len - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return (buf);
}

static int
run(const char *script, const char *input, double timeout, char *err,
    size_t errlen)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };

	err[0] = '\0';
	return (tool_run(argv, "the test tool", "GNU binutils", input, out,
	    msg, timeout, NULL, err, errlen));
}

/* Its wait status, its stdout and stderr each in their file. */
static void
test_status_and_output(void **state)
{
	char err[256], buf[4096];
	int status;

	(void)state;
	status = run("echo to out; echo to msg >&2; exit 3", NULL, 10, err,
	    sizeof(err));
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 3);
	assert_string_equal(err, "");
	assert_string_equal(slurp(out, buf, sizeof(buf)), "to out\n");
	assert_string_equal(slurp(msg, buf, sizeof(buf)), "to msg\n");
	/* The files are truncated for each run. */
	status = run("true", NULL, 10, err, sizeof(err));
	assert_true(WIFEXITED(status));
	assert_int_equal(WEXITSTATUS(status), 0);
	assert_string_equal(slurp(out, buf, sizeof(buf)), "");
	assert_string_equal(slurp(msg, buf, sizeof(buf)), "");
	assert_false(tool_limit_hit("the test tool", status, NULL, err,
	    sizeof(err)));
}

/* Input from the file named, or from /dev/null (never our terminal). */
static void
test_input(void **state)
{
	char err[256], buf[4096];
	FILE *fp;

	(void)state;
	assert_non_null(fp = fopen(in, "w"));
	fputs("nop\nnop\n", fp);
	fclose(fp);
	assert_int_equal(run("cat", in, 10, err, sizeof(err)), 0);
	assert_string_equal(slurp(out, buf, sizeof(buf)), "nop\nnop\n");
	assert_int_equal(run("cat", NULL, 10, err, sizeof(err)), 0);
	assert_string_equal(slurp(out, buf, sizeof(buf)), "");
	/* An input that cannot be opened: the child's own 127. */
	assert_int_equal(run("cat", "/nonexistent/in", 10, err, sizeof(err)),
	    127 << 8);
}

static void
test_not_found(void **state)
{
	char *argv[] = { "cyclebench-no-such-tool", NULL };
	char err[256];

	(void)state;
	assert_int_equal(tool_run(argv, "the test tool", "GNU binutils", NULL,
	    out, msg, 10, NULL, err, sizeof(err)), TOOL_FAILED);
	assert_string_equal(err, "cannot run 'cyclebench-no-such-tool': No "
	    "such file or directory (it comes with GNU binutils)");
}

/* Soft and hard limit `name' in /proc/PID/limits text, both must be v. */
static void
assert_limit(const char *limits, const char *name, unsigned long long v)
{
	const char *p;
	char *end;

	if ((p = strstr(limits, name)) == NULL)
		fail_msg("no %s in %s", name, limits);
	p += strlen(name);
	assert_true(strtoull(p, &end, 10) == v);
	assert_true(strtoull(end, NULL, 10) == v);
}

/* The limits the tool runs under, as the kernel shows them to it. */
static void
test_limits(void **state)
{
	char err[256], buf[4096];

	(void)state;
	assert_int_equal(run("cat /proc/self/limits", NULL, 10, err,
	    sizeof(err)), 0);
	slurp(out, buf, sizeof(buf));
	assert_limit(buf, "Max cpu time", 5);
	assert_limit(buf, "Max file size", 64ULL << 20);
	/* qemu-user keeps the address-space limit to itself. */
	if (!EMULATED())
		assert_limit(buf, "Max address space", 1ULL << 30);
}

/*
 * A tool that does not end is killed at its deadline; the bound on the
 * time taken is loose, for a loaded machine.
 */
static void
test_hang_killed(void **state)
{
	char err[256];
	double t0, took;

	(void)state;
	t0 = monotonic_seconds();
	assert_int_equal(run("exec sleep 60", NULL, 0.25, err, sizeof(err)),
	    TOOL_STOPPED);
	took = monotonic_seconds() - t0;
	assert_true(took >= 0.25);
	assert_true(took < 20);
	assert_string_equal(err, "the test tool did not finish within 0.25 s "
	    "(--timeout): is it reading a FIFO or a terminal?");
	/* And it was reaped: no child is left. */
	assert_int_equal(waitpid(-1, NULL, WNOHANG), -1);
}

/* What a signal from a limit (or another) is told as. */
static void
test_limit_hit(void **state)
{
	char err[256];

	(void)state;
	assert_true(tool_limit_hit("the assembler", W_EXITCODE(0, SIGXCPU),
	    NULL, err, sizeof(err)));
	assert_string_equal(err, "the assembler was stopped after 5 s of CPU "
	    "time (a huge .rept or .fill?)");
	assert_true(tool_limit_hit("the assembler", W_EXITCODE(0, SIGKILL),
	    NULL, err, sizeof(err)));
	assert_string_equal(err, "the assembler was stopped after 5 s of CPU "
	    "time (a huge .rept or .fill?)");
	assert_true(tool_limit_hit("objdump", W_EXITCODE(0, SIGXFSZ),
	    NULL, err, sizeof(err)));
	assert_string_equal(err, "objdump's output passed 64 MiB (a huge "
	    ".fill or .space?)");
	assert_true(tool_limit_hit("objdump", W_EXITCODE(0, SIGSEGV),
	    NULL, err, sizeof(err)));
	snprintf(err + 128, sizeof(err) - 128, "objdump was killed by signal "
	    "%d", SIGSEGV);
	assert_string_equal(err, err + 128);
	err[0] = '\0';
	assert_false(tool_limit_hit("objdump", W_EXITCODE(1, 0),
	    NULL, err, sizeof(err)));
	assert_string_equal(err, "");
}

/* A real signal from a tool, through tool_run's status. */
static void
test_file_size_signal(void **state)
{
	char err[256];
	int status;

	(void)state;
	status = run("kill -XFSZ $$", NULL, 10, err, sizeof(err));
	assert_true(WIFSIGNALED(status));
	assert_true(tool_limit_hit("the test tool", status, NULL, err,
	    sizeof(err)));
	assert_string_equal(err, "the test tool's output passed 64 MiB (a "
	    "huge .fill or .space?)");
}

/* Last: an interrupt stays set for the rest of the process. */
static void
test_interrupted(void **state)
{
	char err[256];
	double t0;

	(void)state;
	cb_interrupt();
	t0 = monotonic_seconds();
	assert_int_equal(run("exec sleep 60", NULL, 60, err, sizeof(err)),
	    TOOL_STOPPED);
	assert_true(monotonic_seconds() - t0 < 20);
	assert_string_equal(err, "interrupted while the test tool ran");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_status_and_output),
		cmocka_unit_test(test_input),
		cmocka_unit_test(test_not_found),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_hang_killed),
		cmocka_unit_test(test_limit_hit),
		cmocka_unit_test(test_file_size_signal),
		cmocka_unit_test(test_interrupted),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
