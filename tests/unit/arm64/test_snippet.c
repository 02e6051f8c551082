/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench asm on arm64: aarch64 text through the cross assembler, and
 * the harness checked from outside: callee-saved registers, sp, FPCR and
 * TPIDR_EL0 restored whatever the snippet did, and the starting state
 * the help text documents.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "snippet/snippet.h"
#include "snippet_prepare.h"

static void
test_assemble(void **state)
{
	struct snippet *s;

	(void)state;
	s = prepare(NULL, "ldadd w1, w2, [x14]; add x0, x0, x1", 0);
	assert_int_equal(s->body.len, 8);
	assert_int_equal(s->body.ninsns, 2);
	assert_non_null(strstr(s->body.insns[0].text, "ldadd"));
	assert_int_equal(s->body.insns[1].offset, 4);
	assert_int_equal(s->unroll, 50);
	snippet_free(s);
}

static void
test_x86_refused(void **state)
{
	struct snippet_spec spec;
	struct snippet *s;
	char err[1024], warn[1024];

	(void)state;
	memset(&spec, 0, sizeof(spec));
	spec.title = spec.body = "mov %rax,%rbx";
	spec.body_len = strlen(spec.body);
	spec.body_label = "snippet";
	assert_int_equal(snippet_prepare(&spec, &s, err, sizeof(err), warn,
	    sizeof(warn)), -1);
	assert_non_null(strstr(err, "snippet:1: Error:"));
}

/*
 * Call the harness with known values in x19-x28 and d8-d15, and report
 * what they, FPCR and TPIDR_EL0 hold afterwards.
 */
void	check_call(arch_snippet_fn *fn, uint64_t iters, uint64_t *after);
__asm__(
"	.text\n"
"	.type check_call,%function\n"
"check_call:\n"
"	stp x29, x30, [sp, #-160]!\n"
"	stp x19, x20, [sp, #16]; stp x21, x22, [sp, #32]\n"
"	stp x23, x24, [sp, #48]; stp x25, x26, [sp, #64]\n"
"	stp x27, x28, [sp, #80]; stp d8, d9, [sp, #96]\n"
"	stp d10, d11, [sp, #112]; str x2, [sp, #128]\n"
"	mov x19, #0x19; mov x20, #0x20; mov x21, #0x21; mov x22, #0x22\n"
"	mov x23, #0x23; mov x24, #0x24; mov x25, #0x25; mov x26, #0x26\n"
"	mov x27, #0x27; mov x28, #0x28; fmov d8, x19; fmov d11, x22\n"
"	mov x16, x0; mov x0, x1\n"
"	blr x16\n"
"	ldr x2, [sp, #128]\n"
"	stp x19, x20, [x2]; stp x21, x22, [x2, #16]\n"
"	stp x23, x24, [x2, #32]; stp x25, x26, [x2, #48]\n"
"	stp x27, x28, [x2, #64]; fmov x3, d8; fmov x4, d11\n"
"	stp x3, x4, [x2, #80]; mrs x3, fpcr; mrs x4, tpidr_el0\n"
"	stp x3, x4, [x2, #96]; mov x3, sp; str x3, [x2, #112]\n"
"	ldp x19, x20, [sp, #16]; ldp x21, x22, [sp, #32]\n"
"	ldp x23, x24, [sp, #48]; ldp x25, x26, [sp, #64]\n"
"	ldp x27, x28, [sp, #80]; ldp d8, d9, [sp, #96]\n"
"	ldp d10, d11, [sp, #112]\n"
"	ldp x29, x30, [sp], #160\n"
"	ret\n"
"	.size check_call,.-check_call\n");

static void
test_restores(void **state)
{
	static const uint64_t x19_28[] = { 0x19, 0x20, 0x21, 0x22, 0x23,
	    0x24, 0x25, 0x26, 0x27, 0x28 };
	struct snippet *s;
	uint64_t after[15], fpcr, tpidr;
	char why[256];
	void *ctx;
	int i;

	(void)state;
	/* Every callee-saved register, FPCR, TPIDR_EL0 and sp clobbered. */
	s = prepare("mov x0, #0x400000; msr fpcr, x0; msr tpidr_el0, xzr",
	    "mov x19, #-1; mov x20, #-1; mov x21, #-1; mov x22, #-1\n"
	    "mov x23, #-1; mov x24, #-1; mov x25, #-1; mov x26, #-1\n"
	    "mov x27, #-1; mov x28, #-1; movi d8, #0; movi d11, #0\n"
	    "sub sp, sp, #64", 3);
	ctx = s;
	assert_int_equal(s->bench.setup(&ctx, why, sizeof(why)), 0);
	__asm__ volatile("mrs %0, fpcr; mrs %1, tpidr_el0"
	    : "=r" (fpcr), "=r" (tpidr));
	check_call(s->lay.entry, 5, after);
	for (i = 0; i < 10; i++)
		assert_int_equal(after[i], x19_28[i]);
	assert_int_equal(after[10], 0x19);
	assert_int_equal(after[11], 0x22);
	assert_int_equal(after[12], fpcr);
	assert_int_equal(after[13], tpidr);
	s->bench.teardown(ctx);
	snippet_free(s);
}

/* The starting state the help text documents. */
static void
test_environment(void **state)
{
	struct snippet *s;
	uint64_t *scratch, after[15];
	char why[256];
	void *ctx;

	(void)state;
	s = prepare("mov x1, sp; str x1, [x14, #0x100]\n"
	    "str x19, [x14, #0x108]; str x13, [x14, #0x110]\n"
	    "sub x1, x15, x14; str x1, [x14, #0x118]\n"
	    "str x30, [x14, #0x128]; sub sp, sp, #16",
	    "ldr x0, [x14]; add x0, x0, #1; str x0, [x14]\n"
	    "mov x1, sp; str x1, [x14, #0x120]", 4);
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
	/* After init's sub, every iteration starts where init left. */
	assert_int_equal(scratch[0x120 / 8], scratch[0x100 / 8] - 16);
	assert_int_equal(scratch[0x128 / 8], s->lay.ret_trap);
	s->bench.teardown(ctx);
	snippet_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_assemble),
		cmocka_unit_test(test_x86_refused),
		cmocka_unit_test(test_restores),
		cmocka_unit_test(test_environment),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
