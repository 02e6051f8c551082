/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The arm64 code around an assembled snippet: a function
 *
 *	void run(uint64_t iters);
 *
 * that saves what the AAPCS64 says a callee must preserve (x19-x30, sp,
 * d8-d15) and the two system registers EL0 may change that the C library
 * depends on (FPCR, TPIDR_EL0), gives the snippet its documented starting
 * state, runs the init bytes once, then `iters' times a block of `unroll'
 * back-to-back copies of the body, and restores everything whatever the
 * snippet did.  The starting state:
 *
 *	x14, x15	vars->scratch, vars->scratch2 (the scratch area)
 *	sp		vars->stack_top, 16-byte aligned
 *	x30 (lr)	the address of a udf, so a `ret' with no matching
 *			call traps instead of returning into the harness
 *	other GPRs	zero
 *
 * A store needs its address in a register, so the harness takes two:
 * x16 and x17 (IP0 and IP1, the AAPCS64's intra-procedure scratch) and
 * the condition flags are rewritten between one iteration and the next,
 * when sp is reset to its value after init and the count, kept in vars,
 * is decremented.  The snippet may use them within an iteration.
 */
#ifndef CB_ARCH_ARM64_SNIPPET_CODE_H
#define CB_ARCH_ARM64_SNIPPET_CODE_H

#include <stddef.h>
#include <stdint.h>

#define ARCH_SNIPPET_ISA	"arm64"
/* As printf formats. */
#define ARCH_SNIPPET_SCRATCH_REG "x14"
#define ARCH_SNIPPET_SCRATCH_AT	"[x14]"

/* A system call's instruction, which the pc is past when it traps: svc is 4 bytes. */
#define ARCH_SNIPPET_SYSCALL_LEN	4

/* Bytes the harness adds to init and the unrolled body, at most. */
#define ARCH_SNIPPET_OVERHEAD	512
#define ARCH_SNIPPET_LOOP_ALIGN	64	/* the loop's first byte */

/* At the start of a page: the harness reaches it with adrp alone. */
struct arch_snippet_vars {
	uint64_t	 saved_sp;	/* the caller's */
	uint64_t	 counter;	/* iterations left */
	uint64_t	 stack_top;	/* the snippet's sp before init */
	uint64_t	 loop_sp;	/* its sp after init */
	uint64_t	 scratch, scratch2;	/* x14, x15 */
	uint64_t	 fpcr, tpidr;	/* the caller's */
};

typedef void arch_snippet_fn(uint64_t iters);

struct arch_snippet_layout {
	arch_snippet_fn	*entry;
	uintptr_t	 init;
	uintptr_t	 body;
	uintptr_t	 ret_trap;	/* the udf a stray `ret' lands on */
	size_t		 size;
};

int	arch_snippet_emit(uint8_t *code, size_t cap,
	    struct arch_snippet_vars *vars, const uint8_t *init, size_t ninit,
	    const uint8_t *body, size_t nbody, unsigned unroll,
	    struct arch_snippet_layout *lay);

/* What `cyclebench asm --help' says a snippet starts with. */
#define ARCH_SNIPPET_HELP						\
"  x14        1 MiB of zeroed, page-aligned scratch memory; the pages\n" \
"             just outside it are inaccessible, so an overrun is reported\n" \
"  x15        x14 + 0x80800: the second half, offset by half a page so\n" \
"             loads through one do not alias stores through the other\n" \
"  sp         a 1 MiB stack of its own, reset to where --init left it at\n" \
"             the top of every loop iteration\n"				\
"  x16, x17   yours within an iteration; the loop rewrites them and the\n" \
"             condition flags between iterations\n"			\
"  x30        the address of a udf: a stray ret is reported\n"		\
"  every other general register is zero before --init runs; all\n"	\
"  registers, vector ones included, are the snippet's to change, and\n"	\
"  the ABI's callee-saved state, FPCR and TPIDR_EL0 are restored\n"	\
"  afterwards.  The scratch memory keeps what the snippet stores there\n" \
"  from one loop to the next.\n"
#define ARCH_SNIPPET_EXAMPLES						\
"                cyclebench asm --latency 'mul x0, x0, x0'\n"		\
"                cyclebench asm --latency --init 'str x14, [x14]' \\\n"	\
"                    'ldr x14, [x14]'           # load-to-use latency\n"
#define ARCH_SNIPPET_NOT_CHAIN	"'add x1, x1, x0'"
#define ARCH_SNIPPET_SYNTAX	" (up to ARMv8.6 and SVE2)"
#define ARCH_SNIPPET_INTEL_HELP	""

#endif
