/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/json_parse.c, against Jansson's own parser: what
 * json_loadb with JSON_REJECT_DUPLICATES takes, json_parse takes as the
 * same tree, and what it refuses, json_parse refuses with the place.
 * tests/fuzz/fuzz_json.c asks the same of random text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/json_parse.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* Both parsers on text[0..len-1]: 1 when they agree, as print_error says. */
static int
agree(const char *name, const char *text, size_t len, json_error_t *mine)
{
	json_error_t theirs;
	json_t *a, *b;
	int same;

	a = json_loadb(text, len, JSON_REJECT_DUPLICATES, &theirs);
	b = json_parse(text, len, mine);
	same = a == NULL ? b == NULL : b != NULL && json_equal(a, b);
	if (!same)
		print_error("%s: Jansson %s (%s), json_parse %s (%s)\n", name,
		    a != NULL ? "takes it" : "refuses it", theirs.text,
		    b != NULL ? "takes it" : "refuses it", mine->text);
	json_decref(a);
	json_decref(b);
	return (same);
}

/* Texts both must take, with the tree Jansson makes. */
static const char *const good[] = {
	"{}", "[]", " \n\t\r[ ] \n",
	"{\"a\":[1,-2,0,-0,3.5,-0.25,1e3,1E-3,2e+2,1e-400,"
	    "9223372036854775807,-9223372036854775808]}",
	"[0.1000000000000000055511151231257827021181583404541015625,"
	    "1.7976931348623157e308,4.9e-324,2.2250738585072014e-308]",
	"[\"\\u00e9\\n\\t\\\"\\\\\\/\\b\\f\\r\", \"\\ud83d\\ude00\", "
	    "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"]",
	/* A key's escapes, then its value's: the key must survive. */
	"{\"k\\u00e9\\n\":\"v\\u00e8\\t\",\"a\\u0062\":{\"c\\\"\":[\"d\\\\\"]}}",
	"[true,false,null,{\"\":null},[[[]]]]",
	"[0.0000000000000000000000000000000000000000000000000000000000000000"
	    "00000000000000000000000000000000000000001]",
	"{\"a\":1,\"b\":{\"a\":2},\"c\":[{\"a\":3},{\"a\":4}]}",
};

static void
test_takes_what_jansson_takes(void **state)
{
	json_error_t e;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(good); i++) {
		if (!agree(good[i], good[i], strlen(good[i]), &e))
			fail();
		/* And Jansson does take them: a typo here proves nothing. */
		if (e.text[0] != '\0') {
			print_error("%s: %s\n", good[i], e.text);
			fail();
		}
	}
}

/* Texts both must refuse, with json_parse's message and place. */
static const struct {
	const char	*text;
	const char	*want;
	int		 line, column;
} bad[] = {
	{ "[01]",			"expect ',' or ']'",	1, 3 },
	{ "{\"a\":1,\"a\":2}",		"duplicate object key",	1, 10 },
	{ "{\"a\":1,\"\\u0061\":2}",	"duplicate object key",	1, 15 },
	{ "{\"a\":{},\n\"a\":[]}",	"duplicate object key",	2, 3 },
	{ "[\"x\\u0000y\"]",		"\\u0000 is not allowed", 1, 11 },
	{ "{\"\\u0000\":1}",		"\\u0000 is not allowed", 1, 9 },
	{ "[\"\\ud800\"]",		"half a surrogate pair", 1, 3 },
	{ "[\"ab\",\"\\ud800\\u0041\"]",	"half a surrogate pair", 1, 8 },
	{ "[\"\\udc00\"]",		"UTF-8",		1, 9 },
	{ "[\"\xc0\x80\"]",		"invalid UTF-8 in a string", 1, 4 },
	{ "[\"\xed\xa0\x80\"]",		"invalid UTF-8 in a string", 1, 4 },
	{ "[\"\xf4\x90\x80\x80\"]",	"invalid UTF-8 in a string", 1, 4 },
	{ "{\"\xc0\x80\":1}",		"invalid UTF-8 in an object key", 1, 4 },
	{ "[\"\xff\"]",			"invalid bytes in UTF8 string", 1, 3 },
	{ "[1e999]",			"real number overflow",	1, 6 },
	{ "[-1e999]",			"real number overflow",	1, 7 },
	{ "[99999999999999999999]",	"too big integer",	1, 21 },
	{ "[-9223372036854775809]",	"too big integer",	1, 21 },
	{ "[-9999999999999999999999999999999999999999999999999999999999999999"
	    "99999]",			"too big integer",	1, 71 },
	{ "5",				"'[' or '{' expected",	1, 1 },
	{ "  \n \"x\"",			"'[' or '{' expected",	2, 2 },
	{ "\xef\xbb\xbf{}",		"'[' or '{' expected",	1, 1 },
	{ "{}{}",			"trailing garbage",	1, 3 },
	/* yajl itself takes these: what follows starts a token. */
	{ "{} \"x",			"trailing garbage",	1, 4 },
	{ "[1]\n\"01,-2",		"trailing garbage",	2, 1 },
	{ "[\"\\t\"\v\n]",		"invalid token",	1, 6 },
	{ "{\f}",			"invalid token",	1, 2 },
	{ "{\"a\":[1,2",		"premature EOF",	1, 9 },
	{ "{\"a\"",			"premature EOF",	1, 4 },
	{ "[1,]",			"",			1, 4 },
	{ "{\"a\" 1}",			"",			1, 6 },
	{ "[nul]",			"",			1, 4 },
	{ "[true false]",		"",			1, 11 },
	{ "[NaN]",			"",			1, 2 },
	{ "[.5]",			"",			1, 2 },
	{ "[1.]",			"",			1, 3 },
	{ "[+1]",			"",			1, 2 },
	{ "[\"\x01\"]",			"",			1, 2 },
	{ "[\"\\x\"]",			"",			1, 3 },
	{ "[1 /* c */]",		"",			1, 3 },
	{ "['a']",			"",			1, 2 },
	{ "",				"premature EOF",	1, 0 },
};

