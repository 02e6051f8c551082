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
 * Rounds of a benchmark whose setup is `setup' go on in another program,
 * started for the rounds instead of a fork of this process: it has
 * nothing of this one's memory, environment or descriptors but the
 * rounds' options and the payloads `describe' makes from the benchmarks'
 * args, and a fork's cost, which grows with this process's memory, is
 * not paid.  The program calls isolate_serve(), which makes the
 * benchmarks from the payloads, measures their rounds one after another
 * and sends each result as a forked child would.  describe fills pg:
 * the program's path, a malloc'd payload, and whether this benchmark's
 * round may share one program with the rounds of others that share
 * (ISOLATE_MAX_SHARED at most): a process start costs 3 to 7 ms on a
 * cloud guest, more than a short round's sampling.  A round that faults,
 * hangs or kills its program costs that round alone; the rounds after
 * it go on in a new one.  Returns 0, or -1 with the reason in why.
 * isolate_in_program returns 0, or -1 if ISOLATE_MAX_PROGRAMS setups are
 * registered already.
 */
struct isolate_program {
	char		 path[4096];
	void		*payload;	/* malloc'd */
	size_t		 len;
	int		 shares;
};

typedef int isolate_program_fn(const void *arg, struct isolate_program *pg,
    char *why, size_t whylen);

#define ISOLATE_MAX_PROGRAMS	4
#define ISOLATE_MAX_SHARED	32	/* rounds in one program at most */

int	isolate_in_program(cb_setup_fn *setup, isolate_program_fn *describe);

/*
 * Make the n benchmarks the payloads describe, to be measured one after
 * another in this program, into b[0..n-1]: 0, or -1 with the reason.
 */
typedef int isolate_make_fn(const void *const *payload, const size_t *len,
    size_t n, const struct cb_bench **b, char *why, size_t whylen);

/* The main of a program rounds started; exits when done. */
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

/*
 * One round each of b[0], b[1], ... (n at most) with options o[0], ...,
 * as isolate_round() measures one, as many as can share one program
 * (isolate_in_program), and at least b[0]: how many, their results in
 * r[0], r[1], ...
 */
size_t	isolate_rounds(const struct cb_bench *const *b,
	    const struct cb_options *const *o, size_t n,
	    const struct engine_prep *p, int first, struct cb_result *r);

#endif
