/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for os/linux/idreg.c, a CPU's identification register as
 * Linux shows it below a sysroot: sysfs's midr_el1 first, else
 * /proc/cpuinfo's fields put together; 0 where neither says (an x86
 * machine, a file that is not a number, a sysroot too long for a path).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/fingerprint.h"

#include "scratch.h"

#ifndef FIXTURES
#define FIXTURES	"tests/fixtures"
#endif

/* Neoverse-N1 r3p1: implementer 0x41, variant 3, part 0xd0c, revision 1. */
#define N1_R3P1		0x413fd0c1ull

/* sysfs's register first; else /proc/cpuinfo's fields put together. */
static void
test_idreg_read(void **state)
{
	char root[] = "/tmp/cb-test-idreg-XXXXXX";

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

/* The fixtures: a big.LITTLE arm64 board's sysfs, and x86 machines. */
static void
test_fixtures(void **state)
{
	(void)state;
	assert_int_equal(os_cpu_idreg(FIXTURES "/sysroot-biglittle-arm64",
	    0), 0x411fd050ull);
	assert_int_equal(os_cpu_idreg(FIXTURES "/sysroot-biglittle-arm64",
	    6), 0x414fd0b0ull);
	/* -1 is the first CPU's. */
	assert_int_equal(os_cpu_idreg(FIXTURES "/sysroot-biglittle-arm64",
	    -1), 0x411fd050ull);
	assert_int_equal(os_cpu_idreg(FIXTURES "/sysroot-kvm", 0), 0);
	assert_int_equal(os_cpu_idreg(FIXTURES "/sysroot-hybrid-x86", -1), 0);
}

/* What cannot be read is 0, never a guess. */
static void
test_unreadable(void **state)
{
	char root[] = "/tmp/cb-test-idreg-XXXXXX", *longroot;

	(void)state;
	assert_int_equal(scratch_make(root), 0);
	/* sysfs's file not a number: /proc/cpuinfo's word instead. */
	scratch_put(root, "/sys/devices/system/cpu/cpu0/regs/identification/midr_el1",
	    "garbage\n");
	assert_int_equal(os_cpu_idreg(root, 0), 0);
	scratch_put(root, "/proc/cpuinfo", "processor\t: 0\nCPU implementer\t: 0x41\n"
	    "CPU part\t: 0xd0c\n\n");
	assert_int_equal(os_cpu_idreg(root, 0), 0x410fd0c0ull);
	/* Fields without the implementer, or none at all (x86). */
	scratch_put(root, "/proc/cpuinfo", "processor\t: 0\nCPU part\t: 0xd0c\n\n");
	assert_int_equal(os_cpu_idreg(root, 0), 0);
	scratch_put(root, "/proc/cpuinfo", "processor\t: 0\nvendor_id\t: "
	    "GenuineIntel\ncpu family\t: 6\nmodel\t\t: 207\n\n");
	assert_int_equal(os_cpu_idreg(root, 0), 0);
	assert_int_equal(scratch_remove(root), 0);
	/* A sysroot whose paths would not fit PATH_MAX. */
	assert_non_null(longroot = malloc(PATH_MAX + 1));
	memset(longroot, 'a', PATH_MAX);
	longroot[0] = '/';
	longroot[PATH_MAX] = '\0';
	assert_int_equal(os_cpu_idreg(longroot, 0), 0);
	free(longroot);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_idreg_read),
		cmocka_unit_test(test_fixtures),
		cmocka_unit_test(test_unreadable),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
