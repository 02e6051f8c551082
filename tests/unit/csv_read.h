/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Reading CSV back in cmocka tests the way a consumer would: one record
 * split as RFC 4180 reads it (quoted fields, "" for a quote, CRLF line
 * ends), so a test checks what a spreadsheet gets rather than golden
 * text.  Include after <cmocka.h>.
 */
#ifndef CB_TEST_CSV_READ_H
#define CB_TEST_CSV_READ_H

#include <stddef.h>

#define CSV_FIELD	256	/* longest field a test reads, with its NUL */

/* Split the record at p into fields[0..*n-1]; returns its end. */
static inline const char *
csv_record(const char *p, char fields[][CSV_FIELD], int max, int *n)
{
	size_t len;
	int quoted;

	*n = 0;
	for (;;) {
		assert_true(*n < max);
		len = 0;
		quoted = *p == '"';
		if (quoted)
			p++;
		for (;;) {
			if (quoted && p[0] == '"' && p[1] == '"')
				p++;
			else if (quoted && *p == '"') {
				p++;
				quoted = 0;
				continue;
			} else if (!quoted && (*p == ',' || *p == '\r'))
				break;
			/* A bare quote or line end unquoted: not RFC 4180. */
			assert_true(quoted || (*p != '"' && *p != '\n'));
			assert_true(*p != '\0');
			assert_true(len < CSV_FIELD - 1);
			fields[*n][len++] = *p++;
		}
		fields[(*n)++][len] = '\0';
		if (*p == '\r') {
			assert_int_equal(p[1], '\n');
			return (p + 2);
		}
		p++;
	}
}

#endif