static void
test_refuses_what_jansson_refuses(void **state)
{
	json_error_t e;
	size_t i, wrong = 0;

	(void)state;
	for (i = 0; i < NELEM(bad); i++) {
		if (!agree(bad[i].text, bad[i].text, strlen(bad[i].text), &e))
			wrong++;
		else
		if (strstr(e.text, bad[i].want) == NULL ||
		    e.line != bad[i].line || e.column != bad[i].column) {
			print_error("%s: got %d:%d: %s\n", bad[i].text, e.line,
			    e.column, e.text);
			wrong++;
		}
	}
	assert_int_equal(wrong, 0);
}

/*
 * A NUL byte between tokens: Jansson skips it, json_parse refuses it as
 * JSON does (and the store, which keeps documents as text, could not
 * hold it).
 */
static void
test_nul_byte(void **state)
{
	static const char text[] = "[6\0]";
	json_error_t e;

	(void)state;
	assert_null(json_parse(text, sizeof(text) - 1, &e));
	assert_string_equal(e.text, "invalid char in json text");
	assert_int_equal(e.column, 3);
}

/* An error at the very end is at position len: how a cut copy shows. */
static void
test_cut_short(void **state)
{
	const char *doc = "{\"a\": [1, 2, {\"b\": \"text\"}], \"c\": true}";
	json_error_t e;
	json_t *v;
	size_t len;

	(void)state;
	for (len = 1; len < strlen(doc); len++) {
		assert_null(v = json_parse(doc, len, &e));
		if (e.position != (int)len && strstr(e.text, "EOF") != NULL) {
			print_error("cut at %zu: position %d\n", len,
			    e.position);
			fail();
		}
	}
	assert_non_null(v = json_parse(doc, strlen(doc), &e));
	json_decref(v);
}

/* Nesting: as deep as Jansson goes, and one more is refused by both. */
static void
test_depth(void **state)
{
	char *text;
	json_error_t e;
	size_t depth, i;

	(void)state;
	for (depth = 2047; depth <= 2049; depth++) {
		assert_non_null(text = malloc(2 * depth + 1));
		for (i = 0; i < depth; i++) {
			text[i] = '[';
			text[2 * depth - 1 - i] = ']';
		}
		text[2 * depth] = '\0';
		if (!agree("deep", text, 2 * depth, &e))
			fail();
		if (e.text[0] != '\0')
			assert_non_null(strstr(e.text, "maximum parsing depth"));
		free(text);
	}
}

/* Every results fixture: the same verdict and the same tree. */
static void
test_fixtures(void **state)
{
	static const char *const dirs[] = {
		"tests/fixtures/results", "tests/fixtures/costs",
		"tests/fuzz/corpus/results",
	};
	struct dirent *d;
	json_error_t e;
	char path[512], *text;
	size_t i, len, n = 0;
	DIR *dp;
	FILE *fp;

	(void)state;
	for (i = 0; i < NELEM(dirs); i++) {
		if ((dp = opendir(dirs[i])) == NULL)
			continue;
		while ((d = readdir(dp)) != NULL) {
			if (strstr(d->d_name, ".json") == NULL)
				continue;
			snprintf(path, sizeof(path), "%s/%s", dirs[i],
			    d->d_name);
			assert_non_null(fp = fopen(path, "rb"));
			assert_non_null(text = malloc(1 << 24));
			len = fread(text, 1, 1 << 24, fp);
			fclose(fp);
			if (!agree(path, text, len, &e))
				fail();
			free(text);
			n++;
		}
		closedir(dp);
	}
	assert_true(n >= 20);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_takes_what_jansson_takes),
		cmocka_unit_test(test_refuses_what_jansson_refuses),
		cmocka_unit_test(test_nul_byte),
		cmocka_unit_test(test_cut_short),
		cmocka_unit_test(test_depth),
		cmocka_unit_test(test_fixtures),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
