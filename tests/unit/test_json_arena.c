/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/json_arena.c: Jansson's allocator is malloc and
 * free outside an arena (json_dumps's text is free()d as ever), a tree
 * made inside one is the tree made without, Jansson's frees inside one
 * do nothing, and results files read in arenas on every CPU read as
 * they do without, freed by rs_free in another thread; a large one is
 * read on the heap.  Run under ASan
 * (make check-asan), a node freed twice or kept past its arena fails.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json_arena.h"
#include "results/json_parse.h"
#include "results/results.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))
#define DIR	"tests/fixtures/results/"

static char *paths[] = {
	DIR "basic-cpu0.json", DIR "rounds-cpu0.json", DIR "rounds-lfence.json",
	DIR "synthetic.json", DIR "bad-sample.json", DIR "malformed.json",
	DIR "truncated.json", DIR "duplicate-key.json",
};

/* What a read file says, to hold the arena's reading to the heap's. */
struct summary {
	int	good;
	size_t	nresults;
	double	median, last_sample;
	char	brand[128], err[1024];
};

static void
summarise(const struct rs_loaded *l, struct summary *s)
{
	const struct rs_result *r;

	memset(s, 0, sizeof(*s));
	s->good = l->text != NULL;
	snprintf(s->err, sizeof(s->err), "%s", s->good ? "" : l->err);
	if (!s->good)
		return;
	s->nresults = l->f.nresults;
	snprintf(s->brand, sizeof(s->brand), "%s", l->f.machine.cpu_brand);
	r = &l->f.results[0];
	s->median = r->cycles.median;
	s->last_sample = r->nsamples > 0 ? r->samples[r->nsamples - 1] : NAN;
}

static struct summary heap_read[NELEM(paths)], arena_read[NELEM(paths)];

static int
take(struct rs_loaded *l, void *arg)
{
	struct summary *s = arg;

	summarise(l, &s[l->index]);
	rs_loaded_free(l);
	return (0);
}

/* Before json_arena_install: no arena, Jansson on the heap. */
static void
test_not_installed(void **state)
{

	(void)state;
	assert_null(json_arena_begin());
	json_arena_end();
	assert_int_equal(rs_load_each(paths, NELEM(paths), NULL, take,
	    heap_read), 0);
	json_arena_install();
}

static void
test_outside_is_malloc(void **state)
{
	json_t *o;
	char *text;

	(void)state;
	o = json_pack("{s:[f,i,s]}", "a", 1.5, 2, "three");
	assert_non_null(o);
	text = json_dumps(o, JSON_COMPACT);
	assert_string_equal(text, "{\"a\":[1.5,2,\"three\"]}");
	free(text);
	json_decref(o);
}

static void
test_tree_in_arena(void **state)
{
	static const char text[] = "{\"a\":[1,2.5,\"x\",{\"b\":null}],"
	    "\"c\":\"\\u00e9\",\"d\":[[[]]]}";
	struct json_arena *a;
	json_error_t e;
	json_t *in, *out;
	char *big;

	(void)state;
	out = json_parse(text, strlen(text), &e);
	assert_non_null(a = json_arena_begin());
	in = json_parse(text, strlen(text), &e);
	/* One allocation larger than a chunk gets a chunk of its own. */
	assert_non_null(big = calloc(1, 600 * 1024));
	memset(big, 'x', 600 * 1024 - 1);
	assert_int_equal(json_object_set_new(in, "big", json_string(big)), 0);
	assert_int_equal(json_string_length(json_object_get(in, "big")),
	    600 * 1024 - 1);
	/* Jansson's frees in the arena: the reader drops what it copied. */
	json_array_clear(json_object_get(in, "a"));
	json_object_del(in, "big");
	json_arena_end();
	assert_non_null(in);
	json_array_clear(json_object_get(out, "a"));
	assert_true(json_equal(in, out));
	json_decref(out);
	json_arena_free(a);
	free(big);
	json_arena_free(NULL);
}

/* A tree dropped while its arena is current leaves the thread's heap. */
static void
test_free_while_current(void **state)
{
	struct json_arena *a;
	json_t *o;

	(void)state;
	assert_non_null(a = json_arena_begin());
	o = json_pack("{s:[f,f,f]}", "x", 1.0, 2.0, 3.0);
	assert_non_null(o);
	json_arena_free(a);
	o = json_array();	/* on the heap again */
	json_decref(o);
	json_arena_end();
}

static void
test_results_in_arenas(void **state)
{
	size_t i;

	(void)state;
	assert_int_equal(rs_load_each(paths, NELEM(paths), NULL, take,
	    arena_read), 0);
	for (i = 0; i < NELEM(paths); i++) {
		if (memcmp(&heap_read[i], &arena_read[i],
		    sizeof(heap_read[i])) != 0)
			print_error("%s: read differently in an arena\n",
			    paths[i]);
		assert_memory_equal(&heap_read[i], &arena_read[i],
		    sizeof(heap_read[i]));
	}
	assert_true(heap_read[0].good && heap_read[1].good &&
	    !heap_read[5].good);
}

/* A large file is read on the heap, where its samples go as copied. */
static void
test_large_file_on_heap(void **state)
{
	struct rs_file f;
	char err[1024], *text, *padded;
	size_t len, big = 2 * 1024 * 1024;

	(void)state;
	assert_non_null(text = rs_read_file(paths[0], &len, err, sizeof(err)));
	assert_int_equal(rs_load_text("small", text, len, &f, err,
	    sizeof(err)), 0);
	assert_non_null(f.arena);
	rs_free(&f);
	assert_non_null(padded = malloc(big + len));
	memset(padded, ' ', big);
	memcpy(padded + big, text, len);
	assert_int_equal(rs_load_text("large", padded, big + len, &f, err,
	    sizeof(err)), 0);
	assert_null(f.arena);
	assert_int_equal(f.nresults, heap_read[0].nresults);
	rs_free(&f);
	free(padded);
	free(text);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_not_installed),
		cmocka_unit_test(test_outside_is_malloc),
		cmocka_unit_test(test_tree_in_arena),
		cmocka_unit_test(test_free_while_current),
		cmocka_unit_test(test_results_in_arenas),
		cmocka_unit_test(test_large_file_on_heap),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
