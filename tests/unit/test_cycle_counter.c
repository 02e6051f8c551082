/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/cycle_counter.c: the refusal told for each
 * errno perf_event_open can give (and for a counter user space may not
 * read), and, on the live machine, that opening either counts, rising,
 * or says one of those refusals; closing twice is harmless.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "os/cycle_counter.h"

static const char *
refusal(int err)
{
	static char why[512];

	memset(why, 'x', sizeof(why));
	os_counter_refusal(err, why, sizeof(why));
	return (why);
}

/* Whether why starts with `start' and holds `also'. */
static void
says(const char *why, const char *start, const char *also)
{
	if (strncmp(why, start, strlen(start)) != 0 ||
	    strstr(why, also) == NULL)
		fail_msg("\"%s\": want \"%s...%s...\"", why, start, also);
}

static void
test_refusals(void **state)
{
	char want[256];

	(void)state;
	snprintf(want, sizeof(want), "perf_event_open cycles: %s; to count "
	    "cycles, lower kernel.perf_event_paranoid (sysctl "
	    "kernel.perf_event_paranoid=2 allows user-mode counting, 1 "
	    "kernel too) or grant CAP_PERFMON", strerror(EACCES));
	assert_string_equal(refusal(EACCES), want);
	says(refusal(EPERM), "perf_event_open cycles: ",
	    "kernel.perf_event_paranoid");
	assert_non_null(strstr(refusal(EPERM), strerror(EPERM)));
	snprintf(want, sizeof(want), "no hardware cycle counter "
	    "(perf_event_open cycles): %s", strerror(ENOENT));
	assert_string_equal(refusal(ENOENT), want);
	snprintf(want, sizeof(want), "no hardware cycle counter "
	    "(perf_event_open cycles): %s", strerror(EOPNOTSUPP));
	assert_string_equal(refusal(EOPNOTSUPP), want);
	/* Opened, but user space may not read it: how to allow it. */
#if defined(__aarch64__)
	says(refusal(0), "cycle counter opens but user-space reads of "
	    "PMCCNTR_EL0 are not allowed", "kernel.perf_user_access=1");
#else
	says(refusal(0), "cycle counter opens but user-space rdpmc is not "
	    "allowed", "/sys/bus/event_source/devices/cpu/rdpmc");
#endif
	snprintf(want, sizeof(want), "perf_event_open cycles: %s",
	    strerror(EINVAL));
	assert_string_equal(refusal(EINVAL), want);
	assert_string_equal(os_counter_source, "perf_event_open");
}

/* A short buffer gets a cut, terminated message. */
static void
test_short(void **state)
{
	char why[8];

	(void)state;
	os_counter_refusal(ENOENT, why, sizeof(why));
	assert_string_equal(why, "no hard");
}

static void
test_live(void **state)
{
	char why[512];
	uint64_t a, b;

	(void)state;
	why[0] = '\0';
	if (os_counter_open(why, sizeof(why))) {
		a = os_counter_read(arch_pmc_read);
		b = os_counter_read(arch_pmc_read);
		assert_true(b >= a);
		/* Opened again: the first is closed, the second counts. */
		assert_int_equal(os_counter_open(why, sizeof(why)), 1);
	} else if (strstr(why, "perf_event_open cycles") == NULL &&
	    strncmp(why, "cycle counter opens but ", 24) != 0 &&
	    strncmp(why, "mmap of the perf page: ", 23) != 0)
		fail_msg("unexpected refusal: %s", why);
	os_counter_close();
	os_counter_close();
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_short),
		cmocka_unit_test(test_live),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
