/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * asm's reading of x86 register use, from objdump's text of the
 * instructions: what each reads and writes (destinations, zeroing
 * idioms, partial registers, implicit operands, flags, addresses), and
 * the chains a body carries from copy to copy (snippet/chain.c), one
 * for a latency, several side by side.
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
#define FL	(1ULL << 48)

static void
uses(const char *text, int intel, uint64_t reads, uint64_t writes)
{
	struct arch_insn_regs r;

	assert_int_equal(arch_insn_regs(text, intel, &r), 0);
	if (r.reads != reads || r.writes != writes)
		fail_msg("'%s': reads %#llx writes %#llx, want %#llx %#llx",
		    text, (unsigned long long)r.reads,
		    (unsigned long long)r.writes, (unsigned long long)reads,
		    (unsigned long long)writes);
}

static void
test_att(void **state)
{
	(void)state;
	uses("add %rax,%rbx", 0, R("rax") | R("rbx"), R("rbx") | FL);
	uses("addl $0x1,%ebx", 0, R("rbx"), R("rbx") | FL);
	uses("imul %rax,%rax", 0, R("rax"), R("rax") | FL);
	uses("imul $0x5,%rax,%rbx", 0, R("rax"), R("rbx") | FL);
	uses("mov (%r14),%r14", 0, R("r14"), R("r14"));
	uses("mov %rax,0x8(%r14,%rcx,8)", 0, R("rax") | R("r14") | R("rcx"),
	    0);
	uses("lea 0x1(%rax),%rax", 0, R("rax"), R("rax"));
	uses("xor %eax,%eax", 0, 0, R("rax") | FL);
	uses("vpxor %xmm1,%xmm1,%xmm2", 0, 0, R("xmm2"));
	uses("mov $0x1,%al", 0, R("rax"), R("rax"));
	uses("cmp %rax,%rbx", 0, R("rax") | R("rbx"), FL);
	uses("adc $0x0,%rbx", 0, R("rbx") | FL, R("rbx") | FL);
	uses("mul %rcx", 0, R("rcx") | R("rax"), R("rax") | R("rdx") | FL);
	uses("lock addl $0x1,(%r14)", 0, R("r14"), FL);
	uses("rdtsc", 0, 0, R("rax") | R("rdx"));
	uses("nop", 0, 0, 0);
	uses("vfmadd231ps %ymm1,%ymm2,%ymm0", 0,
	    R("xmm0") | R("xmm1") | R("xmm2"), R("xmm0"));
	uses("xchg %rax,%rbx", 0, R("rax") | R("rbx"), R("rax") | R("rbx"));
	uses("jne 10 <.text+0x10>", 0, FL, 0);
	uses("vmovups (%r9),%zmm1", 0, R("r9"), R("xmm1"));
	uses("vmovaps %xmm1,%xmm2", 0, R("xmm1"), R("xmm2"));
	uses("movss %xmm1,%xmm2", 0, R("xmm1") | R("xmm2"), R("xmm2"));
	uses("movss (%r9),%xmm2", 0, R("r9"), R("xmm2"));
	uses("movlps (%r9),%xmm2", 0, R("r9") | R("xmm2"), R("xmm2"));
	uses("vmovss %xmm1,%xmm2,%xmm3", 0, R("xmm1") | R("xmm2"), R("xmm3"));
	/* bsf and bsr keep their destination when the source is zero, so
	   the core reads it; lzcnt and tzcnt define it always. */
	uses("bsf %rax,%rbx", 0, R("rax") | R("rbx"), R("rbx") | FL);
	uses("bsr %eax,%ebx", 0, R("rax") | R("rbx"), R("rbx") | FL);
	uses("lzcnt %rax,%rbx", 0, R("rax"), R("rbx") | FL);
	/* adcx and adox carry through a flag each, read and written. */
	uses("adcx %rax,%rbx", 0, R("rax") | R("rbx") | FL, R("rbx") | FL);
	uses("adox %rax,%rbx", 0, R("rax") | R("rbx") | FL, R("rbx") | FL);
}

/*
 * AVX-512 decorations: a mask register in braces is read, not the
 * destination; merge-masking keeps a vector destination's unselected
 * elements, so it reads it, and {z} zeroes them instead, as a mask
 * destination always has them.
 */
