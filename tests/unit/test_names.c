/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/names.c, the one place that spells the names every
 * output uses: each name of each table, what is not a name (no bit, two
 * bits, a bit or an enum value no table knows), and a list of flags cut
 * to a buffer only between whole names.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "cyclebench.h"
#include "core/names.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * Each flag's class: informative only where the figure rests on none of
 * what the flag describes (the clock of each sample is timed around it;
 * dropped samples are not in it; a clock lowered under the body is the
 * clock its cycles are converted under); every other asks to act or to
 * distrust.  The table shows those, and a name from a file is shown
 * unless this build knows it as informative.
 */
static void
test_flag_classes(void **state)
{
	char buf[128];
	size_t i;

	(void)state;
	for (i = 0; i < cb_nflags; i++)
		assert_int_equal(cb_flag_table[i].cls,
		    cb_flag_table[i].bit == CB_FLAG_CLOCK_DRIFT ||
		    cb_flag_table[i].bit == CB_FLAG_DISTURBED ||
		    cb_flag_table[i].bit == CB_FLAG_CLOCK_SLOWED ? FLAG_INFO :
		    cb_flag_table[i].bit == CB_FLAG_CONTENDED ? FLAG_ACT :
		    FLAG_DISTRUST);
	assert_string_equal(flag_class_name(FLAG_INFO), "info");
	assert_string_equal(flag_class_name(FLAG_ACT), "act");
	assert_string_equal(flag_class_name(FLAG_DISTRUST), "distrust");
	assert_string_equal(flag_class_name((enum flag_class)7), "unknown");
	assert_int_equal(flags_shown(CB_FLAG_CLOCK_DRIFT | CB_FLAG_DISTURBED),
	    0);
	assert_int_equal(flags_shown(CB_FLAG_CLOCK_DRIFT | CB_FLAG_NOISY |
	    CB_FLAG_CONTENDED | CB_FLAG_MISCALIBRATED), CB_FLAG_NOISY |
	    CB_FLAG_CONTENDED | CB_FLAG_MISCALIBRATED);
	assert_string_equal(flags_shown_names("clock-drift,disturbed,"
	    "contended", buf, sizeof(buf)), "contended");
	assert_string_equal(flags_shown_names("disturbed", buf, sizeof(buf)),
	    "");
	assert_string_equal(flags_shown_names("", buf, sizeof(buf)), "");
	/* A newer build's word, and a prefix of a known one, are shown. */
	assert_string_equal(flags_shown_names("disturbed,budget,noisy,"
	    "disturb", buf, sizeof(buf)), "budget,noisy,disturb");
	/* Whole names only. */
	assert_string_equal(flags_shown_names("noisy,multilevel", buf, 12),
	    "noisy");
}

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

static void
test_enum_names(void **state)
{
	(void)state;
	assert_string_equal(cb_mode_name(CB_LATENCY), "latency");
	assert_string_equal(cb_mode_name(CB_PATH), "path");
	assert_string_equal(cb_mode_name((enum cb_mode)-1), "unknown");
	assert_string_equal(cb_status_name(CB_OK), "ok");
	assert_string_equal(cb_status_name(CB_ERROR), "error");
	assert_string_equal(cb_status_name((enum cb_status)(CB_ERROR + 1)),
	    "unknown");
	assert_string_equal(cb_method_name((enum cb_cycle_method)7),
	    "unknown");
	assert_string_equal(cb_stop_name(CB_STOP_PRECISION), "precision");
	assert_string_equal(cb_stop_name(CB_STOP_ROUNDS), "rounds");
	assert_string_equal(cb_stop_name(CB_STOP_TIME), "time");
	assert_string_equal(cb_stop_name(CB_STOP_FAILED), "failed");
	assert_string_equal(cb_stop_name(CB_STOP_INTERRUPTED), "interrupted");
	assert_string_equal(cb_stop_name((enum cb_stop)(CB_STOP_INTERRUPTED +
	    1)), "unknown");
}

/*
 * The flag table: one distinct bit a flag, distinct names, each found
 * again by its bit, and a meaning for each; the header's twelve flags.
 */
