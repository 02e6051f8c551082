/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The generic timer as the reference counter: CNTVCT_EL0, at the rate
 * CNTFRQ_EL0 holds (firmware sets it; Linux makes both readable at EL0).
 */
#include <stdio.h>

#include "arch/arch.h"

const char arch_ref_name[] = "CNTVCT_EL0";

void
arch_ref_init(void)
{
}

/* Firmware has been known to leave CNTFRQ_EL0 0: then measure it. */
double
arch_ref_hz(char *source, size_t len)
{
	uint64_t hz;

	__asm__ volatile("mrs %0, cntfrq_el0" : "=r" (hz));
	if (hz == 0)
		return (0);
	snprintf(source, len, "CNTFRQ_EL0");
	return ((double)hz);
}
