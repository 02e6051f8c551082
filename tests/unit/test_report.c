/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What is left of the tests of results files: the names of flags,
 * modes, statuses and features (core/names.c), whose tests belong in
 * test_names.c.  The JSON results file's tests are in
 * test_results_write.c, the CSV's in test_csv.c, atomic writing's in
 * test_atomic_file.c.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cyclebench.h"
#include "core/names.h"

static void
test_flags_string(void **state)
{
	char buf[64], small[16];
	unsigned all;

	(void)state;
	all = CB_FLAG_POOR_FIT | CB_FLAG_DISTURBED | CB_FLAG_BELOW_RESOLUTION;
	assert_string_equal(cb_flags_string(all, buf, sizeof(buf)),
	    "poor-fit,disturbed,below-resolution");
	assert_string_equal(cb_flags_string(0, buf, sizeof(buf)), "");
	/* Bits without a name are not invented names. */
	assert_string_equal(cb_flags_string(CB_FLAG_NOISY | 0x8000u, buf,
	    sizeof(buf)), "noisy");

	/* Only whole names, and never a byte past len. */
	memset(small, 'Z', sizeof(small));
	assert_string_equal(cb_flags_string(all, small, 12), "poor-fit");
	assert_int_equal(small[12], 'Z');
	memset(small, 'Z', sizeof(small));
	assert_string_equal(cb_flags_string(all, small, 8), "");
	assert_int_equal(small[8], 'Z');
	/* Exactly enough room. */
	assert_string_equal(cb_flags_string(CB_FLAG_POOR_FIT |
	    CB_FLAG_NOISY, small, 15), "poor-fit,noisy");
	assert_null(cb_flags_string(all, NULL, 0));
}

static void
test_names(void **state)
{
	const char *out[4];

	(void)state;
	assert_string_equal(cb_mode_name(CB_THROUGHPUT), "throughput");
	assert_string_equal(cb_mode_name((enum cb_mode)42), "unknown");
	assert_string_equal(cb_status_name(CB_SKIPPED), "skipped");
	assert_string_equal(cb_method_name(CB_CYCLES_CALIBRATED),
	    "calibrated");
	assert_string_equal(cb_method_name(CB_CYCLES_COUNTED), "counted");
	assert_string_equal(cb_flag_name(CB_FLAG_CLOCK_DRIFT), "clock-drift");
	assert_null(cb_flag_name(CB_FLAG_NOISY | CB_FLAG_POOR_FIT));
	assert_string_equal(cb_feature_name(CB_CPU_CLFLUSHOPT), "clflushopt");
	assert_null(cb_feature_name(0));
	assert_int_equal(cb_feature_names(CB_CPU_SSE2 | CB_CPU_CX16 |
	    CB_CPU_RDPID | 0x80000000u, out, 2), 3);
	assert_string_equal(out[0], "sse2");
	assert_string_equal(out[1], "cx16");
	/* Fourteen x86 features and four arm64 ones, one table. */
	assert_int_equal(cb_feature_names(~0u, NULL, 0), 18);
	assert_string_equal(cb_feature_name(CB_CPU_LSE), "lse");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flags_string),
		cmocka_unit_test(test_names),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
