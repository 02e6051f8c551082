/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The Jansson tree of one results file in an arena of its own, let go at
 * once (json_arena.c says why and what it asks of callers).
 */
#ifndef CB_REPORT_JSON_ARENA_H
#define CB_REPORT_JSON_ARENA_H

struct json_arena;

/*
 * Make the arena Jansson's allocator, process-wide: malloc and free, but
 * for a thread between json_arena_begin and json_arena_end.  Once, before
 * threads start; a program that never calls it never uses arenas.
 */
void	json_arena_install(void);

/*
 * Jansson's allocations in this thread come from a new arena until
 * json_arena_end; NULL (and none) when not installed or out of memory.
 */
struct json_arena *json_arena_begin(void);
void	json_arena_end(void);

/* The arena and every tree in it, in any thread; NULL is none. */
void	json_arena_free(struct json_arena *a);

#endif
