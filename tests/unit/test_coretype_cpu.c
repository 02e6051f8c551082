/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Choosing the CPU by kind of core (core/coretype_cpu.h) on the live
 * machine; test_cpuset.c tests the affinity primitives it rests on.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/coretype_cpu.h"
#include "os/cpuset.h"

static void
test_default_and_named(void **state)
{
	struct coretypes ct;
	char why[512];
	int cpu;

	(void)state;
	cpu = coretypes_default_cpu();
	assert_true(cpuset_allowed(cpu));
	coretypes_read(&ct, "");
	assert_int_equal(coretypes_cpu_of_type("no-such-core", why,
	    sizeof(why)), -1);
	assert_non_null(strstr(why, "'no-such-core' is neither a CPU number "
	    "nor a kind of core"));
	if (ct.n > 1)
		assert_int_equal(coretypes_of(&ct, cpu) != NULL, 1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_default_and_named),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
