/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/exegesis_chain.c: a table of memory forms as
 * llvm-mc writes them (AT&T) with exegesis's key, and the chain each
 * gets, by its kind's first word and its body and set-up, or none with
 * the reason; then text that is no instruction at all, which must be
 * refused without a crash.  The same for register forms' chains.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"

struct chain_case {
	const char	*insn, *key;
	const char	*kind;		/* first word; NULL: no chain */
	const char	*body, *init;
};

static const struct chain_case cases[] = {
	{ "movq %rax, (%rdi)", "MOV64mr RDI i_0x1 %noreg i_0x0 %noreg RAX",
	  "store", "movq %rax, (%rdi); movq (%rdi), %rax", "" },
	{ "vmovaps %zmm3, (%rdi)",
	  "VMOVAPSZmr RDI i_0x1 %noreg i_0x0 %noreg ZMM3",
	  "store", "vmovaps %zmm3, (%rdi); vmovaps (%rdi), %zmm3", "" },
	{ "lock addq %r8, (%rdi)",
	  "LOCK_ADD64mr RDI i_0x1 %noreg i_0x0 %noreg R8",
	  "rmw", "lock addq %r8, (%rdi)", "" },
	{ "xchgq %r13, (%rdi)", "XCHG64rm R13 R13 RDI i_0x1 %noreg i_0x0 "
	  "%noreg", "rmw", "xchgq %r13, (%rdi)", "" },
	{ "lock cmpxchgq %r10, (%rdi)",
	  "LCMPXCHG64 RDI i_0x1 %noreg i_0x0 %noreg R10",
	  "rmw", "lock cmpxchgq %r10, (%rdi)", "" },
	{ "incq (%rdi)", "INC64m RDI i_0x1 %noreg i_0x0 %noreg",
	  "rmw", "incq (%rdi)", "" },
	{ "addq $1, (%rdi)", "ADD64mi8 RDI i_0x1 %noreg i_0x0 %noreg i_0x1",
	  "rmw", "addq $1, (%rdi)", "" },
	{ "addq (%rdi), %rsi", "ADD64rm RSI RSI RDI i_0x1 %noreg i_0x0 %noreg",
	  "load", "addq (%rdi,%rsi), %rsi",
	  "movq $0, (%rdi); movq $0, %rsi" },
	{ "addb (%rdi), %ah", "ADD8rm AH AH RDI i_0x1 %noreg i_0x0 %noreg",
	  "load", "addb (%rdi,%rax), %ah", "movq $0, (%rdi); movq $0, %rax" },
	{ "shlxq %rcx, (%rdi), %r9",
	  "SHLX64rm R9 RDI i_0x1 %noreg i_0x0 %noreg RCX",
	  "load", "shlxq %rcx, (%rdi,%r9), %r9",
	  "movq $0, (%rdi); movq $0, %r9" },
	/* From zero memory their result is not zero: through the register,
	   or none, never an address that walks away. */
	{ "adcq (%rdi), %rsi", "ADC64rm RSI RSI RDI i_0x1 %noreg i_0x0 %noreg",
	  "register", "adcq (%rdi), %rsi", "" },
	{ "lzcntq (%rdi), %rax", "LZCNT64rm RAX RDI i_0x1 %noreg i_0x0 %noreg",
	  NULL, NULL, NULL },
	{ "blsicq (%rdi), %rsi", "BLSIC64rm RSI RDI i_0x1 %noreg i_0x0 "
	  "%noreg", NULL, NULL, NULL },
	{ "blsmskq (%rdi), %rax",
	  "BLSMSK64rm RAX RDI i_0x1 %noreg i_0x0 %noreg", NULL, NULL, NULL },
	/* Text GNU as refuses (llvm-mc's, for movsxd to 32 bits and a
	   16-bit movsx): no chain, and the kind says why. */
	{ "movslq (%rdi), %esi", "MOVSX32rm32 ESI RDI i_0x1 %noreg i_0x0 "
	  "%noreg", NULL, NULL, NULL },
	{ "movsww (%rdi), %r8w", "MOVSX16rm16 R8W RDI i_0x1 %noreg i_0x0 "
	  "%noreg", NULL, NULL, NULL },
	/* movdir64b's register is where it stores: no result to index. */
	{ "movdir64b (%rdi), %rdx", "MOVDIR64B64 RDX RDI i_0x1 %noreg i_0x0 "
	  "%noreg", NULL, NULL, NULL },
	/* The base cannot be its own index. */
	{ "addq (%rdi), %rdi", "ADD64rm RDI RDI RDI i_0x1 %noreg i_0x0 %noreg",
	  "register", "addq (%rdi), %rdi", "" },
	{ "vaddps (%rdi), %zmm13, %zmm2",
	  "VADDPSZrm ZMM2 ZMM13 RDI i_0x1 %noreg i_0x0 %noreg",
	  "register", "vaddps (%rdi), %zmm2, %zmm2", "" },
	{ "vfmadd231ps (%rdi), %zmm1, %zmm2",
	  "VFMADD231PSZm ZMM2 ZMM2 ZMM1 RDI i_0x1 %noreg i_0x0 %noreg",
	  "register", "vfmadd231ps (%rdi), %zmm1, %zmm2", "" },
	{ "movq (%rdi), %rcx", "MOV64rm RCX RDI i_0x1 %noreg i_0x0 %noreg",
	  "load", "movq (%rdi,%rcx), %rcx", "movq $0, (%rdi); movq $0, %rcx" },
	{ "vmovhps %xmm3, (%rdi)", "VMOVHPSmr RDI i_0x1 %noreg i_0x0 %noreg "
	  "XMM3", "store", "vmovhps %xmm3, (%rdi); vmovhps (%rdi), %xmm3, "
	  "%xmm3", "" },
	/* as refuses a complex multiply's destination as a source. */
	{ "vfmulcph (%rdi), %zmm1, %zmm2", "VFMULCPHZrm ZMM2 ZMM1 RDI i_0x1 "
	  "%noreg i_0x0 %noreg", NULL, NULL, NULL },
	/* One operand: through %rax and %rdx, which it reads and writes. */
	{ "divq (%rdi)", "DIV64m RDI i_0x1 %noreg i_0x0 %noreg",
	  "register", "divq (%rdi)", "" },
	{ "imulq (%rdi)", "IMUL64m RDI i_0x1 %noreg i_0x0 %noreg",
	  "register", "imulq (%rdi)", "" },
	/* A masked destination is not fed back: no chain. */
	{ "vaddps (%rdi), %zmm1, %zmm2 {%k2} {z}",
	  "VADDPSZrmkz ZMM2 K2 ZMM1 RDI i_0x1 %noreg i_0x0 %noreg",
	  NULL, NULL, NULL },
	{ "cmpq %r15, (%rdi)", "CMP64mr RDI i_0x1 %noreg i_0x0 %noreg R15",
	  NULL, NULL, NULL },
	{ "btq %rcx, (%rdi)", "BT64mr RDI i_0x1 %noreg i_0x0 %noreg RCX",
	  NULL, NULL, NULL },
	{ "prefetcht0 (%rdi)", "PREFETCHT0 RDI i_0x1 %noreg i_0x0 %noreg",
	  NULL, NULL, NULL },
	{ "vucomiss (%rdi), %xmm1", "VUCOMISSrm XMM1 RDI i_0x1 %noreg i_0x0 "
	  "%noreg", NULL, NULL, NULL },
	{ "movq %rax, 64(%rdi)", "MOV64mr RDI i_0x1 %noreg i_0x40 %noreg RAX",
	  NULL, NULL, NULL },
	{ "movq (%rsi), %rax", "MOV64rm RAX RSI i_0x1 %noreg i_0x0 %noreg",
	  NULL, NULL, NULL },
	{ "movsq (%rsi), %es:(%rdi)", "MOVSQ", NULL, NULL, NULL },
	{ "imulq $3, (%rdi), %rax",
	  "IMUL64rmi32 RAX RDI i_0x1 %noreg i_0x0 %noreg i_0x3",
	  "load", "imulq $3, (%rdi,%rax), %rax",
	  "movq $0, (%rdi); movq $0, %rax" },
	{ "movl (%rdi), %ecx", "MOV32rm ECX RDI i_0x1 %noreg i_0x0 %noreg",
	  "load", "movl (%rdi,%rcx), %ecx", "movq $0, (%rdi); movq $0, %rcx" },
	/* Zero from zero: chained, where a chase needed the address back. */
	{ "movzwq (%rdi), %rcx",
	  "MOVZX64rm16 RCX RDI i_0x1 %noreg i_0x0 %noreg",
	  "load", "movzwq (%rdi,%rcx), %rcx",
	  "movq $0, (%rdi); movq $0, %rcx" },
	{ "movbeq (%rdi), %rcx", "MOVBE64rm RCX RDI i_0x1 %noreg i_0x0 %noreg",
	  "load", "movbeq (%rdi,%rcx), %rcx",
	  "movq $0, (%rdi); movq $0, %rcx" },
	{ "movslq (%rdi), %rcx", "MOVSX64rm32 RCX RDI i_0x1 %noreg i_0x0 "
	  "%noreg", "load", "movslq (%rdi,%rcx), %rcx",
	  "movq $0, (%rdi); movq $0, %rcx" },
	{ "sete (%rdi)", "SETCCm RDI i_0x1 %noreg i_0x0 %noreg i_0x4",
	  NULL, NULL, NULL },
	{ "addq %rcx, %rbp", "ADD64rr RBP RBP RCX", NULL, NULL, NULL },
	{ "cpuid", "CPUID", NULL, NULL, NULL },
};

