/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding by less than a full name: a tail is whole '/'-parts, a word is
 * found in any case, and a pattern is a tail only when it picks nothing
 * as a name, a group or a glob.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "core/find.h"

static void
test_tail(void **state)
{
	(void)state;
	assert_true(find_is_tail("imul-latency", "basic/imul-latency"));
	assert_true(find_is_tail("b/c", "a/b/c"));
	assert_false(find_is_tail("latency", "basic/imul-latency"));
	assert_false(find_is_tail("basic/imul-latency",
	    "basic/imul-latency"));
	assert_false(find_is_tail("", "basic/imul-latency"));
	assert_false(find_is_tail("x", "x"));
	assert_false(find_is_tail("mfence", "atomic/store-mov-mfence"));
}

static void
test_word(void **state)
{
	(void)state;
	assert_true(find_has_word("cmpxchg", "lock cmpxchgl; sete"));
	assert_true(find_has_word("CMPXCHG", "lock cmpxchgl; sete"));
	assert_true(find_has_word("sete", "lock cmpxchgl; sete"));
	assert_false(find_has_word("xadd", "lock cmpxchgl; sete"));
	assert_false(find_has_word("", "anything"));
	assert_false(find_has_word("a", ""));
	assert_true(find_is_glob("basic/*"));
	assert_true(find_is_glob("k=[12]"));
	assert_false(find_is_glob("basic/imul-latency"));
}

static void
test_pick(void **state)
{
	static const char *const names[] = { "basic/imul-latency",
	    "basic/imul-throughput", "atomic/mfence", "serialize/mfence",
	    "counter/simple", "counter/simple", "atomic/store-mov-mfence" };
	const size_t n = sizeof(names) / sizeof(names[0]);
	unsigned char picked[sizeof(names) / sizeof(names[0])];
	int tail;

	(void)state;
	/* A whole name, a group, a glob: as run picks. */
	assert_int_equal(find_pick("atomic/mfence", names, n, picked,
	    &tail), 1);
	assert_true(picked[2]);
	assert_int_equal(find_pick("basic", names, n, picked, &tail), 2);
	assert_int_equal(find_pick("*mfence", names, n, picked, &tail), 3);
	assert_false(tail);
	/* A tail naming one benchmark, its variants counted once. */
	assert_int_equal(find_pick("imul-latency", names, n, picked,
	    &tail), 1);
	assert_true(tail);
	assert_true(picked[0]);
	assert_false(picked[1]);
	assert_int_equal(find_pick("simple", names, n, picked, &tail), 1);
	assert_true(picked[4] && picked[5]);
	/* A tail of several: all picked, the count says ambiguous. */
	assert_int_equal(find_pick("mfence", names, n, picked, &tail), 2);
	assert_true(tail);
	assert_true(picked[2] && picked[3]);
	assert_false(picked[6]);
	/* Not a tail: a part of a part. */
	assert_int_equal(find_pick("latency", names, n, picked, &tail), 0);
	assert_int_equal(find_pick("nosuch", names, 0, picked, &tail), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_tail),
		cmocka_unit_test(test_word),
		cmocka_unit_test(test_pick),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
