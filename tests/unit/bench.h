/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A built-in benchmark by its full name, for tests that measure one.
 * Include after <cmocka.h>.
 */
#ifndef CB_TEST_BENCH_H
#define CB_TEST_BENCH_H

#include "core/registry.h"

static const struct cb_bench *
find(const char *name)
{
	struct selection sel;
	const struct cb_bench *b;
	char err[128];
	char *pattern = (char *)name;

	assert_int_equal(registry_select(&pattern, 1, 0, &sel, err, sizeof(err)),
	    0);
	assert_int_equal(sel.n, 1);
	b = sel.items[0];
	registry_selection_free(&sel);
	return (b);
}

#endif
