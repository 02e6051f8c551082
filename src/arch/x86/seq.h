/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Instruction sequences whose text differs between i386 and x86-64, as
 * asm strings for extended asm ("%%" for registers), so that a suite
 * states a sequence once and each ISA spells it its own way.
 *
 * On i386 they are the seeds' own instructions (pushal, pushl %ds).
 * x86-64 has no pusha and cannot push %ds or %es, so there the
 * counterparts are what a 64-bit kernel entry does: the fifteen general
 * registers one by one (Linux's PUSH_REGS order) and a segment register
 * through %eax.  Code that pushes must first step over the 128-byte red
 * zone below %rsp, where the compiler may keep a leaf function's locals.
 */
#ifndef CB_ARCH_X86_SEQ_H
#define CB_ARCH_X86_SEQ_H

#include <stdint.h>

/* Read or load a segment register ("ds", "es", "ss", ...). */
#define SEG_READ(seg) __extension__ ({					\
	uint16_t v_;							\
	__asm__ volatile("mov %%" seg ", %0" : "=r" (v_));		\
	v_;								\
})
#define SEG_WRITE(seg, v)						\
	__asm__ volatile("mov %0, %%" seg : : "r" ((uint32_t)(v)))

#if defined(__x86_64__)

#define ASM_STACK_ENTER	"lea -128(%%rsp), %%rsp\n\t"
#define ASM_STACK_LEAVE	"lea 128(%%rsp), %%rsp\n\t"

#define ASM_PUSH_ALL							\
	"push %%rdi\n\tpush %%rsi\n\tpush %%rdx\n\tpush %%rcx\n\t"	\
	"push %%rax\n\tpush %%r8\n\tpush %%r9\n\tpush %%r10\n\t"	\
	"push %%r11\n\tpush %%rbx\n\tpush %%rbp\n\tpush %%r12\n\t"	\
	"push %%r13\n\tpush %%r14\n\tpush %%r15\n\t"
#define ASM_POP_ALL							\
	"pop %%r15\n\tpop %%r14\n\tpop %%r13\n\tpop %%r12\n\t"		\
	"pop %%rbp\n\tpop %%rbx\n\tpop %%r11\n\tpop %%r10\n\t"		\
	"pop %%r9\n\tpop %%r8\n\tpop %%rax\n\tpop %%rcx\n\t"		\
	"pop %%rdx\n\tpop %%rsi\n\tpop %%rdi\n\t"

/* Clobbers %eax: after ASM_PUSH_ALL, or with "eax" declared. */
#define ASM_PUSH_SEG(seg)	"mov %%" seg ", %%eax\n\tpush %%rax\n\t"
#define ASM_POP_SEG(seg)	"pop %%rax\n\tmov %%eax, %%" seg "\n\t"

/* The REX.W forms a 64-bit kernel uses (64-bit FPU instruction pointers). */
#define ASM_W64		"64"

/* The accumulator at the native width, for instructions that take no other. */
#define ASM_XAX		"%%rax"

/*
 * The XMM registers as clobbers, with a leading comma: append to another
 * clobber ("memory" XMM_CLOBBERS).  On i386 the compiler knows them only
 * when it may use them (-msse), and must not be told otherwise.
 */
#define XMM_CLOBBERS							\
	, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", \
	"xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14",	\
	"xmm15"

#elif defined(__i386__)

/* The i386 SysV ABI has no red zone. */
#define ASM_STACK_ENTER	""
#define ASM_STACK_LEAVE	""

#define ASM_PUSH_ALL		"pushal\n\t"
#define ASM_POP_ALL		"popal\n\t"

#define ASM_PUSH_SEG(seg)	"pushl %%" seg "\n\t"
#define ASM_POP_SEG(seg)	"popl %%" seg "\n\t"

#define ASM_W64		""
#define ASM_XAX		"%%eax"

#ifdef __SSE__
#define XMM_CLOBBERS							\
	, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"
#else
#define XMM_CLOBBERS
#endif

#else
#error "cyclebench's suites are x86 code: build for i386 or x86-64"
#endif

#endif /* CB_ARCH_X86_SEQ_H */
