/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/exegesis_yaml.c, on small texts written
 * here the way llvm-exegesis 16 writes them: a document read whole
 * (plain, quoted and flow scalars, several documents, optional keys
 * missing, the snippet's hex decoded either case), every malformed
 * document refused with "line N: why" and the line where it starts,
 * and the refusals exegesis writes to standard error turned into
 * documents without code, its other lines passed over.  Each case frees
 * what it got, so that check-asan sees a leak on any path.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "characterize/exegesis.h"

/* ADD64rr's latency document, as llvm-exegesis-16 wrote it. */
static const char add_latency[] =
    "---\n"
    "mode:            latency\n"
    "key:\n"
    "  instructions:\n"
    "    - 'ADD64rr RBP RBP RCX'\n"
    "  config:          ''\n"
    "  register_initial_values:\n"
    "    - 'RBP=0x0'\n"
    "    - 'RCX=0x0'\n"
    "cpu_name:        rocketlake\n"
    "llvm_triple:     x86_64-pc-linux-gnu\n"
    "num_repetitions: 10000\n"
    "measurements:    []\n"
    "error:           actual measurements skipped.\n"
    "info:            Repeating a single implicitly serial instruction\n"
    "assembled_snippet: 5548BD000000000000000048B90000000000000000"
    "4801CD4801CD4801CD4801CD5DC3\n"
    "...\n";

static const unsigned char add_code[] = {
	0x55, 0x48, 0xbd, 0, 0, 0, 0, 0, 0, 0, 0, 0x48, 0xb9, 0, 0, 0, 0, 0,
	0, 0, 0, 0x48, 0x01, 0xcd, 0x48, 0x01, 0xcd, 0x48, 0x01, 0xcd, 0x48,
	0x01, 0xcd, 0x5d, 0xc3
};

static int
parse(const char *text, const char *mode, struct xdocs *x, char *err,
    size_t errlen)
{
	memset(x, 0, sizeof(*x));
	err[0] = '\0';
	return (exegesis_parse(text, strlen(text), mode, x, err, errlen));
}

static void
test_one_document(void **state)
{
	struct xdocs x;
	char err[256];

	(void)state;
	assert_int_equal(parse(add_latency, "latency", &x, err, sizeof(err)),
	    0);
	assert_int_equal(x.n, 1);
	assert_string_equal(x.d[0].mode, "latency");
	assert_string_equal(x.d[0].opcode, "ADD64rr");
	assert_int_equal(x.d[0].ninsns, 1);
	assert_string_equal(x.d[0].insns[0], "ADD64rr RBP RBP RCX");
	assert_int_equal(x.d[0].ninits, 2);
	assert_string_equal(x.d[0].inits[0], "RBP=0x0");
	assert_string_equal(x.d[0].inits[1], "RCX=0x0");
	assert_string_equal(x.d[0].config, "");
	assert_string_equal(x.d[0].cpu_name, "rocketlake");
	assert_string_equal(x.d[0].triple, "x86_64-pc-linux-gnu");
	assert_string_equal(x.d[0].error, "actual measurements skipped.");
	assert_string_equal(x.d[0].info,
	    "Repeating a single implicitly serial instruction");
	assert_int_equal(x.d[0].codelen, sizeof(add_code));
	assert_memory_equal(x.d[0].code, add_code, sizeof(add_code));
	xdocs_free(&x);
	assert_null(x.d);
	assert_int_equal(x.n, 0);
	/* Nothing at all is no document, and no error. */
	assert_int_equal(parse("", "latency", &x, err, sizeof(err)), 0);
	assert_int_equal(x.n, 0);
	xdocs_free(&x);
}

/*
 * Several documents in one stream; double-quoted, single-quoted, plain
 * and flow scalars read alike; register_initial_values, config, info
 * and error may be missing; the snippet's hex in either case.
 */
static void
test_several_documents(void **state)
{
	static const char text[] =
	    "---\n"
	    "mode: \"inverse_throughput\"\n"
	    "key:\n"
	    "  instructions: [ \"ADD64rr R8 R8 R12\", 'ADD64rr R14 R14 RBX' ]\n"
	    "  register_initial_values: [ R8=0x0 ]\n"
	    "assembled_snippet: \"4d01e04901DE\"\n"
	    "...\n"
	    "---\n"
	    "mode: inverse_throughput\n"
	    "key:\n"
	    "  instructions:\n"
	    "    - LOCK_ADD64mr RDI i_0x1 %noreg i_0x0 %noreg RAX\n"
	    "assembled_snippet: F0480107\n"
	    "...\n"
	    "--- \n"
	    "mode: inverse_throughput\n"
	    "key: { instructions: [ CPUID ] }\n"
	    "assembled_snippet: ''\n";
	static const unsigned char add2[] = { 0x4d, 0x01, 0xe0, 0x49, 0x01,
	    0xde };
	static const unsigned char lock[] = { 0xf0, 0x48, 0x01, 0x07 };
	struct xdocs x;
	char err[256];

	(void)state;
	assert_int_equal(parse(text, "inverse_throughput", &x, err,
	    sizeof(err)), 0);
	assert_int_equal(x.n, 3);
	assert_string_equal(x.d[0].mode, "inverse_throughput");
	assert_string_equal(x.d[0].opcode, "ADD64rr");
	assert_int_equal(x.d[0].ninsns, 2);
	assert_string_equal(x.d[0].insns[1], "ADD64rr R14 R14 RBX");
	assert_int_equal(x.d[0].ninits, 1);
	assert_string_equal(x.d[0].inits[0], "R8=0x0");
	assert_int_equal(x.d[0].codelen, sizeof(add2));
	assert_memory_equal(x.d[0].code, add2, sizeof(add2));
	assert_string_equal(x.d[1].opcode, "LOCK_ADD64mr");
	assert_string_equal(x.d[1].insns[0],
	    "LOCK_ADD64mr RDI i_0x1 %noreg i_0x0 %noreg RAX");
	assert_int_equal(x.d[1].ninits, 0);
	assert_null(x.d[1].inits);
	assert_null(x.d[1].config);
	assert_null(x.d[1].info);
	assert_null(x.d[1].error);
	assert_null(x.d[1].cpu_name);
	assert_int_equal(x.d[1].codelen, sizeof(lock));
	assert_memory_equal(x.d[1].code, lock, sizeof(lock));
	/* An empty snippet is no code, not an error. */
	assert_string_equal(x.d[2].opcode, "CPUID");
	assert_int_equal(x.d[2].codelen, 0);
	assert_null(x.d[2].code);
	xdocs_free(&x);
}

/* Each malformed document: -1, and where and why. */
static const struct {
	const char	*text;
	const char	*err;
} bad[] = {
	{ "--- 42\n", "line 1: a document that is not a mapping" },
	{ "---\n- a\n- b\n", "line 2: a document that is not a mapping" },
	{ "mode: latency\nassembled_snippet: 55\n",
	  "line 1: no 'key' mapping" },
	{ "mode: latency\nkey: ADD64rr\nassembled_snippet: 55\n",
	  "line 1: no 'key' mapping" },
	{ "mode: latency\nkey: [ ADD64rr ]\nassembled_snippet: 55\n",
	  "line 1: no 'key' mapping" },
	{ "mode: latency\nkey:\n  config: ''\nassembled_snippet: 55\n",
	  "line 1: 'key.instructions' is not a list of instructions" },
	{ "mode: latency\nkey:\n  instructions: ADD64rr RAX RAX RBX\n"
	  "assembled_snippet: 55\n",
	  "line 1: 'key.instructions' is not a list of instructions" },
	{ "mode: latency\nkey:\n  instructions: []\nassembled_snippet: 55\n",
	  "line 1: 'key.instructions' is not a list of instructions" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr, [ RAX ] ]\n"
	  "assembled_snippet: 55\n",
	  "line 1: 'key.instructions' is not a list of instructions" },
	{ "mode: latency\nkey:\n  instructions: [ { a: b } ]\n"
	  "assembled_snippet: 55\n",
	  "line 1: 'key.instructions' is not a list of instructions" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "  register_initial_values: RAX=0x0\nassembled_snippet: 55\n",
	  "line 1: 'key.register_initial_values' is not a list" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "  register_initial_values: [ RAX=0x0, [ x ] ]\n"
	  "assembled_snippet: 55\n",
	  "line 1: 'key.register_initial_values' is not a list" },
	{ "key:\n  instructions: [ ADD64rr ]\nassembled_snippet: 55\n",
	  "line 1: no 'mode'" },
	{ "mode: [ latency ]\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: 55\n", "line 1: no 'mode'" },
	{ "mode: inverse_throughput\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: 55\n", "line 1: a document of another mode" },
	{ "mode: latency\nkey:\n  instructions: [ ' ADD64rr' ]\n"
	  "assembled_snippet: 55\n",
	  "line 1: an instruction without an opcode" },
	{ "mode: latency\nkey:\n  instructions: [ '' ]\n"
	  "assembled_snippet: 55\n",
	  "line 1: an instruction without an opcode" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n",
	  "line 1: no 'assembled_snippet'" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: [ 55 ]\n",
	  "line 1: 'assembled_snippet' is not text" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: 55C\n",
	  "line 1: 'assembled_snippet' is not hexadecimal" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: 5G\n",
	  "line 1: 'assembled_snippet' is not hexadecimal" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: 0x55\n",
	  "line 1: 'assembled_snippet' is not hexadecimal" },
	{ "mode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: '55 C3'\n",
	  "line 1: 'assembled_snippet' is not hexadecimal" },
	/* The second document is the bad one: its own line. */
	{ "---\nmode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
	  "assembled_snippet: C3\n...\n---\nmode: latency\nkey: x\n"
	  "assembled_snippet: C3\n",
	  "line 8: no 'key' mapping" },
};

