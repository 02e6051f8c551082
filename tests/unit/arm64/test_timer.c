/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/arm64/timer.c, the generic timer as the reference
 * counter: its rate is CNTFRQ_EL0's, said as its source, or 0 with no
 * source where firmware left it 0; and stamps of CNTVCT_EL0 go forward.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "arch/arch.h"

static void
test_rate(void **state)
{
	uint64_t frq;
	char source[32];
	double hz;

	(void)state;
	__asm__ volatile("mrs %0, cntfrq_el0" : "=r" (frq));
	strcpy(source, "unset");
	arch_ref_init();
	hz = arch_ref_hz(source, sizeof(source));
	assert_true(hz == (double)frq);
	assert_string_equal(source, frq != 0 ? "CNTFRQ_EL0" : "unset");
	assert_string_equal(arch_ref_name, "CNTVCT_EL0");
}

static void
test_stamps(void **state)
{
	uint64_t a, b, c;

	(void)state;
	a = arch_ref_begin();
	b = arch_ref_end();
	c = arch_ref_begin();
	assert_true(a <= b);
	assert_true(b <= c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate),
		cmocka_unit_test(test_stamps),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
