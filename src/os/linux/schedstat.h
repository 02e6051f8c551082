/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's /proc/<tid>/schedstat: "run_ns delay_ns slices", the time a
 * task ran, waited runnable on a run queue, and how many times it ran.
 */
#ifndef CB_OS_LINUX_SCHEDSTAT_H
#define CB_OS_LINUX_SCHEDSTAT_H

/* The delay (the second field) of a schedstat line into *ns; 0, or -1. */
int	schedstat_delay(const char *text, unsigned long long *ns);

#endif
