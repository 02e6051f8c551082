/* SPDX-License-Identifier: BSD-2-Clause */
/* Histories from the store: stored points cut into one series per
   machine and benchmark, for history and report. */
#ifndef CB_CLI_SERIES_H
#define CB_CLI_SERIES_H

#include "report/history.h"
#include "store/store.h"

/*
 * One series per machine and benchmark key of p, in order of first
 * appearance, each its `last' newest runs (0: all) with its levels
 * found.  They point into p.  -1 when out of memory.
 */
int	series_build(const struct store_points *p, size_t last,
	    struct hist_series **out, size_t *n);
void	series_free(struct hist_series *h, size_t n);

#endif
