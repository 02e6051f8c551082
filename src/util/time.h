/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Wall time for deadlines, progress and time limits: the monotonic
 * clock, which no one setting the date can move.  Not a benchmark
 * clock: costs are timed by core/clock.h.
 */
#ifndef CB_UTIL_TIME_H
#define CB_UTIL_TIME_H

/* Seconds on CLOCK_MONOTONIC, from an arbitrary start. */
double	monotonic_seconds(void);

/* Now as ISO 8601 UTC ("2026-12-02T18:05:11Z"), as results files write it. */
void	utc_now(char *buf, size_t len);

#endif
