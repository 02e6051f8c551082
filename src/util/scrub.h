/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text from a file on its way to a terminal: a results file is input
 * from anyone, and an escape sequence in a benchmark's name must not
 * reach the terminal that prints it (to move the cursor, retitle the
 * window, fake a row), nor a line break split a table row.
 */
#ifndef CB_REPORT_TERM_H
#define CB_REPORT_TERM_H

#include <stddef.h>

/*
 * Replace, in s[0..len-1], every control character (C0 and DEL, and C1
 * in its two-byte UTF-8 form) with '?'; '\n' and '\t' too unless
 * `lines', for text laid out in lines already.  Returns how many bytes
 * were replaced.
 */
size_t	term_scrub(char *s, size_t len, int lines);

/* 1 when term_scrub would leave s[0..len-1] as it is. */
int	term_safe(const char *s, size_t len, int lines);

#endif
