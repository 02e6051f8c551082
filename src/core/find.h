/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Finding benchmarks by less than their full name: the tail of a name
 * ("imul-latency" for "basic/imul-latency") and a word of a name or a
 * description ("cmpxchg"), for run, list and history alike.
 */
#ifndef CB_FIND_H
#define CB_FIND_H

#include <stddef.h>

/* 1 when s holds a shell glob's special characters. */
int	find_is_glob(const char *s);

/*
 * 1 when pattern is the last '/'-separated parts of name, whole parts
 * only: "imul-latency" and "basic/imul-latency" end "basic/imul-latency",
 * "latency" does not.  Never the whole name.
 */
int	find_is_tail(const char *pattern, const char *name);

/* 1 when text holds word, ignoring case; an empty word is nowhere. */
int	find_has_word(const char *word, const char *text);

/*
 * Of names[0..n-1] (repeats allowed), the ones a pattern picks: the
 * name itself, its group (the part before the first '/'), a shell glob
 * over the whole name, or, when none of those picks any, the names it is
 * the tail of (*tail set to 1).  picked[i] is set for each; returns how
 * many distinct names were picked, so a tail with more than 1 is
 * ambiguous.
 */
size_t	find_pick(const char *pattern, const char *const *names, size_t n,
	    unsigned char *picked, int *tail);

#endif
