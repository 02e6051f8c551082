/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One pass over the bytes, a UTF-8 sequence at a time: C0 (0x00-0x1f),
 * DEL (0x7f), C1 (U+0080-U+009F, 0xc2 0x80-0x9f in UTF-8, which some
 * terminals obey as they would ESC [ for 0x9b) and every byte that does
 * not start a well-formed sequence (a lone 0x9b is the 8-bit CSI to a
 * terminal in a Latin-1 locale) become '?', byte for byte, so lengths
 * and the rest of the text stay as they were.  The printing functions
 * format first and scrub the whole message, so no argument, whatever
 * its conversion, slips past.  Text in lines keeps its line ends,
 * CSV's "\r\n" among them: a carriage return alone could draw over
 * what the line said.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/scrub.h"

/* Is s[i] a continuation byte within [lo, hi]? */
static int
cont(const unsigned char *s, size_t i, size_t len, unsigned lo, unsigned hi)
{

	return (i < len && s[i] >= lo && s[i] <= hi);
}

/*
 * The length of the well-formed UTF-8 sequence at s[i] (RFC 3629's
 * table: no overlong form, no surrogate, nothing past U+10FFFF), or 0.
 */
static size_t
utf8_at(const unsigned char *s, size_t i, size_t len)
{
	unsigned c = s[i];

	if (c < 0x80)
		return (1);
	if (c >= 0xc2 && c <= 0xdf)
		return (cont(s, i + 1, len, 0x80, 0xbf) ? 2 : 0);
	if (c >= 0xe0 && c <= 0xef)
		return (cont(s, i + 1, len, c == 0xe0 ? 0xa0 : 0x80,
		    c == 0xed ? 0x9f : 0xbf) &&
		    cont(s, i + 2, len, 0x80, 0xbf) ? 3 : 0);
	if (c >= 0xf0 && c <= 0xf4)
		return (cont(s, i + 1, len, c == 0xf0 ? 0x90 : 0x80,
		    c == 0xf4 ? 0x8f : 0xbf) &&
		    cont(s, i + 2, len, 0x80, 0xbf) &&
		    cont(s, i + 3, len, 0x80, 0xbf) ? 4 : 0);
	return (0);
}

/*
 * The sequence at s[i]: its length, and in *bad whether a terminal could
 * obey it (a byte not starting a sequence is a sequence of one, bad).
 */
static size_t
seq_at(const char *s, size_t i, size_t len, int lines, int *bad)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t k = utf8_at(u, i, len);

	if (k == 0) {
		*bad = 1;
		return (1);
	}
	if (k == 1)
		*bad = (u[i] < 0x20 || u[i] == 0x7f) && !(lines &&
		    (u[i] == '\n' || u[i] == '\t' || (u[i] == '\r' &&
		    i + 1 < len && u[i + 1] == '\n')));
	else
		*bad = k == 2 && u[i] == 0xc2 && u[i + 1] <= 0x9f;
	return (k);
}

size_t
term_scrub(char *s, size_t len, int lines)
{
	size_t i, k, n = 0;
	int bad;

	for (i = 0; i < len; i += k) {
		k = seq_at(s, i, len, lines, &bad);
		if (bad) {
			memset(s + i, '?', k);
			n += k;
		}
	}
	return (n);
}

int
term_safe(const char *s, size_t len, int lines)
{
	size_t i, k;
	int bad;

	for (i = 0; i < len; i += k) {
		k = seq_at(s, i, len, lines, &bad);
		if (bad)
			return (0);
	}
	return (1);
}

int
term_write(FILE *fp, char *buf, size_t len)
{

	term_scrub(buf, len, 1);
	return (fwrite(buf, 1, len, fp) == len ? 0 : -1);
}

int
term_vfprintf(FILE *fp, const char *fmt, va_list ap)
{
	char *msg;
	int n;

	if ((n = vasprintf(&msg, fmt, ap)) < 0)
		return (-1);
	if (term_write(fp, msg, (size_t)n) != 0)
		n = -1;
	free(msg);
	return (n);
}

int
term_fprintf(FILE *fp, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = term_vfprintf(fp, fmt, ap);
	va_end(ap);
	return (n);
}

int
term_printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = term_vfprintf(stdout, fmt, ap);
	va_end(ap);
	return (n);
}

int
term_eprintf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = term_vfprintf(stderr, fmt, ap);
	va_end(ap);
	return (n);
}
