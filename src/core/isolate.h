/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The isolation layer: a round of a benchmark in a child process, and
 * what code running in that child (a benchmark's setup) may tell it.
 */
#ifndef CB_ISOLATE_H
#define CB_ISOLATE_H

#include <stddef.h>
#include <sys/types.h>
#include <time.h>

#include "cyclebench.h"
#include "core/engine.h"
#include "os/trap.h"

/*
 * Describe a trap (os/trap.h) in the benchmark's own terms ("read of 0x0
 * by `mov (%rax),%rbx' at body+0x3"): write at most len bytes,
 * NUL-terminated, into buf.  Runs in the signal handler, so it may only read memory and
 * format text.
 */
typedef void isolate_trap_fn(const struct trap *f, void *arg, char *buf,
    size_t len);

/*
 * In the measuring child, catch traps from now on and report them as an
 * error result, "crashed: SIGSEGV (si_code's meaning): " followed by what
 * fn writes; NULL stops catching (a trap then kills the child, which the
 * parent reports as "killed by signal N").  A benchmark's setup sets it,
 * its teardown clears it.  Outside a measuring child it does nothing.
 */
void	isolate_on_trap(isolate_trap_fn *fn, void *arg);

/* Is this a measuring child (not cb_measure's caller, nor isolate = 0)? */
int	isolate_in_child(void);

/*
 * In the measuring child: thread or process `tid' takes part in the
 * measured path (a ping-pong partner), so the time it waits for its CPU
 * disturbs a sample as much as the measuring thread's own wait does
 * (core/guard.h).  A benchmark's setup names its partners; up to
 * GUARD_MAX_PARTNERS.  Outside a measuring child it does nothing.
 */
void	isolate_watch_partner(pid_t tid);

/*
 * In the measuring child, from a benchmark's setup: go on with this round
 * in the program at `path' (os/child.h, os_child_exec), a fresh process
 * that has nothing of this one's memory, environment or descriptors but
 * the round's options and payload[0..len-1].  That program calls
 * isolate_serve(), which makes the benchmark from the payload, measures
 * the round and sends the result where this child would have.  Returns
 * only on failure: -1, with the reason in why.
 */
int	isolate_exec(const char *path, const void *payload, size_t len,
	    char *why, size_t whylen);

/* Make the benchmark a payload describes: 0, or -1 with the reason. */
typedef int isolate_make_fn(const void *payload, size_t len,
    const struct cb_bench **b, char *why, size_t whylen);

/* The main of a program isolate_exec() started; exits when done. */
void	isolate_serve(isolate_make_fn *make) __attribute__((noreturn));

/* When this process first measured a round; 0 if it has not. */
time_t	isolate_first_measure(void);

/* `in' (NULL: the defaults) with what is left to choose chosen for b. */
void	isolate_options(const struct cb_bench *b, const struct cb_options *in,
	    struct cb_options *o);

/*
 * One round of b (core/engine.h) with options from isolate_options(): in
 * a child process when o->isolate, else here.  r is filled from scratch:
 * the round's samples, or a skip or an error with its reason.
 */
void	isolate_round(const struct cb_bench *b, const struct cb_options *o,
	    const struct engine_prep *p, int first, struct cb_result *r);

#endif