static void
check(const struct chain_case *c)
{
	struct arch_chain ch;
	int rc;

	memset(&ch, 0x5a, sizeof(ch));
	rc = arch_exegesis_chain(c->insn, c->key, 0, &ch);
	if (ch.kind == NULL)
		fail_msg("%s: no kind", c->insn);
	if (c->kind == NULL) {
		if (rc != -1)
			fail_msg("%s: chained (%s: %s)", c->insn, ch.kind,
			    ch.body);
		/* Nothing half-built is left to be used. */
		assert_string_equal(ch.body, "");
		assert_string_equal(ch.init, "");
		return;
	}
	if (rc != 0)
		fail_msg("%s: no chain: %s", c->insn, ch.kind);
	if (strncmp(ch.kind, c->kind, strlen(c->kind)) != 0 ||
	    ch.kind[strlen(c->kind)] != ':')
		fail_msg("%s: kind \"%s\", not %s", c->insn, ch.kind, c->kind);
	if (strcmp(ch.body, c->body) != 0)
		fail_msg("%s: body \"%s\", not \"%s\"", c->insn, ch.body,
		    c->body);
	if (strcmp(ch.init, c->init) != 0)
		fail_msg("%s: init \"%s\", not \"%s\"", c->insn, ch.init,
		    c->init);
}

