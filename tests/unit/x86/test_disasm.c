/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/disasm.c.  disasm_take_apart on listings
 * written here (pushes, the registers' set-up, four copies of a key of
 * one and of three instructions, pops, ret): the body is the last copy,
 * the set-up what follows the pushes up to the copies, after the line
 * that points exegesis's scratch register at the scratch memory; a
 * snippet shorter than its key is refused.  Then disasm_split with the
 * real llvm-mc of the newest LLVM on PATH (skipped, and said so, where
 * there is none) on snippets llvm-exegesis-16 wrote: AT&T and Intel
 * text, a lock prefix that llvm-mc prints on a line of its own joined to
 * its instruction, encodings that add up to the snippet, and a snippet
 * llvm-mc cannot decode costing its own row only; and disasm_intel
 * writing cyclebench's AT&T chains in Intel syntax, a body llvm-mc
 * refuses costing its own text only.  x86-64: the scratch
 * line and the encodings are its own (characterize refuses on i386).
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
#include "characterize/disasm.h"
#include "characterize/exegesis.h"

#ifdef ARCH_EXEGESIS_SCRATCH_CODE	/* characterize's snippets: x86-64 */
static const unsigned char scratch[] = ARCH_EXEGESIS_SCRATCH_CODE;
#endif

/* One line of a listing, as llvm-mc decodes it. */
struct mc_line {
	const char	*att, *intel;
	unsigned char	 enc[16];
	size_t		 len;
};

#define ADDQ	{ "addq %rcx, %rbp", "add rbp, rcx", { 0x48, 0x01, 0xcd }, 3 }
#define ADD_R9	{ "addq %r8, %r9", "add r9, r8", { 0x4d, 0x01, 0xc1 }, 3 }
#define ADD_R11	{ "addq %r10, %r11", "add r11, r10", { 0x4d, 0x01, 0xd3 }, 3 }
#define ADD_R13	{ "addq %r12, %r13", "add r13, r12", { 0x4d, 0x01, 0xe5 }, 3 }
#define RETQ	{ "retq", "ret", { 0xc3 }, 1 }

/* Take lines[0..n-1] apart as a document of a k-instruction key. */
static int
take_apart(const struct mc_line *lines, size_t n, size_t k,
    struct xsplit *s)
{
	char *att[64], *intel[64];
	unsigned char *enc[64];
	size_t len[64], i;
	struct xdoc d;

	assert_true(n <= 64);
	memset(&d, 0, sizeof(d));
	d.ninsns = k;
	for (i = 0; i < n; i++) {
		att[i] = (char *)lines[i].att;
		intel[i] = (char *)lines[i].intel;
		enc[i] = (unsigned char *)lines[i].enc;
		len[i] = lines[i].len;
	}
	memset(s, 0, sizeof(*s));
	return (disasm_take_apart(&d, att, intel, enc, len, n, s));
}

#ifdef ARCH_EXEGESIS_SCRATCH_CODE
static const struct mc_line one_key[] = {
	{ "pushq %rbp", "push rbp", { 0x55 }, 1 },
	{ "pushq %rbx", "push rbx", { 0x53 }, 1 },
	{ "movl $0, %ebp", "mov ebp, 0", { 0xbd, 0, 0, 0, 0 }, 5 },
	{ "movl $1, %ecx", "mov ecx, 1", { 0xb9, 1, 0, 0, 0 }, 5 },
	ADDQ, ADDQ, ADDQ, ADDQ,
	{ "popq %rbx", "pop rbx", { 0x5b }, 1 },
	{ "popq %rbp", "pop rbp", { 0x5d }, 1 },
	RETQ,
};

static const struct mc_line three_key[] = {
	{ "movl $0, %r8d", "mov r8d, 0", { 0x41, 0xb8, 0, 0, 0, 0 }, 6 },
	ADD_R9, ADD_R11, ADD_R13, ADD_R9, ADD_R11, ADD_R13,
	ADD_R9, ADD_R11, ADD_R13, ADD_R9, ADD_R11, ADD_R13,
	RETQ,
};

