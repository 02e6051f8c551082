/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/clock_witness.c: a body on %zmm, in either
 * syntax, gets a chain of the links asked for, through the first register
 * of the list it names in no width; a body on %ymm, %xmm or general
 * registers gets none; a body that names every register the chain could
 * use gets -1.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"

/* arch_clock_witness's return and text for `body'. */
static int
witness(const char *body, unsigned links, char **text)
{
	size_t len;
	FILE *fp;
	int rc;

	*text = NULL;
	assert_non_null(fp = open_memstream(text, &len));
	rc = arch_clock_witness(body, links, fp);
	assert_int_equal(fclose(fp), 0);
	return (rc);
}

static void
test_wide_bodies(void **state)
{
	static const struct {
		const char	*body, *reg;
	} cases[] = {
		{ "vfmadd231ps %zmm2, %zmm2, %zmm1", "%r8" },
		/* %r8 by its 32- and 8-bit names, %r9 by its 16-bit one. */
		{ "vpbroadcastd %r8d, %zmm1; vpinsrb $0, %r8b, %xmm1, %xmm2; "
		  "kmovw %r9w, %k1; vaddps %zmm1, %zmm2, %zmm3", "%r10" },
		{ "vaddps (%rdi), %zmm1, %zmm2", "%r8" },
		{ "vaddpd %zmm1, %zmm2, %zmm3 {%k1}", "%r8" },
		/* objdump's Intel syntax, for asm --intel. */
		{ "vfmadd231ps zmm1,zmm2,zmm3", "%r8" },
		{ "vpbroadcastd zmm1,r8d; vaddps zmm1{k1},zmm2,ZMMWORD PTR "
		  "[r9+0x40]", "%r10" },
	};
	char *text, expect[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(witness(cases[i].body, 3, &text), 1);
		snprintf(expect, sizeof(expect), "addq %s, %s\naddq %s, %s\n"
		    "addq %s, %s\n", cases[i].reg, cases[i].reg, cases[i].reg,
		    cases[i].reg, cases[i].reg, cases[i].reg);
		assert_string_equal(text, expect);
		free(text);
	}
}

static void
test_narrow_bodies(void **state)
{
	static const char *const bodies[] = {
		"vfmadd231ps %ymm2, %ymm2, %ymm1",
		"mulps %xmm1, %xmm2",
		"imulq %rax, %rax",
		"vpaddd %zmmx, %ymm1, %ymm2",	/* no register %zmmx */
		"",
	};
	char *text;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++) {
		assert_int_equal(witness(bodies[i], 8, &text), 0);
		assert_string_equal(text, "");
		free(text);
	}
}

static void
test_no_register_free(void **state)
{
	char *text;

	(void)state;
	assert_int_equal(witness("vpbroadcastq %r8, %zmm0; vpbroadcastq "
	    "%r9, %zmm1; vpbroadcastq %r10, %zmm2; vpbroadcastq %r11, %zmm3; "
	    "vpbroadcastq %r12, %zmm4; vpbroadcastd %r13d, %zmm5; "
	    "vpbroadcastq %rbx, %zmm6; vpbroadcastw %bp, %zmm7", 4, &text), -1);
	assert_string_equal(text, "");
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wide_bodies),
		cmocka_unit_test(test_narrow_bodies),
		cmocka_unit_test(test_no_register_free),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
