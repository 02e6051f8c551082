/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/outputs.c, in a temporary directory: outputs
 * that can be written pass; one that cannot, two that are one file
 * (standard output twice, "a" and "./a", a link and its target, to be
 * created or existing) and one that is an input (by another name too)
 * are refused, with the options and paths named.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "stderr_capture.h"
#include "scratch.h"

static char dir[64];

/* dir/p, in buf of 256 bytes. */
static char *
at(char *buf, const char *p)
{
	snprintf(buf, 256, "%s/%s", dir, p);
	return (buf);
}

static int
setup(void **state)
{
	char p[256], q[256];
	FILE *fp;

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/cb-outputs-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return (-1);
	if ((fp = fopen(at(p, "in.json"), "w")) == NULL)
		return (-1);
	fclose(fp);
	if (symlink("in.json", at(p, "in-link.json")) != 0 ||
	    link(at(p, "in.json"), at(q, "in-hard.json")) != 0 ||
	    symlink("new.json", at(p, "new-link.json")) != 0)
		return (-1);
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	return (scratch_remove(dir));
}

/* check_outputs of --json a, --csv b against the input in; its words. */
static const char *
refused(const char *a, const char *b, char *in)
{
	struct cli_output out[] = { { "--json", a }, { "--csv", b } };

	stderr_begin();
	assert_int_equal(check_outputs(out, 2, &in, 1), EXIT_USAGE);
	return (stderr_end());
}

static void
test_fine(void **state)
{
	char a[256], b[256], in[256], *ins[] = { NULL, in };
	struct cli_output out[] = { { "--json", a }, { "--csv", b },
	    { "-o", NULL }, { "--html", "-" } };

	(void)state;
	at(a, "a.json");
	at(b, "b.csv");
	at(in, "in.json");
	assert_int_equal(check_outputs(out, 4, ins, 2), 0);
	assert_int_equal(check_outputs(out, 0, ins, 2), 0);
	assert_int_equal(check_outputs(NULL, 0, NULL, 0), 0);
}

static void
test_same_output(void **state)
{
	char a[256], b[256], want[700];
	const char *said;

	(void)state;
	assert_said(refused("-", "-", NULL), "cyclebench: --json and --csv "
	    "name the same standard output ('-', '-'): one would overwrite "
	    "the other\n");
	/* A file to be created, by two names. */
	at(a, "new.json");
	snprintf(b, sizeof(b), "%s/./new.json", dir);
	said = refused(a, b, NULL);
	snprintf(want, sizeof(want), "--json and --csv name the same file "
	    "('%s', '%s')", a, b);
	assert_said(said, want);
	/* A link and the file it will create. */
	at(b, "new-link.json");
	assert_said(refused(a, b, NULL), "name the same file");
	/* An existing file and a link to it. */
	at(a, "in.json");
	at(b, "in-link.json");
	assert_said(refused(a, b, NULL), "name the same file");
}

static void
test_output_is_input(void **state)
{
	char a[256], in[256], want[700], *ins[] = { a };
	struct cli_output one[] = { { "--json", a } };
	const char *said;

	(void)state;
	at(in, "in.json");
	at(a, "in-hard.json");
	said = refused(a, NULL, in);
	snprintf(want, sizeof(want), "cyclebench: --json '%s' is the input "
	    "'%s': writing it would destroy what it reads\n", a, in);
	assert_said(said, want);
	at(a, "in-link.json");
	assert_said(refused(NULL, a, in), "cyclebench: --csv '");
	/* An input that does not exist is no file to destroy. */
	at(a, "a.json");
	assert_int_equal(check_outputs(one, 1, ins, 1), 0);
}

static void
test_unwritable(void **state)
{
	const char *said;

	(void)state;
	said = refused("/nonexistent-cb-dir/a.json", NULL, NULL);
	assert_said(said, "cyclebench: --json: cannot write "
	    "'/nonexistent-cb-dir/a.json'");
	assert_said(refused(NULL, dir, NULL), "cyclebench: --csv: cannot "
	    "write '");
	assert_said(refused("", NULL, NULL), "cyclebench: --json: cannot "
	    "write results: empty file name");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fine),
		cmocka_unit_test(test_same_output),
		cmocka_unit_test(test_output_is_input),
		cmocka_unit_test(test_unwritable),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
