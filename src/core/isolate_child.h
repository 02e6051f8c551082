/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What isolate.c and isolate_program.c share, and nothing else uses: a
 * round's child, the pipe it answers on, and a program started for a
 * round instead of a fork.
 */
#ifndef CB_ISOLATE_CHILD_H
#define CB_ISOLATE_CHILD_H

#include <sys/types.h>

#include "core/engine.h"
#include "core/isolate.h"

#define READ_TIMEOUT	(-1)
#define READ_INTERRUPTED (-2)

/* r's status and its reason, formatted. */
void	isolate_set_reason(struct cb_result *r, enum cb_status st,
	    const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/*
 * Read up to len bytes before the deadline: bytes read (fewer at EOF),
 * READ_TIMEOUT or READ_INTERRUPTED.  Wakes every 100 ms to notice
 * cb_interrupt() even when the signal did not interrupt poll().
 */
ssize_t	isolate_read_until(int fd, void *buf, size_t len, double deadline);

/* The child's round: measure b and send the result down fd; exits. */
void	isolate_child(int fd, const struct cb_bench *b,
	    const struct cb_options *o, const struct engine_prep *p,
	    int first) __attribute__((noreturn));

/* The program b's rounds run in (isolate_in_program), or NULL. */
isolate_program_fn *isolate_program_of(const struct cb_bench *b);

/*
 * Start the round's program with the round and the benchmark's payload
 * on its spec descriptor, the pipe's end `fd' as its result: its pid, or
 * -1 with the reason in r.
 */
pid_t	isolate_spawn(const struct cb_bench *b, isolate_program_fn *describe,
	    const struct cb_options *o, const struct engine_prep *p,
	    int first, int fd, struct cb_result *r);

#endif
