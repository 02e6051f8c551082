/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/impact_text.c, the impact report on stderr:
 * the command quoted as a shell would take it back, how it ended (its
 * status, or the signal that killed it), the counts with "-" and the
 * reason for those not counted, the events' table with its columns
 * aligned under their headers, a total of measured costs only, and the
 * what-if worked out.
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

#include "impact_fixture.h"
#include "report/impact_out.h"

static char *
render(const struct impact *im)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	impact_report_text(fp, im);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

/* The line of out that starts with s. */
static const char *
line_of(const char *out, const char *s)
{
	const char *p;

	for (p = out; p != NULL; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, s, strlen(s)) == 0)
			return (p);
	fail_msg("no line starting %s", s);
	return (NULL);
}

/* The column where the word w ends on the line at p. */
static size_t
end_of(const char *p, const char *w)
{
	const char *q;

	q = strstr(p, w);
	assert_true(q != NULL && q < strchr(p, '\n'));
	return ((size_t)(q - p) + strlen(w));
}

/* perf's count and getrusage's split differ: the table says why. */
static void
test_ctxsw_split(void **state)
{
	struct impact im;
	char *out;

	(void)state;
	if_fill(&im);
	im.counts.voluntary = 2;
	im.counts.involuntary = 1;
	im.counts.c[IMPACT_CTXSW].value = 1;
	out = render(&im);
	assert_non_null(strstr(out, "    involuntary                     1  "
	    "getrusage ru_nivcsw\n                                       "
	    "getrusage counts from the fork, perf from the exec, and\n"));
	free(out);
}

static void
test_report(void **state)
{
	const char *head, *row;
	struct impact im;
	char *out;

	(void)state;
	if_fill(&im);
	if_argv[1] = "it's";
	out = render(&im);
	if_argv[1] = "-c";
	assert_non_null(strstr(out, "\ncyclebench impact: sh 'it'\\''s' "
	    "'echo <b>caf\xff'\n  exit status 0; wall 2.000 s, user 1.000 s, "
	    "system 0.500 s"));
	assert_non_null(strstr(out, "  context switches               1000  "
	    "perf\n    voluntary                     600  "));
	/* 600 + 400 is perf's 1000: nothing to explain. */
	assert_null(strstr(out, "getrusage counts from the fork"));
	assert_non_null(strstr(out, "  major page faults                 -  "
	    "not counted: no perf <here>\n"));
	/* The events' columns: every row's figure ends under its header. */
	head = line_of(out, "  event ");
	row = line_of(out, "  ctxsw ");
	assert_int_equal(end_of(row, "1000"), end_of(head, "count"));
	assert_int_equal(end_of(row, "3000.0"), end_of(head, "cycles/evt"));
	assert_int_equal(end_of(row, "0.05%"), end_of(head, "%wall"));
	assert_int_equal(end_of(row, "0.2%"), end_of(head, "%system"));
	row = line_of(out, "  minflt ");
	assert_int_equal(end_of(row, "1000"), end_of(head, "count"));
	assert_non_null(strstr(row, "no benchmark\n"));
	row = line_of(out, "  majflt ");
	assert_non_null(strstr(row, "not counted (above)\n"));
	row = line_of(out, "  total ");
	assert_non_null(strstr(row, "measured costs only\n"));
	assert_non_null(strstr(out, "  ctxsw=+264: 1000 x +264 cycles = "
	    "+264000 cycles = +88.000 us: +0.0044% of wall, +0.0088% of user, "
	    "+0.0176% of system time\n"));
	free(out);
}

static void
test_killed(void **state)
{
	struct impact im;
	char *out;

	(void)state;
	if_fill(&im);
	im.run.status = SIGKILL;
	im.run.left_running = 1;
	out = render(&im);
	assert_non_null(strstr(out, "\n  killed by signal 9 (SIGKILL): exit "
	    "status 137; wall "));
	assert_non_null(strstr(out, "  descendants still ran when it exited"));
	free(out);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report),
		cmocka_unit_test(test_ctxsw_split),
		cmocka_unit_test(test_killed),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
