/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The vector state a signal frame saves (arch/arch.h): arm64's frame
 * holds the FP/SIMD registers whole whatever they hold, so there is no
 * condition to put them in.  What a round may leave for the next in its
 * process is FPSR's flags.
 */
#include "arch/arch.h"

void
arch_xstate_clean(void)
{
}

/* FPSR's cumulative flags are the state a process starts without. */
void
arch_fp_state_init(void)
{
	__asm__ volatile("msr fpsr, xzr" : : : "memory");
}

void
arch_xstate_dirty_avx(void)
{
}

void
arch_xstate_dirty_avx512(void)
{
}
