/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Word wrapping for terminal output: descriptions in `list', legends
 * under tables; or, for a one-line listing, text cut at the last word
 * that fits, with "..." after it.  Widths count UTF-8 characters (a "µs" is two columns,
 * not three bytes); no character here is double-width.
 */
#include <string.h>

#include "report/wrap.h"

int
wrap_columns(const char *s, size_t n)
{
	size_t i;
	int cols = 0;

	for (i = 0; i < n && s[i] != '\0'; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			cols++;
	return (cols);
}

void
wrap_text(FILE *fp, int col, int indent, const char *text, int width)
{
	size_t n;
	int w, first = 1;

	text += strspn(text, " ");
	while (*text != '\0') {
		n = strcspn(text, " ");
		w = wrap_columns(text, n);
		if (!first && width > 0 && col + 1 + w > width) {
			fprintf(fp, "\n%*s", indent, "");
			col = indent;
			first = 1;
		}
		if (!first) {
			fputc(' ', fp);
			col++;
		}
		fprintf(fp, "%.*s", (int)n, text);
		col += w;
		first = 0;
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', fp);
}

void
clip_text(FILE *fp, int col, const char *text, int width)
{
	size_t n, fit = 0;
	int w = col;

	text += strspn(text, " ");
	if (width <= 0 || col + wrap_columns(text, strlen(text)) <= width) {
		fprintf(fp, "%s\n", text);
		return;
	}
	/* Whole words while they and the "..." fit. */
	for (;;) {
		n = fit + strspn(text + fit, " ");
		n += strcspn(text + n, " ");
		if (n == fit || w + wrap_columns(text + fit, n - fit) + 3 > width)
			break;
		w += wrap_columns(text + fit, n - fit);
		fit = n;
	}
	fprintf(fp, "%.*s...\n", (int)fit, text);
}
