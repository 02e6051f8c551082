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
 * In the child, describe faults with fn from now on (NULL: the generic
 * "read of ADDR at pc PC").  A benchmark's setup sets it, its teardown
 * clears it.
 */
void	isolate_on_fault(isolate_fault_fn *fn, void *arg);

/* When this process first called cb_measure(); 0 if it has not. */
time_t	isolate_first_measure(void);

#endif
