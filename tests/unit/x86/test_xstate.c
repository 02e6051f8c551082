/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/xstate.c on the live CPU, through XGETBV(1),
 * which reads the components the processor tracks as in use (XINUSE):
 * the AVX (and AVX-512) state is in use after arch_xstate_dirty_*, unused
 * after arch_xstate_clean, and cleaning keeps MXCSR.  Skipped where the
 * CPU cannot say (no XSAVE, no XGETBV with ECX=1) or under an emulator.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "arch/x86/cpu.h"
#include "emulated.h"

#define XINUSE_AVX	(1u << 2)	/* YMM_Hi128 */
#define XINUSE_AVX512	(7u << 5)	/* opmask, ZMM_Hi256, Hi16_ZMM */

static uint64_t
xinuse(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (1));
	return ((uint64_t)hi << 32 | lo);
}

/* Whether XGETBV(1) works here: CPUID.(0xd, 1):EAX bit 2. */
static void
need_xinuse(unsigned feature)
{
	uint32_t r[4];

	if (EMULATED() || !(arch_cpu_features() & CB_CPU_XSAVE) ||
	    !(arch_cpu_features() & feature))
		skip();
	arch_cpuid(0xd, 1, r);
	if (!(r[0] & 1u << 2))
		skip();
}

static void
test_avx(void **state)
{
	uint64_t dirty, clean;

	(void)state;
	need_xinuse(CB_CPU_AVX);
	arch_xstate_dirty_avx();
	dirty = xinuse();
	arch_xstate_clean();
	clean = xinuse();
	assert_true(dirty & XINUSE_AVX);
	assert_false(clean & XINUSE_AVX);
}

static void
test_avx512(void **state)
{
	uint64_t dirty, clean;

	(void)state;
#ifndef __x86_64__
	skip();		/* arch_xstate_dirty_avx512 needs 64-bit registers */
#endif
	need_xinuse(CB_CPU_AVX512F);
	arch_xstate_dirty_avx512();
	dirty = xinuse();
	arch_xstate_clean();
	clean = xinuse();
	assert_int_equal(dirty & XINUSE_AVX512, XINUSE_AVX512);
	assert_int_equal(clean & (XINUSE_AVX | XINUSE_AVX512), 0);
}

/* XRSTOR of the vector state reloads MXCSR: cleaning must keep it. */
static void
test_mxcsr_kept(void **state)
{
	uint32_t set = 0x9fc0, got = 0, saved = 0;	/* FTZ, DAZ, masked */

	(void)state;
	need_xinuse(CB_CPU_AVX);
	__asm__ volatile("stmxcsr %0" : "=m" (saved));
	__asm__ volatile("ldmxcsr %0" : : "m" (set));
	arch_xstate_dirty_avx();
	arch_xstate_clean();
	__asm__ volatile("stmxcsr %0" : "=m" (got));
	__asm__ volatile("ldmxcsr %0" : : "m" (saved));
	assert_int_equal(got, set);
}

/*
 * An x87 exception flag, a changed control word and a value on the stack
 * are gone after arch_fp_state_init, and MXCSR stays: a round that
 * shares a process must not inherit them (a snippet's `fldcw' of zero
 * raised the flag the one before had left).
 */
static void
test_fp_state_init(void **state)
{
	uint32_t set = 0x9fc0, got = 0, saved = 0;
	uint16_t sw = 0, cw = 0, odd = 0x27f;
	float one = 1;

	(void)state;
	__asm__ volatile("stmxcsr %0" : "=m" (saved));
	__asm__ volatile("ldmxcsr %0" : : "m" (set));
	/* 1/0, masked: the zero-divide flag, and 1 left on the stack. */
	__asm__ volatile("flds %0; fldz; fdivr %%st(1), %%st; fstp %%st(0)"
	    : : "m" (one) : "memory");
	__asm__ volatile("fldcw %0" : : "m" (odd));
	__asm__ volatile("fnstsw %0" : "=m" (sw));
	assert_true(sw & 0x4);			/* ZE */
	arch_fp_state_init();
	__asm__ volatile("fnstsw %0" : "=m" (sw));
	__asm__ volatile("fnstcw %0" : "=m" (cw));
	__asm__ volatile("stmxcsr %0" : "=m" (got));
	__asm__ volatile("ldmxcsr %0" : : "m" (saved));
	assert_int_equal(sw, 0);		/* no flag, stack top 0 */
	assert_int_equal(cw, 0x37f);
	assert_int_equal(got, set);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_avx),
		cmocka_unit_test(test_avx512),
		cmocka_unit_test(test_fp_state_init),
		cmocka_unit_test(test_mxcsr_kept),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