static void
test_chains(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check(&cases[i]);
}

/* A locked form says so in its kind. */
static void
test_locked_kind(void **state)
{
	struct arch_chain ch;

	(void)state;
	assert_int_equal(arch_exegesis_chain("lock xaddq %rax, (%rdi)",
	    "LOCK_XADD64rm", 0, &ch), 0);
	assert_non_null(strstr(ch.kind, "locked"));
	assert_int_equal(arch_exegesis_chain("xaddq %rax, (%rdi)",
	    "XADD64rm", 0, &ch), 0);
	assert_null(strstr(ch.kind, "locked"));
}

/* Text that is no instruction: refused, never read past, no crash. */
static void
test_garbage(void **state)
{
	static const char *const junk[] = { "", " ", "lock ", "lock  ",
	    "garbage text", "(((( ,,,, ))))", ",,,,,,,,", "a (%rdi),,",
	    "addq %rax, (%rdi), %rbx, %rcx, %rdx", "movq ((%rdi)), %rax",
	    "movq %rax,", "\t\n", "lock lock lock", "%rdi", "(%rdi)" };
	struct arch_chain ch;
	char big[1024];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		if (arch_exegesis_chain(junk[i], "", 0, &ch) != -1)
			fail_msg("\"%s\" chained: %s", junk[i], ch.body);
		assert_non_null(ch.kind);
	}
	/* Words and operands longer than any buffer. */
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(arch_exegesis_chain(big, big, 0, &ch), -1);
	memcpy(big, "addq ", 5);
	big[600] = ',';
	memcpy(big + 990, "(%rdi)", 7);
	assert_int_equal(arch_exegesis_chain(big, big, 0, &ch), -1);
	snprintf(big, sizeof(big), "movq %%rax, (%%rdi)%0900d", 0);
	assert_int_equal(arch_exegesis_chain(big, "", 0, &ch), -1);
}

