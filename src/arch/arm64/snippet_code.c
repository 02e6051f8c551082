/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Hand-encoded, as on x86: the harness must not depend on the assembler
 * it wraps nor take any of the snippet's registers beyond the two it
 * documents.  Each instruction is written by an encoder named for it,
 * with its assembly beside the call; `objdump -D -b binary -m aarch64'
 * on a dump of the page shows the same.  Branches are B (128 MiB) so the
 * largest unrolled body is in reach; vars is reached page-relative with
 * adrp, so it may be anywhere within 4 GiB.
 */
#include <elf.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "arch/arch.h"

/*
 * Every instruction up to ARMv8.6 and SVE2 assembles (binutils 2.35 and
 * later); one this CPU lacks is a SIGILL, reported as the row's error.
 */
const char *const arch_as_argv[] = { "aarch64-linux-gnu-as",
    "-march=armv8.6-a+sve2", NULL };
const char *const arch_objdump_argv[] = { "aarch64-linux-gnu-objdump",
    NULL };
const uint16_t arch_elf_machine = EM_AARCH64;
const int arch_has_intel_syntax = 0;

#define SP	31
#define IP0	16
#define IP1	17
#define LR	30
#define FRAME	160	/* x19-x30 and d8-d15 */

/* System registers for mrs/msr: op0, op1, CRn, CRm, op2. */
#define SYSREG(op0, op1, crn, crm, op2)					\
	((uint32_t)((op0) - 2) << 19 | (uint32_t)(op1) << 16 |		\
	(uint32_t)(crn) << 12 | (uint32_t)(crm) << 8 | (uint32_t)(op2) << 5)
#define FPCR		SYSREG(3, 3, 4, 4, 0)
#define TPIDR_EL0	SYSREG(3, 3, 13, 0, 2)

struct emit {
	uint8_t		*p, *end;
	int		 full;
};

static void
put(struct emit *e, const void *bytes, size_t n)
{
	if (e->full || (size_t)(e->end - e->p) < n) {
		e->full = 1;
		return;
	}
	memcpy(e->p, bytes, n);
	e->p += n;
}

static void
insn(struct emit *e, uint32_t w)
{
	put(e, &w, 4);
}

static uint32_t
reg(unsigned r, unsigned shift)
{
	return ((uint32_t)(r & 31) << shift);
}

/* stp/ldp of X (fp 0) or D (fp 1) registers; mode 0 offset, 1 pre, 2 post */
static void
pair(struct emit *e, int load, int fp, int mode, unsigned t1, unsigned t2,
    int off)
{
	static const uint32_t base[2][3] = {
		{ 0xa9000000, 0xa9800000, 0xa8800000 },	/* X */
		{ 0x6d000000, 0x6d800000, 0x6c800000 },	/* D */
	};

	insn(e, base[fp][mode] | (load ? 1u << 22 : 0) |
	    (uint32_t)((off / 8) & 0x7f) << 15 | reg(t2, 10) | reg(SP, 5) |
	    reg(t1, 0));
}

/* ldr/str Xt, [Xn, #off] (off a multiple of 8) */
static void
ldst(struct emit *e, int load, unsigned t, unsigned n, size_t off)
{
	insn(e, (load ? 0xf9400000 : 0xf9000000) |
	    (uint32_t)(off / 8) << 10 | reg(n, 5) | reg(t, 0));
}

/* add Xd|SP, Xn|SP, #0: mov to or from sp */
static void
mov_sp(struct emit *e, unsigned d, unsigned n)
{
	insn(e, 0x91000000 | reg(n, 5) | reg(d, 0));
}

/* adrp Xd, the page of target */
static void
adrp(struct emit *e, unsigned d, const void *target)
{
	int64_t pages;

	pages = (int64_t)(((uintptr_t)target >> 12) - ((uintptr_t)e->p >> 12));
	insn(e, 0x90000000 | (uint32_t)(pages & 3) << 29 |
	    (uint32_t)((pages >> 2) & 0x7ffff) << 5 | reg(d, 0));
}

/* adr Xd, target (within 1 MiB) */
static void
adr(struct emit *e, unsigned d, const void *target)
{
	int64_t off = (int64_t)((intptr_t)target - (intptr_t)e->p);

	insn(e, 0x10000000 | (uint32_t)(off & 3) << 29 |
	    (uint32_t)((off >> 2) & 0x7ffff) << 5 | reg(d, 0));
}

/* b target */
static void
branch(struct emit *e, const void *target)
{
	int64_t off = (int64_t)((intptr_t)target - (intptr_t)e->p) / 4;

	insn(e, 0x14000000 | (uint32_t)(off & 0x3ffffff));
}

static void
mrs(struct emit *e, unsigned t, uint32_t sysreg)
{
	insn(e, 0xd5300000 | sysreg | reg(t, 0));
}

static void
msr(struct emit *e, uint32_t sysreg, unsigned t)
{
	insn(e, 0xd5100000 | sysreg | reg(t, 0));
}

#define VAR(v, f)	offsetof(struct arch_snippet_vars, f)

int
arch_snippet_emit(uint8_t *code, size_t cap, struct arch_snippet_vars *v,
    const uint8_t *init, size_t ninit, const uint8_t *body, size_t nbody,
    unsigned unroll, struct arch_snippet_layout *lay)
{
	struct emit e = { code, code + cap, 0 };
	uint8_t *loop, *trap;
	unsigned i, r;

	trap = e.p;
	insn(&e, 0x00000000);				/* udf #0 */
	lay->entry = (arch_snippet_fn *)(void *)e.p;

	pair(&e, 0, 0, 1, 29, LR, -FRAME);	/* stp x29, x30, [sp, #-160]! */
	for (r = 19; r < 29; r += 2)		/* stp x19, x20, [sp, #16] .. */
		pair(&e, 0, 0, 0, r, r + 1, (int)(r - 17) * 8);
	for (r = 8; r < 16; r += 2)		/* stp d8, d9, [sp, #96] .. */
		pair(&e, 0, 1, 0, r, r + 1, 96 + (int)(r - 8) * 8);
	adrp(&e, IP0, v);			/* adrp x16, vars */
	mov_sp(&e, IP1, SP);			/* mov x17, sp */
	ldst(&e, 0, IP1, IP0, VAR(v, saved_sp));	/* str x17, saved_sp */
	ldst(&e, 0, 0, IP0, VAR(v, counter));	/* str x0, counter */
	mrs(&e, IP1, FPCR);			/* mrs x17, fpcr */
	ldst(&e, 0, IP1, IP0, VAR(v, fpcr));
	mrs(&e, IP1, TPIDR_EL0);		/* mrs x17, tpidr_el0 */
	ldst(&e, 0, IP1, IP0, VAR(v, tpidr));
	ldst(&e, 1, IP1, IP0, VAR(v, stack_top));	/* ldr x17, stack_top */
	mov_sp(&e, SP, IP1);			/* mov sp, x17 */
	ldst(&e, 1, 14, IP0, VAR(v, scratch));	/* ldr x14, scratch */
	ldst(&e, 1, 15, IP0, VAR(v, scratch2));	/* ldr x15, scratch2 */
	adr(&e, LR, trap);			/* adr x30, trap */
	for (r = 0; r < 30; r++)		/* mov xN, #0 */
		if (r != 14 && r != 15)
			insn(&e, 0xd2800000 | reg(r, 0));
	lay->init = (uintptr_t)e.p;
	put(&e, init, ninit);
	adrp(&e, IP0, v);
	mov_sp(&e, IP1, SP);
	ldst(&e, 0, IP1, IP0, VAR(v, loop_sp));	/* str x17, loop_sp */
	while (((uintptr_t)e.p % ARCH_SNIPPET_LOOP_ALIGN) != 0 && !e.full)
		insn(&e, 0xd503201f);		/* nop */

	loop = e.p;
	adrp(&e, IP0, v);
	ldst(&e, 1, IP1, IP0, VAR(v, loop_sp));	/* ldr x17, loop_sp */
	mov_sp(&e, SP, IP1);			/* mov sp, x17 */
	lay->body = (uintptr_t)e.p;
	for (i = 0; i < unroll && !e.full; i++)
		put(&e, body, nbody);
	adrp(&e, IP0, v);
	ldst(&e, 1, IP1, IP0, VAR(v, counter));	/* ldr x17, counter */
	insn(&e, 0xf1000400 | reg(IP1, 5) | reg(IP1, 0));	/* subs x17, x17, #1 */
	ldst(&e, 0, IP1, IP0, VAR(v, counter));	/* str x17, counter */
	insn(&e, 0x54000040);			/* b.eq .+8 */
	branch(&e, loop);			/* b loop */

	adrp(&e, IP0, v);
	ldst(&e, 1, IP1, IP0, VAR(v, saved_sp));
	mov_sp(&e, SP, IP1);			/* mov sp, saved_sp */
	ldst(&e, 1, IP1, IP0, VAR(v, fpcr));
	msr(&e, FPCR, IP1);			/* msr fpcr, x17 */
	ldst(&e, 1, IP1, IP0, VAR(v, tpidr));
	msr(&e, TPIDR_EL0, IP1);		/* msr tpidr_el0, x17 */
	for (r = 8; r < 16; r += 2)		/* ldp d8, d9, [sp, #96] .. */
		pair(&e, 1, 1, 0, r, r + 1, 96 + (int)(r - 8) * 8);
	for (r = 19; r < 29; r += 2)		/* ldp x19, x20, [sp, #16] .. */
		pair(&e, 1, 0, 0, r, r + 1, (int)(r - 17) * 8);
	pair(&e, 1, 0, 2, 29, LR, FRAME);	/* ldp x29, x30, [sp], #160 */
	insn(&e, 0xd65f03c0);			/* ret */

	lay->ret_trap = (uintptr_t)trap;
	lay->size = (size_t)(e.p - code);
	return (e.full ? -1 : 0);
}

int
arch_exegesis_chain(const char *insn, const char *key, int evex,
    struct arch_chain *c)
{
	(void)insn;
	(void)key;
	(void)evex;
	c->kind = "characterize chains x86-64 memory forms only";
	return (-1);
}

int
arch_exegesis_register_chain(const char *insn, const char *key, int evex,
    struct arch_chain *c)
{
	(void)insn;
	(void)key;
	(void)evex;
	c->kind = "characterize chains x86-64 register forms only";
	return (-1);
}

unsigned
arch_exegesis_widen(const char *insn, const char *key, int evex,
    unsigned had, struct arch_widen *w)
{
	(void)insn;
	(void)key;
	(void)evex;
	(void)had;
	w->body[0] = w->init[0] = '\0';
	return (0);
}

int
arch_exegesis_setup(const char *body, char *buf, size_t len)
{
	(void)body;
	if (len > 0)
		buf[0] = '\0';
	return (0);
}

int
arch_clock_witness(const char *body, struct arch_witness_link *l)
{
	(void)body;
	(void)l;
	return (0);
}
