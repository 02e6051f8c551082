/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/save_opts.c: --json, --save, --db and
 * --context as run and asm take them; the checks across them; a store
 * that cannot be opened stopping the command only when the results
 * would have nowhere else to go; and the document written to the file
 * and kept in a SQLite store in a temporary directory, with the exit
 * status for each way that fails.
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

#include "cli/cli.h"
#include "cli/save_opts.h"
#include "store/store.h"
#include "stderr_capture.h"
#include "scratch.h"

#define FIXTURE	"tests/fixtures/results/basic-cpu0.json"
#define NOWHERE	"/nonexistent-cb-dir/sub"

static char dir[64], db[128], json[128];

static int
setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/cb-save-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return (-1);
	snprintf(db, sizeof(db), "%s/results.db", dir);
	snprintf(json, sizeof(json), "%s/run.json", dir);
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	return (scratch_remove(dir));
}

static int
check(const struct save_opts *o, const char *want)
{
	const char *said;
	int rc;

	stderr_begin();
	rc = cli_save_check("asm", o);
	said = stderr_end();
	if (want == NULL)
		assert_string_equal(said, "");
	else {
		assert_int_equal(rc, EXIT_USAGE);
		assert_said(said, want);
		assert_said(said, "Try 'cyclebench asm --help'.");
	}
	return (rc);
}

static void
test_options(void **state)
{
	struct save_opts o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(cli_save_option("run", 'j', "a.json", &o), 0);
	assert_int_equal(cli_save_option("run", 'S', "", &o), 0);
	assert_int_equal(cli_save_option("run", 'D', "x.db", &o), 0);
	assert_int_equal(cli_save_option("run", 'x', "commit=v6.9", &o), 0);
	assert_string_equal(o.json, "a.json");
	assert_true(o.save);
	assert_string_equal(o.db, "x.db");
	assert_int_equal(o.ctx.n, 1);
	assert_string_equal(o.ctx.items[0].key, "commit");
	assert_string_equal(o.ctx.items[0].value, "v6.9");
	stderr_begin();
	assert_int_equal(cli_save_option("run", 'x', "v6.9", &o), EXIT_USAGE);
	assert_int_equal(cli_save_option("run", 'x', "commit=v7", &o),
	    EXIT_USAGE);
	assert_said(stderr_end(), "context key 'commit' given twice");
	assert_int_equal(o.ctx.n, 1);
	assert_int_equal(cli_save_option("run", 'q', "", &o), -1);
	assert_int_equal(check(&o, NULL), 0);
	cli_save_free(&o);
}

static void
test_check(void **state)
{
	struct save_opts o;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(check(&o, NULL), 0);
	o.json = "";
	check(&o, "cyclebench: --json needs a file name\n");
	o.json = NULL;
	o.save = 1;
	o.db = "";
	check(&o, "cyclebench: --db needs a file or URL\n");
	o.save = 0;
	o.db = "x.db";
	check(&o, "cyclebench: --db names the store that --save saves to: "
	    "add --save\n");
}

static void
test_prepare(void **state)
{
	struct save_opts o;
	const char *said;

	(void)state;
	memset(&o, 0, sizeof(o));
	/* Nothing to save: the store is not even tried. */
	o.db = NOWHERE "/results.db";
	assert_int_equal(cli_save_prepare("run", &o), 0);
	o.save = 1;
	stderr_begin();
	assert_int_equal(cli_save_prepare("run", &o), EXIT_STORE);
	said = stderr_end();
	assert_said(said, "not measuring: the results would have nowhere to "
	    "go (add --json FILE to measure anyway)");
	assert_false(o.store_down);
	o.json = json;
	stderr_begin();
	assert_int_equal(cli_save_prepare("run", &o), 0);
	said = stderr_end();
	assert_said(said, "measuring anyway: the results go to ");
	assert_said(said, json);
	assert_true(o.store_down);
	/* A store that opens, and is made by opening it. */
	memset(&o, 0, sizeof(o));
	o.save = 1;
	o.db = db;
	assert_int_equal(cli_save_prepare("run", &o), 0);
	assert_false(o.store_down);
	assert_int_equal(access(db, F_OK), 0);
}

