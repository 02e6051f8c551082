/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference loops on arm64: a chain of dependent register adds
 * (add x, x, y: one cycle on every arm64 core), a chain of dependent
 * 64-bit multiplies that checks it, the empty counted loop, and the
 * contention probe, a block of nops.
 *
 * As on x86 the addend is a register the compiler cannot see through,
 * never an immediate, so that no core can fold the chain at rename.
 */
#include <stdint.h>

#include "arch/arch.h"

#define CHAIN(name, insn, seed)						\
void									\
name(uint64_t iters, void *ctx)						\
{									\
	uint64_t x = (seed), one = 1;					\
									\
	(void)ctx;							\
	__asm__ volatile("" : "+r" (one));				\
	do								\
		__asm__ volatile(".rept " ARCH_CHAIN_UNROLL_S "\n\t"	\
		    insn "\n\t.endr" : "+r" (x) : "r" (one));		\
	while (--iters);						\
}

CHAIN(arch_add_chain, "add %0, %0, %1", 0)
CHAIN(arch_mul_chain, "mul %0, %0, %1", 1)

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
