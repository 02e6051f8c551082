/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/gather.c: a round's spares (disturbed samples that
 * are whole) held while nothing is clean, replaced by the first clean
 * sample, kept at the round's end only when nothing clean came; and the
 * rounds' rule that a result's samples are all clean or all spares.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/gather.h"

#define CLEAN	1, 1
#define SPARE	0, 1		/* disturbed, whole */
#define BROKEN	0, 0		/* disturbed, no figure (a bent fit) */

/* Only disturbed samples: the whole ones are kept, and no longer dropped. */
static void
test_spares_kept(void **state)
{
	struct gather s;

	(void)state;
	assert_int_equal(gather_init(&s, 4), 0);
	gather_add(&s, SPARE, 10, 20, 1);
	gather_add(&s, BROKEN, -1, -1, 1);
	gather_add(&s, SPARE, 11, 22, 1);
	assert_int_equal(s.n, 2);
	assert_int_equal(gather_clean(&s), 0);
	assert_int_equal(s.disturbed, 3);
	assert_int_equal(gather_keep_spares(&s), 1);
	assert_int_equal(s.disturbed, 1);	/* the broken one */
	assert_true(s.ref[0] == 10 && s.ref[1] == 11);
	assert_true(s.cyc[0] == 20 && s.cyc[1] == 22);
	gather_free(&s);
}

/* The first clean sample replaces the spares; later disturbed ones drop. */
static void
test_clean_replaces_spares(void **state)
{
	struct gather s;

	(void)state;
	assert_int_equal(gather_init(&s, 4), 0);
	gather_add(&s, SPARE, 10, 20, 1);
	gather_add(&s, SPARE, 11, 22, 1);
	gather_add(&s, CLEAN, 5, 7, 1);
	gather_add(&s, SPARE, 12, 24, 1);
	gather_add(&s, CLEAN, 6, 8, 1);
	assert_int_equal(s.n, 2);
	assert_int_equal(gather_clean(&s), 2);
	assert_true(s.ref[0] == 5 && s.ref[1] == 6);
	assert_int_equal(s.disturbed, 3);
	assert_int_equal(gather_keep_spares(&s), 0);
	assert_int_equal(s.disturbed, 3);
	gather_free(&s);
}

/* No more than cap samples, spares or clean. */
static void
test_cap(void **state)
{
	struct gather s;
	int i;

	(void)state;
	assert_int_equal(gather_init(&s, 2), 0);
	for (i = 0; i < 5; i++)
		gather_add(&s, SPARE, i, i, 1);
	assert_int_equal(s.n, 2);
	for (i = 0; i < 5; i++)
		gather_add(&s, CLEAN, i, i, 1);
	assert_int_equal(gather_clean(&s), 2);
	gather_free(&s);
}

/* A result of `rounds' rounds of n samples each, all spares or clean. */
static void
result_of(struct cb_result *r, size_t rounds, size_t n)
{
	size_t k;

	memset(r, 0, sizeof(*r));
	r->rounds = calloc(rounds, sizeof(*r->rounds));
	assert_non_null(r->rounds);
	for (k = 0; k < rounds; k++) {
		r->rounds[k].nsamples = n;
		r->rounds[k].median = 1;
	}
	r->nrounds = rounds;
	r->nsamples = rounds * n;
}

static struct cb_result
round_of(size_t n, int spares)
{
	struct cb_result rd;

	memset(&rd, 0, sizeof(rd));
	rd.nsamples = n;
	rd.disturbed = 1;
	rd.flags = spares ? CB_FLAG_UNSETTLED : 0;
	return (rd);
}

/* A round's spares are no sample of a result that has clean ones. */
static void
test_settle_drops_spares(void **state)
{
	struct cb_result r, rd;
	int unsettled = 0;

	(void)state;
	result_of(&r, 2, 3);
	rd = round_of(4, 1);
	assert_int_equal(gather_settle(&r, &unsettled, &rd), 0);
	assert_int_equal(rd.disturbed, 5);
	assert_int_equal(unsettled, 0);
	assert_int_equal(r.nsamples, 6);
	free(r.rounds);
}

/* Spares stand until a round brings clean samples, which replace them. */
static void
test_settle_clean_replaces(void **state)
{
	struct cb_result r, rd;
	int unsettled = 0;

	(void)state;
	result_of(&r, 0, 0);
	rd = round_of(2, 1);
	assert_int_equal(gather_settle(&r, &unsettled, &rd), 2);
	assert_int_equal(unsettled, 1);
	free(r.rounds);

	result_of(&r, 2, 3);	/* two rounds of spares so far */
	r.disturbed = 4;
	rd = round_of(4, 1);
	assert_int_equal(gather_settle(&r, &unsettled, &rd), 4);
	assert_int_equal(unsettled, 1);
	assert_int_equal(r.nsamples, 6);

	rd = round_of(5, 0);
	assert_int_equal(gather_settle(&r, &unsettled, &rd), 5);
	assert_int_equal(unsettled, 0);
	assert_int_equal(r.nsamples, 0);
	assert_int_equal(r.disturbed, 10);
	assert_int_equal(r.rounds[0].nsamples, 0);
	assert_int_equal(r.rounds[1].disturbed, 3);
	assert_true(isnan(r.rounds[1].median));
	free(r.rounds);
}

/* A round with nothing to give changes nothing. */
static void
test_settle_empty_round(void **state)
{
	struct cb_result r, rd;
	int unsettled = 1;

	(void)state;
	result_of(&r, 1, 3);
	rd = round_of(0, 0);
	assert_int_equal(gather_settle(&r, &unsettled, &rd), 0);
	assert_int_equal(unsettled, 1);
	assert_int_equal(r.nsamples, 3);
	assert_int_equal(rd.disturbed, 1);
	free(r.rounds);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_spares_kept),
		cmocka_unit_test(test_clean_replaces_spares),
		cmocka_unit_test(test_cap),
		cmocka_unit_test(test_settle_drops_spares),
		cmocka_unit_test(test_settle_clean_replaces),
		cmocka_unit_test(test_settle_empty_round),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