/*
 * Was a bug (exegesis_chain.c): a form whose memory operand is last is taken
 * as read-modify-write unless it is a mov of a register, so stores that
 * never read the location get an "rmw" chain they do not have (each
 * copy is independent: the row is a throughput called latency; measured
 * here, MOV64mi32's "latency" 0.51 beside its throughput 1.01); and
 * stores whose mnemonic starts "mov" but has no load form (movnti,
 * movntdq) get a reload the assembler refuses.  Each should have no
 * chain.  (The pointer chase of the time took any mov into a 64-bit
 * register, but movzwq, movbeq and movslq did not give back the address
 * they loaded: "privileged (#GP)" for MOVBE64rm, a SIGSEGV for
 * MOVZX64rm16.  The load chain indexes by a zero they give back instead:
 * the table above chains them.)
 */
static void
test_no_false_chains(void **state)
{
	static const struct chain_case wrong[] = {
		{ "movq $1, (%rdi)",
		  "MOV64mi32 RDI i_0x1 %noreg i_0x0 %noreg i_0x1",
		  NULL, NULL, NULL },
		{ "vextractf128 $1, %ymm0, (%rdi)", "VEXTRACTF128mr",
		  NULL, NULL, NULL },
		{ "pextrb $1, %xmm0, (%rdi)", "PEXTRBmr", NULL, NULL, NULL },
		{ "vmaskmovps %xmm0, %xmm1, (%rdi)", "VMASKMOVPSmr",
		  NULL, NULL, NULL },
		{ "movntiq %rax, (%rdi)", "MOVNTI_64mr", NULL, NULL, NULL },
		{ "movntdq %xmm0, (%rdi)", "MOVNTDQmr", NULL, NULL, NULL },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(wrong) / sizeof(wrong[0]); i++)
		check(&wrong[i]);
}

/*
 * Was a bug (exegesis_chain.c): after a "lock" that ends the text, `rest++'
 * steps over the terminating NUL and the prefix's instruction is read
 * from whatever follows in memory (here a heap buffer of exactly "lock":
 * a heap-buffer-overflow under ASan; a string literal chained as
 * "rmw: lock" in a build without it).  The loop should start at rest,
 * not rest + 1.
 */
static void
test_lone_lock(void **state)
{
	struct arch_chain ch;
	char *lock;

	(void)state;
	lock = strdup("lock");
	assert_non_null(lock);
	assert_int_equal(arch_exegesis_chain(lock, "", 0, &ch), -1);
	assert_string_equal(ch.kind, "a lone lock prefix");
	free(lock);
}

/*
 * Register forms whose latency snippet from exegesis had one register for
 * every operand: the throughput snippet's first copy, chained through
 * its destination, so that no copy is an idiom; or none, with why.
 */
