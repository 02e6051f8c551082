/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * "Did you mean": the edit distance counts a swap of neighbours as one
 * slip, and only names near enough are offered.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/suggest.h"

static void
test_distance(void **state)
{
	(void)state;
	assert_int_equal(suggest_distance("run", "run"), 0);
	assert_int_equal(suggest_distance("rnu", "run"), 1);
	assert_int_equal(suggest_distance("comapre", "compare"), 1);
	assert_int_equal(suggest_distance("RUN", "run"), 0);
	assert_int_equal(suggest_distance("", "list"), 4);
	assert_int_equal(suggest_distance("kitten", "sitting"), 3);
	assert_int_equal(suggest_distance("ca", "abc"), 3);
}

static void
test_too_long(void **state)
{
	char long_name[SUGGEST_LONGEST + 2];

	(void)state;
	memset(long_name, 'a', sizeof(long_name) - 1);
	long_name[sizeof(long_name) - 1] = '\0';
	assert_true(suggest_distance(long_name, "a") == SIZE_MAX);
}

static const char *
text(const char *typed, const char *const *names)
{
	static char buf[256];
	struct suggest s;

	suggest_init(&s, typed);
	for (; *names != NULL; names++)
		suggest_offer(&s, *names);
	return (suggest_text(&s, buf, sizeof(buf)));
}

static void
test_offers(void **state)
{
	static const char *const commands[] = { "asm", "compare", "impact",
	    "info", "list", "report", "run", NULL };
	static const char *const benches[] = { "basic/imul-latency",
	    "basic/imul-throughput", "basic", "atomic", NULL };

	(void)state;
	assert_string_equal(text("rnu", commands), "; did you mean 'run'?");
	assert_string_equal(text("xyz", commands), "");
	assert_string_equal(text("run", commands), "");
	/* a prefix of several: each is offered */
	assert_string_equal(text("basic/imul", benches),
	    "; did you mean 'basic/imul-latency' or 'basic/imul-throughput'?");
	/* the variant alone finds the full name */
	assert_string_equal(text("imul-latncy", benches),
	    "; did you mean 'basic/imul-latency'?");
	/* a third of the typed characters at most */
	assert_string_equal(text("atmoic", benches),
	    "; did you mean 'atomic'?");
	assert_string_equal(text("zzzmic", benches), "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
		cmocka_unit_test(test_too_long),
		cmocka_unit_test(test_offers),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
