/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One pass over the bytes: C0 (0x00-0x1f), DEL (0x7f), and C1
 * (U+0080-U+009F, 0xc2 0x80-0x9f in UTF-8, which some terminals obey as
 * they would ESC [ for 0x9b) become '?', byte for byte, so lengths and
 * the rest of the text stay as they were.
 */
#include <string.h>

#include "util/scrub.h"

/* How many bytes from s[i] on a terminal could obey: 0, 1 or 2. */
static size_t
unsafe_at(const char *s, size_t i, size_t len, int lines)
{
	unsigned char c = (unsigned char)s[i];

	if (c == 0xc2 && i + 1 < len && (unsigned char)s[i + 1] >= 0x80 &&
	    (unsigned char)s[i + 1] <= 0x9f)
		return (2);
	return ((c < 0x20 || c == 0x7f) && !(lines && (c == '\n' ||
	    c == '\t')));
}

size_t
term_scrub(char *s, size_t len, int lines)
{
	size_t i, k, n = 0;

	for (i = 0; i < len; i += k ? k : 1) {
		k = unsafe_at(s, i, len, lines);
		memset(s + i, '?', k);
		n += k;
	}
	return (n);
}

int
term_safe(const char *s, size_t len, int lines)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (unsafe_at(s, i, len, lines))
			return (0);
	return (1);
}
