/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arm64: the inline half of arch/arch.h.
 *
 * The reference counter is the generic timer's virtual count, CNTVCT_EL0,
 * whose rate CNTFRQ_EL0 states.  A read of it is not ordered against the
 * instructions around it: it may be taken before earlier ones complete or
 * after later ones start.  So each stamp is isb; mrs; isb: the first ISB
 * keeps the read from running ahead of what precedes it (the start of the
 * timed code, or its end), the second keeps what follows from starting
 * before the read.  ARMv8.6's self-synchronising CNTVCTSS_EL0 would spare
 * one of them where present; the timer's own granularity (tens of
 * nanoseconds at the usual 25-100 MHz) dwarfs the difference.
 */
#ifndef CB_ARCH_ARM64_MACHDEP_H
#define CB_ARCH_ARM64_MACHDEP_H

#include <stdint.h>

#include "arch/arm64/snippet_code.h"

#define ARCH_NAME		"arm64"
/* An instruction that raises SIGILL, and the spin-wait hint. */
#define ARCH_ASM_ILLEGAL	"udf #0"
#define ARCH_ASM_SPIN_HINT	"yield"
#define ARCH_FEATURE_SOURCE	"HWCAP"

#define ARCH_PMC_NAME		"PMCCNTR_EL0"

/*
 * A dependent 64-bit MUL: 2 cycles on Neoverse N1/V1/N2 and Cortex-A76
 * and later big cores, 3 on Apple's and on Cortex-A72 (W form), up to 5
 * on the little in-order cores (Cortex-A53's X form).
 */
#define ARCH_MUL_NAME		"mul"
#define ARCH_FAMILY		"arm64 core we know"
#define ARCH_MUL_CYCLES_LOW	2
#define ARCH_MUL_CYCLES_HIGH	5

/*
 * The reference chains' links: as on x86 the addend is a register, never
 * an immediate, so that no core can fold the chain at rename.
 */
#define ARCH_ASM_ADD_LINK	"add %0, %0, %1"
#define ARCH_ASM_MUL_LINK	"mul %0, %0, %1"

static inline uint64_t
arch_ref_read(void)
{
	uint64_t v;

	__asm__ volatile("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r" (v) : :
	    "memory");
	return (v);
}

static inline uint64_t
arch_ref_begin(void)
{
	return (arch_ref_read());
}

static inline uint64_t
arch_ref_end(void)
{
	return (arch_ref_read());
}

#define PMEVCNTR(n)	case n: __asm__ volatile("mrs %0, pmevcntr" #n "_el0" \
			    : "=r" (v)); break

/*
 * Counter `idx' (perf's page index - 1): 31 is the cycle counter, the
 * others the event counters, as tools/lib/perf reads them.
 */
static inline uint64_t
arch_pmc_read(uint32_t idx)
{
	uint64_t v = 0;

	switch (idx) {
	case 31:
		__asm__ volatile("mrs %0, pmccntr_el0" : "=r" (v));
		break;
	PMEVCNTR(0); PMEVCNTR(1); PMEVCNTR(2); PMEVCNTR(3); PMEVCNTR(4);
	PMEVCNTR(5); PMEVCNTR(6); PMEVCNTR(7); PMEVCNTR(8); PMEVCNTR(9);
	PMEVCNTR(10); PMEVCNTR(11); PMEVCNTR(12); PMEVCNTR(13);
	PMEVCNTR(14); PMEVCNTR(15); PMEVCNTR(16); PMEVCNTR(17);
	PMEVCNTR(18); PMEVCNTR(19); PMEVCNTR(20); PMEVCNTR(21);
	PMEVCNTR(22); PMEVCNTR(23); PMEVCNTR(24); PMEVCNTR(25);
	PMEVCNTR(26); PMEVCNTR(27); PMEVCNTR(28); PMEVCNTR(29);
	PMEVCNTR(30);
	}
	return (v);
}

#undef PMEVCNTR

#endif
