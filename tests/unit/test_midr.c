/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64's core names from MIDR_EL1 (arch/arm64/midr.c, in every build);
 * test_idreg.c reads the register as Linux shows it per CPU.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "arch/arch.h"

/* Neoverse-N1 r3p1: implementer 0x41, variant 3, part 0xd0c, revision 1. */
#define N1_R3P1		0x413fd0c1ull

static void
test_known_part(void **state)
{
	char name[32];

	(void)state;
	arch_midr_core_name(N1_R3P1, name, sizeof(name));
	assert_string_equal(name, "Neoverse-N1");
	/* The variant and revision do not change the part. */
	arch_midr_core_name(0x410fd034ull, name, sizeof(name));
	assert_string_equal(name, "Cortex-A53");
	arch_midr_core_name(0x611f0220ull, name, sizeof(name));
	assert_string_equal(name, "M1-Icestorm");
}

static void
test_unknown_part(void **state)
{
	char name[32];

	(void)state;
	/* A part ARM has not got (yet), and a known part of another vendor. */
	arch_midr_core_name(0x410ffff0ull, name, sizeof(name));
	assert_string_equal(name, "part 0xfff");
	arch_midr_core_name(0x510fd0c0ull, name, sizeof(name));
	assert_string_equal(name, "part 0xd0c");
	arch_midr_core_name(N1_R3P1, name, 5);
	assert_string_equal(name, "Neov");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_part),
		cmocka_unit_test(test_unknown_part),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
