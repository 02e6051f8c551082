/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Scrubbing text from outside before a terminal sees it: every control
 * byte a terminal could obey becomes '?', byte for byte, and nothing
 * else changes.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/scrub.h"

/* s scrubbed as a copy; how many bytes changed in *n. */
static const char *
scrubbed(const char *s, size_t len, int lines, size_t *n)
{
	static char buf[256];

	memcpy(buf, s, len);
	buf[len] = '\0';
	*n = term_scrub(buf, len, lines);
	return (buf);
}

static void
test_plain_text_unchanged(void **state)
{
	const char *s = "basic/imul-latency k=3 µs ±0.12%";
	size_t n;

	(void)state;
	assert_string_equal(scrubbed(s, strlen(s), 0, &n), s);
	assert_int_equal(n, 0);
	assert_true(term_safe(s, strlen(s), 0));
}

static void
test_c0_and_del(void **state)
{
	size_t n;

	(void)state;
	/* ESC ] 0 ; title BEL: a window title */
	assert_string_equal(scrubbed("a\033]0;x\007b", 8, 0, &n),
	    "a?]0;x?b");
	assert_int_equal(n, 2);
	assert_string_equal(scrubbed("\177\r\b", 3, 0, &n), "???");
	assert_int_equal(n, 3);
	assert_false(term_safe("a\033[2J", 5, 0));
}

static void
test_nul_inside(void **state)
{
	char s[] = { 'a', '\0', 'b' };

	(void)state;
	assert_false(term_safe(s, sizeof(s), 1));
	assert_int_equal(term_scrub(s, sizeof(s), 1), 1);
	assert_memory_equal(s, "a?b", 3);
}

static void
test_c1_in_utf8(void **state)
{
	size_t n;

	(void)state;
	/* U+009B, the 8-bit CSI: two bytes, both replaced */
	assert_string_equal(scrubbed("x\302\2332J", 5, 0, &n), "x??2J");
	assert_int_equal(n, 2);
	/* U+00A0 and U+00E9 are text, not controls */
	assert_string_equal(scrubbed("\302\240\303\251", 4, 0, &n),
	    "\302\240\303\251");
	assert_int_equal(n, 0);
	/* a lone 0xc2 at the end is no character at all */
	assert_false(term_safe("a\302", 2, 0));
}

static void
test_invalid_utf8(void **state)
{
	size_t n;

	(void)state;
	/* the 8-bit CSI as one byte: a Latin-1 terminal obeys it */
	assert_string_equal(scrubbed("x\2332J", 4, 0, &n), "x?2J");
	assert_int_equal(n, 1);
	/* overlong ESC (0xc0 0x9b), a surrogate, a lone continuation */
	assert_string_equal(scrubbed("\300\233|\355\240\200|\200", 8, 0, &n),
	    "??|???|?");
	assert_int_equal(n, 6);
	/* a sequence cut short before ASCII */
	assert_string_equal(scrubbed("\342\202a", 3, 0, &n), "??a");
	/* four-byte characters are text */
	assert_true(term_safe("\360\237\230\200 \342\202\254", 8, 0));
	assert_false(term_safe("\364\220\200\200", 4, 0));
}

static void
test_fprintf(void **state)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	(void)state;
	assert_non_null(fp = open_memstream(&buf, &len));
	assert_int_equal(term_fprintf(fp, "%s: '%s'\n\t%d\n", "a\033]0;t\007",
	    "\302\2332J", 7), 19);
	fclose(fp);
	assert_string_equal(buf, "a?]0;t?: '??2J'\n\t7\n");
	free(buf);
}

static void
test_lines(void **state)
{
	size_t n;

	(void)state;
	/* laid out in lines already: newline and tab stay */
	assert_string_equal(scrubbed("a\tb\nc", 5, 1, &n), "a\tb\nc");
	assert_int_equal(n, 0);
	/* in a table cell they would split the row */
	assert_string_equal(scrubbed("a\tb\nc", 5, 0, &n), "a?b?c");
	assert_int_equal(n, 2);
	assert_false(term_safe("a\nb", 3, 0));
	assert_true(term_safe("a\nb", 3, 1));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_plain_text_unchanged),
		cmocka_unit_test(test_c0_and_del),
		cmocka_unit_test(test_nul_inside),
		cmocka_unit_test(test_c1_in_utf8),
		cmocka_unit_test(test_lines),
		cmocka_unit_test(test_invalid_utf8),
		cmocka_unit_test(test_fprintf),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
