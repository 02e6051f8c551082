/*
 * What code running in the measuring child (a benchmark's setup) may tell
 * the isolation layer.  cb_measure() itself is declared in cyclebench.h.
 */
#ifndef CB_ISOLATE_H
#define CB_ISOLATE_H

#include <stddef.h>
#include <time.h>

#include "os/fault.h"

/*
 * Describe a fault in the benchmark's own terms ("read of 0x0 by `mov
 * (%rax),%rbx' at body+0x3"): write at most len bytes, NUL-terminated,
 * into buf.  Runs in the signal handler, so it may only read memory and
 * format text.
 */
typedef void isolate_fault_fn(const struct fault *f, void *arg, char *buf,
    size_t len);

/*
 * In the measuring child, catch faults from now on and report them as an
 * error result, "crashed: SIGSEGV (si_code's meaning): " followed by what
 * fn writes; NULL stops catching (a fault then kills the child, which the
 * parent reports as "killed by signal N").  A benchmark's setup sets it,
 * its teardown clears it.  Outside a measuring child it does nothing.
 */
void	isolate_on_fault(isolate_fault_fn *fn, void *arg);

/* Is this a measuring child (not cb_measure's caller, nor isolate = 0)? */
int	isolate_in_child(void);

/* When this process first called cb_measure(); 0 if it has not. */
time_t	isolate_first_measure(void);

#endif
