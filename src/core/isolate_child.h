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

/* How a round's child exits having sent no result of its own. */
#define ISOLATE_EXIT_UNSENT	3	/* the pipe took no result */
#define ISOLATE_EXIT_ENDED	4	/* it sent its round's (a trap's, or
					   why it cannot measure), then ended */

/*
 * The child's rounds: measure b[0..n-1] one after another, each with its
 * options o[i], and send each result down fd as it is done; exits.
 */
void	isolate_child(int fd, const struct cb_bench *const *b,
	    const struct cb_options *o, size_t n,
	    const struct engine_prep *p, int first)
	    __attribute__((noreturn));

/*
 * The results of the rounds o[0..n-1] the child pid sends down fd (a
 * program's when `spawned'), each read into r[i] before its own time
 * limit: how many rounds they settle, at least the first.  A round the
 * child ended in, by a fault, a hang or an exit, has that for its
 * reason; a round it did not reach, having sent the round before's trap
 * and ended, is not settled.  The child is reaped.
 */
size_t	isolate_collect(pid_t pid, int fd, int spawned,
	    const struct cb_options *const *o, size_t n, struct cb_result *r);

/* The program b's rounds run in (isolate_in_program), or NULL. */
isolate_program_fn *isolate_program_of(const struct cb_bench *b);

/*
 * Start the program pg[0].path with the rounds of pg[0..n-1] (options
 * o[i], payloads pg[i]) on its spec descriptor, the pipe's end `fd' as
 * its result: its pid, or -1 with the reason in r.
 */
pid_t	isolate_spawn(const struct isolate_program *pg,
	    const struct cb_options *const *o, size_t n,
	    const struct engine_prep *p, int first, int fd,
	    struct cb_result *r);

#endif
