/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The labels of a comparison's sides (verdict/compare.h): what names a
 * column.
 */
#ifndef CB_COMPARE_LABELS_H
#define CB_COMPARE_LABELS_H

#include <stddef.h>

#include "verdict/compare.h"

/*
 * Label every input of t: labels[i] where given (labels or labels[i]
 * NULL: automatic).  -1 with err when two inputs end up with one label.
 */
int	cmp_make_labels(struct cmp_table *t, const char *const *labels,
	    char *err, size_t errlen);

#endif
