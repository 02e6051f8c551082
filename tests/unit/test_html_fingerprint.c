/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/html_fingerprint.c: beside the first input its
 * whole machine fingerprint, beside a later one only what differs from
 * the first and what it lacks; every value from the files escaped
 * (inject.json's brand and kernel), unknown values said so, and the
 * aside well formed (markup_check.h).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "markup_check.h"
#include "results_fixture.h"
#include "report/html.h"

static struct rs_file f[2];

static int
setup(void **state)
{

	(void)state;
	load(&f[0], RES "basic-cpu0.json");
	load(&f[1], RES "inject.json");
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	rs_free(&f[0]);
	rs_free(&f[1]);
	return (0);
}

/* Not inlined: see cf_render in compare_fixture.h. */
static __attribute__((noinline)) char *
aside(size_t idx)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	html_fingerprint(fp, f, idx);
	assert_int_equal(fclose(fp), 0);
	markup_check(out);
	markup_no_injection(out);
	assert_int_equal(strncmp(out, "<aside>", 7), 0);
	assert_string_equal(out + strlen(out) - 9, "</aside>\n");
	return (out);
}

static void
test_full(void **state)
{
	char *out;

	(void)state;
	f[0].machine.codename = "";
	out = aside(0);
	assert_non_null(strstr(out, "<dt>CPU</dt><dd>Oxide Virtual Turin-like "
	    "Processor</dd>"));
	assert_non_null(strstr(out, "<dt>kernel</dt><dd>Linux "
	    "6.18.44-fc-v782"));
	/* Unknown is said, not left blank. */
	assert_non_null(strstr(out, "<dt>codename</dt><dd>unknown</dd>"));
	free(out);
}

static void
test_differences(void **state)
{
	char *out;

	(void)state;
	f[0].context = json_pack("{s:s}", "commit", "abc");
	out = aside(1);
	assert_non_null(strstr(out, "as <b>A</b>, except:"));
	assert_non_null(strstr(out, "<dt>CPU</dt><dd>&quot;&gt;&lt;img src=x "
	    "onerror=alert(1)&gt;</dd>"));
	assert_non_null(strstr(out, "&lt;/style&gt;&lt;script&gt;alert(2)"));
	/* What is the same is not repeated; what B lacks is said. */
	assert_null(strstr(out, "<dt>microcode</dt>"));
	assert_non_null(strstr(out, "<dt>context commit</dt><dd>(not in B)"
	    "</dd>"));
	free(out);
	json_decref(f[0].context);
	f[0].context = NULL;
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_full, setup, teardown),
		cmocka_unit_test_setup_teardown(test_differences, setup,
		    teardown),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
