/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/parse.c: whole numbers in range and nothing
 * else (the boundaries themselves taken, one past refused, trailing
 * text, overflow, inf and nan refused), the one shape of a usage
 * message, getopt_long's refusals turned into words, and --param.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <string.h>

#include "cli/cli.h"
#include "stderr_capture.h"

static void
test_long_bounds(void **state)
{
	long v = 0;

	(void)state;
	assert_int_equal(parse_long("1", 1, 100, &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(parse_long("100", 1, 100, &v), 0);
	assert_int_equal(v, 100);
	assert_int_equal(parse_long("-7", -10, 10, &v), 0);
	assert_int_equal(v, -7);
	assert_int_equal(parse_long("+7", -10, 10, &v), 0);
	assert_int_equal(v, 7);
	/* Leading zeros are decimal, not octal. */
	assert_int_equal(parse_long("010", 0, 100, &v), 0);
	assert_int_equal(v, 10);
	v = 42;
	assert_int_equal(parse_long("0", 1, 100, &v), -1);
	assert_int_equal(parse_long("101", 1, 100, &v), -1);
	assert_int_equal(parse_long("-11", -10, 10, &v), -1);
	/* A refusal leaves the value alone. */
	assert_int_equal(v, 42);
}

static void
test_long_refuses(void **state)
{
	static const char *const bad[] = {
		"", " ", "1 ", "1x", "x1", "1.0", "1e3", "0x10", "--1",
		"+", "-", "99999999999999999999999", "-99999999999999999999999",
	};
	long v = 42;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse_long(bad[i], LONG_MIN, LONG_MAX, &v) != -1)
			fail_msg("'%s' was taken for %ld", bad[i], v);
	assert_int_equal(v, 42);
}

static void
test_double_bounds(void **state)
{
	double v = 0;

	(void)state;
	assert_int_equal(parse_double("0.5", 0.5, 2, &v), 0);
	assert_true(v == 0.5);
	assert_int_equal(parse_double("2", 0.5, 2, &v), 0);
	assert_true(v == 2);
	assert_int_equal(parse_double("1e0", 0.5, 2, &v), 0);
	assert_true(v == 1);
	assert_int_equal(parse_double(".75", 0.5, 2, &v), 0);
	assert_true(v == 0.75);
	v = 42;
	assert_int_equal(parse_double("0.25", 0.5, 2, &v), -1);
	assert_int_equal(parse_double("2.5", 0.5, 2, &v), -1);
	assert_true(v == 42);
}

static void
test_double_refuses(void **state)
{
	static const char *const bad[] = {
		"", " ", "1 ", "1s", "inf", "-inf", "infinity", "nan", "NAN",
		"1e999", "-1e999", "1e-999", ",5", "1,5", "e5",
	};
	double v = 42;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (parse_double(bad[i], -1e300, 1e300, &v) != -1)
			fail_msg("'%s' was taken for %g", bad[i], v);
	assert_true(v == 42);
}

static void
test_usage_message(void **state)
{
	const char *said;

	(void)state;
	stderr_begin();
	assert_int_equal(usage_error("run", "--rounds takes %d, not '%s'", 3,
	    "x"), EXIT_USAGE);
	said = stderr_end();
	assert_string_equal(said, "cyclebench: --rounds takes 3, not 'x'\n"
	    "Try 'cyclebench run --help'.\n");
	/* No command: the hint is the tool's own help. */
	stderr_begin();
	usage_message(NULL, "no command");
	said = stderr_end();
	assert_string_equal(said, "cyclebench: no command\n"
	    "Try 'cyclebench --help'.\n");
}

static const struct option opts[] = {
	{ "json", required_argument, NULL, 'j' },
	{ "quick", no_argument, NULL, 'q' },
	{ "quiet", no_argument, NULL, 'Q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* What bad_option says of the first option getopt_long refuses in argv. */
static const char *
refusal(char **argv)
{
	int argc, c;

	for (argc = 0; argv[argc] != NULL; argc++)
		;
	opterr = 0;
	optind = 0;
	while ((c = getopt_long(argc, argv, ":hj:", opts, NULL)) != -1)
		if (c == '?' || c == ':') {
			stderr_begin();
			assert_int_equal(bad_option("run", c, argv, opts),
			    EXIT_USAGE);
			return (stderr_end());
		}
	fail_msg("getopt_long refused nothing");
	return (NULL);
}

static void
test_bad_option(void **state)
{
	char *unknown_short[] = { "run", "-x", NULL };
	char *short_value[] = { "run", "-j", NULL };
	char *long_value[] = { "run", "--json", NULL };
	char *takes_none[] = { "run", "--quick=1", NULL };
	char *ambiguous[] = { "run", "--qui", NULL };
	char *mistyped[] = { "run", "--jsno=a.json", NULL };
	const char *said;

	(void)state;
	said = refusal(unknown_short);
	assert_said(said, "cyclebench: unknown option '-x'\n");
	assert_said(said, "Try 'cyclebench run --help'.");
	assert_said(refusal(short_value), "option '-j' needs a value\n");
	assert_said(refusal(long_value), "option '--json' needs a value\n");
	assert_said(refusal(takes_none), "option '--quick' takes no value\n");
	said = refusal(ambiguous);
	assert_said(said, "option '--qui' is ambiguous");
	/* The nearest names, without the value typed after '='. */
	said = refusal(mistyped);
	assert_said(said, "unknown option '--jsno'");
	assert_said(said, "--json");
	assert_null(strstr(said, "a.json"));
}

static void
test_param_filter(void **state)
{
	char a[] = "cpus=1", b[] = "fpu=", c[] = "=1", d[] = "cpus";
	char e[] = "x=2";
	char *filters[2];
	const char *said;
	int n = 0;

	(void)state;
	assert_int_equal(add_param_filter("run", filters, &n, 2, a), 0);
	assert_int_equal(add_param_filter("run", filters, &n, 2, b), 0);
	assert_int_equal(n, 2);
	assert_ptr_equal(filters[0], a);
	assert_ptr_equal(filters[1], b);
	stderr_begin();
	assert_int_equal(add_param_filter("run", filters, &n, 2, e),
	    EXIT_USAGE);
	assert_said(stderr_end(), "at most 2 --param");
	n = 0;
	stderr_begin();
	assert_int_equal(add_param_filter("run", filters, &n, 2, c),
	    EXIT_USAGE);
	assert_int_equal(add_param_filter("list", filters, &n, 2, d),
	    EXIT_USAGE);
	said = stderr_end();
	assert_said(said, "--param takes KEY=VALUE, not '=1'");
	assert_said(said, "--param takes KEY=VALUE, not 'cpus'");
	assert_said(said, "Try 'cyclebench list --help'.");
	assert_int_equal(n, 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_long_bounds),
		cmocka_unit_test(test_long_refuses),
		cmocka_unit_test(test_double_bounds),
		cmocka_unit_test(test_double_refuses),
		cmocka_unit_test(test_usage_message),
		cmocka_unit_test(test_bad_option),
		cmocka_unit_test(test_param_filter),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
