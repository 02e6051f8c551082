/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Escaping for each output, one function each (report/escape.h).
 * Markdown: a backslash before every character that is markup somewhere
 * (a name cannot break a table or add a link).  CSV: RFC 4180, a field
 * quoted when it holds a comma, a quote or a line end, a quote inside
 * written twice; a text a spreadsheet would take for a formula (one that
 * starts with = + - @, a tab or a carriage return, OWASP's list) gets a
 * quote mark before it, and numbers, written by report_csv_num, stay
 * numbers.  JSON: through results_json_text, which repairs what is
 * not UTF-8.  HTML: the five characters that can end a text or an
 * attribute, as entities.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "report/escape.h"

#define MD_SPECIAL	"\\`*_[]<>|#&"
#define CSV_SPECIAL	",\"\r\n"
#define CSV_FORMULA	"=+-@\t\r"

void
report_md_textn(FILE *fp, const char *s, size_t n)
{

	for (; n > 0 && *s != '\0'; s++, n--) {
		if (strchr(MD_SPECIAL, *s) != NULL)
			fputc('\\', fp);
		fputc(*s, fp);
	}
}

void
report_md_text(FILE *fp, const char *s)
{

	if (s != NULL)
		report_md_textn(fp, s, strlen(s));
}

void
report_csv_text(FILE *fp, const char *s)
{
	int formula, q;

	if (s == NULL)
		return;
	formula = s[0] != '\0' && strchr(CSV_FORMULA, s[0]) != NULL;
	q = formula || strpbrk(s, CSV_SPECIAL) != NULL;
	if (q)
		fputc('"', fp);
	if (formula)
		fputc('\'', fp);
	for (; *s != '\0'; s++) {
		if (q && *s == '"')
			fputc('"', fp);
		fputc(*s, fp);
	}
	if (q)
		fputc('"', fp);
}

/*
 * Ten significant digits: exact enough for any cycle count a spreadsheet
 * will chart, and no exponent below 1e10.  An unknown value is an empty
 * cell, which spreadsheets treat as missing rather than as zero.
 */
void
report_csv_num(FILE *fp, double v)
{

	fputc(',', fp);
	if (isfinite(v))
		fprintf(fp, "%.10g", v);
}

/* The characters that could end a text or an attribute, and their names. */
static const char *const entities[256] = {
	['&'] = "&amp;", ['<'] = "&lt;", ['>'] = "&gt;", ['"'] = "&quot;",
	['\''] = "&#39;",
};

void
html_text(FILE *fp, const char *s)
{
	const char *e;

	for (; s != NULL && *s != '\0'; s++)
		if ((e = entities[(unsigned char)*s]) != NULL)
			fputs(e, fp);
		else
			fputc(*s, fp);
}
