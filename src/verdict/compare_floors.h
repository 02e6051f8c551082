/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The contention probe floor of every side of a comparison
 * (verdict/compare.h), which tells its quiet samples from its contended.
 */
#ifndef CB_COMPARE_FLOORS_H
#define CB_COMPARE_FLOORS_H

#include "verdict/compare.h"

/* Set every input's probe_floor, warning of a run never quiet; -1: out
   of memory. */
int	cmp_probe_floors(struct cmp_table *t);

/* The quiet probe reading of a file: any result's, all share the run's;
   NAN without a probe. */
double	cmp_file_floor(const struct rs_file *f);

#endif
