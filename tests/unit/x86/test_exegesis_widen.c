/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/exegesis_widen.c: forms as llvm-mc writes them
 * (AT&T) with exegesis's key, and the independent copies each gets: how
 * many, the first few of them and their set-up; every copy's destination
 * its own and none a register the instruction reads; and the forms that
 * get none (no tie, a carry chain, a destination named twice, a high
 * byte, x87, no gain over exegesis's own), then text that is no
 * instruction at all.
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

struct widen_case {
	const char	*insn, *key;
	int		 evex;
	unsigned	 had;
	unsigned	 copies;	/* 0: none made */
	const char	*body, *init;	/* how each begins */
};

static const struct widen_case cases[] = {
	/* Legacy SSE: every %xmm register but the source, zeroed by pxor. */
	{ "andps %xmm7, %xmm2", "ANDPSrr XMM2 XMM2 XMM7", 0, 9, 15,
	  "andps %xmm7, %xmm2; andps %xmm7, %xmm0; andps %xmm7, %xmm1; "
	  "andps %xmm7, %xmm3; andps %xmm7, %xmm4",
	  "pxor %xmm0, %xmm0\npxor %xmm1, %xmm1\npxor %xmm3, %xmm3\n" },
	/* VEX, two sources: 14, zeroed by vpxor. */
	{ "vfmadd231pd %ymm7, %ymm9, %ymm15",
	  "VFMADD231PDYr YMM15 YMM15 YMM9 YMM7", 0, 8, 14,
	  "vfmadd231pd %ymm7, %ymm9, %ymm15; vfmadd231pd %ymm7, %ymm9, %ymm0",
	  "vpxor %xmm0, %xmm0, %xmm0\nvpxor %xmm1, %xmm1, %xmm1\n" },
	/* EVEX under a merge mask: 32 registers, WIDEN_MAX copies, the
	   encoding kept. */
	{ "vpaddd %zmm4, %zmm15, %zmm9 {%k6}",
	  "VPADDDZrrk ZMM9 ZMM9 K6 ZMM15 ZMM4", 1, 8, 24,
	  "{evex} vpaddd %zmm4, %zmm15, %zmm9 {%k6}; "
	  "{evex} vpaddd %zmm4, %zmm15, %zmm0 {%k6}",
	  "vpxord %zmm0, %zmm0, %zmm0\nvpxord %zmm1, %zmm1, %zmm1\n" },
	{ "vfmadd231ps %xmm20, %xmm2, %xmm1",
	  "VFMADD231PSZ128r XMM1 XMM1 XMM2 XMM20", 1, 4, 24,
	  "{evex} vfmadd231ps %xmm20, %xmm2, %xmm1; "
	  "{evex} vfmadd231ps %xmm20, %xmm2, %xmm0",
	  "vpxord %zmm0, %zmm0, %zmm0\nvpxord %zmm3, %zmm3, %zmm3\n" },
	/* General registers without an implicit use, by width. */
	{ "addq %r10, %rdx", "ADD64rr RDX RDX R10", 0, 6, 11,
	  "addq %r10, %rdx; addq %r10, %rbx; addq %r10, %rbp; "
	  "addq %r10, %rsi; addq %r10, %r8; addq %r10, %r9; addq %r10, %r11",
	  "xorl %ebx, %ebx\nxorl %ebp, %ebp\nxorl %esi, %esi\n"
	  "xorl %r8d, %r8d\n" },
	{ "addl %r10d, %edx", "ADD32rr EDX EDX R10D", 0, 6, 11,
	  "addl %r10d, %edx; addl %r10d, %ebx", "xorl %ebx, %ebx\n" },
	{ "addw %r10w, %dx", "ADD16rr DX DX R10W", 0, 6, 11,
	  "addw %r10w, %dx; addw %r10w, %bx", "xorl %ebx, %ebx\n" },
	{ "addb %sil, %bl", "ADD8rr BL BL SIL", 0, 6, 10,
	  "addb %sil, %bl; addb %sil, %bpl; addb %sil, %r8b",
	  "xorl %ebp, %ebp\nxorl %r8d, %r8d\n" },
	/* A shift by %cl: no copy into %rcx. */
	{ "shlq %cl, %rbx", "SHL64rCL RBX RBX", 0, 4, 11,
	  "shlq %cl, %rbx; shlq %cl, %rbp; shlq %cl, %rsi", "xorl %ebp, %ebp\n" },
	/* One operand. */
	{ "negq %r13", "NEG64r R13 R13", 0, 4, 11,
	  "negq %r13; negq %rbx", "xorl %ebx, %ebx\n" },
	/* bsf keeps its destination though LLVM does not tie it. */
	{ "bsfq %r10, %r13", "BSF64rr R13 R10", 0, 1, 10,
	  "bsfq %r10, %r13; bsfq %r10, %rbx", "xorl %ebx, %ebx\n" },
	/* A load: its address register is named, so never a copy's. */
	{ "addq (%rdi), %rsi", "ADD64rm RSI RSI RDI i_0x1 %noreg i_0x0 %noreg",
	  0, 4, 11, "addq (%rdi), %rsi; addq (%rdi), %rbx", "xorl %ebx, %ebx\n" },
	{ "paddd %mm1, %mm2", "MMX_PADDDrr MM2 MM2 MM1", 0, 4, 7,
	  "paddd %mm1, %mm2; paddd %mm1, %mm0; paddd %mm1, %mm3",
	  "pxor %mm0, %mm0\npxor %mm3, %mm3\n" },
	{ "kfoo %k1, %k3", "KFOO K3 K3 K1", 0, 1, 6,
	  "kfoo %k1, %k3; kfoo %k1, %k2; kfoo %k1, %k4", "kxorw %k2, %k2, %k2\n" },
	/* No tie: the copies are exegesis's and independent already. */
	{ "vaddps %xmm1, %xmm2, %xmm3", "VADDPSrr XMM3 XMM2 XMM1", 0, 1, 0,
	  NULL, NULL },
	/* No gain over what exegesis cycled through. */
	{ "bswapl %eax", "BSWAP32r EAX EAX", 0, 12, 0, NULL, NULL },
	/* The carry chains the copies whatever their destinations. */
	{ "adcq %rcx, %r14", "ADC64rr R14 R14 RCX", 0, 1, 0, NULL, NULL },
	{ "sbbq $1, %rdx", "SBB64ri8 RDX RDX i_0x1", 0, 1, 0, NULL, NULL },
	{ "adoxq %rcx, %r14", "ADOX64rr R14 R14 RCX", 0, 1, 0, NULL, NULL },
	{ "rclq %r14", "RCL64r1 R14 R14", 0, 1, 0, NULL, NULL },
	{ "andps %xmm7, %xmm2", "ANDPSrr XMM2 XMM2 XMM7", 0, 15, 0, NULL,
	  NULL },
	/* The destination named twice, a high byte, x87. */
	{ "pshufb %xmm2, %xmm2", "PSHUFBrr XMM2 XMM2 XMM2", 0, 1, 0, NULL,
	  NULL },
	{ "addb %bl, %ah", "ADD8rr AH AH BL", 0, 1, 0, NULL, NULL },
	{ "fadd %st(1), %st", "ADD_FST0r ST0 ST0 ST1", 0, 1, 0, NULL, NULL },
};

/* The last register of a copy, its destination (AT&T). */
static void
dest_of(const char *copy, size_t len, char *out, size_t outlen)
{
	const char *p = NULL, *q;
	size_t n;

	for (q = copy; q < copy + len && (q = memchr(q, '%', (size_t)(copy +
	    len - q))) != NULL; q++)
		if (q == copy || q[-1] != '{')
			p = q;
	if (p == NULL) {
		fail_msg("no register in \"%.*s\"", (int)len, copy);
		return;
	}
	for (n = 1; p + n < copy + len && p[n] != ' ' && p[n] != ',' &&
	    p[n] != ';'; n++)
		;
	snprintf(out, outlen, "%.*s", (int)n, p);
}

/* Whether insn names register reg (with its '%') as a whole. */
static int
names(const char *insn, const char *reg)
{
	const char *p;
	size_t len = strlen(reg);

	for (p = strstr(insn, reg); p != NULL; p = strstr(p + 1, reg))
		if (!((p[len] >= 'a' && p[len] <= 'z') || (p[len] >= '0' &&
		    p[len] <= '9')))
			return (1);
	return (0);
}

/* Every copy's destination its own, none a register the form reads. */
static void
distinct(const struct widen_case *c, const char *body)
{
	char dests[32][16], d[16];
	const char *p = body, *end;
	unsigned n = 0, i;

	for (;;) {
		end = strstr(p, "; ");
		dest_of(p, end != NULL ? (size_t)(end - p) : strlen(p), d,
		    sizeof(d));
		for (i = 0; i < n; i++)
			if (strcmp(dests[i], d) == 0)
				fail_msg("%s: %s twice", c->insn, d);
		if (n > 0 && names(c->insn, d))
			fail_msg("%s: copy into %s, which it reads", c->insn,
			    d);
		snprintf(dests[n++], sizeof(dests[0]), "%s", d);
		if (end == NULL)
			break;
		p = end + 2;
	}
	if (n != c->copies)
		fail_msg("%s: %u copies in the body, said %u", c->insn, n,
		    c->copies);
}

static void
check(const struct widen_case *c)
{
	struct arch_widen w;
	unsigned n, lines = 0;
	const char *p;

	memset(&w, 0x5a, sizeof(w));
	n = arch_exegesis_widen(c->insn, c->key, c->evex, c->had, &w);
	if (n != c->copies)
		fail_msg("%s: %u copies, not %u", c->insn, n, c->copies);
	if (n == 0) {
		/* Nothing half-built is left to be used. */
		assert_string_equal(w.body, "");
		assert_string_equal(w.init, "");
		return;
	}
	if (strncmp(w.body, c->body, strlen(c->body)) != 0)
		fail_msg("%s: body \"%.200s\"", c->insn, w.body);
	if (strncmp(w.init, c->init, strlen(c->init)) != 0)
		fail_msg("%s: init \"%.200s\"", c->insn, w.init);
	distinct(c, w.body);
	/* The set-up zeroes each new destination once. */
	for (p = w.init; (p = strchr(p, '\n')) != NULL; p++)
		lines++;
	assert_int_equal(lines, n - 1);
}

static void
test_widen(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check(&cases[i]);
}

/* Text that is no instruction: refused, never read past, no crash. */
static void
test_garbage(void **state)
{
	static const char *const junk[][2] = { { "", "" }, { " ", "X" },
	    { "andps", "ANDPSrr XMM2 XMM2" }, { "%", "A % %" },
	    { "andps %xmm2", "ANDPSrr XMM99 XMM99" },
	    { "andps %zmm200, %zmm200", "A ZMM200 ZMM200" },
	    { "andps %xmm1234567, %xmm2", "A XMM1234567 XMM1234567" } };
	struct arch_widen w;
	char longer[1200];
	size_t i;

	(void)state;
	/* Copies the body cannot hold: none, not a part of them. */
	memset(longer, ' ', sizeof(longer));
	memcpy(longer, "andps %xmm7, %xmm2", 18);
	longer[sizeof(longer) - 1] = '\0';
	assert_int_equal(arch_exegesis_widen(longer, "ANDPSrr XMM2 XMM2 XMM7",
	    0, 1, &w), 0);
	assert_string_equal(w.body, "");
	for (i = 0; i < sizeof(junk) / sizeof(junk[0]); i++) {
		assert_int_equal(arch_exegesis_widen(junk[i][0], junk[i][1],
		    0, 0, &w), 0);
		assert_string_equal(w.body, "");
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_widen),
		cmocka_unit_test(test_garbage),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
