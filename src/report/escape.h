/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a string from a results file or the store must become to be a
 * cell, a value or a text of each output, written once for each: every
 * markdown writer escapes through report_md_text, every CSV field goes
 * through report_csv_text, every HTML text through html_text.  JSON
 * values come from results/json_text.h, which the results file's writer
 * shares.
 */
#ifndef CB_REPORT_ESCAPE_H
#define CB_REPORT_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

/*
 * The first n bytes of s in markdown, every character that could end a
 * table cell, start markup or an HTML tag or entity escaped with '\'.
 */
void	report_md_textn(FILE *fp, const char *s, size_t n);
/* All of s (NULL: nothing). */
void	report_md_text(FILE *fp, const char *s);

/*
 * One CSV text field, quoted when RFC 4180 requires it, and as "'=..."
 * when a spreadsheet would run it as a formula (NULL: empty).
 */
void	report_csv_text(FILE *fp, const char *s);
/* A comma, then v with 10 significant digits; nothing when not finite. */
void	report_csv_num(FILE *fp, double v);

/* s with & < > " ' escaped: safe in element content and in attributes. */
void	html_text(FILE *fp, const char *s);

#endif
