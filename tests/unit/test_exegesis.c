/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/exegesis.c with PATH pointed at a scratch
 * directory of fake tools (shell scripts): which llvm-exegesis-N and
 * llvm-mc-N are chosen, what a user is told to install when none fits,
 * and exegesis_generate running a fake llvm-exegesis that writes canned
 * documents and refusals, or fails, or hangs, or writes what is not
 * YAML.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "characterize/exegesis.h"
#include "scratch.h"

static char dir[64], *saved_path;

static int
setup(void **state)
{
	const char *p = getenv("PATH");

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/cb-exegesis-XXXXXX");
	if (scratch_make(dir) != 0)
		return (-1);
	saved_path = p != NULL ? strdup(p) : NULL;
	return (setenv("PATH", dir, 1));
}

static int
teardown(void **state)
{
	(void)state;
	if (saved_path != NULL)
		setenv("PATH", saved_path, 1);
	free(saved_path);
	return (scratch_remove(dir));
}

/* dir/name holding `script', with `mode'. */
static void
tool(const char *name, const char *script, mode_t mode)
{
	char rel[64], path[128];

	snprintf(rel, sizeof(rel), "/%s", name);
	scratch_put(dir, rel, script);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_int_equal(chmod(path, mode), 0);
}

static void
tools(const char *const *names)
{
	for (; *names != NULL; names++)
		tool(*names, "#!/bin/sh\nexit 0\n", 0755);
}

static void
assert_in_dir(const char *path, const char *name)
{
	char want[128];

	snprintf(want, sizeof(want), "%s/%s", dir, name);
	assert_string_equal(path, want);
}

/* The newest N with both llvm-exegesis-N and llvm-mc-N executable. */
static void
test_find_newest(void **state)
{
	static const char *const names[] = { "llvm-exegesis-16",
	    "llvm-mc-16", "llvm-mca-16", "llvm-exegesis-17", "llvm-mc-17",
	    "llvm-exegesis-18", "llvm-mca-18", "llvm-mc-19", NULL };
	struct llvm_tools t;
	char err[512];

	(void)state;
	tools(names);
	/* llvm-exegesis-20 is there but cannot be run. */
	tool("llvm-exegesis-20", "#!/bin/sh\n", 0644);
	tool("llvm-mc-20", "#!/bin/sh\n", 0755);
	assert_int_equal(llvm_tools_find(&t, 0, err, sizeof(err)), 0);
	assert_int_equal(t.version, 17);
	assert_in_dir(t.exegesis, "llvm-exegesis-17");
	assert_in_dir(t.mc, "llvm-mc-17");
	assert_string_equal(t.mca, "");		/* none of 17 */
	/* One version asked for: that one, with its llvm-mca. */
	assert_int_equal(llvm_tools_find(&t, 16, err, sizeof(err)), 0);
	assert_int_equal(t.version, 16);
	assert_in_dir(t.exegesis, "llvm-exegesis-16");
	assert_in_dir(t.mca, "llvm-mca-16");
}

/* The newest looked for is EXEGESIS_MAX_LLVM; PATH is searched in
   order, each tool where it is first found. */
static void
test_find_bounds_and_path(void **state)
{
	static const char *const names[] = { "llvm-exegesis-41",
	    "llvm-mc-41", "llvm-exegesis-40", "sub/llvm-mc-40",
	    "sub/llvm-exegesis-40", NULL };
	struct llvm_tools t;
	char err[512], path[256];

	(void)state;
	tools(names);
	snprintf(path, sizeof(path), "/nonexistent::%s:%s/sub", dir, dir);
	setenv("PATH", path, 1);
	assert_int_equal(llvm_tools_find(&t, 0, err, sizeof(err)), 0);
	assert_int_equal(t.version, EXEGESIS_MAX_LLVM);
	assert_in_dir(t.exegesis, "llvm-exegesis-40");
	assert_in_dir(t.mc, "sub/llvm-mc-40");
}

/* --llvm out of range, a version not there, none at all. */
static void
test_find_refused(void **state)
{
	static const char *const names[] = { "llvm-exegesis-15",
	    "llvm-mc-15", "llvm-exegesis-18", NULL };
	static const int range[] = { 15, 41, -1, 1000 };
	struct llvm_tools t;
	char err[512];
	size_t i;

	(void)state;
	tools(names);
	for (i = 0; i < sizeof(range) / sizeof(range[0]); i++) {
		assert_int_equal(llvm_tools_find(&t, range[i], err,
		    sizeof(err)), -1);
		assert_string_equal(err, "--llvm takes a version from 16 to "
		    "40");
	}
	assert_int_equal(llvm_tools_find(&t, 18, err, sizeof(err)), -1);
	assert_string_equal(err, "no llvm-exegesis-18 and llvm-mc-18 on PATH: "
	    "install them (Debian: apt-get install llvm-18)");
	/* 15 is too old to be taken, 18 lacks llvm-mc: none. */
	assert_int_equal(llvm_tools_find(&t, 0, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "llvm-exegesis 16 or newer"));
	assert_non_null(strstr(err, "apt-get install llvm-16"));
	assert_int_equal(t.version, 0);
}

/*
 * A fake llvm-exegesis: its arguments to dir/args, then `body', with the
 * system's PATH (the test's holds only dir).
 */
static void
fake_exegesis(struct llvm_tools *t, const char *body)
{
	char script[4096];

	snprintf(script, sizeof(script), "#!/bin/sh\nPATH=/usr/bin:/bin\n"
	    "echo \"$@\" > %s/args\n%s", dir, body);
	tool("llvm-exegesis-16", script, 0755);
	memset(t, 0, sizeof(*t));
	t->version = 16;
	snprintf(t->exegesis, sizeof(t->exegesis), "%s/llvm-exegesis-16",
	    dir);
}