/* init is the scratch line, then lines[from..to-1]. */
static void
assert_init(const struct xsplit *s, const struct mc_line *lines,
    size_t from, size_t to)
{
	size_t i, at = sizeof(scratch);

	assert_int_equal(s->init.ninsns, to - from + 1);
	assert_memory_equal(s->init.bytes, scratch, sizeof(scratch));
	assert_int_equal(s->init.insns[0].offset, 0);
	assert_string_equal(s->init.insns[0].text, ARCH_EXEGESIS_SCRATCH_TEXT);
	for (i = from; i < to; i++) {
		assert_int_equal(s->init.insns[i - from + 1].offset, at);
		assert_string_equal(s->init.insns[i - from + 1].text,
		    lines[i].att);
		assert_memory_equal(s->init.bytes + at, lines[i].enc,
		    lines[i].len);
		at += lines[i].len;
	}
	assert_int_equal(s->init.len, at);
}

static void
test_one_instruction_key(void **state)
{
	struct xsplit s;

	(void)state;
	assert_int_equal(take_apart(one_key, sizeof(one_key) /
	    sizeof(one_key[0]), 1, &s), 0);
	assert_null(s.why);
	assert_string_equal(s.att, "addq %rcx, %rbp");
	assert_string_equal(s.intel, "add rbp, rcx");
	assert_int_equal(s.ninsns, 1);
	assert_int_equal(s.body.len, 3);
	assert_memory_equal(s.body.bytes, one_key[4].enc, 3);
	assert_int_equal(s.body.ninsns, 1);
	assert_int_equal(s.body.insns[0].offset, 0);
	assert_string_equal(s.body.insns[0].text, "addq %rcx, %rbp");
	assert_init(&s, one_key, 2, 4);
	xsplit_free(&s);
	assert_null(s.att);
}

static void
test_three_instruction_key(void **state)
{
	struct xsplit s;

	(void)state;
	assert_int_equal(take_apart(three_key, sizeof(three_key) /
	    sizeof(three_key[0]), 3, &s), 0);
	assert_string_equal(s.att, "addq %r8, %r9; addq %r10, %r11; "
	    "addq %r12, %r13");
	assert_string_equal(s.intel, "add r9, r8; add r11, r10; add r13, r12");
	assert_int_equal(s.ninsns, 3);
	assert_int_equal(s.body.len, 9);
	assert_int_equal(s.body.ninsns, 3);
	assert_int_equal(s.body.insns[2].offset, 6);
	assert_string_equal(s.body.insns[2].text, "addq %r12, %r13");
	assert_memory_equal(s.body.bytes + 3, three_key[2].enc, 3);
	/* No pushes: the set-up starts at the first line. */
	assert_init(&s, three_key, 0, 1);
	xsplit_free(&s);
}

#endif /* ARCH_EXEGESIS_SCRATCH_CODE */

/* Fewer instructions than the key, or no key: refused, with why. */
static void
test_too_few(void **state)
{
	static const struct mc_line two[] = { ADD_R9, ADD_R11, RETQ };
	static const struct mc_line pushed[] = {
		{ "pushq %rbp", "push rbp", { 0x55 }, 1 }, ADD_R9, ADD_R11,
		{ "popq %rbp", "pop rbp", { 0x5d }, 1 }, RETQ,
	};
	struct xsplit s;

	(void)state;
	assert_int_equal(take_apart(two, 3, 3, &s), -1);
	assert_string_equal(s.why, "its snippet has fewer instructions than "
	    "its key");
	assert_null(s.att);
	xsplit_free(&s);
	/* The pushes and pops are not the key's. */
	assert_int_equal(take_apart(pushed, 5, 3, &s), -1);
	assert_non_null(s.why);
	xsplit_free(&s);
	assert_int_equal(take_apart(two, 0, 1, &s), -1);
	assert_non_null(s.why);
	xsplit_free(&s);
	assert_int_equal(take_apart(two, 3, 0, &s), -1);
	assert_non_null(s.why);
	xsplit_free(&s);
}

