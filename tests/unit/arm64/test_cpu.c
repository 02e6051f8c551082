/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/arm64/cpu.c: the identity put together from a
 * MIDR_EL1 value as the OS shows it (vendor, core, the lscpu-style
 * fields, a brand for a part or vendor not known), and the features from
 * the kernel's HWCAP word.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/auxv.h>

#include <cmocka.h>

#include "arch/arch.h"

static void
test_identify_known(void **state)
{
	struct arch_cpu_id id;

	(void)state;
	arch_cpu_identify(&id, 0x413fd0c1ull);	/* Neoverse-N1 r3p1 */
	assert_string_equal(id.vendor, "ARM");
	assert_string_equal(id.codename, "Neoverse-N1");
	assert_string_equal(id.brand, "ARM Neoverse-N1");
	assert_int_equal(id.family, 0x41);
	assert_int_equal(id.model, 0xd0c);
	assert_int_equal(id.stepping, 0x31);
	assert_string_equal(id.hypervisor, "");
	assert_int_equal(id.features, arch_cpu_features());
}

static void
test_identify_unknown(void **state)
{
	struct arch_cpu_id id;

	(void)state;
	arch_cpu_identify(&id, 0x412ffff3ull);	/* ARM, a part not known */
	assert_string_equal(id.vendor, "ARM");
	assert_string_equal(id.codename, "");
	assert_string_equal(id.brand, "ARM part 0xfff r2p3");
	arch_cpu_identify(&id, 0x7f0fd0c0ull);	/* a vendor not known */
	assert_string_equal(id.vendor, "vendor 0x7f");
	assert_string_equal(id.brand, "vendor 0x7f part 0xd0c r0p0");
	assert_int_equal(id.family, 0x7f);
}

/* The features are the HWCAP bits they stand for, and cached. */
static void
test_features(void **state)
{
	unsigned long hw = getauxval(AT_HWCAP);
	unsigned f = arch_cpu_features();

	(void)state;
	assert_int_equal((f & CB_CPU_LSE) != 0, (hw & (1ul << 8)) != 0);
	assert_int_equal((f & CB_CPU_LRCPC) != 0, (hw & (1ul << 15)) != 0);
	assert_int_equal((f & CB_CPU_SVE) != 0, (hw & (1ul << 22)) != 0);
	assert_int_equal((f & CB_CPU_SB) != 0, (hw & (1ul << 29)) != 0);
	assert_int_equal(f & (1u << 31), 0);
	assert_int_equal(arch_cpu_features(), f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_identify_known),
		cmocka_unit_test(test_identify_unknown),
		cmocka_unit_test(test_features),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
