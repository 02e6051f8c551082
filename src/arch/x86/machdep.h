/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * x86 (i386 and x86-64): the inline half of arch/arch.h.
 *
 * Time stamps: start with lfence; rdtsc so the read waits for everything
 * before it; stop with rdtscp; lfence so nothing after it starts early.
 * Some hypervisors hide RDTSCP: then lfence; rdtsc; lfence, which orders
 * the same way at the cost of one more fence.
 */
#ifndef CB_ARCH_X86_MACHDEP_H
#define CB_ARCH_X86_MACHDEP_H

#include <stdint.h>

#include "arch/x86/snippet_code.h"

#if defined(__x86_64__)
#define ARCH_NAME	"x86-64"
#else
#define ARCH_NAME	"i386"
#endif

/* Where a benchmark's required features are looked up, for messages. */
/* An instruction that raises SIGILL, and the spin-wait hint. */
#define ARCH_ASM_ILLEGAL	"ud2"
#define ARCH_ASM_SPIN_HINT	"pause"
#define ARCH_FEATURE_SOURCE	"CPUID"

#define ARCH_PMC_NAME		"rdpmc"

/*
 * A dependent 64-bit imul takes 3 cycles on every x86 since Nehalem and
 * Zen, 4 on K8 and K10, 5 on Core 2.
 */
#define ARCH_MUL_NAME		"imul"
#define ARCH_FAMILY		"x86"
#define ARCH_MUL_CYCLES_LOW	3
#define ARCH_MUL_CYCLES_HIGH	5

/*
 * The reference chains' links.  The add takes its addend from a register,
 * never an immediate: Intel's cores since Golden Cove (Alder Lake,
 * Sapphire Rapids) fold a chain of `add $imm' into the renamer and retire
 * about six a cycle, which made calibration read the core clock six times
 * too fast there.
 */
#define ARCH_ASM_ADD_LINK	"add %1,%0"
#define ARCH_ASM_MUL_LINK	"imul %0,%0"

extern int arch_tsc_have_rdtscp;	/* set by arch_ref_init() */

static inline uint64_t
arch_ref_begin(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return ((uint64_t)hi << 32 | lo);
}

static inline uint64_t
arch_ref_end(void)
{
	uint32_t lo, hi, aux;

	if (arch_tsc_have_rdtscp)
		__asm__ volatile("rdtscp\n\tlfence"
		    : "=a" (lo), "=d" (hi), "=c" (aux) : : "memory");
	else
		__asm__ volatile("lfence\n\trdtsc\n\tlfence"
		    : "=a" (lo), "=d" (hi) : : "memory");
	return ((uint64_t)hi << 32 | lo);
}

/* Read hardware counter `idx' (perf's mmap page index - 1). */
static inline uint64_t
arch_pmc_read(uint32_t idx)
{
	uint32_t lo, hi;

	__asm__ volatile("rdpmc" : "=a" (lo), "=d" (hi) : "c" (idx));
	return ((uint64_t)hi << 32 | lo);
}

#endif
