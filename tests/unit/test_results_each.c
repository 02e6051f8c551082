/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_each.c: many files read and validated
 * on every CPU come back in the order named, good or bad, each good one
 * readied once in the worker that read it; the caller can stop, and
 * what was read ahead is freed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results.h"

#define DIR	"tests/fixtures/results/"
#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

struct seen {
	size_t	 n, good, stop_at;
	int	 in_order;
	int	 readying;	/* ready_each was given */
	char	 readied[500];	/* by ready_each, in a worker */
};

/* Each file's own byte: workers never write the same one. */
static void
ready_each(struct rs_loaded *l, void *arg)
{
	struct seen *sn = arg;

	sn->readied[l->index]++;
}

static int
note_each(struct rs_loaded *l, void *arg)
{
	struct seen *sn = arg;

	sn->in_order &= l->index == sn->n;
	if (l->text != NULL) {
		sn->good++;
		sn->in_order &= l->f.nresults > 0 && l->len > 0 &&
		    sn->readied[l->index] == sn->readying;
	} else
		sn->in_order &= strstr(l->err, l->path) == l->err &&
		    sn->readied[l->index] == 0;
	rs_loaded_free(l);
	return (++sn->n == sn->stop_at ? 7 : 0);
}

/* Files come back in the order named, good or bad, however many
   workers read them, each good one readied once before; the caller can
   stop the reading. */
static void
test_load_each(void **state)
{
	static const char *const names[] = {
		DIR "rounds-cpu0.json", DIR "truncated.json",
		DIR "basic-cpu1.json", DIR "no-such-file.json",
		DIR "rounds-lfence.json",
	};
	char *paths[500];
	struct seen sn;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(paths); i++)
		paths[i] = (char *)names[i % NELEM(names)];
	memset(&sn, 0, sizeof(sn));
	sn.in_order = sn.readying = 1;
	assert_int_equal(rs_load_each(paths, NELEM(paths), ready_each,
	    note_each, &sn), 0);
	assert_int_equal(sn.n, NELEM(paths));
	assert_int_equal(sn.good, NELEM(paths) / NELEM(names) * 3);
	assert_true(sn.in_order);

	/* Stopped at the 123rd: nothing after it is handed over, and what
	   was read ahead is freed (the sanitizer build checks). */
	memset(&sn, 0, sizeof(sn));
	sn.in_order = 1;
	sn.stop_at = 123;
	assert_int_equal(rs_load_each(paths, NELEM(paths), NULL, note_each,
	    &sn), 7);
	assert_int_equal(sn.n, 123);
	assert_true(sn.in_order);

	memset(&sn, 0, sizeof(sn));
	assert_int_equal(rs_load_each(paths, 0, NULL, note_each, &sn), 0);
	assert_int_equal(sn.n, 0);
}

/* Documents in memory: each text handed over, or freed when the caller
   stops first (valgrind and the sanitizer build see a leak). */
static void
test_parse_each(void **state)
{
	char *names[300], *texts[300], err[512];
	size_t lens[300], i;
	struct seen sn;

	(void)state;
	for (i = 0; i < 300; i++) {
		names[i] = i % 3 == 1 ? "broken" : "run";
		if (i % 3 == 1) {
			texts[i] = strdup("{\"schema_version\": 2,");
			lens[i] = strlen(texts[i]);
		} else
			texts[i] = rs_read_file(DIR "rounds-cpu1.json",
			    &lens[i], err, sizeof(err));
		assert_non_null(texts[i]);
	}
	memset(&sn, 0, sizeof(sn));
	sn.in_order = 1;
	sn.stop_at = 20;
	assert_int_equal(rs_parse_each(names, texts, lens, 300, note_each,
	    &sn), 7);
	assert_int_equal(sn.n, 20);
	assert_int_equal(sn.good, 13);
	assert_true(sn.in_order);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_each),
		cmocka_unit_test(test_parse_each),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
