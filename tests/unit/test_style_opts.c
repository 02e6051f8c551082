/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/style_opts.c: --format takes the names of the
 * formats the command's reporter has, exactly, and a refusal lists
 * those; --wide; other options are not its own.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cli/cli.h"
#include "cli/style_opts.h"
#include "stderr_capture.h"

static int
draw(FILE *fp, const void *data, const struct report_style *st)
{
	(void)fp;
	(void)data;
	(void)st;
	return (0);
}

/* A command that prints text and JSON only. */
static const struct reporter text_json = { {
	[REPORT_TEXT] = draw,
	[REPORT_JSON] = draw,
} };

static const struct reporter every = { {
	draw, draw, draw, draw, draw,
} };

static void
test_format(void **state)
{
	enum report_format f = REPORT_GITHUB;

	(void)state;
	assert_int_equal(cli_format("table", "json", &text_json, &f), 0);
	assert_int_equal(f, REPORT_JSON);
	assert_int_equal(cli_format("table", "text", &text_json, &f), 0);
	assert_int_equal(f, REPORT_TEXT);
}

static void
test_format_refused(void **state)
{
	static const char *const bad[] = {
		"csv", "markdown", "JSON", "jso", "json ", "", "text,json",
	};
	enum report_format f = REPORT_GITHUB;
	char want[64];
	const char *said;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		stderr_begin();
		assert_int_equal(cli_format("table", bad[i], &text_json, &f),
		    EXIT_USAGE);
		said = stderr_end();
		snprintf(want, sizeof(want), "cyclebench: --format is text or "
		    "json, not '%s'\n", bad[i]);
		assert_said(said, want);
		assert_said(said, "Try 'cyclebench table --help'.");
	}
	assert_int_equal(f, REPORT_GITHUB);
	/* Every format a reporter offers is listed, in their order. */
	stderr_begin();
	cli_format("run", "html", &every, &f);
	said = stderr_end();
	assert_said(said, "--format is text, markdown, csv, json or github, "
	    "not 'html'");
}

static void
test_style_option(void **state)
{
	struct report_style st = { .format = REPORT_TEXT };

	(void)state;
	assert_int_equal(cli_style_option("run", 'F', "json", &text_json,
	    &st), 0);
	assert_int_equal(st.format, REPORT_JSON);
	assert_false(st.wide);
	assert_int_equal(cli_style_option("run", 'W', "", &text_json, &st),
	    0);
	assert_true(st.wide);
	stderr_begin();
	assert_int_equal(cli_style_option("run", 'F', "csv", &text_json, &st),
	    EXIT_USAGE);
	stderr_end();
	assert_int_equal(st.format, REPORT_JSON);
	/* Not one of its options: the caller's to handle. */
	assert_int_equal(cli_style_option("run", 'k', "", &text_json, &st),
	    -1);
	assert_int_equal(cli_style_option("run", 'q', "", &text_json, &st),
	    0);
	assert_true(st.quiet);
	assert_int_equal(cli_style_option("run", 'g', "", &text_json, &st),
	    0);
	assert_true(st.legend);
}

/* --legend goes with text, and not with -q. */
static void
test_style_check(void **state)
{
	struct report_style st = { .format = REPORT_TEXT };

	(void)state;
	assert_int_equal(cli_style_check("run", &st), 0);
	st.quiet = 1;
	assert_int_equal(cli_style_check("run", &st), 0);
	st.legend = 1;
	stderr_begin();
	assert_int_equal(cli_style_check("run", &st), EXIT_USAGE);
	assert_said(stderr_end(), "cyclebench: --legend and -q do not mix: "
	    "-q prints the figures alone\n");
	st.quiet = 0;
	st.format = REPORT_MARKDOWN;
	stderr_begin();
	assert_int_equal(cli_style_check("asm", &st), EXIT_USAGE);
	assert_said(stderr_end(), "cyclebench: --legend is for text; --format "
	    "markdown has no legend\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_format_refused),
		cmocka_unit_test(test_style_option),
		cmocka_unit_test(test_style_check),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
