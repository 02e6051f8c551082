/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for src/cli/store_cli.c: the reading commands' options
 * (--last in range, --db not empty), selections as the command line
 * writes them (a bare number is a run, a machine name's commas
 * escaped), the refusals of --runs SELECTION with what it does not mix
 * with, --db refused where it reads as a selection, context keys the
 * store does not have, and stored runs loaded back, from a SQLite store
 * in a temporary directory filled with the results fixtures.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/series.h"
#include "cli/store_cli.h"
#include "results_fixture.h"
#include "stderr_capture.h"
#include "scratch.h"

static char dir[64], db[128];

/* Keep the results file at path in the store. */
static void
keep(struct store *s, const char *path)
{
	struct rs_file f;
	long long id;
	char *text;
	size_t len;
	FILE *fp;
	int dup;

	assert_non_null(fp = fopen(path, "rb"));
	fseek(fp, 0, SEEK_END);
	len = (size_t)ftell(fp);
	rewind(fp);
	assert_non_null(text = calloc(1, len + 1));
	assert_int_equal(fread(text, 1, len, fp), len);
	fclose(fp);
	load(&f, path);
	assert_int_equal(store_save(s, text, len, &f, &id, &dup), 0);
	rs_free(&f);
	free(text);
}

/* Runs 1, 2 and 3: basic-cpu0, basic-cpu1 and rounds-cpu0. */
static int
setup(void **state)
{
	struct store *s;
	char err[512];

	(void)state;
	snprintf(dir, sizeof(dir), "/tmp/cb-store-cli-XXXXXX");
	if (mkdtemp(dir) == NULL)
		return (-1);
	snprintf(db, sizeof(db), "%s/results.db", dir);
	if (store_open(db, STORE_WRITE, &s, err, sizeof(err)) != 0)
		return (-1);
	keep(s, RES "basic-cpu0.json");
	keep(s, RES "basic-cpu1.json");
	keep(s, RES "rounds-cpu0.json");
	store_close(s);
	return (0);
}

static int
teardown(void **state)
{

	(void)state;
	return (scratch_remove(dir));
}

static void
test_read_option(void **state)
{
	static const char *const bad[] = { "0", "51", "-1", "x", "", "2.5" };
	struct read_opts o;
	char want[96];
	const char *said;
	size_t i;

	(void)state;
	memset(&o, 0, sizeof(o));
	assert_int_equal(cli_read_option("table", 'n', "1", 50, &o), 0);
	assert_int_equal(o.last, 1);
	assert_int_equal(cli_read_option("table", 'n', "50", 50, &o), 0);
	assert_int_equal(o.last, 50);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		stderr_begin();
		assert_int_equal(cli_read_option("table", 'n', bad[i], 50, &o),
		    EXIT_USAGE);
		said = stderr_end();
		snprintf(want, sizeof(want), "--last takes a whole number from "
		    "1 to 50, not '%s'\n", bad[i]);
		assert_said(said, want);
	}
	assert_int_equal(o.last, 50);
	assert_int_equal(cli_read_option("table", 'w', "kernel=6.1", 50, &o),
	    0);
	assert_string_equal(o.where, "kernel=6.1");
	assert_int_equal(cli_read_option("table", 'D', db, 50, &o), 0);
	assert_string_equal(o.db, db);
	stderr_begin();
	assert_int_equal(cli_read_option("table", 'D', "", 50, &o),
	    EXIT_USAGE);
	assert_said(stderr_end(), "--db needs a file or URL");
	assert_string_equal(o.db, db);
	assert_int_equal(cli_read_option("table", 'q', "", 50, &o), -1);
}

