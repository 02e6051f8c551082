/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The body most instruction rows need: one instruction (asm text, "%%"
 * for registers) `n' times per iteration, back to back, with no operands;
 * what it writes is named in the clobbers.
 */
#ifndef CB_SUITES_REPEAT_H
#define CB_SUITES_REPEAT_H

#include <stdint.h>

#define REPEAT_BODY(fn, n, insn, ...)					\
static void								\
fn(uint64_t iters, void *ctx)						\
{									\
	(void)ctx;							\
	do								\
		__asm__ volatile(".rept " #n "\n\t" insn "\n\t.endr"	\
		    : : : __VA_ARGS__);					\
	while (--iters);						\
}

#endif
