/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The rows of a comparison (verdict/compare.h): results matched across
 * sides by their key, and every cell judged.
 */
#ifndef CB_COMPARE_MATCH_H
#define CB_COMPARE_MATCH_H

#include "verdict/compare.h"

/*
 * Fill t's rows from its inputs, whose probe floors are set, and judge
 * every cell; a file listing a row twice gets a warning.  -1: out of
 * memory.
 */
int	cmp_match(struct cmp_table *t);

#endif
