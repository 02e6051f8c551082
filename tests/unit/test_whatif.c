/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/whatif.c: --what-if EVENT=CYCLES, +CYCLES
 * and -CYCLES read, and every other shape refused with a message that
 * quotes it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "impact/whatif.h"

static void
test_whatif_parse(void **state)
{
	struct impact_whatif w;
	char err[512];

	(void)state;
	assert_int_equal(whatif_parse("ctxsw=+264", &w, err, sizeof(err)), 0);
	assert_string_equal(w.event->name, "ctxsw");
	assert_true(w.relative);
	assert_true(w.cycles == 264);
	assert_int_equal(whatif_parse("minflt=-30.5", &w, err, sizeof(err)),
	    0);
	assert_true(w.relative);
	assert_true(w.cycles == -30.5);
	assert_int_equal(whatif_parse("fpu-switch=2.5e2", &w, err,
	    sizeof(err)), 0);
	assert_false(w.relative);
	assert_true(w.cycles == 250);
	/* A free event, and a number without its leading zero. */
	assert_int_equal(whatif_parse("syscall=0", &w, err, sizeof(err)), 0);
	assert_false(w.relative);
	assert_true(w.cycles == 0);
	assert_int_equal(whatif_parse("signal=-.5", &w, err, sizeof(err)), 0);
	assert_true(w.relative);
	assert_true(w.cycles == -0.5);
}

static void
test_whatif_refuses(void **state)
{
	static const char *const bad[] = {
		"ctxsw", "ctxsw=", "=5", "ctxsw=+", "ctxsw=++5", "ctxsw=inf",
		"ctxsw=nan", "ctxsw=0x10", "ctxsw=1e999", "ctxsw=1e308",
		"ctxsw=-2e12", "ctxsw= 5",
		"ctxsw=5 ", "ctxsw=5cycles", "nosuch=5",
		("a-very-long-name-that-is-longer-than-any-event-name-ever-"
		"was-or-will-be=5"),
	};
	struct impact_whatif w;
	char err[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (whatif_parse(bad[i], &w, err, sizeof(err)) != -1)
			fail_msg("'%s' was accepted", bad[i]);
		assert_non_null(strstr(err, "--what-if '"));
	}
	whatif_parse("nosuch=5", &w, err, sizeof(err));
	assert_non_null(strstr(err, "unknown event 'nosuch' (events: ctxsw"));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_whatif_parse),
		cmocka_unit_test(test_whatif_refuses),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