static const struct reg_case {
	const char	*insn, *key;
	const char	*body;		/* NULL: no chain */
	unsigned	 per_link;
} reg_cases[] = {
	/* Tied: as it is. */
	{ "xorq %rbx, %rax", "XOR64rr RAX RAX RBX", "xorq %rbx, %rax", 1 },
	{ "andnps %xmm12, %xmm4", "ANDNPSrr XMM4 XMM4 XMM12",
	  "andnps %xmm12, %xmm4", 1 },
	{ "vfmadd231ps %ymm3, %ymm2, %ymm1",
	  "VFMADD231PSYr YMM1 YMM1 YMM2 YMM3",
	  "vfmadd231ps %ymm3, %ymm2, %ymm1", 1 },
	/* Three registers: the destination fed back as the first source. */
	{ "vandnps %xmm11, %xmm13, %xmm5", "VANDNPSrr XMM5 XMM13 XMM11",
	  "vandnps %xmm11, %xmm13, %xmm13", 1 },
	{ "vpxorq %zmm1, %zmm2, %zmm3", "VPXORQZrr ZMM3 ZMM2 ZMM1",
	  "vpxorq %zmm1, %zmm2, %zmm2", 1 },
	{ "kandnw %k1, %k2, %k3", "KANDNWrr K3 K2 K1",
	  "kandnw %k1, %k2, %k2", 1 },
	{ "andnq %rax, %rbx, %rcx", "ANDN64rr RCX RBX RAX",
	  "andnq %rax, %rbx, %rbx", 1 },
	/* Two of one kind: the copy and its mirror. */
	{ "movq %rax, %rbx", "MOV64rr RBX RAX",
	  "movq %rax, %rbx; movq %rbx, %rax", 2 },
	{ "movl %r13d, %ecx", "MOV32rr_REV ECX R13D",
	  "movl %r13d, %ecx; movl %ecx, %r13d", 2 },
	{ "vmovaps %zmm4, %zmm9", "VMOVAPSZrr ZMM9 ZMM4",
	  "vmovaps %zmm4, %zmm9; vmovaps %zmm9, %zmm4", 2 },
	{ "sqrtps %xmm1, %xmm2", "SQRTPSr XMM2 XMM1",
	  "sqrtps %xmm1, %xmm2; sqrtps %xmm2, %xmm1", 2 },
	/* Registers of two kinds or widths: no mirror. */
	{ "movslq %r10d, %r9", "MOVSX64rr32 R9 R10D", NULL, 0 },
	{ "movd %xmm1, %eax", "MOVPDI2DIrr EAX XMM1", NULL, 0 },
	{ "vpcmpeqd %xmm1, %xmm2, %k1", "VPCMPEQDZ128rr K1 XMM2 XMM1",
	  NULL, 0 },
	/* Text GNU as refuses, and a destination as must keep apart. */
	{ "movslq %r8d, %r14d", "MOVSX32rr32 R14D R8D", NULL, 0 },
	{ "vfmulcph %zmm1, %zmm2, %zmm3", "VFMULCPHZrr ZMM3 ZMM2 ZMM1",
	  NULL, 0 },
	/* mulx's middle operand is its low half's destination. */
	{ "mulxq %rsi, %r13, %r12", "MULX64rr R12 R13 RSI", NULL, 0 },
	/* A compare writes no register to chain through. */
	{ "cmpq %rax, %rbx", "CMP64rr RBX RAX", NULL, 0 },
	{ "ucomiss %xmm1, %xmm2", "UCOMISSrr XMM2 XMM1", NULL, 0 },
	/* Masks, immediates, memory, one operand, one register twice. */
	{ "vpaddd %zmm1, %zmm2, %zmm3 {%k1}", "VPADDDZrrk ZMM3 ZMM0 K1 ZMM2 "
	  "ZMM1", NULL, 0 },
	{ "imulq $3, %rax, %rbx", "IMUL64rri32 RBX RAX i_0x3", NULL, 0 },
	{ "addq (%rdi), %rax", "ADD64rm RAX RAX RDI i_0x1 %noreg i_0x0 "
	  "%noreg", NULL, 0 },
	{ "notq %rax", "NOT64r RAX RAX", NULL, 0 },
	{ "vpsubb %xmm8, %xmm8, %xmm3", "VPSUBBrr XMM3 XMM8 XMM8", NULL, 0 },
	{ "movq %r9, %r9", "MOV64rr R9 R9", NULL, 0 },
	{ "fadd %st(1), %st", "ADD_FST0r ST1", NULL, 0 },
};

static void
test_register_chains(void **state)
{
	const struct reg_case *c;
	struct arch_chain ch;
	size_t i;
	int rc;

	(void)state;
	for (i = 0; i < sizeof(reg_cases) / sizeof(reg_cases[0]); i++) {
		c = &reg_cases[i];
		memset(&ch, 0x5a, sizeof(ch));
		rc = arch_exegesis_register_chain(c->insn, c->key, 0, &ch);
		if (ch.kind == NULL)
			fail_msg("%s: no kind", c->insn);
		if (c->body == NULL) {
			if (rc != -1)
				fail_msg("%s: chained (%s: %s)", c->insn,
				    ch.kind, ch.body);
			assert_string_equal(ch.body, "");
			continue;
		}
		if (rc != 0)
			fail_msg("%s: no chain: %s", c->insn, ch.kind);
		if (strcmp(ch.body, c->body) != 0)
			fail_msg("%s: body \"%s\", not \"%s\"", c->insn,
			    ch.body, c->body);
		assert_true(strncmp(ch.kind, "register: ", 10) == 0);
		assert_string_equal(ch.init, "");
		assert_int_equal(ch.per_link, c->per_link);
	}
}

