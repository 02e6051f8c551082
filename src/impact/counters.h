/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Counting a command's kernel events: perf software events and
 * tracepoints opened in this process before the fork, inherited by the
 * command and every descendant and enabled at its exec; getrusage of the
 * reaped descendants where perf may not count.
 */
#ifndef CB_IMPACT_COUNTERS_H
#define CB_IMPACT_COUNTERS_H

#include <stdint.h>
#include <sys/resource.h>

#include "impact/events.h"

struct impact_count {
	int		 fd;		/* perf event; -1 when none */
	int		 available;	/* a value is (or will be) counted */
	uint64_t	 value;
	char		 source[128];	/* where value comes from */
	char		 note[320];	/* why unavailable, or why not perf */
};

struct impact_counts {
	struct impact_count c[IMPACT_NCOUNTERS];
	long		 voluntary;	/* getrusage split of context switches */
	long		 involuntary;
};

/* Short key ("ctxsw") and description of a counter. */
const char	*counter_key(enum impact_counter i);
const char	*counter_what(enum impact_counter i);

/*
 * Open every counter in the calling process, disabled until the next
 * exec of a child forked after this; say which ones will be available.
 */
void	counters_open(struct impact_counts *k);

/* After the command: read the counters, fall back on ru, close. */
void	counters_collect(struct impact_counts *k, const struct rusage *ru);

/* Close without reading (the command never ran). */
void	counters_close(struct impact_counts *k);

#endif