static void
test_selection(void **state)
{
	struct store_sel sel;
	const char *said;

	(void)state;
	assert_int_equal(cli_selection("compare", "7", NULL, &sel), 0);
	assert_int_equal(sel.run, 7);
	store_sel_free(&sel);
	assert_int_equal(cli_selection("compare", NULL, NULL, &sel), 0);
	assert_int_equal(sel.run, 0);
	assert_null(sel.machine);
	store_sel_free(&sel);
	assert_int_equal(cli_selection("compare", "all", "box,a\\b", &sel), 0);
	assert_string_equal(sel.machine, "box,a\\b");
	store_sel_free(&sel);
	assert_int_equal(cli_selection("history", "kernel=6.1,last=3",
	    "box,a", &sel), 0);
	assert_string_equal(sel.kernel, "6.1");
	assert_int_equal(sel.last, 3);
	assert_string_equal(sel.machine, "box,a");
	store_sel_free(&sel);
	stderr_begin();
	assert_int_equal(cli_selection("compare", "7x", NULL, &sel),
	    EXIT_USAGE);
	said = stderr_end();
	assert_said(said, "cyclebench: '7x' in the selection is not KEY=VALUE");
	assert_said(said, "Try 'cyclebench compare --help'.");
}

static const char *
stored_inputs(const char *db_sel, const char *vs_sel, const char *store,
    int nfiles)
{
	stderr_begin();
	assert_int_equal(cli_stored_inputs("report", db_sel, vs_sel, store,
	    nfiles), EXIT_USAGE);
	return (stderr_end());
}

static void
test_stored_inputs(void **state)
{
	(void)state;
	assert_int_equal(cli_stored_inputs("report", "all", "3", db, 0), 0);
	assert_int_equal(cli_stored_inputs("report", "machine=x", NULL, NULL,
	    0), 0);
	assert_said(stored_inputs(NULL, "3", NULL, 0),
	    "--vs goes with --runs SELECTION");
	assert_said(stored_inputs(NULL, NULL, db, 0),
	    "--db names the store that --runs reads: add --runs SELECTION");
	assert_said(stored_inputs("all", NULL, NULL, 2),
	    "results files and --runs do not mix");
	assert_said(stored_inputs("all", NULL, "", 0),
	    "--db needs a file or URL");
	assert_said(stored_inputs("", NULL, NULL, 0),
	    "--runs needs a selection ('all': every stored run)");
	assert_said(stored_inputs("all", "", NULL, 0),
	    "--vs needs a selection ('all': every stored run)");
	assert_said(stored_inputs("all", "bogus", NULL, 0),
	    "'bogus' in the selection is not KEY=VALUE");
}

static void
test_load_selection(void **state)
{
	struct rs_file *f;
	const char *said;
	int n, i;

	(void)state;
	assert_int_equal(cli_load_selection("compare", db, "all", 10, &f, &n),
	    0);
	assert_int_equal(n, 3);
	assert_string_equal(f[0].path, "run 1");
	assert_string_equal(f[2].path, "run 3");
	free_inputs(f, n);
	assert_int_equal(cli_load_selection("compare", db, "2", 10, &f, &n),
	    0);
	assert_int_equal(n, 1);
	assert_string_equal(f[0].path, "run 2");
	free_inputs(f, n);
	/* Too many: counted, unsaid, nothing fetched. */
	stderr_begin();
	assert_int_equal(cli_load_selection("compare", db, "all", 2, &f, &n),
	    CLI_TOO_MANY);
	assert_string_equal(stderr_end(), "");
	assert_int_equal(n, 3);
	assert_null(f);
	stderr_begin();
	assert_int_equal(cli_load_selection("compare", db, "99", 10, &f, &n),
	    EXIT_USAGE);
	said = stderr_end();
	assert_said(said, "cyclebench: no stored run matches '99' in ");
	assert_int_equal(n, 0);
	stderr_begin();
	assert_int_equal(cli_load_selection("compare", db, "x", 10, &f, &n),
	    EXIT_USAGE);
	stderr_end();
	stderr_begin();
	i = cli_load_selection("compare", "/nonexistent-cb-dir/r.db", "all",
	    10, &f, &n);
	said = stderr_end();
	assert_int_equal(i, EXIT_STORE);
	assert_said(said, "/nonexistent-cb-dir/r.db");
}

