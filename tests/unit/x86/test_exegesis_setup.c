/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/exegesis_setup.c: the set-up a divide needs
 * after exegesis's zero registers, for each size, a divisor in a register,
 * in memory at every copy's address, the accumulator itself, and the high
 * half, which no values make run; a form that needs nothing; text that
 * is no instruction; and a body too long to set up.  Then the forms that
 * address memory through a register exegesis zeroes (xlat, clzero,
 * maskmovdqu, movdir64b's every destination), those through %edi left as
 * they were.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "arch/arch.h"

static const struct setup_case {
	const char	*body;
	int		 rc;
	const char	*text;
} cases[] = {
	{ "divq %rbx", 1, "movabsq $0x7fffffffffffffff, %rax\n"
	  "xorl %edx, %edx\nmovq $1, %rbx\n" },
	{ "idivl %r12d; idivl %r9d", 1, "movl $0x7fffffff, %eax\n"
	  "xorl %edx, %edx\nmovl $1, %r12d\nmovl $1, %r9d\n" },
	{ "divw %cx", 1, "movl $0x7fff, %eax\nxorl %edx, %edx\n"
	  "movw $1, %cx\n" },
	/* A byte divide: %eax whole, so %ah, the high half, is 0. */
	{ "divb %dl", 1, "movl $0x7f, %eax\nxorl %edx, %edx\nmovb $1, %dl\n" },
	{ "divq (%rdi); divq 64(%rdi)", 1, "movabsq $0x7fffffffffffffff, "
	  "%rax\nxorl %edx, %edx\nmovq $1, (%rdi)\nmovq $1, 64(%rdi)\n" },
	{ "idivq %rax", 1, "movl $1, %eax\nxorl %edx, %edx\n" },
	{ "divq %rdx", -1, "divides %rdx:%rax by %rdx, which overflows for "
	  "every value" },
	{ "divb %ah", -1, "divides %ah:%al by %ah, which overflows for every "
	  "value" },
	/* Addresses through a register exegesis zeroes: into the scratch. */
	{ "xlatb", 1, "movq %rdi, %rbx\n" },
	{ "clzero", 1, "movq %rdi, %rax\n" },
	{ "maskmovdqu %xmm1, %xmm7", 1, "movq %r14, %rdi\n" },
	{ "vmaskmovdqu %xmm4, %xmm8", 1, "movq %r14, %rdi\n" },
	{ "maskmovq %mm4, %mm3", 1, "movq %r14, %rdi\n" },
	/* Each copy's destination once; a shared one, one line. */
	{ "movdir64b (%rdi), %r9; movdir64b 64(%rdi), %rax; "
	  "movdir64b 128(%rdi), %r9", 1, "leaq 4096(%rdi), %r9\n"
	  "leaq 4096(%rdi), %rax\n" },
	/* Through %edi: the scratch memory is not below 4 GB; as it was. */
	{ "movdir64b (%edi), %r15d; movdir64b 64(%edi), %r10d", 0, "" },
	{ "addr32 maskmovdqu %xmm14, %xmm12", 0, "" },
	{ "movdir64b", 0, "" },
	{ "addq %rcx, %rbp; addq %rcx, %rbp", 0, "" },
	{ "divps %xmm1, %xmm2", 0, "" },
	{ "", 0, "" },
	{ "div", 0, "" },
	{ ";;; divq", 0, "" },
};

static void
test_setups(void **state)
{
	char buf[1024];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_message("%s\n", cases[i].body);
		assert_int_equal(arch_exegesis_setup(cases[i].body, buf,
		    sizeof(buf)), cases[i].rc);
		assert_string_equal(buf, cases[i].text);
	}
}

/*
 * More divisors, or address registers, than the set-up has room for: not
 * measured, no overrun.  Copy i's operand is base + i * step.
 */
static void
test_too_long(void **state)
{
	static const struct {
		const char	*copy, *why;
		size_t		 copies, base, step;
	} longs[] = {
		{ "divq %zu(%%rdi)", "more divisors than the set-up holds",
		  40, 0, 64 },
		{ "movdir64b (%%rdi), %%r%zu", "more address registers than "
		  "the set-up holds", 8, 8, 1 },
	};
	char body[4096], buf[64];
	size_t i, k, n;

	(void)state;
	for (k = 0; k < sizeof(longs) / sizeof(longs[0]); k++) {
		for (i = 0, n = 0; i < longs[k].copies; i++) {
			if (i > 0)
				n += (size_t)snprintf(body + n, sizeof(body) -
				    n, "; ");
			n += (size_t)snprintf(body + n, sizeof(body) - n,
			    longs[k].copy, longs[k].base + i * longs[k].step);
		}
		assert_int_equal(arch_exegesis_setup(body, buf, sizeof(buf)),
		    -1);
		assert_string_equal(buf, longs[k].why);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_setups),
		cmocka_unit_test(test_too_long),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
