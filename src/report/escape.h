/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What a string from a results file or the store must become to be a
 * cell, a value or a text of each output, written once for each: every
 * markdown writer escapes through report_md_text, every CSV field goes
 * through report_csv_text, every JSON string or number that may be
 * unknown through report_json_text and report_json_num, every HTML text
 * through html_text.
 */
#ifndef CB_REPORT_ESCAPE_H
#define CB_REPORT_ESCAPE_H

#include <stddef.h>
#include <stdio.h>

#include <jansson.h>

/*
 * The first n bytes of s in markdown, every character that could end a
 * table cell, start markup or an HTML tag or entity escaped with '\'.
 */
void	report_md_textn(FILE *fp, const char *s, size_t n);
/* All of s (NULL: nothing). */
void	report_md_text(FILE *fp, const char *s);

/* One CSV field, quoted when RFC 4180 requires it (NULL: empty). */
void	report_csv_text(FILE *fp, const char *s);
/* A comma, then v with 10 significant digits; nothing when not finite. */
void	report_csv_num(FILE *fp, double v);

/* v, or null when not finite: an unknown figure is not 0. */
json_t	*report_json_num(double v);
/* s (a byte that is not UTF-8 as '?'), or null when NULL or empty. */
json_t	*report_json_text(const char *s);

/* s with & < > " ' escaped: safe in element content and in attributes. */
void	html_text(FILE *fp, const char *s);

#endif