#ifdef ARCH_EXEGESIS_SCRATCH_CODE
/*
 * llvm-exegesis-16's snippets: -mode=latency -opcode-name=ADD64rr and
 * -mode=inverse_throughput -opcode-name=LOCK_ADD64mr, with
 * --benchmark-phase=prepare-and-assemble-snippet; and a snippet of one
 * byte no x86-64 decoder takes (06, push %es).
 */
static const char latency[] =
    "---\nmode: latency\nkey:\n  instructions:\n"
    "    - 'ADD64rr RBP RBP RCX'\n"
    "assembled_snippet: 5548BD000000000000000048B900000000000000004801CD"
    "4801CD4801CD4801CD5DC3\n...\n"
    "---\nmode: latency\nkey:\n  instructions:\n    - 'PUSH_ES'\n"
    "assembled_snippet: 06\n...\n";
static const char latency_refused[] =
    "LOCK_ADD64mr: unsupported memory operand in latency measurements\n";
static const char throughput[] =
    "---\nmode: inverse_throughput\nkey:\n  instructions:\n"
    "    - 'LOCK_ADD64mr RDI i_0x1 %noreg i_0x0 %noreg RAX'\n"
    "    - 'LOCK_ADD64mr RDI i_0x1 %noreg i_0x40 %noreg R15'\n"
    "    - 'LOCK_ADD64mr RDI i_0x1 %noreg i_0x80 %noreg R15'\n"
    "    - 'LOCK_ADD64mr RDI i_0x1 %noreg i_0xc0 %noreg RBX'\n"
    "    - 'LOCK_ADD64mr RDI i_0x1 %noreg i_0x100 %noreg RBP'\n"
    "    - 'LOCK_ADD64mr RDI i_0x1 %noreg i_0x140 %noreg R8'\n"
    "assembled_snippet: 5541575348B8000000000000000049BF0000000000000000"
    "48BB000000000000000048BD000000000000000049B80000000000000000"
    "F0480107F04C017F40F04C01BF80000000F048019FC0000000F04801AF00010000"
    "F04C018740010000F0480107F04C017F40F04C01BF80000000F048019FC0000000"
    "F04801AF00010000F04C018740010000F0480107F04C017F40F04C01BF80000000"
    "F048019FC0000000F04801AF00010000F04C018740010000F0480107F04C017F40"
    "F04C01BF80000000F048019FC0000000F04801AF00010000F04C01874001000"
    "05B415F5DC3\n...\n";

/* The newest llvm-mc on PATH, or skip saying so. */
static void
need_mc(struct llvm_tools *t)
{
	char err[512];

	if (llvm_tools_find(t, 0, err, sizeof(err)) != 0) {
		print_message("test_disasm: llvm-mc not on PATH, llvm-mc "
		    "tests skipped (%s)\n", err);
		skip();
	}
}

static void
split_docs(const char *mc, const char *yaml, const char *refusals,
    const char *mode, struct xdocs *x, struct xsplit *s)
{
	char err[512];

	memset(x, 0, sizeof(*x));
	assert_int_equal(exegesis_parse(yaml, strlen(yaml), mode, x, err,
	    sizeof(err)), 0);
	if (refusals != NULL)
		assert_int_equal(exegesis_add_refusals(refusals,
		    strlen(refusals), mode, x), 0);
	assert_true(x->n <= 4);
	memset(s, 0, 4 * sizeof(*s));
	if (disasm_split(mc, x, s, 60, err, sizeof(err)) != 0)
		fail_msg("disasm_split: %s", err);
}

