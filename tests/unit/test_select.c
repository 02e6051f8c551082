/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for store/select.c: a selection's terms parse into their
 * fields, dates into the day's first or last second, other keys into
 * context terms, "\\," and "\\\\" escaped; anything else is refused with
 * a reason.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store.h"

static void
test_selection(void **state)
{
	static const char *const bad[] = {
		"machine", "last=0", "last=x", "run=-1", "kernel=", "since=May",
		"until=2025-13-01", "=x", "bad key=1", "last=2,last=3",
		"a=1,b=2,c=3,d=4,e=5", "commit=1,commit=2",
	};
	struct store_sel sel;
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(store_sel_parse("", &sel, err, sizeof(err)), 0);
	assert_null(sel.machine);
	store_sel_free(&sel);
	assert_int_equal(store_sel_parse("machine=Xeon\\, 2S,kernel=6.9,"
	    "since=2025-01-02,until=2025-02-03,last=3,commit=a=b,run=7",
	    &sel, err, sizeof(err)), 0);
	assert_string_equal(sel.machine, "Xeon, 2S");
	assert_string_equal(sel.kernel, "6.9");
	assert_string_equal(sel.since, "2025-01-02T00:00:00Z");
	assert_string_equal(sel.until, "2025-02-03T23:59:59Z");
	assert_int_equal(sel.last, 3);
	assert_int_equal(sel.run, 7);
	assert_int_equal(sel.nctx, 1);
	assert_string_equal(sel.ctx[0].key, "commit");
	assert_string_equal(sel.ctx[0].value, "a=b");
	store_sel_free(&sel);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		if (store_sel_parse(bad[i], &sel, err, sizeof(err)) == 0)
			fail_msg("accepted '%s'", bad[i]);
		assert_true(err[0] != '\0');
	}
}

static void
test_selection_details(void **state)
{
	struct store_sel sel;
	char err[256], big[4200];

	(void)state;
	assert_int_equal(store_sel_parse("all", &sel, err, sizeof(err)), 0);
	assert_null(sel.buf);
	assert_int_equal(sel.nctx, 0);
	assert_int_equal(store_sel_parse("since=2025-01-02T03:04:05Z,"
	    "microcode=0x1\\\\2,run=2147483647", &sel, err, sizeof(err)), 0);
	assert_string_equal(sel.since, "2025-01-02T03:04:05Z");
	assert_string_equal(sel.microcode, "0x1\\2");
	assert_int_equal(sel.run, 2147483647);
	store_sel_free(&sel);
	assert_null(sel.buf);
	assert_int_equal(store_sel_parse("machine=a,machine=b", &sel, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "'machine' given twice in the selection");
	assert_int_equal(store_sel_parse("last=1000001", &sel, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "'last=' takes a whole number from 1 to "
	    "1000000, not '1000001'");
	assert_int_equal(store_sel_parse("until=2025-01-02T03:04", &sel, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "'2025-01-02T03:04' is not a date "
	    "(YYYY-MM-DD) or a time (YYYY-MM-DDTHH:MM:SSZ, UTC)");
	assert_int_equal(store_sel_parse("kernel", &sel, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "'kernel' in the selection is not "
	    "KEY=VALUE"));
	assert_int_equal(store_sel_parse("a=1,b=2,c=3,d=4,e=5", &sel, err,
	    sizeof(err)), -1);
	assert_string_equal(err, "at most 4 context terms in a selection");
	assert_int_equal(store_sel_parse("bad key=1", &sel, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "'bad key' is not a selection term: "));
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(store_sel_parse(big, &sel, err, sizeof(err)), -1);
	assert_string_equal(err, "the selection is over 4096 bytes");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selection),
		cmocka_unit_test(test_selection_details),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