static void
test_malformed(void **state)
{
	struct xdocs x;
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		if (parse(bad[i].text, "latency", &x, err, sizeof(err)) != -1)
			fail_msg("case %zu parsed: %s", i, bad[i].text);
		if (strcmp(err, bad[i].err) != 0)
			fail_msg("case %zu: \"%s\", not \"%s\"", i, err,
			    bad[i].err);
		/* What was read before the bad document is the caller's. */
		xdocs_free(&x);
	}
}

/* Text that is not YAML: libyaml's reason, on the line it names. */
static void
test_broken_yaml(void **state)
{
	static const struct {
		const char	*text;
		const char	*line;
	} broken[] = {
		{ "mode: latency\nkey: [ ADD64rr\n", "line 3: " },
		{ "mode: 'latency\n", "line " },
		{ "mode: latency\n  key: x\n", "line 2: " },
		{ "a: b: c\n", "line 1: " },
		{ "mode: latency\n\tkey: x\n", "line 2: " },
		{ "mode: *nothing\n", "line 1: " },
		{ "---\nmode: latency\nkey:\n  instructions: [ ADD64rr ]\n"
		  "assembled_snippet: C3\n---\n[ unclosed\n", "line 8: " },
		{ "mode: \xc3\x28\n", "line " },
	};
	struct xdocs x;
	char err[256];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(broken) / sizeof(broken[0]); i++) {
		if (parse(broken[i].text, "latency", &x, err, sizeof(err)) !=
		    -1)
			fail_msg("case %zu parsed", i);
		if (strncmp(err, broken[i].line, strlen(broken[i].line)) != 0 ||
		    strlen(err) <= strlen(broken[i].line) + 1)
			fail_msg("case %zu: \"%s\", not \"%s...\"", i, err,
			    broken[i].line);
		xdocs_free(&x);
	}
}