static void
test_split_latency(void **state)
{
	static const unsigned char setup[] = { 0x48, 0xbd, 0, 0, 0, 0, 0, 0,
	    0, 0 };
	struct llvm_tools t;
	struct xdocs x;
	struct xsplit s[4];
	size_t i;

	(void)state;
	need_mc(&t);
	split_docs(t.mc, latency, latency_refused, "latency", &x, s);
	assert_int_equal(x.n, 3);
	assert_null(s[0].why);
	assert_string_equal(s[0].att, "addq %rcx, %rbp");
	assert_string_equal(s[0].intel, "add rbp, rcx");
	assert_int_equal(s[0].ninsns, 1);
	assert_int_equal(s[0].body.len, 3);
	assert_memory_equal(s[0].body.bytes, x.d[0].code + 30, 3);
	/* The scratch line, then the two movabsq of exegesis's set-up. */
	assert_int_equal(s[0].init.ninsns, 3);
	assert_int_equal(s[0].init.len, sizeof(scratch) + 20);
	assert_string_equal(s[0].init.insns[1].text, "movabsq $0, %rbp");
	assert_memory_equal(s[0].init.bytes + sizeof(scratch), setup,
	    sizeof(setup));
	assert_memory_equal(s[0].init.bytes + sizeof(scratch), x.d[0].code +
	    1, 20);
	/* Not decoded: that row alone says so. */
	assert_null(s[1].att);
	assert_string_equal(s[1].why, "llvm-mc could not decode its snippet");
	assert_null(s[2].att);
	assert_string_equal(s[2].why, "llvm-exegesis made no snippet");
	for (i = 0; i < x.n; i++)
		xsplit_free(&s[i]);
	xdocs_free(&x);
}

static void
test_split_lock(void **state)
{
	struct llvm_tools t;
	struct xdocs x;
	struct xsplit s[4];
	size_t i, sum;

	(void)state;
	need_mc(&t);
	split_docs(t.mc, throughput, NULL, "inverse_throughput", &x, s);
	assert_int_equal(x.n, 1);
	assert_null(s[0].why);
	assert_string_equal(s[0].att, "lock addq %rax, (%rdi); "
	    "lock addq %r15, 64(%rdi); lock addq %r15, 128(%rdi); "
	    "lock addq %rbx, 192(%rdi); lock addq %rbp, 256(%rdi); "
	    "lock addq %r8, 320(%rdi)");
	assert_string_equal(s[0].intel, "lock add qword ptr [rdi], rax; "
	    "lock add qword ptr [rdi + 64], r15; "
	    "lock add qword ptr [rdi + 128], r15; "
	    "lock add qword ptr [rdi + 192], rbx; "
	    "lock add qword ptr [rdi + 256], rbp; "
	    "lock add qword ptr [rdi + 320], r8");
	assert_int_equal(s[0].ninsns, 6);
	assert_int_equal(s[0].body.ninsns, 6);
	assert_string_equal(s[0].body.insns[1].text,
	    "lock addq %r15, 64(%rdi)");
	/* Each instruction with its prefix byte: offsets add up. */
	assert_int_equal(s[0].body.insns[1].offset, 4);
	assert_int_equal(s[0].body.insns[2].offset, 9);
	assert_int_equal(s[0].body.len, 41);
	/* Set-up: 3 pushes, 5 movabsq of 10 bytes; then 4 copies. */
	assert_int_equal(s[0].init.ninsns, 6);
	assert_int_equal(s[0].init.len, sizeof(scratch) + 50);
	sum = 4 + s[0].init.len - sizeof(scratch) + 4 * s[0].body.len + 4 +
	    1;
	assert_int_equal(sum, x.d[0].codelen);
	assert_memory_equal(s[0].body.bytes, x.d[0].code + x.d[0].codelen -
	    5 - 41, 41);
	for (i = 0; i < x.n; i++)
		xsplit_free(&s[i]);
	xdocs_free(&x);
}

/*
 * SUB8ri8's opcode 0x82 is invalid in 64-bit mode.  Read outside a block,
 * llvm-mc skipped it and its ModRM byte and decoded `addl %eax,
 * disp32(%rdx)' from the bytes after, the last one running past the
 * snippet's ret into the sentinel, and the snippet after was read as
 * this one's (whole-table runs lost 17,387 of 17,802 throughput snippets
 * so).  In its block it stops there; the next snippet is its own.
 */
static const char tail[] =
    "---\nmode: latency\nkey:\n  instructions:\n"
    "    - 'SUB8ri8 DL DL i_0x1'\n"
    "assembled_snippet: B20082EA0182EA0182EA0182EA01C3\n...\n"
    "---\nmode: latency\nkey:\n  instructions:\n"
    "    - 'ADD64rr RBP RBP RCX'\n"
    "assembled_snippet: 5548BD000000000000000048B900000000000000004801CD"
    "4801CD4801CD4801CD5DC3\n...\n";

