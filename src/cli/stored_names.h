/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Benchmark names as the store knows them, for history and table: a
 * name picked as run picks it (core/find.h), and the names near one
 * that picks nothing.
 */
#ifndef CB_CLI_STORED_NAMES_H
#define CB_CLI_STORED_NAMES_H

#include <stddef.h>

#include "store/store.h"

/*
 * The points of the benchmarks `pattern' picks among those stored (a
 * name, its "name k=v" key, a group, a glob, a name's unique tail), in
 * the runs sel selects, with ctx_key's value; none when it picks none.
 * 0; EXIT_USAGE after saying why when it is the tail of several names;
 * EXIT_STORE after saying why when the store fails.
 */
int	stored_pick(const char *cmd, struct store *s, const char *pattern,
	    const char *ctx_key, const struct store_sel *sel,
	    struct store_points *pts);

/*
 * "; did you mean 'basic'?": the stored suites, names and keys in the
 * runs sel selects near `typed', or "" (also when the store fails).
 * Returns buf.
 */
const char *stored_near(struct store *s, const char *typed,
	    const struct store_sel *sel, char *buf, size_t len);

#endif
