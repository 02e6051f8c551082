/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kernel events `cyclebench impact' prices: which count each one
 * multiplies and which benchmark's cycles.median is its cost per event.
 * The table itself is in events.c, the one place to edit when a suite
 * renames a benchmark.
 */
#ifndef CB_IMPACT_EVENTS_H
#define CB_IMPACT_EVENTS_H

#include <stddef.h>

#include "cyclebench.h"

/* What is counted while the command runs (counters.c says how). */
enum impact_counter {
	IMPACT_CTXSW,		/* context switches, voluntary + involuntary */
	IMPACT_MINFLT,		/* minor page faults */
	IMPACT_MAJFLT,		/* major page faults */
	IMPACT_MIGRATIONS,	/* moves to another CPU */
	IMPACT_SYSCALLS,	/* system call entries */
	IMPACT_SIGNALS,		/* signals delivered */
	IMPACT_NCOUNTERS
};

/* Priced only when --what-if names it: its count is an estimate. */
#define IMPACT_EVENT_ON_REQUEST	0x1u

struct impact_event {
	const char	*name;		/* what --what-if calls it */
	const char	*what;		/* for people */
	enum impact_counter counter;	/* the count it multiplies */
	struct cb_bench	 bench;		/* its cost: name and params only;
					   name NULL when none prices it */
	unsigned	 flags;		/* IMPACT_EVENT_* */
	const char	*note;		/* how the count relates, if not 1:1 */
};

#define IMPACT_MAX_EVENTS	16

extern const struct impact_event impact_events[];
extern const size_t impact_nevents;

/* The event called `name', or NULL. */
const struct impact_event *impact_event_find(const char *name);

/* "ctxsw, minflt, ..." for messages; returns buf. */
const char	*impact_event_names(char *buf, size_t len);

#endif
