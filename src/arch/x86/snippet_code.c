/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hand-encoded, because the harness must not depend on the assembler it
 * wraps nor take any of the snippet's registers.  Each instruction is
 * spelled out next to its bytes; `objdump -D -b binary -m i386:x86-64'
 * on a dump of the page shows the same.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <elf.h>

#include "arch/arch.h"

const char *const arch_as_argv[] = { "as", "--64", NULL };
const char *const arch_objdump_argv[] = { "objdump", NULL };
const uint16_t arch_elf_machine = EM_X86_64;
const int arch_has_intel_syntax = 1;

#if defined(__x86_64__)
struct emit {
	uint8_t		*p, *end;
	int		 full;
};

static void
put(struct emit *e, const uint8_t *bytes, size_t n)
{
	/* No init is (NULL, 0): memcpy may not be handed NULL at all. */
	if (n == 0)
		return;
	if (e->full || (size_t)(e->end - e->p) < n) {
		e->full = 1;
		return;
	}
	memcpy(e->p, bytes, n);
	e->p += n;
}

#define PUT(e, ...) do {						\
	static const uint8_t b_[] = { __VA_ARGS__ };			\
									\
	put((e), b_, sizeof(b_));					\
} while (0)

/*
 * An instruction whose last operand bytes are a disp32 relative to the
 * next instruction, followed by `imm' immediate bytes (0 or 1).
 */
static void
put_rel(struct emit *e, const uint8_t *op, size_t n, const void *target,
    int imm, uint8_t imm8)
{
	int32_t disp;
	uint8_t d[4];

	disp = (int32_t)((intptr_t)target - ((intptr_t)e->p + (intptr_t)n +
	    4 + imm));
	memcpy(d, &disp, 4);
	put(e, op, n);
	put(e, d, 4);
	if (imm)
		put(e, &imm8, 1);
}

#define REL(e, target, ...) do {					\
	static const uint8_t op_[] = { __VA_ARGS__ };			\
									\
	put_rel((e), op_, sizeof(op_), (target), 0, 0);			\
} while (0)

int
arch_snippet_emit(uint8_t *code, size_t cap, struct arch_snippet_vars *v,
    const uint8_t *init, size_t ninit, const uint8_t *body, size_t nbody,
    unsigned unroll, struct arch_snippet_layout *lay)
{
	struct emit e = { code, code + cap, 0 };
	uint8_t *loop, *trap;
	unsigned i;

	/* The ud2 first, so the prologue can take its address. */
	trap = e.p;
	PUT(&e, 0x0f, 0x0b);				/* ud2 */
	lay->entry = (arch_snippet_fn *)(void *)e.p;

	PUT(&e, 0x53, 0x55, 0x41, 0x54, 0x41, 0x55,	/* push rbx rbp r12 */
	    0x41, 0x56, 0x41, 0x57);			/* r13 r14 r15 */
	REL(&e, &v->saved_rsp, 0x48, 0x89, 0x25);	/* mov %rsp,saved */
	REL(&e, &v->counter, 0x48, 0x89, 0x3d);		/* mov %rdi,counter */
	REL(&e, &v->mxcsr, 0x0f, 0xae, 0x1d);		/* stmxcsr */
	REL(&e, &v->fcw, 0xd9, 0x3d);			/* fnstcw */
	REL(&e, &v->stack_top, 0x48, 0x8b, 0x25);	/* mov top,%rsp */
	REL(&e, trap, 0x48, 0x8d, 0x05);		/* lea trap,%rax */
	PUT(&e, 0x48, 0x89, 0x04, 0x24);		/* mov %rax,(%rsp) */
	REL(&e, &v->scratch, 0x4c, 0x8b, 0x35);		/* mov scratch,%r14 */
	REL(&e, &v->scratch2, 0x4c, 0x8b, 0x3d);	/* mov scratch2,%r15 */
	/*
	 * A load through each puts its page in the TLB.  A masked access
	 * whose mask is zero does not, and took a 545-cycle assist each
	 * time on Zen 5 where the page was not there: what `vpaddd
	 * (%r14),%xmm1,%xmm2{%k1}' costs with k1 zero, a snippet's first
	 * reading of its scratch memory, is the warm figure.
	 */
	PUT(&e, 0x41, 0x8b, 0x06);			/* mov (%r14),%eax */
	PUT(&e, 0x41, 0x8b, 0x07);			/* mov (%r15),%eax */
	PUT(&e, 0x31, 0xc0, 0x31, 0xdb, 0x31, 0xc9,	/* xor eax ebx ecx */
	    0x31, 0xd2, 0x31, 0xf6, 0x31, 0xff,		/* edx esi edi */
	    0x31, 0xed, 0x45, 0x31, 0xc0,		/* ebp r8d */
	    0x45, 0x31, 0xc9, 0x45, 0x31, 0xd2,		/* r9d r10d */
	    0x45, 0x31, 0xdb, 0x45, 0x31, 0xe4,		/* r11d r12d */
	    0x45, 0x31, 0xed);				/* r13d */
	lay->init = (uintptr_t)e.p;
	put(&e, init, ninit);
	REL(&e, &v->loop_rsp, 0x48, 0x89, 0x25);	/* mov %rsp,loop_rsp */
	while (((uintptr_t)e.p % ARCH_SNIPPET_LOOP_ALIGN) != 0 && !e.full)
		PUT(&e, 0x90);				/* nop */

	loop = e.p;
	REL(&e, &v->loop_rsp, 0x48, 0x8b, 0x25);	/* mov loop_rsp,%rsp */
	lay->body = (uintptr_t)e.p;
	for (i = 0; i < unroll && !e.full; i++)
		put(&e, body, nbody);
	put_rel(&e, (const uint8_t[]){ 0x48, 0x83, 0x2d }, 3,	/* subq $1, */
	    &v->counter, 1, 1);				/* counter */
	REL(&e, loop, 0x0f, 0x85);			/* jnz loop */

	REL(&e, &v->saved_rsp, 0x48, 0x8b, 0x25);	/* mov saved,%rsp */
	REL(&e, &v->mxcsr, 0x0f, 0xae, 0x15);		/* ldmxcsr */
	REL(&e, &v->fcw, 0xd9, 0x2d);			/* fldcw */
	PUT(&e, 0xfc);					/* cld */
	PUT(&e, 0x41, 0x5f, 0x41, 0x5e, 0x41, 0x5d,	/* pop r15 r14 r13 */
	    0x41, 0x5c, 0x5d, 0x5b);			/* r12 rbp rbx */
	PUT(&e, 0xc3);					/* ret */

	lay->ret_trap = (uintptr_t)trap;
	lay->size = (size_t)(e.p - code);
	return (e.full ? -1 : 0);
}
#else	/* The harness is x86-64 code: an i386 build has none. */
int
arch_snippet_emit(uint8_t *code, size_t cap, struct arch_snippet_vars *v,
    const uint8_t *init, size_t ninit, const uint8_t *body, size_t nbody,
    unsigned unroll, struct arch_snippet_layout *lay)
{
	(void)code, (void)cap, (void)v, (void)init, (void)ninit, (void)body;
	(void)nbody, (void)unroll, (void)lay;
	return (-1);
}
#endif
