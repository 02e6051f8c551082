/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/assemble.c with the GNU assembler: text to code
 * and its instructions, the assembler's messages with the user's line
 * numbers and label, warnings kept apart, Intel syntax, and what is
 * refused before or after assembling: text too long or holding a NUL, a
 * directive that reads a file (spelt out, or built by a macro and caught
 * from the assembler's list of what it read, its messages about that
 * file withheld), and what only a linker could resolve; texts assembled
 * in one batch, each as it is alone.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snippet/assemble.h"

#define INCBIN	"nop\n\t.INCBIN \"/etc/passwd\""
#define LABEL	"my_include: nop"
#define WARNING	".warning \"careful\"\nnop"
#define INTEL	"mov rcx, 1\nadd rax, rcx"

static int
assemble(const char *text, struct snippet_code *c, char *err, size_t len)
{
	const struct snippet_asm_opts o = { 0, 0, 0 };
	char warn[1024];

	return (snippet_assemble(text, strlen(text), "snippet", &o, c, err,
	    len, warn, sizeof(warn)));
}

static void
test_assemble(void **state)
{
	struct snippet_code c;
	char err[1024];

	(void)state;
	assert_int_equal(assemble("mov $1,%rcx; xchg %rcx,(%r14)\nnop", &c,
	    err, sizeof(err)), 0);
	assert_int_equal(c.len, 11);
	assert_int_equal(c.bytes[10], 0x90);
	assert_int_equal(c.ninsns, 3);
	assert_int_equal(c.insns[1].offset, 7);
	assert_string_equal(c.insns[1].text, "xchg %rcx,(%r14)");
	assert_ptr_equal(snippet_insn_at(&c, 9), &c.insns[1]);
	assert_ptr_equal(snippet_insn_at(&c, 10), &c.insns[2]);
	assert_null(snippet_insn_at(&c, 11));
	snippet_code_free(&c);
}

/* The assembler's own message, its line number, our label. */
static void
test_assembler_error(void **state)
{
	struct snippet_code c;
	char err[1024];

	(void)state;
	assert_int_equal(assemble("nop\nfoo %rax\n", &c, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "snippet:2: Error: no such instruction"));
	assert_null(strstr(err, "standard input"));
}

static void
test_refused(void **state)
{
	struct snippet_code c;
	char err[1024];

	(void)state;
	assert_int_equal(assemble("call foo", &c, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "symbol 'foo'"));
	assert_int_equal(assemble(".data\n.quad 1\n.text\nnop", &c, err,
	    sizeof(err)), -1);
	assert_non_null(strstr(err, "section .data"));
	assert_int_equal(assemble(".fill 70000,1,0x90", &c, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, "the limit is 65536"));
}

static int
assemble_opts(const char *text, size_t len, int intel, int includes,
    struct snippet_code *c, char *err, size_t errlen, char *warn,
    size_t warnlen)
{
	const struct snippet_asm_opts o = { intel, includes, 0 };

	err[0] = '\0';
	return (snippet_assemble(text, len, "body", &o, c, err, errlen, warn,
	    warnlen));
}

static void
test_refused_unread(void **state)
{
	struct snippet_code c;
	char err[1024], warn[256], *big;

	(void)state;
	big = malloc(SNIPPET_MAX_SOURCE + 1);
	assert_non_null(big);
	memset(big, '\n', SNIPPET_MAX_SOURCE + 1);
	assert_int_equal(assemble_opts(big, SNIPPET_MAX_SOURCE + 1, 0, 0, &c,
	    err, sizeof(err), warn, sizeof(warn)), -1);
	assert_string_equal(err, "body is 262145 bytes of assembly; the "
	    "limit is 262144");
	free(big);
	assert_int_equal(assemble_opts("nop\0nop", 7, 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), -1);
	assert_string_equal(err, "body holds a NUL byte: not assembly text");
	/* A directive that reads a file, in any case, by line. */
	assert_int_equal(assemble_opts(INCBIN, strlen(INCBIN), 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), -1);
	assert_string_equal(err, "body:2: .incbin reads a file, which asm "
	    "refuses by default: a snippet would read whatever the user "
	    "running it may (--allow-includes permits it)");
	/* Part of a longer name is not the directive. */
	assert_int_equal(assemble_opts(LABEL, strlen(LABEL), 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), 0);
	assert_int_equal(c.len, 1);
	snippet_code_free(&c);
}

