/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/impact/counters.c: the counters' names; after
 * opening, each counter either available with its source or not with
 * why (whatever this machine's perf allows); and the getrusage fallback
 * worked out from a made-up rusage once the perf descriptors are gone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "impact/counters.h"

static void
test_names(void **state)
{
	static const char *const keys[IMPACT_NCOUNTERS] = {
		"ctxsw", "minflt", "majflt", "migrations", "syscalls",
		"signals",
	};
	int i;

	(void)state;
	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		assert_string_equal(counter_key((enum impact_counter)i),
		    keys[i]);
		assert_true(counter_what((enum impact_counter)i)[0] != '\0');
	}
	assert_string_equal(counter_what(IMPACT_MAJFLT), "major page faults");
}

/* Available with a source, or not with why; never both, never neither. */
static void
test_open(void **state)
{
	struct impact_counts k;
	struct impact_count *c;
	int i;

	(void)state;
	counters_open(&k);
	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		c = &k.c[i];
		if (c->available) {
			assert_true(c->source[0] != '\0');
			if (c->fd < 0)
				assert_non_null(strstr(c->source,
				    "getrusage"));
			else
				assert_non_null(strstr(c->source, "perf "));
		} else {
			assert_int_equal(c->fd, -1);
			assert_true(c->note[0] != '\0');
		}
	}
	/* What getrusage has is always there. */
	assert_true(k.c[IMPACT_CTXSW].available);
	assert_true(k.c[IMPACT_MINFLT].available);
	assert_true(k.c[IMPACT_MAJFLT].available);
	if (!k.c[IMPACT_SIGNALS].available)
		assert_non_null(strstr(k.c[IMPACT_SIGNALS].note,
		    "Linux leaves ru_nsignals 0"));
	counters_close(&k);
	for (i = 0; i < IMPACT_NCOUNTERS; i++)
		assert_int_equal(k.c[i].fd, -1);
	/* Closing twice closes nothing twice. */
	counters_close(&k);
}

/* With every perf descriptor closed, the values are getrusage's. */
static void
test_rusage(void **state)
{
	struct impact_counts k;
	struct rusage ru;

	(void)state;
	memset(&ru, 0, sizeof(ru));
	ru.ru_nvcsw = 7;
	ru.ru_nivcsw = 5;
	ru.ru_minflt = 1000;
	ru.ru_majflt = 3;
	ru.ru_nsignals = 9;
	counters_open(&k);
	counters_close(&k);
	counters_collect(&k, &ru);
	assert_int_equal(k.c[IMPACT_CTXSW].value, 12);
	assert_int_equal(k.c[IMPACT_MINFLT].value, 1000);
	assert_int_equal(k.c[IMPACT_MAJFLT].value, 3);
	/* No rusage field counts these. */
	assert_int_equal(k.c[IMPACT_MIGRATIONS].value, 0);
	assert_int_equal(k.c[IMPACT_SYSCALLS].value, 0);
	assert_int_equal(k.c[IMPACT_SIGNALS].value, 0);
	assert_int_equal(k.voluntary, 7);
	assert_int_equal(k.involuntary, 5);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_open),
		cmocka_unit_test(test_rusage),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
