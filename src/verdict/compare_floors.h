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

#endif
