/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference loops the clock and the engine measure themselves with:
 * a chain of dependent register-to-register adds (one core cycle each on
 * every x86 since the P6, which is what calibration rests on), a chain of
 * imuls that checks it, an empty counted loop of the shape every
 * benchmark body has, and the contention probe: a block of nops, which
 * only the front end limits, so that another thread on the core (an SMT
 * sibling on the host) slows it at once.
 *
 * The adds take their addend from a register, never an immediate: Intel's
 * cores since Golden Cove (Alder Lake, Sapphire Rapids) fold a chain of
 * `add $imm' into the renamer and retire about six a cycle, which made
 * the calibration read the core clock six times too fast there.
 */
#include <stdint.h>

#include "arch/arch.h"

/*
 * A counted loop around ARCH_CHAIN_UNROLL copies of a chained insn: %0 is
 * the chain, %1 a register holding 1 that the compiler cannot see
 * through.
 */
#define CHAIN(name, insn, seed)						\
void									\
name(uint64_t iters, void *ctx)						\
{									\
	uintptr_t x = (seed), one = 1;					\
									\
	(void)ctx;							\
	__asm__ volatile("" : "+r" (one));				\
	do								\
		__asm__ volatile(".rept " ARCH_CHAIN_UNROLL_S "\n\t"	\
		    insn "\n\t.endr" : "+r" (x) : "r" (one));		\
	while (--iters);						\
}

CHAIN(arch_add_chain, "add %1,%0", 0)

/*
 * A chain of dependent 64-bit multiplies: a whole number of cycles each
 * on every x86 (3 since Nehalem and Zen, 4 on K10, 5 on Core 2), which is
 * what lets it check the add chain's cycle.
 */
CHAIN(arch_mul_chain, "imul %0,%0", 1)

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
