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
 * What a flag asks of whoever reads the table: to distrust the figure, to
 * act (measure again where the core is not shared), or nothing, when it
 * only says how the figure was reached.  The human tables show the first
 * two; the results files and --verbose show all.
 */
enum flag_class {
	FLAG_INFO,
	FLAG_ACT,
	FLAG_DISTRUST
};

/*
 * Every flag, in the order results list them, with its class and what it
 * means.  `list --flags' prints a meaning after its class's name and a
 * colon ("distrust: The median ..."), which is how cyclebench(1) and
 * docs/results-schema.md give it, word for word: scripts/check-docs
 * compares the three.
 */
struct cb_flag_info {
	unsigned	 bit;
	const char	*name;
	enum flag_class	 cls;
	const char	*meaning;
};
extern const struct cb_flag_info cb_flag_table[];
extern const size_t cb_nflags;

/* "info", "act" or "distrust". */
const char	*flag_class_name(enum flag_class c);

/* The class of the flag named by the n bytes at name; -1: unknown. */
int		 flag_class_of(const char *name, size_t n);

/* The CB_FLAG_* bits of `flags' a human table shows. */
unsigned	 flags_shown(unsigned flags);

/*
 * The names in `in' ("a,b", as a results file gives them) a human table
 * shows, into out ("" when none); a name this build does not know is
 * shown, as it may be a newer build's warning.  Returns out.
 */
const char	*flags_shown_names(const char *in, char *out, size_t len);

#endif
