/* SPDX-License-Identifier: BSD-2-Clause */
/* Which CPU a measurement runs on.  Each OS provides these. */
#ifndef CB_OS_CPUSET_H
#define CB_OS_CPUSET_H

#include <stddef.h>

/*
 * The highest-numbered CPU this process may run on whose kind[cpu] (for
 * cpu < nkind; os/coretypes.h's of_cpu) is `want', or of any kind when
 * want is -1; -1 when there is none.
 */
int	cpuset_highest(const signed char *kind, int nkind, int want);

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
