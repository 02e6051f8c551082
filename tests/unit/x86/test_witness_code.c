/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet_witness() on x86-64 code (snippet/witness.c):
 * the witness of a body on %zmm spreads its links evenly before the
 * body's instructions, bytes and instruction list alike, counts a link a
 * figure, starts from the body's own init and is measured as a latency
 * loop; a body on %ymm, and one too long for a witness, get none.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "snippet/witness.h"
#include "snippet_prepare.h"

#if defined(__x86_64__)	/* 32-bit code gets no witness */
static const uint8_t add_r8[] = { 0x4d, 0x01, 0xc0 };	/* add %r8,%r8 */

static void
test_spread(void **state)
{
	struct snippet *s, *w;
	size_t i, k, at, n;

	(void)state;
	s = prepare("mov $1,%eax", "vfmadd231ps %zmm2,%zmm2,%zmm1; "
	    "vaddps %zmm1,%zmm2,%zmm3", 0);
	assert_int_equal(s->body.ninsns, 2);
	/* 10 cycles a copy: 30 links, 15 before each instruction. */
	assert_non_null(w = snippet_witness(s, 10));
	assert_int_equal(w->per_copy, 30);
	assert_int_equal(w->bench.mode, CB_LATENCY);
	assert_int_equal(w->body.ninsns, 32);
	assert_int_equal(w->body.len, 30 * 3 + s->body.len);
	assert_int_equal(w->init.len, s->init.len);
	assert_memory_equal(w->init.bytes, s->init.bytes, s->init.len);
	for (i = 0, at = 0, n = 0; i < 2; i++) {
		for (k = 0; k < 15; k++, n++, at += 3) {
			assert_int_equal(w->body.insns[n].offset, at);
			assert_memory_equal(w->body.bytes + at, add_r8, 3);
			assert_string_equal(w->body.insns[n].text,
			    "add %r8,%r8");
		}
		assert_int_equal(w->body.insns[n].offset, at);
		assert_string_equal(w->body.insns[n].text,
		    s->body.insns[i].text);
		at += (i == 0 ? s->body.insns[1].offset : s->body.len -
		    s->body.insns[1].offset);
		n++;
	}
	assert_memory_equal(w->body.bytes + 45, s->body.bytes,
	    s->body.insns[1].offset);
	snippet_free(w);
	/* A short body: WITNESS_MIN_LINKS at least. */
	assert_non_null(w = snippet_witness(s, 0.5));
	assert_int_equal(w->per_copy, WITNESS_MIN_LINKS);
	snippet_free(w);
	/* Too long a copy for a witness. */
	assert_null(snippet_witness(s, (double)WITNESS_MAX_LINKS /
	    WITNESS_SHADOW + 1));
	snippet_free(s);
}

#endif

static void
test_narrow(void **state)
{
	struct snippet *s;

	(void)state;
	s = prepare(NULL, "vfmadd231ps %ymm2,%ymm2,%ymm1", 0);
	assert_null(snippet_witness(s, 4));
	snippet_free(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
#if defined(__x86_64__)
		cmocka_unit_test(test_spread),
#endif
		cmocka_unit_test(test_narrow),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
