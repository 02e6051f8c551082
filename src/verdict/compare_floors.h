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

/* The quietest probe reading of f[0..n-1]: the lowest of their floors,
   a file without a probe giving none; NAN when none has one. */
double	cmp_files_floor(const struct rs_file *f, size_t n);

#endif
