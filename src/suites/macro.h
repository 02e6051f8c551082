/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A seed's macro run: many calls back to back, timed as time(1) would
 * (real, user and system seconds), beside the cycles per call the same
 * wall time gives.  Nothing is dropped here, so how often the run was
 * preempted (involuntary context switches) goes with it: real time
 * includes whatever ran instead.
 */
#ifndef CB_SUITES_MACRO_H
#define CB_SUITES_MACRO_H

#include <stdint.h>

#include "cyclebench.h"

/*
 * Call body(n, ctx) once and add to res's extras: `calls' (n),
 * real_seconds, user_seconds, system_seconds, `cycles_per' (by the mean
 * of res's ratios) and preempted.
 */
void	macro_run(cb_body_fn *body, void *ctx, uint64_t n, const char *calls,
	    const char *cycles_per, struct cb_result *res);

#endif
