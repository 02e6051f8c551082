/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/clock_witness.c: a body on %zmm, in either
 * syntax, gets a link of the chain (its encoding and text) through the
 * first register of the list it names in no width; a body on %ymm, %xmm or general
 * registers gets none; a body that names every register the chain could
 * use gets -1.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>


#include "arch/arch.h"

#if defined(__x86_64__)	/* 32-bit code gets no witness */
static void
test_wide_bodies(void **state)
{
	static const struct {
		const char	*body, *text;
		uint8_t		 code[3];
	} cases[] = {
		{ "vfmadd231ps %zmm2, %zmm2, %zmm1", "add %r8,%r8",
		  { 0x4d, 0x01, 0xc0 } },
		/* %r8 by its 32- and 8-bit names, %r9 by its 16-bit one. */
		{ "vpbroadcastd %r8d, %zmm1; vpinsrb $0, %r8b, %xmm1, %xmm2; "
		  "kmovw %r9w, %k1; vaddps %zmm1, %zmm2, %zmm3", "add %r10,%r10",
		  { 0x4d, 0x01, 0xd2 } },
		{ "vaddps (%rdi), %zmm1, %zmm2", "add %r8,%r8",
		  { 0x4d, 0x01, 0xc0 } },
		{ "vaddpd %zmm1, %zmm2, %zmm3 {%k1}", "add %r8,%r8",
		  { 0x4d, 0x01, 0xc0 } },
		/* objdump's Intel syntax, for asm --intel. */
		{ "vfmadd231ps zmm1,zmm2,zmm3", "add %r8,%r8",
		  { 0x4d, 0x01, 0xc0 } },
		{ "vpbroadcastd zmm1,r8d; vaddps zmm1{k1},zmm2,ZMMWORD PTR "
		  "[r9+0x40]", "add %r10,%r10", { 0x4d, 0x01, 0xd2 } },
		/* Every r8-r13 taken: %rbx, then %rbp, without REX.R/B. */
		{ "vpbroadcastq %r8, %zmm0; vpbroadcastq %r9, %zmm1; "
		  "vpbroadcastq %r10, %zmm2; vpbroadcastq %r11, %zmm3; "
		  "vpbroadcastq %r12, %zmm4; vpbroadcastd %r13d, %zmm5",
		  "add %rbx,%rbx", { 0x48, 0x01, 0xdb } },
		{ "vpbroadcastq %r8, %zmm0; vpbroadcastq %r9, %zmm1; "
		  "vpbroadcastq %r10, %zmm2; vpbroadcastq %r11, %zmm3; "
		  "vpbroadcastq %r12, %zmm4; vpbroadcastd %r13d, %zmm5; "
		  "vpbroadcastb %bl, %zmm6", "add %rbp,%rbp",
		  { 0x48, 0x01, 0xed } },
	};
	struct arch_witness_link l;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		assert_int_equal(arch_clock_witness(cases[i].body, &l), 1);
		assert_string_equal(l.text, cases[i].text);
		assert_int_equal(l.len, 3);
		assert_memory_equal(l.code, cases[i].code, 3);
	}
}

#endif

static void
test_narrow_bodies(void **state)
{
	static const char *const bodies[] = {
		"vfmadd231ps %ymm2, %ymm2, %ymm1",
		"mulps %xmm1, %xmm2",
		"imulq %rax, %rax",
		"vpaddd %zmmx, %ymm1, %ymm2",	/* no register %zmmx */
		"",
#if !defined(__x86_64__)
		"vfmadd231ps %zmm2, %zmm2, %zmm1",	/* none in 32-bit code */
#endif
	};
	struct arch_witness_link l;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bodies) / sizeof(bodies[0]); i++)
		assert_int_equal(arch_clock_witness(bodies[i], &l), 0);
}

#if defined(__x86_64__)
static void
test_no_register_free(void **state)
{
	struct arch_witness_link l;

	(void)state;
	assert_int_equal(arch_clock_witness("vpbroadcastq %r8, %zmm0; "
	    "vpbroadcastq %r9, %zmm1; vpbroadcastq %r10, %zmm2; vpbroadcastq "
	    "%r11, %zmm3; vpbroadcastq %r12, %zmm4; vpbroadcastd %r13d, "
	    "%zmm5; vpbroadcastq %rbx, %zmm6; vpbroadcastw %bp, %zmm7", &l),
	    -1);
}

#endif

int
main(void)
{
	const struct CMUnitTest tests[] = {
#if defined(__x86_64__)
		cmocka_unit_test(test_wide_bodies),
		cmocka_unit_test(test_no_register_free),
#endif
		cmocka_unit_test(test_narrow_bodies),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
