/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What cb_measure() accepts: every field of a benchmark and its options
 * checked before anything runs, so a caller's mistake is an error result
 * with a reason, not a crash, a number of no meaning, or a results file
 * cyclebench's own reader refuses.
 */
#ifndef CB_CORE_MEASURE_ARGS_H
#define CB_CORE_MEASURE_ARGS_H

#include <stddef.h>

#include "cyclebench.h"

/* 0, or -1 with what is wrong in why. */
int	measure_args_check(const struct cb_bench *b, const struct cb_options *o,
	    char *why, size_t len);

#endif