/* Text that is no instruction, as a register form: refused. */
static void
test_register_garbage(void **state)
{
	static const char *const junk[] = { "", " ", "garbage text",
	    ",,,,,,,,", "%rax", "movq %rax,", "movq , %rax",
	    "addq %rax, %rbx, %rcx, %rdx", "vaddps %xmm1, %xmm2, %xmm3, "
	    "%xmm4, %xmm5", "movq %rax %rbx" };
	struct arch_chain ch;
	char big[1024];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		if (arch_exegesis_register_chain(junk[i], "", 0, &ch) != -1)
			fail_msg("\"%s\" chained: %s", junk[i], ch.body);
		assert_non_null(ch.kind);
	}
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	assert_int_equal(arch_exegesis_register_chain(big, big, 0, &ch), -1);
	snprintf(big, sizeof(big), "vaddps %%xmm1, %%xmm2, %%xmm%0900d", 3);
	assert_int_equal(arch_exegesis_register_chain(big, "", 0, &ch), -1);
}

/*
 * An AVX-512 form's chain keeps its encoding: {evex} before each
 * instruction, or GNU as writes vaddps on %xmm12 as VEX, and the row of
 * VADDPSZ128rm measures VADDPSrm.
 */
static void
test_evex(void **state)
{
	struct arch_chain ch;

	(void)state;
	assert_int_equal(arch_exegesis_chain("vaddps (%rdi), %xmm13, %xmm12",
	    "VADDPSZ128rm XMM12 XMM13 RDI i_0x1 %noreg i_0x0 %noreg", 1, &ch),
	    0);
	assert_string_equal(ch.body, "{evex} vaddps (%rdi), %xmm12, %xmm12");
	assert_int_equal(arch_exegesis_chain("vmovaps %xmm3, (%rdi)",
	    "VMOVAPSZ128mr RDI i_0x1 %noreg i_0x0 %noreg XMM3", 1, &ch), 0);
	assert_string_equal(ch.body, "{evex} vmovaps %xmm3, (%rdi); "
	    "{evex} vmovaps (%rdi), %xmm3");
	assert_int_equal(arch_exegesis_register_chain("vmovaps %xmm1, %xmm2",
	    "VMOVAPSZ128rr XMM2 XMM1", 1, &ch), 0);
	assert_string_equal(ch.body, "{evex} vmovaps %xmm1, %xmm2; "
	    "{evex} vmovaps %xmm2, %xmm1");
	assert_int_equal(ch.per_link, 2);
	assert_int_equal(arch_exegesis_register_chain(
	    "vpsubb %xmm9, %xmm11, %xmm3", "VPSUBBZ128rr XMM3 XMM11 XMM9", 1,
	    &ch), 0);
	assert_string_equal(ch.body, "{evex} vpsubb %xmm9, %xmm11, %xmm11");
	/* Without it, as the text is. */
	assert_int_equal(arch_exegesis_register_chain(
	    "vpsubb %xmm9, %xmm11, %xmm3", "VPSUBBrr XMM3 XMM11 XMM9", 0,
	    &ch), 0);
	assert_string_equal(ch.body, "vpsubb %xmm9, %xmm11, %xmm11");
	/* No chain is no chain with it either. */
	assert_int_equal(arch_exegesis_register_chain(
	    "vpcmpeqd %xmm1, %xmm2, %k1", "VPCMPEQDZ128rr K1 XMM2 XMM1", 1,
	    &ch), -1);
	assert_string_equal(ch.body, "");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_chains),
		cmocka_unit_test(test_locked_kind),
		cmocka_unit_test(test_garbage),
		cmocka_unit_test(test_no_false_chains),
		cmocka_unit_test(test_lone_lock),
		cmocka_unit_test(test_register_chains),
		cmocka_unit_test(test_register_garbage),
		cmocka_unit_test(test_evex),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