/* A snippet larger than a megabyte is refused before it is decoded. */
static void
test_huge_snippet(void **state)
{
	static const char head[] = "mode: latency\nkey:\n"
	    "  instructions: [ NOOP ]\nassembled_snippet: ";
	size_t hex = 2 * ((size_t)1 << 20) + 2;
	struct xdocs x;
	char err[256], *text;

	(void)state;
	text = malloc(sizeof(head) + hex + 2);
	assert_non_null(text);
	memcpy(text, head, sizeof(head) - 1);
	memset(text + sizeof(head) - 1, '9', hex);
	strcpy(text + sizeof(head) - 1 + hex, "\n");
	assert_int_equal(parse(text, "latency", &x, err, sizeof(err)), -1);
	assert_string_equal(err, "line 1: 'assembled_snippet' is not "
	    "hexadecimal");
	xdocs_free(&x);
	/* A megabyte exactly is taken. */
	strcpy(text + sizeof(head) - 1 + hex - 2, "\n");
	assert_int_equal(parse(text, "latency", &x, err, sizeof(err)), 0);
	assert_int_equal(x.d[0].codelen, (size_t)1 << 20);
	assert_int_equal(x.d[0].code[12345], 0x99);
	xdocs_free(&x);
	free(text);
}

static const char refusals[] =
    "ADD64rm: unsupported memory operand in latency measurements\n"
    "candidates:\n"
    "\n"
    "forbidden:\n"
    "AH BH CH CS DH DI DIH DIL DS EDI EIP ES ESP FPCW FPSW FS GS\n"
    "llvm-exegesis: warning: something to say\n"
    "llvm-exegesis error: unknown opcode FOO\n"
    "  XOR32_FP: indented, not a refusal\n"
    "X:Y no space after the colon\n"
    "XCH_F: unsupported second-form X87 instruction\n"
    "LOCK_ADD64mr: unsupported memory operand in latency measurements";