static const char *
args(void)
{
	static char buf[512];
	char path[128];
	FILE *fp;
	size_t n;

	snprintf(path, sizeof(path), "%s/args", dir);
	assert_non_null(fp = fopen(path, "r"));
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return (buf);
}

static const char canned[] =
    "cat <<'EOF'\n"
    "---\n"
    "mode:            latency\n"
    "key:\n"
    "  instructions:\n"
    "    - 'ADD64rr RBP RBP RCX'\n"
    "  config:          ''\n"
    "  register_initial_values:\n"
    "    - 'RBP=0x0'\n"
    "cpu_name:        rocketlake\n"
    "assembled_snippet: 4801CD4801CDC3\n"
    "...\n"
    "EOF\n"
    "echo 'candidates:' >&2\n"
    "echo 'LOCK_ADD64mr: unsupported memory operand in latency "
    "measurements' >&2\n";

static void
test_generate(void **state)
{
	struct llvm_tools t;
	struct xdocs x;
	char err[512];

	(void)state;
	fake_exegesis(&t, canned);
	assert_int_equal(exegesis_generate(&t, "latency",
	    "ADD64rr,LOCK_ADD64mr", NULL, 30, &x, err, sizeof(err)), 0);
	assert_string_equal(args(), "-mode=latency "
	    "-opcode-name=ADD64rr,LOCK_ADD64mr "
	    "--benchmark-phase=prepare-and-assemble-snippet\n");
	assert_int_equal(x.n, 2);
	assert_string_equal(x.d[0].opcode, "ADD64rr");
	assert_int_equal(x.d[0].codelen, 7);
	assert_string_equal(x.d[1].opcode, "LOCK_ADD64mr");
	assert_string_equal(x.d[1].error,
	    "unsupported memory operand in latency measurements");
	assert_int_equal(x.d[1].codelen, 0);
	xdocs_free(&x);
	/* No opcodes named: every opcode. */
	assert_int_equal(exegesis_generate(&t, "latency", NULL,
	    NULL, 30, &x, err, sizeof(err)), 0);
	assert_string_equal(args(), "-mode=latency -opcode-index=-1 "
	    "--benchmark-phase=prepare-and-assemble-snippet\n");
	xdocs_free(&x);
}

/* A failing run: its status, and the last line it wrote, quoted. */
static void
test_generate_fails(void **state)
{
	struct llvm_tools t;
	struct xdocs x;
	char err[512], want[512];

	(void)state;
	fake_exegesis(&t, "echo 'ADD64rr: fine' >&2\n"
	    "printf 'llvm-exegesis error: unknown opcode FOO\\n\\n' >&2\n"
	    "exit 1\n");
	assert_int_equal(exegesis_generate(&t, "latency", "FOO",
	    NULL, 30, &x, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/llvm-exegesis-16 -mode=latency "
	    "failed (exit 1): llvm-exegesis error: unknown opcode FOO", dir);
	assert_string_equal(err, want);
	assert_int_equal(x.n, 0);
	/* Killed by a signal, having said nothing. */
	fake_exegesis(&t, "kill -TERM $$\n");
	assert_int_equal(exegesis_generate(&t, "inverse_throughput", NULL,
	    NULL, 30, &x, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s/llvm-exegesis-16 "
	    "-mode=inverse_throughput failed (signal 15)", dir);
	assert_string_equal(err, want);
	/* Output that is not its documents: where, and no documents. */
	fake_exegesis(&t, "printf -- '---\\nmode: latency\\nkey: [\\n'\n");
	assert_int_equal(exegesis_generate(&t, "latency", NULL,
	    NULL, 30, &x, err, sizeof(err)), -1);
	assert_true(strncmp(err, "llvm-exegesis's output, line 4: ", 32) == 0);
	assert_int_equal(x.n, 0);
	assert_null(x.d);
	/* Documents of the other mode. */
	fake_exegesis(&t, canned);
	assert_int_equal(exegesis_generate(&t, "inverse_throughput", NULL,
	    NULL, 30, &x, err, sizeof(err)), -1);
	assert_string_equal(err, "llvm-exegesis's output, line 2: a document "
	    "of another mode");
	assert_int_equal(x.n, 0);
}

/* A tool that is not there, and one that hangs: stopped at the
   deadline (the time it takes is not asserted). */
static void
test_generate_not_run(void **state)
{
	struct llvm_tools t;
	struct xdocs x;
	char err[512], want[512];

	(void)state;
	memset(&t, 0, sizeof(t));
	snprintf(t.exegesis, sizeof(t.exegesis), "%s/llvm-exegesis-99", dir);
	assert_int_equal(exegesis_generate(&t, "latency", NULL,
	    NULL, 30, &x, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "cannot run '%s/llvm-exegesis-99': No "
	    "such file or directory (it comes with LLVM)", dir);
	assert_string_equal(err, want);
	fake_exegesis(&t, "exec sleep 60\n");
	assert_int_equal(exegesis_generate(&t, "latency", NULL,
	    NULL, 0.3, &x, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "did not finish within 0.3 s"));
	assert_int_equal(x.n, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_find_newest, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_find_bounds_and_path,
		    setup, teardown),
		cmocka_unit_test_setup_teardown(test_find_refused, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_generate, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_generate_fails, setup,
		    teardown),
		cmocka_unit_test_setup_teardown(test_generate_not_run, setup,
		    teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