static void
test_masked(void **state)
{
	(void)state;
	uses("vaddps 0x40(%r9),%zmm2,%zmm1{%k1}", 0,
	    R("r9") | R("xmm2") | R("xmm1") | R("k1"), R("xmm1"));
	uses("vaddps 0x40(%r9),%zmm2,%zmm1{%k1}{z}", 0,
	    R("r9") | R("xmm2") | R("k1"), R("xmm1"));
	uses("vmovups (%r9),%zmm1{%k2}{z}", 0, R("r9") | R("k2"), R("xmm1"));
	uses("vmovups %zmm1,(%r9){%k2}", 0, R("r9") | R("k2") | R("xmm1"), 0);
	uses("vpcmpeqd %zmm1,%zmm2,%k1{%k2}", 0,
	    R("xmm1") | R("xmm2") | R("k2"), R("k1"));
	uses("vaddps {rn-sae},%zmm2,%zmm1,%zmm0", 0, R("xmm1") | R("xmm2"),
	    R("xmm0"));
	uses("vaddps (%r9){1to16},%zmm2,%zmm0", 0, R("r9") | R("xmm2"),
	    R("xmm0"));
	uses("vaddps zmm1{k1},zmm2,ZMMWORD PTR [r9+0x40]", 1,
	    R("r9") | R("xmm2") | R("xmm1") | R("k1"), R("xmm1"));
	uses("vaddps zmm1{k1}{z},zmm2,zmm3", 1,
	    R("xmm2") | R("xmm3") | R("k1"), R("xmm1"));
	uses("vaddps zmm0,zmm1,zmm2,{rn-sae}", 1, R("xmm1") | R("xmm2"),
	    R("xmm0"));
}

static void
test_intel(void **state)
{
	(void)state;
	uses("add rbx,rax", 1, R("rax") | R("rbx"), R("rbx") | FL);
	uses("mov r14,QWORD PTR [r14]", 1, R("r14"), R("r14"));
	uses("imul rbx,rax,0x5", 1, R("rax"), R("rbx") | FL);
	uses("xor eax,eax", 1, 0, R("rax") | FL);
	uses("movsd xmm2,xmm1", 1, R("xmm1") | R("xmm2"), R("xmm2"));
	uses("movhpd xmm2,QWORD PTR [r9]", 1, R("r9") | R("xmm2"), R("xmm2"));
}

/* The chains of a body given as objdump's lines. */
static int
chains(int intel, char *regs, size_t len, const char *const *lines,
    size_t n)
{
	struct snippet_insn insns[8];
	struct snippet_code c;
	size_t i;

	memset(&c, 0, sizeof(c));
	memset(insns, 0, sizeof(insns));
	for (i = 0; i < n; i++)
		strcpy(insns[i].text, lines[i]);
	c.insns = insns;
	c.ninsns = n;
	return (snippet_chain(&c, intel, regs, len));
}

#define CHAINS(intel, regs, ...)					\
	chains(intel, regs, sizeof(regs),				\
	    (const char *const[]){ __VA_ARGS__ },			\
	    sizeof((const char *const[]){ __VA_ARGS__ }) / sizeof(char *))

static void
test_chain(void **state)
{
	char regs[64];
	struct snippet_code none;

	(void)state;
	assert_int_equal(CHAINS(0, regs, "add %rax,%rbx"), 1);
	assert_string_equal(regs, "%rbx");
	assert_int_equal(CHAINS(0, regs, "imul %rax,%rax"), 1);
	assert_int_equal(CHAINS(0, regs, "mov (%r14),%r14"), 1);
	assert_int_equal(CHAINS(0, regs, "adc $0x0,%rbx"), 1);
	assert_string_equal(regs, "%rbx and the flags");
	/* Registers feeding each other: one chain. */
	assert_int_equal(CHAINS(0, regs, "add %rax,%rbx", "add %rbx,%rax"),
	    1);
	assert_string_equal(regs, "%rax and %rbx");
	/* Chains that never meet: several, side by side. */
	assert_int_equal(CHAINS(0, regs, "imul %rax,%rax", "imul %rbx,%rbx",
	    "imul %rcx,%rcx"), 3);
	assert_string_equal(regs, "%rax, %rcx and %rbx");
	/* Written before it is read, or never written: no chain. */
	assert_int_equal(CHAINS(0, regs, "imul $0x5,%rax,%rbx"), 0);
	assert_int_equal(CHAINS(0, regs, "xor %eax,%eax", "add $0x1,%rax"),
	    0);
	assert_int_equal(CHAINS(0, regs, "mov %rax,(%r14)"), 0);
	assert_int_equal(CHAINS(0, regs, "add $0x1,%rax", "adc $0x0,%rbx"),
	    1);
	assert_string_equal(regs, "%rax and %rbx");
	assert_int_equal(CHAINS(1, regs, "add rbx,rax"), 1);
	assert_string_equal(regs, "rbx");
	/* Without objdump's listing it cannot be told. */
	memset(&none, 0, sizeof(none));
	assert_int_equal(snippet_chain(&none, 0, regs, sizeof(regs)), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_att),
		cmocka_unit_test(test_intel),
		cmocka_unit_test(test_masked),
		cmocka_unit_test(test_chain),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
