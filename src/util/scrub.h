/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Text from outside on its way to a terminal: a results file, a file
 * name, an argument, what the assembler said, the store's rows are input
 * from anyone, and an escape sequence in any of them must not reach the
 * terminal that prints it (to move the cursor, retitle the window, fake
 * a row), nor a line break split a table row.  Everything the command
 * prints that could carry such text goes through term_scrub, directly or
 * through term_fprintf.
 */
#ifndef CB_UTIL_SCRUB_H
#define CB_UTIL_SCRUB_H

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

/*
 * Replace, in s[0..len-1], every control character (C0 and DEL, and C1
 * in its two-byte UTF-8 form) and every byte that is not part of
 * well-formed UTF-8 with '?'; '\n', '\t' and the '\r' of "\r\n" too
 * unless `lines', for text laid out in lines already.  Returns how many
 * bytes were replaced.
 */
size_t	term_scrub(char *s, size_t len, int lines);

/* 1 when term_scrub would leave s[0..len-1] as it is. */
int	term_safe(const char *s, size_t len, int lines);

/* buf[0..len-1], scrubbed as lines in place, written to fp: 0 or -1. */
int	term_write(FILE *fp, char *buf, size_t len);

/*
 * fprintf, the whole message scrubbed (as lines: line ends and tabs kept)
 * before it is written.  Returns the bytes written, or -1.
 */
int	term_fprintf(FILE *fp, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
int	term_vfprintf(FILE *fp, const char *fmt, va_list ap)
	    __attribute__((format(printf, 2, 0)));
/* The same to standard output, and to standard error. */
int	term_printf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));
int	term_eprintf(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

#endif
