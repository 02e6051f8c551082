/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The snippet machinery without the command line (test_assemble.c has
 * assembling, test_elf.c the ELF reader): the title, the unroll, and the
 * harness's promises checked from outside: callee-saved registers, %rsp,
 * the direction flag, MXCSR and the x87 control word come back intact
 * whatever the snippet does, and the snippet starts in the documented
 * state.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "snippet/snippet.h"
#include "snippet_prepare.h"

static void
test_title(void **state)
{
	char buf[24];

	(void)state;
	snippet_title("  mov $1,%rcx ;\n\n xchg  %rcx,(%r14) ", 37, buf,
	    sizeof(buf));
	assert_string_equal(buf, "mov $1,%rcx; xchg %r...");
	snippet_title("nop", 3, buf, sizeof(buf));
	assert_string_equal(buf, "nop");
}

#if defined(__x86_64__)	/* the harness is x86-64 code */
/*
 * Call the harness with known values in the callee-saved registers and
 * report what they hold afterwards, with RFLAGS, MXCSR and the x87
 * control word.  Seven pushes leave %rsp 16-byte aligned at the call.
 */
void	check_call(arch_snippet_fn *fn, uint64_t iters, uint64_t *after);
__asm__(
"	.text\n"
"	.type check_call,@function\n"
"check_call:\n"
"	push %rbx; push %rbp; push %r12; push %r13; push %r14; push %r15\n"
"	push %rdx\n"
"	mov $0x1111,%rbx; mov $0x2222,%rbp; mov $0x3333,%r12\n"
"	mov $0x4444,%r13; mov $0x5555,%r14; mov $0x6666,%r15\n"
"	mov %rdi,%rax; mov %rsi,%rdi\n"
"	call *%rax\n"
"	pop %rdx\n"
"	mov %rbx,0(%rdx); mov %rbp,8(%rdx); mov %r12,16(%rdx)\n"
"	mov %r13,24(%rdx); mov %r14,32(%rdx); mov %r15,40(%rdx)\n"
"	pushf; pop %rax; mov %rax,48(%rdx)\n"
"	stmxcsr 56(%rdx); fnstcw 64(%rdx)\n"
"	pop %r15; pop %r14; pop %r13; pop %r12; pop %rbp; pop %rbx\n"
"	ret\n"
"	.size check_call,.-check_call\n");

static void
test_restores(void **state)
{
	struct snippet *s;
	uint64_t after[9], mxcsr = 0, fcw = 0;
	char why[256];
	void *ctx;

	(void)state;
	/* Every callee-saved register, DF, MXCSR, FCW and %rsp clobbered. */
	s = prepare("movl $0x7fc0,(%r14); ldmxcsr (%r14)\n"
	    "movw $0x7f,8(%r14); fldcw 8(%r14)",
	    "mov $-1,%rbx; mov $-1,%rbp; mov $-1,%r12; mov $-1,%r13\n"
	    "mov $-1,%r14; mov $-1,%r15; std; push %rax; sub $64,%rsp", 3);
	ctx = s;
	assert_int_equal(s->bench.setup(&ctx, why, sizeof(why)), 0);
	__asm__ volatile("stmxcsr %0; fnstcw %1" : "=m" (mxcsr), "=m" (fcw));
	check_call(s->lay.entry, 5, after);
	assert_int_equal(after[0], 0x1111);
	assert_int_equal(after[1], 0x2222);
	assert_int_equal(after[2], 0x3333);
	assert_int_equal(after[3], 0x4444);
	assert_int_equal(after[4], 0x5555);
	assert_int_equal(after[5], 0x6666);
	assert_int_equal(after[6] & 0x400, 0);		/* DF */
	assert_int_equal(after[7] & 0xffff, mxcsr & 0xffff);
	assert_int_equal(after[8] & 0xffff, fcw & 0xffff);
	s->bench.teardown(ctx);
	snippet_free(s);
}

/* The starting state the help text documents. */
static void
test_environment(void **state)
{
	struct snippet *s;
	uint64_t *scratch, after[9];
	char why[256];
	void *ctx;

	(void)state;
	s = prepare("mov %rsp,0x100(%r14); mov %rbx,0x108(%r14)\n"
	    "mov %r13,0x110(%r14); mov %r15,%rax; sub %r14,%rax\n"
	    "mov %rax,0x118(%r14); mov %rsp,%rcx; push %rcx",
	    "addq $1,(%r14); mov %rsp,0x120(%r14)", 4);
	ctx = s;
	assert_int_equal(s->bench.setup(&ctx, why, sizeof(why)), 0);
	scratch = (uint64_t *)s->scratch;
	check_call(s->lay.entry, 3, after);
	assert_int_equal(scratch[0], 12);		/* 3 iterations x 4 */
	assert_int_equal(scratch[0x100 / 8] % 16, 0);
	assert_int_equal(scratch[0x100 / 8], s->stack + SNIPPET_STACK_SIZE);
	assert_int_equal(scratch[0x108 / 8], 0);
	assert_int_equal(scratch[0x110 / 8], 0);
	assert_int_equal(scratch[0x118 / 8], SNIPPET_R15_OFFSET);
	/* After init's push, every iteration starts where init left. */
	assert_int_equal(scratch[0x120 / 8], scratch[0x100 / 8] - 8);
	assert_int_equal(scratch[1], 0);
	s->bench.teardown(ctx);
	snippet_free(s);
}

#endif /* __x86_64__ */

static void
test_unroll(void **state)
{
	struct snippet *s;

	(void)state;
	s = prepare(NULL, "imul %rax,%rax", 0);
	assert_int_equal(s->unroll, SNIPPET_TARGET_INSNS);
	assert_int_equal(s->bench.ops, s->unroll);
	snippet_free(s);
	s = prepare(NULL, "add %rax,%rbx; add %rcx,%rdx; add %rsi,%rdi", 0);
	assert_int_equal(s->unroll, 34);
	snippet_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_title),
#if defined(__x86_64__)
		cmocka_unit_test(test_restores),
		cmocka_unit_test(test_environment),
#endif
		cmocka_unit_test(test_unroll),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
