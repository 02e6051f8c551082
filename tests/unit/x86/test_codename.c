/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/codename.c: a family newer than libcpuid's
 * tables is named from our own table or left unnamed (never libcpuid's
 * nearest guess), and on the live machine the name libcpuid gives is a
 * name, not its "Unknown".
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "arch/x86/cpu.h"
#include "emulated.h"

static void
named(const char *vendor, unsigned family, const char *want)
{
	struct arch_cpu_id id;

	memset(&id, 0, sizeof(id));
	snprintf(id.vendor, sizeof(id.vendor), "%s", vendor);
	id.family = family;
	x86_codename(&id);
	assert_string_equal(id.codename, want);
}

static void
test_newer_families(void **state)
{
	(void)state;
	named("AuthenticAMD", 0x1a, "Zen 5");
	/* Past libcpuid's last AMD family and not ours: no name at all. */
	named("AuthenticAMD", 0x1b, "");
	named("AuthenticAMD", 0x20, "");
}

/* The live CPU: libcpuid's name or none, never its "Unknown". */
static void
test_live(void **state)
{
	struct arch_cpu_id id, again;

	(void)state;
	SKIP_IF_EMULATED();
	arch_cpu_identify(&id, 0);
	assert_true(strncmp(id.codename, "Unknown", 7) != 0);
	/* Asked again, the same answer. */
	again = id;
	again.codename[0] = '\0';
	x86_codename(&again);
	assert_string_equal(again.codename, id.codename);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_newer_families),
		cmocka_unit_test(test_live),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
