/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Passwords out of words and connection strings: each form a store's
 * name can take, the hostile ones (an '@' in the password, quoting,
 * case), and what must stay as it is.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "util/redact.h"

/* redact(in) is out, and redact_needed agrees. */
static void
check(const char *in, const char *out)
{
	char *r;

	r = redact(in);
	assert_non_null(r);
	assert_string_equal(r, out);
	free(r);
	assert_int_equal(redact_needed(in), strcmp(in, out) != 0);
}

static void
test_url_user_info(void **state)
{

	(void)state;
	check("postgresql://bench:S3cr3tPW@db/x",
	    "postgresql://bench:***@db/x");
	check("postgres://bench:S3cr3tPW@db:5432/x?sslmode=require",
	    "postgres://bench:***@db:5432/x?sslmode=require");
	check("--db=postgresql://bench:S3cr3tPW@127.0.0.1:1/x",
	    "--db=postgresql://bench:***@127.0.0.1:1/x");
	/* No user, and an empty password. */
	check("postgresql://:S3cr3tPW@db/x", "postgresql://:***@db/x");
	check("postgresql://bench:@db/x", "postgresql://bench:***@db/x");
}

static void
test_hostile_user_info(void **state)
{

	(void)state;
	/* A raw '@', '/' or ':' in the password: all of it goes. */
	check("postgresql://bench:S3c@r3tPW@db/x",
	    "postgresql://bench:***@db/x");
	check("postgresql://bench:S3c/r3t:PW@db/x",
	    "postgresql://bench:***@db/x");
	check("postgresql://bench:S3cr%40tPW@db/x",
	    "postgresql://bench:***@db/x");
	/* A password's '@' in a URL echoed in a sentence. */
	check("in URI: \"postgresql://bench:S3cr3tPW@[::1/x\"",
	    "in URI: \"postgresql://bench:***@[::1/x\"");
}

static void
test_query_password(void **state)
{

	(void)state;
	check("postgresql://bench@db/x?password=S3cr3tPW&sslmode=require",
	    "postgresql://bench@db/x?password=***&sslmode=require");
	check("postgresql:///x?host=/tmp/s&PASSWORD=S3cr%33tPW",
	    "postgresql:///x?host=/tmp/s&PASSWORD=***");
	check("postgresql://db/x?sslpassword=S3cr3tPW",
	    "postgresql://db/x?sslpassword=***");
	/* Both at once. */
	check("postgresql://a:S3cr3tPW@db/x?password=S3cr3tPW",
	    "postgresql://a:***@db/x?password=***");
}

static void
test_keyword_strings(void **state)
{

	(void)state;
	check("host=db password=S3cr3tPW dbname=x",
	    "host=db password=*** dbname=x");
	check("host=db password = 'S3c r3t\\'PW' dbname=x",
	    "host=db password = *** dbname=x");
	check("host=db Password=S3c\\ r3tPW", "host=db Password=***");
	check("host=db password='S3cr3tPW", "host=db password=***");
	check("password=", "password=***");
	check("password=a&b=c host=db", "password=*** host=db");
}

static void
test_nothing_to_hide(void **state)
{

	(void)state;
	check("postgresql://bench@db/x", "postgresql://bench@db/x");
	check("postgresql://db:5432/x", "postgresql://db:5432/x");
	check("results.db", "results.db");
	check("sqlite:/tmp/r.db", "sqlite:/tmp/r.db");
	check("--context=note=no password here",
	    "--context=note=no password here");
	check("passwords", "passwords");
	check("", "");
}

static void
test_in_place(void **state)
{
	char word[] = "--db=postgresql://bench:S3cr3tPW@db/x";
	char tiny[] = "x://u:p@h", plain[] = "basic";

	(void)state;
	assert_int_equal(redact_in_place(word), 1);
	assert_string_equal(word, "--db=postgresql://bench:***@db/x");
	/* What follows the shorter text is zeroed, not left to be read. */
	assert_null(memmem(word, sizeof(word), "r3tPW", 5));
	/* Longer than the word: cut, never past it. */
	assert_int_equal(redact_in_place(tiny), 1);
	assert_string_equal(tiny, "x://u:***");
	assert_int_equal(redact_in_place(plain), 0);
	assert_string_equal(plain, "basic");
}

static void
test_echo(void **state)
{
	const char *url = "postgresql://bench:S3c@r3tPW@h/x";
	char msg[] = "could not translate host name \"r3tPW@h\"; "
	    "token \"S3c@r3tPW\"";
	char pct[] = "invalid percent-encoded token: \"S3cr%zzPW\"";
	char shortpw[] = "password authentication failed for user";

	(void)state;
	redact_echo(msg, url);
	assert_string_equal(msg, "could not translate host name \"***@h\"; "
	    "token \"***\"");
	redact_echo(pct, "postgresql://bench:S3cr%zzPW@h/x");
	assert_string_equal(pct, "invalid percent-encoded token: \"***\"");
	/* A password of one letter does not mask every 'a'. */
	redact_echo(shortpw, "postgresql://bench:a@h/x");
	assert_string_equal(shortpw, "password authentication failed for "
	    "user");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_url_user_info),
		cmocka_unit_test(test_hostile_user_info),
		cmocka_unit_test(test_query_password),
		cmocka_unit_test(test_keyword_strings),
		cmocka_unit_test(test_nothing_to_hide),
		cmocka_unit_test(test_in_place),
		cmocka_unit_test(test_echo),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
