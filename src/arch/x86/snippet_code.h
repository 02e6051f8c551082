/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The x86-64 code around an assembled snippet: a function
 *
 *	void run(uint64_t iters);
 *
 * that saves what the SysV ABI says a callee must preserve, gives the
 * snippet its documented starting state, runs the init bytes once, then
 * `iters' times a block of `unroll' back-to-back copies of the body, and
 * restores everything whatever the snippet did.
 *
 * The snippet may use every general register; so the loop counter, the
 * caller's %rsp and the values to start from live in a struct
 * arch_snippet_vars the code reaches RIP-relative (it must lie within
 * 2 GiB of the code).  The starting state:
 *
 *	%r14, %r15	vars->scratch, vars->scratch2 (the scratch area)
 *	%rsp		vars->stack_top, where the address of a ud2 is stored,
 *			so a `ret' with no matching call traps instead of
 *			returning into the harness
 *	other GPRs	zero
 *
 * After init, %rsp is stored and reloaded at the top of every iteration,
 * so a body that pushes more than it pops moves the stack by one
 * iteration's worth at most.  On the way out: %rsp, MXCSR and the x87
 * control word are restored, the direction flag cleared, and rbx, rbp,
 * r12-r15 popped.
 */
#ifndef CB_ARCH_X86_SNIPPET_CODE_H
#define CB_ARCH_X86_SNIPPET_CODE_H

#include <stddef.h>
#include <stdint.h>

/* The instruction set snippets are written in, for messages. */
#define ARCH_SNIPPET_ISA	"x86-64"

/* As a printf format. */
#define ARCH_SNIPPET_SCRATCH_REG "%%r14"
#define ARCH_SNIPPET_SCRATCH_AT	"(%%r14)"
#define ARCH_SNIPPET_SYNTAX	" (AT&T syntax; Intel with --intel)"

/* What `cyclebench asm --help' says a snippet starts with. */
#define ARCH_SNIPPET_HELP						\
"  %r14       1 MiB of zeroed, page-aligned scratch memory; the pages\n" \
"             just outside it are inaccessible, so an overrun is reported\n" \
"  %r15       %r14 + 0x80800: the second half, offset by half a page so\n" \
"             loads through one do not 4K-alias stores through the other\n" \
"  %rsp       a 1 MiB stack of its own, reset to where --init left it at\n" \
"             the top of every loop iteration\n"				\
"  every other general register is zero before --init runs; all\n"	\
"  registers, vector and x87 included, are the snippet's to change, and\n" \
"  the ABI's callee-saved state is restored afterwards.  The scratch\n"	\
"  memory keeps what the snippet stores there from one loop to the next.\n"
#define ARCH_SNIPPET_EXAMPLES						\
"                cyclebench asm --latency 'imul %rax,%rax'\n"		\
"                cyclebench asm --latency --init 'mov %r14,(%r14)' \\\n"	\
"                    'mov (%r14),%r14'          # load-to-use latency\n"
#define ARCH_SNIPPET_NOT_CHAIN	"'add %rax,%rbx'"
#define ARCH_SNIPPET_INTEL_HELP						\
"  --intel             Intel syntax without register prefixes\n"

/*
 * characterize runs llvm-exegesis's x86-64 snippets, which address their
 * memory operands through %rdi: set-up points it at the scratch memory.
 */
#if defined(__x86_64__)
#define ARCH_EXEGESIS_TRIPLE	"x86_64"
#define ARCH_EXEGESIS_SCRATCH_TEXT "movq %r14, %rdi"
#define ARCH_EXEGESIS_SCRATCH_CODE { 0x4c, 0x89, 0xf7 }
#endif

/* A system call's instruction, which the pc is past when it traps: syscall, sysenter and int $0x80 are 2 bytes. */
#define ARCH_SNIPPET_SYSCALL_LEN	2

/* Bytes the harness adds to init and the unrolled body, at most. */
#define ARCH_SNIPPET_OVERHEAD	256
#define ARCH_SNIPPET_LOOP_ALIGN	64	/* the loop's first byte */

struct arch_snippet_vars {
	uint64_t	 saved_rsp;	/* the caller's */
	uint64_t	 counter;	/* iterations left */
	uint64_t	 stack_top;	/* the snippet's %rsp before init */
	uint64_t	 loop_rsp;	/* its %rsp after init */
	uint64_t	 scratch, scratch2;	/* %r14, %r15 */
	uint32_t	 mxcsr;
	uint16_t	 fcw;
};

typedef void arch_snippet_fn(uint64_t iters);

/* Where the parts landed, to trace a faulting pc back to the snippet. */
struct arch_snippet_layout {
	arch_snippet_fn	*entry;
	uintptr_t	 init;		/* first byte of the init copy */
	uintptr_t	 body;		/* first byte of the first body copy */
	uintptr_t	 ret_trap;	/* the ud2 a stray `ret' lands on */
	size_t		 size;		/* bytes written */
};

/*
 * Write the function to code[0..cap-1], which must be at the address it
 * will run from.  Returns 0, or -1 when cap is too small or this is not an
 * x86-64 build.
 */
int	arch_snippet_emit(uint8_t *code, size_t cap,
	    struct arch_snippet_vars *vars, const uint8_t *init, size_t ninit,
	    const uint8_t *body, size_t nbody, unsigned unroll,
	    struct arch_snippet_layout *lay);

#endif
