/*
 * Time stamps on x86 (i386 and x86-64).  Start with lfence; rdtsc so the
 * read waits for everything before it; stop with rdtscp; lfence so nothing
 * after it starts early.  Some hypervisors hide RDTSCP: then lfence; rdtsc;
 * lfence, which orders the same way at the cost of one more fence.
 */
#ifndef CB_ARCH_X86_TSC_H
#define CB_ARCH_X86_TSC_H

#include <stdint.h>

extern int arch_tsc_have_rdtscp;	/* set by arch_tsc_init() */

void	arch_tsc_init(void);

static inline uint64_t
arch_tsc_begin(void)
{
	uint32_t lo, hi;

	__asm__ volatile("lfence\n\trdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return ((uint64_t)hi << 32 | lo);
}

static inline uint64_t
arch_tsc_end(void)
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
arch_rdpmc(uint32_t idx)
{
	uint32_t lo, hi;

	__asm__ volatile("rdpmc" : "=a" (lo), "=d" (hi) : "c" (idx));
	return ((uint64_t)hi << 32 | lo);
}

#endif
