/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/kept.c: exegesis's output kept and read
 * back with its refusals; nothing kept is not an error, a damaged kept
 * file is (naming it); the name follows the CPU and the LLVM version;
 * and xdocs_keep (exegesis_yaml.c) keeps the named opcodes in any case.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "characterize/kept.h"

#include "scratch.h"

/* Two documents as llvm-exegesis-16 writes them, shortened. */
static const char two[] =
    "---\nmode: latency\nkey:\n  instructions:\n    - 'IMUL64rr RAX RAX "
    "RCX'\n  config: ''\n  register_initial_values: []\n"
    "assembled_snippet: 480FAFC1480FAFC1C3\n...\n"
    "---\nmode: latency\nkey:\n  instructions:\n    - 'ADD32rr EAX EAX "
    "ECX'\n  config: ''\n  register_initial_values: []\n"
    "assembled_snippet: 01C801C8C3\n...\n";
static const char said[] =
    "ADD64rm: unsupported memory operand in latency measurements\n";

static void
test_kept_and_read(void **state)
{
	char dir[] = "/tmp/cb-kept-XXXXXX", base[4096], err[256];
	struct xdocs x;

	(void)state;
	assert_int_equal(scratch_make(dir), 0);
	snprintf(base, sizeof(base), "%s/exegesis-16-0", dir);
	assert_int_equal(kept_read(base, "latency", &x, err, sizeof(err)), 1);
	assert_int_equal(kept_write(base, "latency", two, strlen(two), said,
	    strlen(said), err, sizeof(err)), 0);
	assert_int_equal(kept_read(base, "latency", &x, err, sizeof(err)), 0);
	assert_int_equal(x.n, 3);
	assert_string_equal(x.d[0].opcode, "IMUL64rr");
	assert_int_equal(x.d[0].codelen, 9);
	assert_string_equal(x.d[1].opcode, "ADD32rr");
	assert_string_equal(x.d[2].opcode, "ADD64rm");
	assert_null(x.d[2].code);

	/* Only the opcodes asked for, named in any case. */
	xdocs_keep(&x, "add64RM,imul64rr,XOR64rr");
	assert_int_equal(x.n, 2);
	assert_string_equal(x.d[0].opcode, "IMUL64rr");
	assert_string_equal(x.d[1].opcode, "ADD64rm");
	xdocs_keep(&x, "IMUL64");	/* a name's start is not the name */
	assert_int_equal(x.n, 0);
	xdocs_free(&x);

	/* Another mode is not kept; a damaged file is refused by name. */
	assert_int_equal(kept_read(base, "inverse_throughput", &x, err,
	    sizeof(err)), 1);
	scratch_put(dir, "/exegesis-16-0-latency.yaml", "---\nmode: [\n");
	assert_int_equal(kept_read(base, "latency", &x, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "exegesis-16-0-latency.yaml, line "));
	assert_int_equal(x.n, 0);
	assert_int_equal(scratch_remove(dir), 0);
}

static void
test_name(void **state)
{
	struct machine m;
	char a[256], b[256];

	(void)state;
	memset(&m, 0, sizeof(m));
	snprintf(m.cpu_vendor, sizeof(m.cpu_vendor), "GenuineIntel");
	m.cpu_family = 6;
	m.cpu_model = 143;
	kept_base(a, sizeof(a), "/c", 16, &m);
	assert_int_equal(strncmp(a, "/c/exegesis-16-", 15), 0);
	assert_int_equal(strlen(a), 15 + 16);
	kept_base(b, sizeof(b), "/c", 16, &m);
	assert_string_equal(a, b);
	kept_base(b, sizeof(b), "/c", 17, &m);
	assert_string_not_equal(a, b);
	snprintf(m.microcode, sizeof(m.microcode), "0x2b000181");
	kept_base(b, sizeof(b), "/c", 16, &m);
	assert_string_not_equal(a, b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_kept_and_read),
		cmocka_unit_test(test_name),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