/* "OPCODE: why" lines: documents with that error and no code, after
   the ones already read. */
static void
test_refusals(void **state)
{
	struct xdocs x;
	char err[256];

	(void)state;
	assert_int_equal(parse(add_latency, "latency", &x, err, sizeof(err)),
	    0);
	assert_int_equal(exegesis_add_refusals(refusals, strlen(refusals),
	    "latency", &x), 0);
	assert_int_equal(x.n, 4);
	assert_string_equal(x.d[0].opcode, "ADD64rr");
	assert_string_equal(x.d[1].opcode, "ADD64rm");
	assert_string_equal(x.d[1].mode, "latency");
	assert_string_equal(x.d[1].error,
	    "unsupported memory operand in latency measurements");
	assert_int_equal(x.d[1].codelen, 0);
	assert_null(x.d[1].code);
	assert_int_equal(x.d[1].ninsns, 0);
	assert_string_equal(x.d[2].opcode, "XCH_F");
	assert_string_equal(x.d[3].opcode, "LOCK_ADD64mr");
	/* The last line needs no line end. */
	assert_string_equal(x.d[3].error,
	    "unsupported memory operand in latency measurements");
	xdocs_free(&x);
	/* Nothing to add, and nothing at all. */
	assert_int_equal(exegesis_add_refusals("", 0, "latency", &x), 0);
	assert_int_equal(x.n, 0);
	assert_int_equal(exegesis_add_refusals("\n\n", 2, "latency", &x), 0);
	assert_int_equal(x.n, 0);
}

/*
 * Was a bug (exegesis_yaml.c, exegesis_add_refusals): "warning: ..." and
 * "error: ...", the lines LLVM's WithColor writes without a program
 * name, are taken as refusals of opcodes named "warning" and "error",
 * which would be rows of the table.
 */
static void
test_refusals_not_warnings(void **state)
{
	static const char text[] = "warning: Cannot find a counter\n"
	    "error: something\n"
	    "note: see above\n"
	    "ADD64rm: unsupported memory operand in latency measurements\n";
	struct xdocs x = { 0 };

	(void)state;
	assert_int_equal(exegesis_add_refusals(text, strlen(text), "latency",
	    &x), 0);
	assert_int_equal(x.n, 1);
	assert_string_equal(x.d[0].opcode, "ADD64rm");
	xdocs_free(&x);
}

/*
 * Was a bug (exegesis_yaml.c, exegesis_add_refusals): the text is given with
 * its length, but a last line that ends in ':' makes it read colon[1],
 * the byte after the text.  Under ASan (check-asan) this buffer of
 * exactly its length is a heap-buffer-overflow.
 */
static void
test_refusals_end_at_colon(void **state)
{
	static const char last[] = "ADD64rm: why\ncandidates:";
	struct xdocs x = { 0 };
	char *text;

	(void)state;
	text = malloc(sizeof(last) - 1);
	assert_non_null(text);
	memcpy(text, last, sizeof(last) - 1);	/* no NUL */
	assert_int_equal(exegesis_add_refusals(text, sizeof(last) - 1,
	    "latency", &x), 0);
	assert_int_equal(x.n, 1);
	xdocs_free(&x);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_document),
		cmocka_unit_test(test_several_documents),
		cmocka_unit_test(test_malformed),
		cmocka_unit_test(test_broken_yaml),
		cmocka_unit_test(test_huge_snippet),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_refusals_not_warnings),
		cmocka_unit_test(test_refusals_end_at_colon),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
