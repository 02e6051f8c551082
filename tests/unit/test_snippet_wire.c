/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for snippet/snippet_wire.c: a snippet packed for cb-snippet
 * comes back whole, and what does not add up is refused, never read past
 * its end: every truncation, a byte too many, and each field out of its
 * bounds (bytes at fixed offsets of the header, as the struct lays them).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "snippet/snippet.h"

static uint8_t body[] = { 0x48, 0x01, 0xc3, 0x90 };
static uint8_t init[] = { 0xb9, 0x01, 0x00, 0x00, 0x00 };
static struct snippet_insn body_insns[] = {
	{ 0, "add    %rax,%rbx" }, { 3, "nop" },
};
static struct snippet_insn init_insns[] = { { 0, "mov    $0x1,%ecx" } };

static void
fill(struct snippet *s)
{
	memset(s, 0, sizeof(*s));
	s->body = (struct snippet_code){ body, sizeof(body), body_insns, 2 };
	s->init = (struct snippet_code){ init, sizeof(init), init_insns, 1 };
	s->unroll = 25;
	s->per_copy = 2;
	s->allow_syscalls = 1;
	s->timeout = 7.5;
	snprintf(s->name, sizeof(s->name), "asm/add %%rax,%%rbx");
	s->bench.mode = CB_LATENCY;
}

static void
test_round_trip(void **state)
{
	struct snippet s, *t;
	char why[256];
	size_t len;
	void *buf;

	(void)state;
	fill(&s);
	assert_int_equal(snippet_pack(&s, &buf, &len), 0);
	assert_int_equal(snippet_unpack(buf, len, &t, why, sizeof(why)), 0);
	assert_int_equal(t->body.len, sizeof(body));
	assert_memory_equal(t->body.bytes, body, sizeof(body));
	assert_int_equal(t->init.len, sizeof(init));
	assert_memory_equal(t->init.bytes, init, sizeof(init));
	assert_int_equal(t->body.ninsns, 2);
	assert_string_equal(t->body.insns[1].text, "nop");
	assert_int_equal(t->body.insns[1].offset, 3);
	assert_int_equal(t->init.ninsns, 1);
	assert_string_equal(t->init.insns[0].text, "mov    $0x1,%ecx");
	assert_int_equal(t->unroll, 25);
	assert_int_equal(t->per_copy, 2);
	assert_int_equal(t->allow_syscalls, 1);
	assert_true(t->timeout == 7.5);
	assert_string_equal(t->name, "asm/add %rax,%rbx");
	assert_int_equal(t->bench.mode, CB_LATENCY);
	assert_int_equal(t->bench.ops, 50);	/* copies times per_copy */
	assert_ptr_equal(t->bench.arg, t);
	assert_non_null(t->bench.setup);
	/* No init: a snippet of one part. */
	snippet_free(t);
	free(buf);
	s.init = (struct snippet_code){ NULL, 0, NULL, 0 };
	assert_int_equal(snippet_pack(&s, &buf, &len), 0);
	assert_int_equal(snippet_unpack(buf, len, &t, why, sizeof(why)), 0);
	assert_int_equal(t->init.len, 0);
	snippet_free(t);
	free(buf);
}

static void
refused(const void *buf, size_t len)
{
	struct snippet *t = NULL;
	char why[256] = "";

	assert_int_equal(snippet_unpack(buf, len, &t, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "malformed"));
}

static void
test_cut_or_padded(void **state)
{
	struct snippet s;
	uint8_t *more;
	size_t len, n;
	void *buf;

	(void)state;
	fill(&s);
	assert_int_equal(snippet_pack(&s, &buf, &len), 0);
	/* A copy exactly as long, so a read past the end is valgrind's. */
	for (n = 0; n < len; n++) {
		uint8_t *cut = malloc(n ? n : 1);

		memcpy(cut, buf, n);
		refused(cut, n);
		free(cut);
	}
	more = malloc(len + 1);
	memcpy(more, buf, len);
	more[len] = 0;
	refused(more, len + 1);
	free(more);
	free(buf);
}

/* The header's fields, where struct wire puts them. */
#define OFF_NAME	8
#define OFF_UNROLL	(OFF_NAME + 96)
#define OFF_PER_COPY	(OFF_UNROLL + 4)
#define OFF_MODE	(OFF_PER_COPY + 4)
#define OFF_TIMEOUT	(OFF_MODE + 8)	/* allow_syscalls */
#define OFF_LEN		(OFF_TIMEOUT + 8)
#define OFF_NINSNS	(OFF_LEN + 16)

static void
patched(const void *buf, size_t len, size_t off, const void *v, size_t n)
{
	uint8_t *c = malloc(len);

	memcpy(c, buf, len);
	memcpy(c + off, v, n);
	refused(c, len);
	free(c);
}

static void
test_fields_out_of_bounds(void **state)
{
	const uint32_t zero = 0, huge = SNIPPET_MAX_UNROLL + 1, mode = 7;
	const double no_time = -1, nan_time = NAN;
	const uint64_t no_body = 0, big = SNIPPET_MAX_CODE + 1, many = 99;
	char name[96];
	struct snippet s;
	size_t len;
	void *buf;

	(void)state;
	fill(&s);
	assert_int_equal(snippet_pack(&s, &buf, &len), 0);
	patched(buf, len, 0, "cbsnip0", 8);
	patched(buf, len, OFF_UNROLL, &zero, sizeof(zero));
	patched(buf, len, OFF_UNROLL, &huge, sizeof(huge));
	patched(buf, len, OFF_PER_COPY, &zero, sizeof(zero));
	patched(buf, len, OFF_PER_COPY, &huge, sizeof(huge));
	patched(buf, len, OFF_MODE, &mode, sizeof(mode));
	patched(buf, len, OFF_TIMEOUT, &no_time, sizeof(no_time));
	patched(buf, len, OFF_TIMEOUT, &nan_time, sizeof(nan_time));
	memset(name, 'x', sizeof(name));
	patched(buf, len, OFF_NAME, name, sizeof(name));
	patched(buf, len, OFF_LEN, &no_body, sizeof(no_body));
	patched(buf, len, OFF_LEN, &big, sizeof(big));
	patched(buf, len, OFF_NINSNS, &many, sizeof(many));
	free(buf);
	/* An instruction said to lie past its code. */
	body_insns[1].offset = sizeof(body);
	assert_int_equal(snippet_pack(&s, &buf, &len), 0);
	refused(buf, len);
	body_insns[1].offset = 3;
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_cut_or_padded),
		cmocka_unit_test(test_fields_out_of_bounds),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