static char *
slurp(const char *path, size_t *len)
{
	char *text;
	FILE *fp;
	long n;

	if ((fp = fopen(path, "rb")) == NULL)
		fail_msg("cannot open %s", path);
	fseek(fp, 0, SEEK_END);
	n = ftell(fp);
	rewind(fp);
	text = calloc(1, (size_t)n + 1);
	assert_non_null(text);
	assert_int_equal(fread(text, 1, (size_t)n, fp), (size_t)n);
	fclose(fp);
	*len = (size_t)n;
	return (text);
}

static long long
stored_runs(void)
{
	long long counts[4];
	struct store *s;
	char err[512];

	if (store_open(db, STORE_READ, &s, err, sizeof(err)) != 0)
		fail_msg("%s", err);
	assert_int_equal(store_counts(s, counts), 0);
	store_close(s);
	return (counts[1]);
}

/* The same document, byte for byte, in the file and in the store. */
static void
test_document(void **state)
{
	struct save_opts o;
	char *doc, *back;
	size_t len, n;
	int out;

	(void)state;
	doc = slurp(FIXTURE, &len);
	memset(&o, 0, sizeof(o));
	o.json = json;
	o.save = 1;
	o.db = db;
	/* What it prints on stdout ("Stored as run 1 in ...") is not ours. */
	fflush(stdout);
	out = dup(STDOUT_FILENO);
	assert_true(freopen("/dev/null", "w", stdout) != NULL);
	assert_int_equal(cli_save_document(&o, doc, len), 0);
	/* Stored once: the second time is the same run. */
	assert_int_equal(cli_save_document(&o, doc, len), 0);
	fflush(stdout);
	dup2(out, STDOUT_FILENO);
	close(out);
	back = slurp(json, &n);
	assert_int_equal(n, len);
	assert_memory_equal(back, doc, len);
	free(back);
	assert_int_equal(stored_runs(), 1);
	free(doc);
}

static void
test_document_fails(void **state)
{
	struct save_opts o;
	const char *said;
	char *doc;
	size_t len;

	(void)state;
	doc = slurp(FIXTURE, &len);
	memset(&o, 0, sizeof(o));
	o.json = NOWHERE "/run.json";
	stderr_begin();
	assert_int_equal(cli_save_document(&o, doc, len), EXIT_OUTPUT);
	said = stderr_end();
	assert_said(said, NOWHERE "/run.json");
	/* The file's failure is the status; the store's is said too. */
	o.save = 1;
	o.store_down = 1;
	stderr_begin();
	assert_int_equal(cli_save_document(&o, doc, len), EXIT_OUTPUT);
	said = stderr_end();
	assert_said(said, "the results were not stored (the store failed "
	    "before measuring)");
	o.json = json;
	stderr_begin();
	assert_int_equal(cli_save_document(&o, doc, len), EXIT_STORE);
	stderr_end();
	/* A document that is no results file is not stored. */
	o.store_down = 0;
	o.db = db;
	stderr_begin();
	assert_int_equal(cli_save_document(&o, "{}", 2), EXIT_STORE);
	said = stderr_end();
	assert_said(said, "cyclebench: cannot store ");
	o.db = NOWHERE "/results.db";
	stderr_begin();
	assert_int_equal(cli_save_document(&o, doc, len), EXIT_STORE);
	said = stderr_end();
	assert_said(said, "; the results were not stored\n");
	free(doc);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_prepare),
		cmocka_unit_test(test_document),
		cmocka_unit_test(test_document_fails),
	};

	/* The default store must never be the one written. */
	setenv("CYCLEBENCH_DB", "/nonexistent-cb-dir/default.db", 1);
	return (cmocka_run_group_tests(tests, setup, teardown));
}
