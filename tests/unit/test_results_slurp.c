/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for results/results_slurp.c: a file's bytes come whole with
 * a NUL after them, from a file or standard input; what is not a results
 * file (nothing, a directory, a file too large) is refused before it is
 * read, a text of too many values before it is parsed; the parser's
 * errors name line and column, a cut-off copy says so, and strings come
 * out safe to show on a terminal.
 */
#include <sys/stat.h>

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/results.h"
#include "results/results_slurp.h"

#define DIR	"tests/fixtures/results/"

/* A sparse file over the limit is refused before anything is read. */
static void
test_too_large(void **state)
{
	char path[] = "/tmp/cb-huge-XXXXXX", err[512];
	struct rs_file f;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, RS_MAX_BYTES + 1), 0);
	close(fd);
	assert_int_equal(rs_load(path, &f, err, sizeof(err)), -1);
	unlink(path);
	assert_non_null(strstr(err, "is 256 MB; results files over 256 MB "
	    "are refused"));
}


static void
test_read_file(void **state)
{
	char err[512], *buf;
	struct stat st;
	size_t len;

	(void)state;
	buf = rs_read_file(DIR "rounds-cpu0.json", &len, err, sizeof(err));
	assert_non_null(buf);
	assert_int_equal(stat(DIR "rounds-cpu0.json", &st), 0);
	assert_int_equal(len, (size_t)st.st_size);
	assert_int_equal(buf[len], '\0');
	assert_int_equal(buf[0], '{');
	free(buf);
	assert_null(rs_read_file(DIR "empty.json", &len, err, sizeof(err)));
	assert_string_equal(err, DIR "empty.json: is empty, not a results "
	    "file");
	assert_null(rs_read_file(DIR, &len, err, sizeof(err)));
	assert_string_equal(err, DIR ": is a directory, not a results file");
	assert_null(rs_read_file(DIR "absent.json", &len, err, sizeof(err)));
	assert_string_equal(err, DIR "absent.json: cannot open: No such file "
	    "or directory");
}

/* "-" is standard input, and messages call it so. */
static void
test_standard_input(void **state)
{
	char err[512], *buf;
	int p[2], saved;
	size_t len;

	(void)state;
	saved = dup(STDIN_FILENO);
	assert_true(saved >= 0);
	assert_int_equal(pipe(p), 0);
	assert_int_equal(write(p[1], "{\"a\": 1}", 8), 8);
	close(p[1]);
	assert_int_equal(dup2(p[0], STDIN_FILENO), STDIN_FILENO);
	close(p[0]);
	buf = rs_read_file("-", &len, err, sizeof(err));
	assert_non_null(buf);
	assert_int_equal(len, 8);
	assert_string_equal(buf, "{\"a\": 1}");
	free(buf);
	/* Read to the end: empty now. */
	assert_null(rs_read_file("-", &len, err, sizeof(err)));
	assert_string_equal(err, "standard input: is empty, not a results "
	    "file");
	assert_int_equal(dup2(saved, STDIN_FILENO), STDIN_FILENO);
	close(saved);
}

static json_t *
parse(const char *text, char *err, size_t errlen)
{
	struct rs_vctx c = { "t.json", err, errlen, 2 };

	return (rs_parse_text(&c, text, strlen(text)));
}

static void
test_parse(void **state)
{
	char err[512];
	json_t *root;

	(void)state;
	root = parse("{\"a\": \"red \\u001b[31m\", \"b\": [\"\\u0007\"]}",
	    err, sizeof(err));
	assert_non_null(root);
	assert_string_equal(json_string_value(json_object_get(root, "a")),
	    "red ?[31m");
	assert_string_equal(json_string_value(json_array_get(
	    json_object_get(root, "b"), 0)), "?");
	json_decref(root);
	assert_null(parse("{\"a\": [1, 2", err, sizeof(err)));
	assert_non_null(strstr(err, "(the file ends early: truncated?)"));
	assert_true(strncmp(err, "t.json:1:", 9) == 0);
	assert_null(parse("{\"a\": 1,\n\"a\": 2}", err, sizeof(err)));
	assert_true(strncmp(err, "t.json:2:", 9) == 0);
	assert_null(strstr(err, "truncated"));
}

/* Over RS_MAX_VALUES values: refused before the parser sees them. */
static void
test_too_many_values(void **state)
{
	struct rs_vctx c;
	char err[512], *text;
	size_t len = RS_MAX_VALUES + 8;

	(void)state;
	c = (struct rs_vctx){ "deep.json", err, sizeof(err), 2 };
	text = malloc(len + 1);
	assert_non_null(text);
	memset(text, '[', len);
	text[len] = '\0';
	assert_null(rs_parse_text(&c, text, len));
	assert_string_equal(err, "deep.json: holds over 16 million values; "
	    "results files that large are refused");
	/* Separators inside strings are not values, after \" as before. */
	memset(text, ',', len);
	memcpy(text, "\"\\\"", 3);
	text[len - 1] = '"';
	assert_null(rs_parse_text(&c, text, len));
	assert_null(strstr(err, "million values"));
	free(text);
}

static void
test_read_json(void **state)
{
	char err[512];
	json_t *root;

	(void)state;
	root = rs_read_json(DIR "rounds-cpu0.json", err, sizeof(err));
	assert_non_null(root);
	assert_true(json_is_array(json_object_get(root, "results")));
	json_decref(root);
	assert_null(rs_read_json(DIR "truncated.json", err, sizeof(err)));
	assert_non_null(strstr(err, DIR "truncated.json:307:3: "));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_read_file),
		cmocka_unit_test(test_standard_input),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_too_many_values),
		cmocka_unit_test(test_read_json),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
