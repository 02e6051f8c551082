/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/wrap.c: columns counted in UTF-8 characters,
 * words broken between at the width with continuation lines indented,
 * a word longer than the line on a line of its own and whole, width 0
 * one line, and blank or empty text a bare line end.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/wrap.h"

static char *
wrapped(int col, int indent, const char *text, int width)
{
	char *out = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&out, &len);
	assert_non_null(fp);
	wrap_text(fp, col, indent, text, width);
	assert_int_equal(fclose(fp), 0);
	return (out);
}

#define assert_wrapped(col, indent, text, width, want) do {		\
	char *out_ = wrapped(col, indent, text, width);			\
	assert_string_equal(out_, want);				\
	free(out_);							\
} while (0)

static void
test_columns(void **state)
{

	(void)state;
	assert_int_equal(wrap_columns("abc", 3), 3);
	assert_int_equal(wrap_columns("290\u00b5s", strlen("290\u00b5s")), 5);
	assert_int_equal(wrap_columns("\u2264x", 4), 2);
	/* Never past n, never past the end. */
	assert_int_equal(wrap_columns("abcdef", 2), 2);
	assert_int_equal(wrap_columns("ab", 100), 2);
	assert_int_equal(wrap_columns("", 0), 0);
	/* Half a character counts where it starts. */
	assert_int_equal(wrap_columns("\u00b5", 1), 1);
}

static void
test_wrap(void **state)
{

	(void)state;
	assert_wrapped(0, 2, "one two three four", 9,
	    "one two\n  three\n  four\n");
	/* Exactly the width fits; one more column does not. */
	assert_wrapped(0, 0, "aaaa bbbb", 9, "aaaa bbbb\n");
	assert_wrapped(0, 0, "aaaa bbbbb", 9, "aaaa\nbbbbb\n");
	/* What precedes on the line counts. */
	assert_wrapped(5, 5, "aaa bbb", 9, "aaa\n     bbb\n");
	/* Blanks between words are one; leading and trailing ones none. */
	assert_wrapped(0, 0, "  a   b  ", 80, "a b\n");
	/* Characters, not bytes, fill a line. */
	assert_wrapped(0, 0, "\u00b5\u00b5\u00b5 \u00b5\u00b5\u00b5", 7,
	    "\u00b5\u00b5\u00b5 \u00b5\u00b5\u00b5\n");
}

static void
test_edges(void **state)
{

	(void)state;
	/* Width 0: one line, however long. */
	assert_wrapped(0, 4, "a b c d e f g h", 0, "a b c d e f g h\n");
	/* A long word goes whole, on its own line, not cut. */
	assert_wrapped(0, 2, "x supercalifragilistic y", 6,
	    "x\n  supercalifragilistic\n  y\n");
	/* Even the first word: it starts where the line is. */
	assert_wrapped(10, 2, "supercalifragilistic", 6,
	    "supercalifragilistic\n");
	assert_wrapped(0, 0, "", 10, "\n");
	assert_wrapped(0, 0, "     ", 10, "\n");
	/* Width 1: a word a line. */
	assert_wrapped(0, 0, "a b c", 1, "a\nb\nc\n");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_columns),
		cmocka_unit_test(test_wrap),
		cmocka_unit_test(test_edges),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