static void
test_flag_table(void **state)
{
	static const unsigned want[] = { CB_FLAG_POOR_FIT,
	    CB_FLAG_CLOCK_DRIFT, CB_FLAG_DISTURBED, CB_FLAG_NOISY,
	    CB_FLAG_FEW_SAMPLES, CB_FLAG_BELOW_RESOLUTION,
	    CB_FLAG_MULTILEVEL, CB_FLAG_CONTENDED, CB_FLAG_MISCALIBRATED,
	    CB_FLAG_UNSETTLED, CB_FLAG_EMULATED, CB_FLAG_CLOCK_SLOWED,
	    CB_FLAG_RECALIBRATED };
	unsigned seen = 0;
	size_t i, j;

	(void)state;
	assert_int_equal(cb_nflags, NELEM(want));
	for (i = 0; i < cb_nflags; i++) {
		assert_int_equal(cb_flag_table[i].bit, want[i]);
		assert_true((seen & cb_flag_table[i].bit) == 0);
		seen |= cb_flag_table[i].bit;
		assert_string_equal(cb_flag_name(cb_flag_table[i].bit),
		    cb_flag_table[i].name);
		assert_true(strlen(cb_flag_table[i].meaning) > 20);
		for (j = 0; j < i; j++)
			assert_string_not_equal(cb_flag_table[i].name,
			    cb_flag_table[j].name);
	}
	assert_string_equal(cb_flag_name(CB_FLAG_MULTILEVEL), "multilevel");
	assert_string_equal(cb_flag_name(CB_FLAG_CONTENDED), "contended");
	assert_string_equal(cb_flag_name(CB_FLAG_UNSETTLED), "unsettled");
	assert_string_equal(cb_flag_name(CB_FLAG_EMULATED), "emulated");
	assert_string_equal(cb_flag_name(CB_FLAG_CLOCK_SLOWED),
	    "clock-slowed");
	assert_string_equal(cb_flag_name(CB_FLAG_RECALIBRATED),
	    "recalibrated");
	assert_null(cb_flag_name(0));
	assert_null(cb_flag_name(0x8000u));
}

/* Every feature found again by its bit, and by the list of all. */
static void
test_feature_round_trip(void **state)
{
	const char *all[32];
	unsigned bit, known = 0;
	size_t n, k = 0;

	(void)state;
	n = cb_feature_names(~0u, all, NELEM(all));
	for (bit = 1; bit != 0; bit <<= 1) {
		if (cb_feature_name(bit) == NULL)
			continue;
		known |= bit;
		assert_true(k < n);
		/* Lowest bit first, the list's order too. */
		assert_string_equal(all[k++], cb_feature_name(bit));
	}
	assert_int_equal(k, n);
	/* Bits 14 and 15 are between the x86 and the arm64 ones: unused. */
	assert_null(cb_feature_name(1u << 14));
	assert_null(cb_feature_name(1u << 15));
	assert_int_equal(cb_feature_names(known, NULL, 0), n);
	assert_int_equal(cb_feature_names(0, all, NELEM(all)), 0);
	assert_int_equal(cb_feature_names(1u << 31, all, NELEM(all)), 0);
}

/* The statistics in the order results list them, each a distinct field. */
static void
test_summary_keys(void **state)
{
	static const char *const want[] = { "min", "p10", "median", "p90",
	    "p99", "max", "mean", "cv", "ci95_low", "ci95_high" };
	struct cb_summary s;
	size_t i;

	(void)state;
	assert_int_equal(CB_NSUMMARY_KEYS, NELEM(want));
	memset(&s, 0, sizeof(s));
	for (i = 0; i < CB_NSUMMARY_KEYS; i++) {
		assert_string_equal(cb_summary_keys[i].key, want[i]);
		assert_true(cb_summary_keys[i].off + sizeof(double) <=
		    sizeof(s));
		*(double *)(void *)((char *)&s + cb_summary_keys[i].off) =
		    (double)(i + 1);
	}
	assert_true(s.min == 1 && s.p10 == 2 && s.median == 3 &&
	    s.p90 == 4 && s.p99 == 5 && s.max == 6 && s.mean == 7 &&
	    s.cv == 8 && s.ci95_low == 9 && s.ci95_high == 10);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flag_classes),
		cmocka_unit_test(test_flags_string),
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_enum_names),
		cmocka_unit_test(test_flag_table),
		cmocka_unit_test(test_feature_round_trip),
		cmocka_unit_test(test_summary_keys),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