static void
test_split_undecodable_tail(void **state)
{
	struct llvm_tools t;
	struct xdocs x;
	struct xsplit s[4];
	size_t i;

	(void)state;
	need_mc(&t);
	split_docs(t.mc, tail, NULL, "latency", &x, s);
	assert_int_equal(x.n, 2);
	assert_string_equal(s[0].why, "llvm-mc could not decode its snippet");
	assert_null(s[1].why);
	assert_string_equal(s[1].att, "addq %rcx, %rbp");
	for (i = 0; i < x.n; i++)
		xsplit_free(&s[i]);
	xdocs_free(&x);
}

/* No document with code: llvm-mc is not even run. */
static void
test_split_nothing(void **state)
{
	struct xdocs x = { 0 };
	struct xsplit s[2];
	char err[256];

	(void)state;
	memset(s, 0, sizeof(s));
	assert_int_equal(exegesis_add_refusals(latency_refused,
	    strlen(latency_refused), "latency", &x), 0);
	assert_int_equal(disasm_split("/nonexistent/llvm-mc", &x, s, 10, err,
	    sizeof(err)), 0);
	assert_string_equal(s[0].why, "llvm-exegesis made no snippet");
	xsplit_free(&s[0]);
	xdocs_free(&x);
	/* With code and no llvm-mc: an error, not rows. */
	assert_int_equal(exegesis_parse(latency, strlen(latency), "latency",
	    &x, err, sizeof(err)), 0);
	assert_int_equal(disasm_split("/nonexistent/llvm-mc", &x, s, 10, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "/nonexistent/llvm-mc"));
	xdocs_free(&x);
}

/*
 * cyclebench's chains in Intel syntax: a body llvm-mc refuses, or one
 * that would take two lines, is NULL alone; the bodies after it keep
 * their own text.
 */
static void
test_intel(void **state)
{
	char *att[] = { "lock addq %r8, (%rdi)",
	    "movq %r14, (%rdi); movq (%rdi), %r14", "bogus %rax",
	    "addq %rcx, %rbp\naddq %rcx, %rbp", "movq (%rdi), %rdi; nosuch",
	    "imulq %rbp, %r8" };
	char *intel[6], err[512];
	struct llvm_tools t;
	size_t i;

	(void)state;
	need_mc(&t);
	if (disasm_intel(t.mc, att, 6, intel, 60, err, sizeof(err)) != 0)
		fail_msg("disasm_intel: %s", err);
	assert_string_equal(intel[0], "lock add qword ptr [rdi], r8");
	assert_string_equal(intel[1],
	    "mov qword ptr [rdi], r14; mov r14, qword ptr [rdi]");
	assert_null(intel[2]);
	assert_null(intel[3]);
	assert_null(intel[4]);
	assert_string_equal(intel[5], "imul r8, rbp");
	for (i = 0; i < 6; i++)
		free(intel[i]);
	/* Nothing to write: llvm-mc is not run; no llvm-mc: an error. */
	assert_int_equal(disasm_intel("/nonexistent/llvm-mc", att, 0, intel,
	    10, err, sizeof(err)), 0);
	assert_int_equal(disasm_intel("/nonexistent/llvm-mc", att, 1, intel,
	    10, err, sizeof(err)), -1);
	assert_null(intel[0]);
}

#endif /* ARCH_EXEGESIS_SCRATCH_CODE */

int
main(void)
{
	const struct CMUnitTest tests[] = {
#ifdef ARCH_EXEGESIS_SCRATCH_CODE
		cmocka_unit_test(test_one_instruction_key),
		cmocka_unit_test(test_three_instruction_key),
#endif
		cmocka_unit_test(test_too_few),
#ifdef ARCH_EXEGESIS_SCRATCH_CODE
		cmocka_unit_test(test_split_latency),
		cmocka_unit_test(test_split_lock),
		cmocka_unit_test(test_split_undecodable_tail),
		cmocka_unit_test(test_split_nothing),
		cmocka_unit_test(test_intel),
#endif
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