/* basic-cpu0's benchmarks as stored for its machine, newest run alone. */
static void
test_histories(void **state)
{
	struct hist_series *h;
	struct rs_file f[2];
	char ident[17];
	size_t nh, i;

	(void)state;
	load(&f[0], RES "basic-cpu0.json");
	load(&f[1], RES "basic-cpu0.json");
	store_machine_ident(&f[0].machine, ident);
	/* The second file's machine and suite are those of the first. */
	assert_int_equal(cli_histories(db, f, 2, 1, &h, &nh), 0);
	assert_int_equal(nh, f[0].nresults);
	for (i = 0; i < nh; i++) {
		assert_string_equal(h[i].ident, ident);
		assert_int_equal(h[i].n, 1);
	}
	series_free(h, nh);
	stderr_begin();
	assert_int_equal(cli_histories("/nonexistent-cb-dir/r.db", f, 1, 1,
	    &h, &nh), EXIT_STORE);
	stderr_end();
	assert_null(h);
	assert_int_equal(nh, 0);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

/* What --db in compare and report takes, and what reads as --runs. */
static void
test_db_value(void **state)
{
	(void)state;
	assert_int_equal(cli_reads_as_selection("all"), 1);
	assert_int_equal(cli_reads_as_selection("12"), 1);
	assert_int_equal(cli_reads_as_selection("machine=Xeon,last=3"), 1);
	assert_int_equal(cli_reads_as_selection("x.db"), 0);
	assert_int_equal(cli_reads_as_selection(""), 0);
	assert_int_equal(cli_reads_as_selection(
	    "postgresql://u@h/d?sslmode=require"), 0);
	/* An existing file is a file, whatever its name reads as. */
	assert_int_equal(cli_reads_as_selection(db), 0);
	assert_int_equal(cli_db_value("compare", db), 0);
	stderr_begin();
	assert_int_equal(cli_db_value("compare", ""), EXIT_USAGE);
	assert_said(stderr_end(), "--db needs a file or URL");
	stderr_begin();
	assert_int_equal(cli_db_value("report", "last=2"), EXIT_USAGE);
	assert_said(stderr_end(), "cyclebench: --db names the results store "
	    "(a file or URL), as in every command; for the stored runs "
	    "'last=2' selects, write --runs 'last=2'");
}

/* A context key no stored run has is refused, with the nearest. */
static void
test_known_keys(void **state)
{
	struct store_sel sel;
	struct store *s;
	char err[512];

	(void)state;
	assert_int_equal(store_open(db, STORE_READ, &s, err, sizeof(err)), 0);
	assert_int_equal(store_sel_parse("machine=x", &sel, err, sizeof(err)),
	    0);
	assert_int_equal(cli_known_keys("db", s, &sel, NULL), 0);
	store_sel_free(&sel);
	assert_int_equal(store_sel_parse("machne=EPYC", &sel, err,
	    sizeof(err)), 0);
	stderr_begin();
	assert_int_equal(cli_known_keys("db", s, &sel, NULL), EXIT_USAGE);
	assert_said(stderr_end(), "cyclebench: no stored run has context key "
	    "'machne'; did you mean 'machine'? (a selection takes machine, "
	    "kernel, microcode, since, until, run, last or a context key the "
	    "store has: none yet)");
	store_sel_free(&sel);
	memset(&sel, 0, sizeof(sel));
	stderr_begin();
	assert_int_equal(cli_known_keys("table", s, &sel, "cpu"), EXIT_USAGE);
	assert_said(stderr_end(), "cyclebench: no stored run has context key "
	    "'cpu' (--by takes machine, kernel, microcode or a context key the "
	    "store has: none yet)");
	/* A machine term naming several is the request's fault. */
	s->refused = 1;
	stderr_begin();
	assert_int_equal(cli_store_failed(s), EXIT_USAGE);
	stderr_end();
	s->refused = 0;
	stderr_begin();
	assert_int_equal(cli_store_failed(s), EXIT_STORE);
	stderr_end();
	store_close(s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_option),
		cmocka_unit_test(test_selection),
		cmocka_unit_test(test_stored_inputs),
		cmocka_unit_test(test_load_selection),
		cmocka_unit_test(test_histories),
		cmocka_unit_test(test_db_value),
		cmocka_unit_test(test_known_keys),
	};

	setenv("CYCLEBENCH_DB", "/nonexistent-cb-dir/default.db", 1);
	return (cmocka_run_group_tests(tests, setup, teardown));
}
