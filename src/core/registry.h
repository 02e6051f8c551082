/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Every built-in benchmark, by suite, and how command-line patterns pick
 * them.  A new benchmark is one entry in one suite's table.  A suite
 * registers itself: its source defines `const struct cb_suite
 * suite_NAME' with CB_SUITE, and the build writes registry_suites from
 * the suite sources it compiles for this instruction set
 * (scripts/suite-list, in the Makefile's SUITE_ORDER), so the core
 * names no suite and a new one is its file and its name in that order.
 */
#ifndef CB_REGISTRY_H
#define CB_REGISTRY_H

#include <stddef.h>

#include "cyclebench.h"

struct cb_suite {
	const char		*name;
	const char		*desc;	/* the question it answers */
	const struct cb_bench	*benches;
	size_t			 count;
};

#define CB_SUITE(var, sname, sdesc, table)				\
	const struct cb_suite var = { sname, sdesc, table,		\
	    sizeof(table) / sizeof((table)[0]) }

/*
 * NULL-terminated, in the order suites are listed and run: written by
 * the build (see above).
 */
extern const struct cb_suite *const registry_suites[];

struct selection {
	const struct cb_bench	**items;
	size_t			  n;
};

/*
 * Select benchmarks.  With no patterns: all but hidden ones, and for a run
 * (listing == 0) not the explicit ones either.
 * A pattern selects a benchmark when it is its full name, its group (the
 * part before the first '/'), or a shell glob matching the full name.
 * After the name, a pattern may hold parameters as `list' prints them,
 * "ctxsw/pipe-procs cpus=1 fpu=none": the benchmark must have each, the
 * value matched as a glob.
 * Hidden benchmarks answer only to their full name or group, explicit ones
 * only to their full name.
 * A pattern that selects nothing so is taken, for a run, for the tail of
 * a name ("imul-latency"), which must then name one benchmark; for a
 * listing, for a word of names and descriptions ("cmpxchg").  A pattern
 * selecting nothing is an error, whose message names the nearest names,
 * or the values a parameter takes.
 */
int	registry_select(char *const *patterns, int npatterns, int listing,
	    struct selection *sel, char *err, size_t errlen);

/*
 * Keep only the selected benchmarks that have the parameters in
 * `filters', each "key=glob": for every key named, a benchmark must have
 * it with a value one of that key's globs matches.  Leaving nothing is an
 * error, with the values the selection offers.
 */
int	registry_filter(struct selection *sel, char *const *filters,
	    int nfilters, char *err, size_t errlen);

/* 0 when s is "key=value" with a key; else -1. */
int	registry_filter_valid(const char *s);

void	registry_selection_free(struct selection *sel);

const struct cb_suite *registry_suite_of(const struct cb_bench *b);

/*
 * The suites this build lacks because they are written for other
 * instruction sets, one a call from *cursor (start it at 0), with where
 * they run in *archs; NULL after the last.
 */
const char *registry_elsewhere(size_t *cursor, const char **archs);

/* The value of parameter `key' of b, or NULL when it has none. */
const char *registry_param(const struct cb_bench *b, const char *key);

/*
 * "cpus=1|2 fpu=none|one|both": the parameters of items[0..n-1], keys and
 * values in order of first appearance; "" when they have none.
 */
void	registry_describe_params(const struct cb_bench *const *items,
	    size_t n, char *buf, size_t len);

/* "group/variant k=v k=v" */
const char *registry_label(const struct cb_bench *b, char *buf, size_t len);

#endif
