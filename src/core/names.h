/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Names of the bit sets in cyclebench.h, as they appear in every output
 * (table legend, JSON, CSV).  The names are part of the results schema:
 * renaming one is a schema change.
 */
#ifndef CB_NAMES_H
#define CB_NAMES_H

#include <stddef.h>

#include "cyclebench.h"

/*
 * Name of one enum cb_cpu_feature value (a single bit, e.g. CB_CPU_AVX),
 * or NULL when `bit' is not exactly one known feature.
 */
const char	*cb_feature_name(unsigned bit);

/*
 * Store the names of the known features set in `features' into
 * out[0..max-1], lowest bit first.  Returns how many known features are
 * set, which is more than max when out was too small (out may be NULL
 * when max is 0, to count).
 */
size_t		 cb_feature_names(unsigned features, const char **out,
		    size_t max);

/* The statistics of a struct cb_summary, in the order results list them. */
struct cb_summary_key {
	const char	*key;
	size_t		 off;		/* of a double in struct cb_summary */
};
#define CB_NSUMMARY_KEYS	10
extern const struct cb_summary_key cb_summary_keys[CB_NSUMMARY_KEYS];

/* Name of one CB_FLAG_* value, or NULL when not exactly one known flag. */
const char	*cb_flag_name(unsigned bit);

/*
 * Every flag, in the order results list them, with what it means.  The
 * meanings are the ones cyclebench(1) and docs/results-schema.md give,
 * word for word: scripts/check-docs compares the three.
 */
struct cb_flag_info {
	unsigned	 bit;
	const char	*name;
	const char	*meaning;
};
extern const struct cb_flag_info cb_flag_table[];
extern const size_t cb_nflags;

#endif
