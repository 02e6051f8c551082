/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64's core names from MIDR_EL1 (arch/arm64/midr.c, in every build),
 * and the register as Linux shows it per CPU (os/linux/idreg.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "arch/arch.h"
#include "os/fingerprint.h"
#include "scratch.h"

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

/* sysfs's register first; else /proc/cpuinfo's fields put together. */
static void
test_idreg_read(void **state)
{
	char root[] = "/tmp/cb-test-midr-XXXXXX";

	(void)state;
	assert_int_equal(scratch_make(root), 0);
	assert_int_equal(os_cpu_idreg(root, 0), 0);
	scratch_put(root, "/proc/cpuinfo", "processor\t: 0\nCPU implementer\t: 0x41\n"
	    "CPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\n"
	    "CPU revision\t: 1\n\nprocessor\t: 1\nCPU implementer\t: 0x41\n"
	    "CPU variant\t: 0x0\nCPU part\t: 0xd03\nCPU revision\t: 4\n\n");
	assert_int_equal(os_cpu_idreg(root, -1), N1_R3P1);
	assert_int_equal(os_cpu_idreg(root, 1), 0x410fd034ull);
	assert_int_equal(os_cpu_idreg(root, 2), 0);
	scratch_put(root, "/sys/devices/system/cpu/cpu1/regs/identification/midr_el1",
	    "0x00000000410fd0b1\n");
	assert_int_equal(os_cpu_idreg(root, 1), 0x410fd0b1ull);
	assert_int_equal(scratch_remove(root), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_known_part),
		cmocka_unit_test(test_unknown_part),
		cmocka_unit_test(test_idreg_read),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
