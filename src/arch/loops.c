/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference loops the clock and the engine measure themselves with,
 * on every architecture: a chain of dependent register adds (one core
 * cycle each on every x86 since the P6 and every arm64 core, which is
 * what calibration rests on), a chain of dependent multiplies that checks
 * it, an empty counted loop of the shape every benchmark body has, and
 * the contention probe: a block of nops, which only the front end limits,
 * so that another thread on the core (an SMT sibling on the host) slows
 * it at once.  Each port's machdep.h gives the chains' links.
 */
#include <stdint.h>

#include "arch/arch.h"

/*
 * A counted loop around ARCH_CHAIN_UNROLL copies of a chained link: %0 is
 * the chain, %1 a register holding 1 that the compiler cannot see
 * through.
 */
#define CHAIN(name, link, seed)						\
void									\
name(uint64_t iters, void *ctx)						\
{									\
	uintptr_t x = (seed), one = 1;					\
									\
	(void)ctx;							\
	__asm__ volatile("" : "+r" (one));				\
	do								\
		__asm__ volatile(".rept " ARCH_CHAIN_UNROLL_S "\n\t"	\
		    link "\n\t.endr" : "+r" (x) : "r" (one));		\
	while (--iters);						\
}

CHAIN(arch_add_chain, ARCH_ASM_ADD_LINK, 0)
CHAIN(arch_mul_chain, ARCH_ASM_MUL_LINK, 1)

void
arch_empty_loop(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile("" : "+r" (iters));
	while (--iters);
}

void
arch_probe_block(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile(".rept " ARCH_PROBE_NOPS_S "\n\tnop\n\t.endr");
	while (--iters);
}
