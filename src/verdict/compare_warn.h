/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The warnings under a comparison (verdict/compare.h): the list the
 * table keeps, and those about what differs between the machines.
 */
#ifndef CB_COMPARE_WARN_H
#define CB_COMPARE_WARN_H

#include "verdict/compare.h"

/* Add a warning to t; -1: out of memory. */
int	cmp_warn(struct cmp_table *t, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/*
 * A warning for each thing that shapes the numbers besides the CPU and
 * differs between the sides' first files: cycle method, kernel,
 * hypervisor, microcode, each mitigation, each context key; and one for
 * each partial run.  -1: out of memory.
 */
int	cmp_machine_warnings(struct cmp_table *t);

#endif
