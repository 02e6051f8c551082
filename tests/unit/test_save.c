/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for store/save.c: the digest a document is stored under,
 * the identity of a machine, and documents saved together: all stored
 * in one transaction, each once, a document seen before found again.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "store/store.h"

#define FIXTURE	"tests/fixtures/results/basic-cpu0.json"

/* A document's digest is FNV-1a 64 of its text (docs/store.md), the
   one stores made before hold. */
static void
test_digest(void **state)
{
	char d[17];

	(void)state;
	store_digest("abc", 3, d);
	assert_string_equal(d, "fc17bb83ee075471");
}

/* The identity follows the CPU, not the kernel or microcode. */
static void
test_ident(void **state)
{
	struct rs_file f;
	char a[17], b[17], err[512];

	(void)state;
	assert_int_equal(rs_load(FIXTURE, &f, err, sizeof(err)), 0);
	store_machine_ident(&f.machine, a);
	assert_int_equal(strlen(a), 16);
	f.machine.kernel = "7.0";
	f.machine.microcode = "0x99";
	store_machine_ident(&f.machine, b);
	assert_string_equal(a, b);
	f.machine.hypervisor = "";
	store_machine_ident(&f.machine, b);
	assert_string_not_equal(a, b);
	rs_free(&f);
}

/* Documents saved together: new ones numbered in order, repeats found. */
static void
test_save_many(void **state)
{
	static const char *const paths[] = {
		"tests/fixtures/results/basic-cpu0.json",
		"tests/fixtures/results/basic-cpu1.json",
		"tests/fixtures/results/basic-cpu0.json",
	};
	struct store_doc d[3];
	struct rs_file f[3];
	struct store *s;
	long long n[4];
	char url[128], err[1024], *text[3];
	size_t i, len[3];

	(void)state;
	snprintf(url, sizeof(url), "/tmp/cb-test-save-%d.db", (int)getpid());
	unlink(url);
	if (store_open(url, STORE_WRITE, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	for (i = 0; i < 3; i++) {
		text[i] = rs_read_file(paths[i], &len[i], err, sizeof(err));
		assert_non_null(text[i]);
		assert_int_equal(rs_load_text(paths[i], text[i], len[i], &f[i],
		    err, sizeof(err)), 0);
		d[i] = (struct store_doc){ text[i], len[i], &f[i], 0, 0, "" };
	}
	if (store_save_many(s, d, 2) != 0)
		fail_msg("%s", s->err);
	assert_int_equal(d[0].dup, 0);
	assert_int_equal(d[1].dup, 0);
	assert_true(d[1].run_id > d[0].run_id);
	/* Once more with the first again: found, not added. */
	if (store_save_many(s, &d[2], 1) != 0)
		fail_msg("%s", s->err);
	assert_int_equal(d[2].dup, 1);
	assert_int_equal(d[2].run_id, d[0].run_id);
	assert_int_equal(store_counts(s, n), 0);
	assert_int_equal(n[1], 2);	/* runs */
	assert_int_equal(n[2], 1);	/* machines: the same one */
	assert_int_equal(n[3], 12);	/* results */
	store_close(s);
	for (i = 0; i < 3; i++) {
		rs_free(&f[i]);
		free(text[i]);
	}
	unlink(url);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_digest),
		cmocka_unit_test(test_ident),
		cmocka_unit_test(test_save_many),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
