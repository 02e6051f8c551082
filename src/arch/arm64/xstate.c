/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The vector state a signal frame saves (arch/arch.h): arm64's frame
 * holds the FP/SIMD registers whole whatever they hold, so there is no
 * condition to put them in.
 */
#include "arch/arch.h"

void
arch_xstate_clean(void)
{
}

void
arch_xstate_dirty_avx(void)
{
}

void
arch_xstate_dirty_avx512(void)
{
}
