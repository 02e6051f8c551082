/* SPDX-License-Identifier: BSD-2-Clause */
/* Which CPU a measurement runs on.  Each OS provides these. */
#ifndef CB_OS_CPUSET_H
#define CB_OS_CPUSET_H

#include <stddef.h>

/*
 * The CPU to measure on when the user names none: of the fastest kind of
 * core (os/coretypes.h) where there are several, the highest-numbered one
 * this process may use, since CPU 0 usually takes the most interrupts.
 */
int	cpuset_default_cpu(void);

/*
 * The CPU the same choice makes among the cores of kind `type' (as
 * os/coretypes.h names them, case ignored); -1 with the reason, naming
 * the kinds there are, when there is none this process may use.
 */
int	cpuset_cpu_of_type(const char *type, char *why, size_t len);

/* How many CPUs this process may run on (at least 1). */
int	cpuset_count(void);

/* Is `cpu' one this process may run on? */
int	cpuset_allowed(int cpu);

/* Pin the calling thread to `cpu'; -1 with a reason on failure. */
int	cpuset_pin(int cpu, char *why, size_t len);

/*
 * Another CPU than `cpu' that this process may use, for a partner thread
 * (contention, ping-pong), or -1 when there is none.  Answers from the set
 * the process had before cpuset_pin() narrowed it, so a user's taskset
 * still bounds it.
 */
int	cpuset_other_cpu(int cpu);

#endif