/* Messages: warnings apart, the cap on lines, other files withheld. */
static void
test_messages(void **state)
{
	struct snippet_code c;
	char err[4096], warn[1024], text[2048], path[64];
	size_t i;
	FILE *fp;
	int fd;

	(void)state;
	assert_int_equal(assemble_opts(WARNING, strlen(WARNING), 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), 0);
	assert_string_equal(warn, "body:1: Warning: careful");
	snippet_code_free(&c);
	text[0] = '\0';
	for (i = 0; i < 25; i++)
		strcat(text, "bogus\n");
	assert_int_equal(assemble_opts(text, strlen(text), 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), -1);
	assert_non_null(strstr(err, "body:20: Error: no such instruction"));
	assert_null(strstr(err, "body:21:"));
	assert_non_null(strstr(err, "\n(5 more lines)"));
	/* A file read through a macro: refused, its lines withheld. */
	snprintf(path, sizeof(path), "/tmp/test_assemble.XXXXXX");
	assert_true((fd = mkstemp(path)) >= 0);
	assert_non_null(fp = fdopen(fd, "w"));
	fputs("secret\n", fp);
	fclose(fp);
	snprintf(text, sizeof(text), ".irp d,lude\n.inc\\d \"%s\"\n.endr\n",
	    path);
	assert_int_equal(assemble_opts(text, strlen(text), 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), -1);
	assert_null(strstr(err, "secret"));
	assert_non_null(strstr(err, "(1 lines about other files withheld: "
	    "they may quote them)"));
	/* Allowed: read, and its messages shown. */
	assert_int_equal(assemble_opts(text, strlen(text), 0, 1, &c, err,
	    sizeof(err), warn, sizeof(warn)), -1);
	assert_non_null(strstr(err, "secret"));
	unlink(path);
}

static void
test_intel(void **state)
{
	struct snippet_code c;
	char err[1024], warn[256];

	(void)state;
	assert_int_equal(assemble_opts(INTEL, strlen(INTEL), 1, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), 0);
	assert_int_equal(c.ninsns, 2);
	assert_non_null(strstr(c.insns[1].text, "add"));
	assert_non_null(strstr(c.insns[1].text, "rax,rcx"));
	snippet_code_free(&c);
	/* The same text in AT&T syntax is an error. */
	assert_int_equal(assemble_opts(INTEL, strlen(INTEL), 0, 0, &c, err,
	    sizeof(err), warn, sizeof(warn)), -1);
	assert_non_null(strstr(err, "body:1: Error:"));
}

/* The instruction at an offset: the last starting at or before it. */
static void
test_insn_at(void **state)
{
	struct snippet_insn in[3] = { { 2, "a" }, { 4, "b" }, { 9, "c" } };
	struct snippet_code c = { NULL, 12, in, 3 };
	struct snippet_code none = { NULL, 12, in, 0 };

	(void)state;
	assert_null(snippet_insn_at(&c, 0));	/* before the first */
	assert_ptr_equal(snippet_insn_at(&c, 2), &in[0]);
	assert_ptr_equal(snippet_insn_at(&c, 3), &in[0]);
	assert_ptr_equal(snippet_insn_at(&c, 4), &in[1]);
	assert_ptr_equal(snippet_insn_at(&c, 8), &in[1]);
	assert_ptr_equal(snippet_insn_at(&c, 11), &in[2]);
	assert_null(snippet_insn_at(&c, 12));
	assert_null(snippet_insn_at(&none, 3));
}

/*
 * A batch: each text that may share the assembler's run comes out as it
 * does alone; one that fails, and one that could read differently beside
 * others (a label, a section, a symbol), is left for snippet_assemble.
 */
static void
test_batch(void **state)
{
	static const char *const src[] = {
		"add %rax,%rbx",
		".byte 0x48,0x01,0xc3\nimul %rcx,%rdx",
		"mov $1,%rcx; xchg %rcx,(%r14)\nnop",
		"bogus %rax",
		"again: nop",
		".section .cb.0\nnop",
		"x = 3\nnop",
		".text\nnop",
		"  lock; addl $1,%fs:(%rax)",
	};
	static const int batched[] = { 1, 1, 1, 0, 0, 0, 0, 0, 1 };
	enum { N = sizeof(src) / sizeof(src[0]) };
	const struct snippet_asm_opts o = { 0, 0, 0 };
	struct snippet_code c[N], one;
	size_t len[N], i, k;
	char err[1024];

	(void)state;
	for (i = 0; i < N; i++)
		len[i] = strlen(src[i]);
	snippet_assemble_batch(src, len, N, &o, c);
	for (i = 0; i < N; i++) {
		if (!batched[i]) {
			assert_null(c[i].bytes);
			continue;
		}
		assert_non_null(c[i].bytes);
		assert_int_equal(assemble(src[i], &one, err, sizeof(err)), 0);
		assert_int_equal(c[i].len, one.len);
		assert_memory_equal(c[i].bytes, one.bytes, one.len);
		assert_int_equal(c[i].ninsns, one.ninsns);
		for (k = 0; k < one.ninsns; k++) {
			assert_int_equal(c[i].insns[k].offset,
			    one.insns[k].offset);
			assert_string_equal(c[i].insns[k].text,
			    one.insns[k].text);
		}
		snippet_code_free(&one);
		snippet_code_free(&c[i]);
	}
	/* `.byte' data beside an instruction: two instructions to objdump. */
	assert_int_equal(assemble(src[1], &one, err, sizeof(err)), 0);
	assert_int_equal(one.ninsns, 2);
	snippet_code_free(&one);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_assemble),
		cmocka_unit_test(test_assembler_error),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_refused_unread),
		cmocka_unit_test(test_messages),
		cmocka_unit_test(test_intel),
		cmocka_unit_test(test_insn_at),
		cmocka_unit_test(test_batch),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
