/* SPDX-License-Identifier: BSD-2-Clause */
/* Text broken between words to fit a terminal's width. */
#ifndef CB_REPORT_WRAP_H
#define CB_REPORT_WRAP_H

#include <stddef.h>
#include <stdio.h>

/* Columns the first n bytes of s take: UTF-8 characters, not bytes. */
int	wrap_columns(const char *s, size_t n);

/*
 * Print text from column `col' (what precedes it on the line is printed
 * already), breaking between words so that no line passes `width'
 * columns; a continuation line starts with `indent' blanks.  A word
 * longer than a line goes whole on a line of its own.  width 0: one
 * line.  Ends the last line.
 */
void	wrap_text(FILE *fp, int col, int indent, const char *text, int width);

/*
 * Print text from column `col' on the rest of the line, cut between
 * words with "..." when it would pass `width' columns (width 0: whole).
 * Ends the line.
 */
void	clip_text(FILE *fp, int col, const char *text, int width);

#endif
