/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The body most instruction rows need: one instruction `n' times per
 * iteration, back to back.  REPEAT_ASM gives it operands, declared and
 * set in `decls' (statements, each ended by ';' but the last) and listed
 * after it as in any asm statement, so that the operands alone say
 * whether the copies form a chain; REPEAT_BODY has none ("%%" for
 * registers), and what it writes is named in the clobbers.
 */
#ifndef CB_SUITES_REPEAT_H
#define CB_SUITES_REPEAT_H

#include <stdint.h>

#define REPEAT_ASM(fn, n, decls, insn, ...)				\
static void								\
fn(uint64_t iters, void *ctx)						\
{									\
	decls;								\
	(void)ctx;							\
	do								\
		__asm__ volatile(".rept " #n "\n\t" insn "\n\t.endr"	\
		    __VA_ARGS__);					\
	while (--iters);						\
}

#define REPEAT_BODY(fn, n, insn, ...)					\
	REPEAT_ASM(fn, n, , insn, : : : __VA_ARGS__)

#endif
