/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * asm's reading of AArch64 register use, from objdump's text: the first
 * operand written and the rest read, stores and compares only reading,
 * addresses read and written back, accumulators read; and the chains a
 * body carries from copy to copy (snippet/chain.c).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "arch/arch.h"
#include "snippet/chain.h"

#define R(name)	(1ULL << arch_reg_family(name, strlen(name)))
#define FL	(1ULL << 63)

static void
uses(const char *text, uint64_t reads, uint64_t writes)
{
	struct arch_insn_regs r;

	assert_int_equal(arch_insn_regs(text, 0, &r), 0);
	if (r.reads != reads || r.writes != writes)
		fail_msg("'%s': reads %#llx writes %#llx, want %#llx %#llx",
		    text, (unsigned long long)r.reads,
		    (unsigned long long)r.writes, (unsigned long long)reads,
		    (unsigned long long)writes);
}

static void
test_regs(void **state)
{
	(void)state;
	uses("add x1, x1, x0", R("x1") | R("x0"), R("x1"));
	uses("mul x0, x0, x0", R("x0"), R("x0"));
	uses("madd x0, x1, x2, x0", R("x0") | R("x1") | R("x2"), R("x0"));
	uses("ldr x0, [x0]", R("x0"), R("x0"));
	uses("str x1, [x2, #8]", R("x1") | R("x2"), 0);
	uses("str x1, [x2], #8", R("x1") | R("x2"), R("x2"));
	uses("adds w0, w0, #0x1", R("x0"), R("x0") | FL);
	uses("cmp x0, x1", R("x0") | R("x1"), FL);
	uses("csel x0, x1, x2, ne", R("x1") | R("x2") | FL, R("x0"));
	uses("mov x0, #0x5", 0, R("x0"));
	uses("nop", 0, 0);
}

static void
test_chain(void **state)
{
	struct snippet_insn insns[2];
	struct snippet_code c;
	char regs[64];

	(void)state;
	memset(&c, 0, sizeof(c));
	memset(insns, 0, sizeof(insns));
	strcpy(insns[0].text, "add x1, x1, x0");
	c.insns = insns;
	c.ninsns = 1;
	assert_int_equal(snippet_chain(&c, 0, regs, sizeof(regs)), 1);
	assert_string_equal(regs, "x1");
	strcpy(insns[0].text, "add x1, x2, x0");
	assert_int_equal(snippet_chain(&c, 0, regs, sizeof(regs)), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regs),
		cmocka_unit_test(test_chain),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
