/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A results file's Jansson tree is some 10,000 small allocations (every
 * number is one), made by the thread that reads the file and freed, one
 * by one, by whichever thread is done with it: malloc and free were a
 * quarter of db import's time.  In an arena, an allocation moves a
 * pointer and the tree goes a chunk at a time.
 *
 * Jansson takes one allocator for the process.  Ours is malloc and free
 * except in a thread between json_arena_begin and json_arena_end, where
 * allocations come from that thread's arena and freeing one of them does
 * nothing (Jansson frees as it grows arrays and objects, and the reader
 * drops parts of the tree it has copied).  Outside, nothing may free a
 * node of an arena tree, nor keep one past json_arena_free: the owner
 * lets the arena go instead of calling json_decref on the root.  The
 * memory of a tree comes back only whole, so results_read.c reads large
 * files on the heap.
 */
#include <stdint.h>
#include <stdlib.h>

#include <jansson.h>

#include "results/json_arena.h"

#define CHUNK_BYTES	(64 * 1024)	/* below glibc's first mmap threshold */
#define ALIGN		16

struct chunk {
	struct chunk	*prev;
	char		*end;
	char		 data[] __attribute__((aligned(ALIGN)));
};

struct json_arena {
	struct chunk	*chunk;		/* the newest */
	char		*next;		/* free space in it */
};

static _Thread_local struct json_arena *current;

static int
in_arena(const struct json_arena *a, const void *p)
{
	const struct chunk *c;

	for (c = a->chunk; c != NULL; c = c->prev)
		if ((const char *)p >= c->data && (const char *)p < c->end)
			return (1);
	return (0);
}

static void *
arena_malloc(size_t n)
{
	struct json_arena *a = current;
	struct chunk *c;
	size_t size;
	void *p;

	if (a == NULL)
		return (malloc(n));
	n = (n + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	if (a->chunk == NULL || (size_t)(a->chunk->end - a->next) < n) {
		size = n > CHUNK_BYTES ? n : CHUNK_BYTES;
		if ((c = malloc(sizeof(*c) + size)) == NULL)
			return (NULL);
		c->prev = a->chunk;
		c->end = c->data + size;
		a->chunk = c;
		a->next = c->data;
	}
	p = a->next;
	a->next += n;
	return (p);
}

static void
arena_free(void *p)
{

	if (current == NULL || !in_arena(current, p))
		free(p);
}

void
json_arena_install(void)
{

	json_set_alloc_funcs(arena_malloc, arena_free);
}

struct json_arena *
json_arena_begin(void)
{
	json_malloc_t m;
	json_free_t f;

	json_get_alloc_funcs(&m, &f);
	if (m != arena_malloc)
		return (NULL);
	current = calloc(1, sizeof(*current));
	return (current);
}

void
json_arena_end(void)
{

	current = NULL;
}

void
json_arena_free(struct json_arena *a)
{
	struct chunk *c, *prev;

	if (a == NULL)
		return;
	if (current == a)
		current = NULL;
	for (c = a->chunk; c != NULL; c = prev) {
		prev = c->prev;
		free(c);
	}
	free(a);
}
