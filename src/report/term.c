/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One pass over the bytes: C0 (0x00-0x1f), DEL (0x7f), and C1
 * (U+0080-U+009F, 0xc2 0x80-0x9f in UTF-8, which some terminals obey as
 * they would ESC [ for 0x9b) become '?', byte for byte, so lengths and
 * the rest of the text stay as they were.
 */
#include "report/term.h"

size_t
term_scrub(char *s, size_t len, int lines)
{
	unsigned char c;
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		c = (unsigned char)s[i];
		if (c == 0xc2 && i + 1 < len &&
		    (unsigned char)s[i + 1] >= 0x80 &&
		    (unsigned char)s[i + 1] <= 0x9f) {
			s[i] = s[i + 1] = '?';
			n += 2;
			i++;
			continue;
		}
		if ((c < 0x20 || c == 0x7f) && !(lines && (c == '\n' ||
		    c == '\t'))) {
			s[i] = '?';
			n++;
		}
	}
	return (n);
}
