/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench db: the results store itself.  import keeps results files
 * as they are (named, or every *.json below a directory; read and
 * validated on every CPU, a batch of them to a transaction, a file
 * already stored found and skipped); export gives them back byte for
 * byte; runs and machines list what is there; info says where it is.
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "cli/progress.h"
#include "cli/store_cli.h"
#include "report/report.h"
#include "results/atomic_file.h"
#include "results/results_redact.h"
#include "store/store.h"
#include "util/scrub.h"

static const char db_help[] =
"usage: cyclebench db import [--db FILE|URL] [-q] RESULTS.json|DIR...\n"
"       cyclebench db export [--db FILE|URL] [SELECTION|RUN] [-o FILE|DIR]\n"
"       cyclebench db runs [--db FILE|URL] [SELECTION]\n"
"       cyclebench db machines [--db FILE|URL]\n"
"       cyclebench db info [--db FILE|URL]\n"
"\n"
"The results store: runs kept by run --save, asm --save or db import.\n"
"  import    store results files (run --json, asm --json, the C API's\n"
"            cb_write_json) as they are; a file stored before is skipped;\n"
"            a directory: every *.json below it, in name order\n"
"  export    the stored documents exactly as they went in: one run to\n"
"            standard output or FILE, several as DIR/run-ID.json\n"
"  runs      the runs a selection selects, newest first\n"
"  machines  every machine, with its identity for machine=...\n"
"  info      where the store is, its schema version and size\n"
"\n"
"  --db FILE|URL   the store (default: $CYCLEBENCH_DB, or\n"
"                  $XDG_DATA_HOME/cyclebench/results.db); a file,\n"
"                  sqlite:FILE or postgresql://user@host/database\n"
"  -o, --output P  where export writes\n"
"  -q, --quiet     import: say nothing but what went wrong\n"
"\n"
"SELECTION: comma-separated terms machine=M, kernel=K, microcode=U,\n"
"since=DATE, until=DATE, run=ID, last=N and KEY=VALUE for a --context\n"
"key, as in 'machine=Xeon,commit=v6.9,last=3'; 'all' or nothing: every\n"
"run.  docs/store.md has the rest.\n";

int
db_parse_args(int argc, char **argv, struct db_args *a)
{
	static const struct option opts[] = {
		{ "db", required_argument, NULL, 'D' },
		{ "output", required_argument, NULL, 'o' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char **av = argv + 1;
	size_t i;
	int c, n;

	memset(a, 0, sizeof(*a));
	if (argc >= 2 && (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0)) {
		fputs(db_help, stdout);
		return (-1);
	}
	if (argc < 2)
		return (usage_error("db", "say what to do: import, export, "
		    "runs, machines or info"));
	for (i = 0; i < db_nsubs; i++)
		if (strcmp(argv[1], db_subs[i].name) == 0)
			a->sub = &db_subs[i];
	if (a->sub == NULL)
		return (usage_error("db", "'%s' is not a db command (import, "
		    "export, runs, machines, info)", argv[1]));
	/* The sub-command stands where getopt expects the program's name. */
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc - 1, av, ":ho:q", opts, NULL)) != -1) {
		switch (c) {
		case 'D':
			a->db = optarg;
			break;
		case 'q':
			a->quiet = 1;
			break;
		case 'o':
			a->out = optarg;
			break;
		case 'h':
			fputs(db_help, stdout);
			return (-1);
		default:
			return (bad_option("db", c, av, opts));
		}
	}
	if ((a->db != NULL && a->db[0] == '\0') ||
	    (a->out != NULL && a->out[0] == '\0'))
		return (usage_error("db", "%s needs a value", a->db != NULL &&
		    a->db[0] == '\0' ? "--db" : "-o"));
	/* From here, optind counts in argv. */
	optind++;
	n = argc - optind;
	if (n < a->sub->min)
		return (usage_error("db", "db %s needs a results file or more",
		    a->sub->name));
	if (n > a->sub->max)
		return (usage_error("db", "db %s takes %s, not '%s'",
		    a->sub->name, a->sub->max ? "one selection" :
		    "no operands", argv[optind + a->sub->max]));
	if (a->out != NULL && strcmp(a->sub->name, "export") != 0)
		return (usage_error("db", "-o is for db export"));
	if (a->quiet && strcmp(a->sub->name, "import") != 0)
		return (usage_error("db", "-q is for db import"));
	return (0);
}

/*
 * Files per transaction: one commit each, and a bounded loss of time
 * (not of runs) when a batch fails.  Inside the readers' window, so they
 * read on while a batch is stored; storing is the one thread here.
 */
#define IMPORT_BATCH	32

struct import {
	struct store	*s;
	char		(*digest)[17];	/* file i's, by the worker that read it */
	struct rs_loaded l[IMPORT_BATCH];
	struct store_doc d[IMPORT_BATCH];
	size_t		 n;
	size_t		 stored, dups, bad;
	int		 quiet;		/* -q: only what went wrong */
	struct progress	 prog;		/* on a terminal: the file reached */
};

static void
release(struct import *im)
{
	size_t k;

	for (k = 0; k < im->n; k++)
		rs_loaded_free(&im->l[k]);
	im->n = 0;
}

/* Store the batch in one transaction. */
static int
flush(struct import *im)
{
	struct store *s = im->s;
	size_t k;
	int rc;

	if (im->n == 0)
		return (0);
	progress_end(&im->prog);
	if ((rc = store_save_many(s, im->d, im->n)) != 0)
		term_eprintf("cyclebench: results store %s: %s; nothing "
		    "from %s to %s was stored\n", store_where(s), s->err,
		    im->l[0].path, im->l[im->n - 1].path);
	for (k = 0; k < im->n && rc == 0; k++) {
		if (im->d[k].dup && !im->quiet)
			term_printf("%s: already stored as run %lld\n",
			    im->l[k].path, im->d[k].run_id);
		im->dups += im->d[k].dup;
		im->stored += !im->d[k].dup;
	}
	release(im);
	return (rc);
}

/*
 * A file's digest, on the CPU that read it: hashing every byte is the
 * longest part of storing a file, and storing happens on one thread.
 */
static void
digest(struct rs_loaded *l, void *arg)
{
	struct import *im = arg;

	store_digest(l->text, l->len, im->digest[l->index]);
}

/*
 * A file whose command line or context held a password goes in without
 * it, under the digest of what goes in.  -1 with l->err set when the
 * text cannot be had without it.
 */
static int
without_password(struct rs_loaded *l, char digest[17])
{
	size_t len;
	char *t;

	if (!l->f.secret)
		return (0);
	if (rs_redact_document(l->text, l->len, &t, &len) != 1) {
		snprintf(l->err, sizeof(l->err), "%s: out of memory taking "
		    "the password out; not stored", l->path);
		return (-1);
	}
	free(l->text);
	l->text = t;
	l->len = len;
	store_digest(t, len, digest);
	return (0);
}

/* One file, checked: into the batch, or said and skipped when bad. */
static int
take(struct rs_loaded *l, void *arg)
{
	struct import *im = arg;
	size_t k = im->n;

	if (l->text != NULL && without_password(l,
	    im->digest[l->index]) != 0)
		rs_loaded_free(l);
	if (l->text == NULL) {
		progress_end(&im->prog);
		term_eprintf("cyclebench: %s\n", l->err);
		im->bad++;
		return (0);
	}
	progress_step(&im->prog, l->index, l->path);
	im->l[k] = *l;
	im->d[k] = (struct store_doc){ l->text, l->len, &im->l[k].f, 0, 0,
	    "" };
	memcpy(im->d[k].digest, im->digest[l->index], sizeof(im->d[k].digest));
	im->n++;
	return (im->n == IMPORT_BATCH ? flush(im) : 0);
}

/* "Stored 3 runs in s.db; 1 already there": the import's last line. */
static void
import_summary(const struct import *im, size_t bad_dirs)
{

	term_printf("Stored %zu run%s in %s", im->stored, im->stored == 1 ? "" :
	    "s", store_where(im->s));
	if (im->dups > 0)
		term_printf("; %zu already there", im->dups);
	if (im->bad > 0)
		term_printf("; %zu file%s refused (above)", im->bad,
		    im->bad == 1 ? "" : "s");
	if (bad_dirs > 0)
		term_printf("; %zu director%s refused (above)", bad_dirs,
		    bad_dirs == 1 ? "y" : "ies");
	term_printf("\n");
}

static int
db_import(struct store *s, const struct db_args *a,
    const struct store_sel *sel, char **paths, int n)
{
	struct import *im;
	char **files;
	size_t nfiles, bad_dirs;
	int rc;

	(void)sel;
	if (files_below(paths, n, &files, &nfiles, &bad_dirs) != 0)
		return (EXIT_STORE);
	if ((im = calloc(1, sizeof(*im))) == NULL ||
	    (im->digest = calloc(nfiles + 1, sizeof(*im->digest))) == NULL) {
		free(im);
		free_names(files, nfiles);
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_STORE);
	}
	im->s = s;
	im->quiet = a->quiet;
	progress_start(&im->prog, nfiles);
	im->prog.show = im->prog.show && !a->quiet;
	if ((rc = rs_load_each(files, nfiles, digest, take, im)) == 0)
		rc = flush(im);
	progress_end(&im->prog);
	release(im);
	free_names(files, nfiles);
	if (!a->quiet)
		import_summary(im, bad_dirs);
	rc = rc != 0 ? EXIT_STORE : im->bad + bad_dirs > 0 ? EXIT_USAGE : 0;
	free(im->digest);
	free(im);
	return (rc);
}

/*
 * Into a pipe or a file byte for byte, as it was imported; onto a
 * terminal scrubbed (util/scrub.h), as a store's rows may be anyone's.
 */
static int
write_doc(const char *path, const char *text, size_t len)
{
	char err[512], *copy = NULL;
	int bad;

	if (path == NULL || strcmp(path, "-") == 0) {
		if (!isatty(STDOUT_FILENO))
			bad = fwrite(text, 1, len, stdout) != len;
		else if ((copy = malloc(len + 1)) == NULL)
			bad = 1;
		else {
			memcpy(copy, text, len);
			bad = term_write(stdout, copy, len) != 0;
			free(copy);
		}
		if (bad || fflush(stdout) != 0) {
			term_eprintf("cyclebench: cannot write to standard "
			    "output\n");
			return (EXIT_OUTPUT);
		}
		return (0);
	}
	if (atomic_write_file(path, text, len, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		return (EXIT_OUTPUT);
	}
	return (0);
}

/* *text without a password it holds; EXIT_STORE after saying why. */
static int
export_text(long long id, char **text, size_t *len)
{
	size_t n;
	char *t;

	switch (rs_redact_document(*text, *len, &t, &n)) {
	case 0:
		return (0);
	case 1:
		free(*text);
		*text = t;
		*len = n;
		return (0);
	}
	free(*text);
	fprintf(stderr, "cyclebench: run %lld: out of memory taking the "
	    "password out; not exported\n", id);
	return (EXIT_STORE);
}

static int
db_export(struct store *s, const struct db_args *a,
    const struct store_sel *sel, char **ops, int n)
{
	const char *out = a->out;
	struct store_runs runs;
	struct stat st;
	char path[4096], *text;
	size_t i, len;
	int rc = 0;

	(void)ops;
	(void)n;
	if (store_list(s, sel, &runs) != 0)
		return (cli_store_failed(s));
	if (runs.n == 0) {
		store_runs_free(&runs);
		term_eprintf("cyclebench: the selection matches no stored "
		    "run\n");
		cli_why_none(s, sel);
		return (EXIT_USAGE);
	}
	if (runs.n > 1 && (out == NULL || stat(out, &st) != 0 ||
	    !S_ISDIR(st.st_mode))) {
		term_eprintf("cyclebench: %zu runs match; give -o DIR (an "
		    "existing directory) to write one file each, or narrow the "
		    "selection\n", runs.n);
		store_runs_free(&runs);
		return (EXIT_USAGE);
	}
	for (i = 0; i < runs.n && rc == 0; i++) {
		if (store_document(s, runs.runs[i].id, &text, &len) != 0) {
			rc = cli_store_failed(s);
			break;
		}
		/* Stored before passwords were taken out, it has its own. */
		if ((rc = export_text(runs.runs[i].id, &text, &len)) != 0)
			break;
		if (out != NULL && stat(out, &st) == 0 && S_ISDIR(st.st_mode))
			snprintf(path, sizeof(path), "%s/run-%lld.json", out,
			    runs.runs[i].id);
		else
			snprintf(path, sizeof(path), "%s", out ? out : "-");
		if ((rc = check_store(&(struct cli_output){ "-o", path }, 1,
		    a->db)) == 0)
			rc = write_doc(path, text, len);
		free(text);
	}
	store_runs_free(&runs);
	return (rc);
}

static int
list_runs(struct store *s, const struct db_args *a,
    const struct store_sel *sel, char **ops, int n)
{
	const struct store_run *r;
	struct store_runs runs;
	size_t i;

	(void)a;
	(void)ops;
	(void)n;
	if (store_list(s, sel, &runs) != 0)
		return (cli_store_failed(s));
	term_printf("%6s  %-20s  %-24s  %-24s  %-12s %7s  %s\n", "run",
	    "started", "machine", "kernel", "microcode", "results", "context");
	for (i = 0; i < runs.n; i++) {
		r = &runs.runs[i];
		term_printf("%6lld  %-20s  %-15.15s %.8s  %-24s  %-12s %7lld  "
		    "%s%s\n", r->id, r->at, r->label, r->ident, r->kernel,
		    r->microcode, r->nresults, r->partial ? "(partial) " : "",
		    r->context);
	}
	/* An empty listing is an answer, as git log's is (exit 0). */
	if (runs.n == 0)
		term_printf("(no runs match)\n");
	if (runs.n == 0)
		cli_why_none(s, sel);
	store_runs_free(&runs);
	return (0);
}

static int
list_machines(struct store *s, const struct db_args *a,
    const struct store_sel *sel, char **ops, int n)
{
	struct store_rows r;
	const char *const *c;
	size_t i;

	(void)a;
	(void)sel;
	(void)ops;
	(void)n;
	if (store_machines(s, &r) != 0)
		return (cli_store_failed(s));
	term_printf("%-16s  %-20s  %5s  %-20s  %-20s  %s\n", "machine", "label",
	    "runs", "first", "last", "CPU");
	for (i = 0; i < r.nrows; i++) {
		c = (const char *const *)r.cells + i * r.ncols;
		term_printf("%-16s  %-20s  %5s  %-20s  %-20s  %s (family %s "
		    "model %s stepping %s) %s%s%s\n", c[0], c[1], c[8],
		    c[9] ? c[9] : "-", c[10] ? c[10] : "-", c[2], c[3], c[4],
		    c[5], c[6], c[7][0] ? " under " : "", c[7]);
	}
	if (r.nrows == 0)
		term_printf("(no machines yet)\n");
	store_rows_free(&r);
	return (0);
}

static int
info(struct store *s, const struct db_args *a, const struct store_sel *sel,
    char **ops, int nops)
{
	long long n[4];

	(void)a;
	(void)sel;
	(void)ops;
	(void)nops;
	if (store_counts(s, n) != 0)
		return (cli_store_failed(s));
	term_printf("store:    %s\nback end: %s\nschema:   version %lld (this "
	    "cyclebench: %d)\nholds:    %lld run%s of %lld machine%s, %lld "
	    "result%s\n", store_where(s), s->be->name, n[0],
	    STORE_SCHEMA_VERSION, n[1], n[1] == 1 ? "" : "s", n[2],
	    n[2] == 1 ? "" : "s", n[3], n[3] == 1 ? "" : "s");
	return (0);
}

const struct db_sub db_subs[] = {
	{ "import", 1, 1 << 20, 0, STORE_WRITE, db_import },
	{ "export", 0, 1, 1, STORE_READ, db_export },
	{ "runs", 0, 1, 1, STORE_READ, list_runs },
	{ "machines", 0, 0, 0, STORE_READ, list_machines },
	{ "info", 0, 0, 0, STORE_READ, info },
};

const size_t db_nsubs = sizeof(db_subs) / sizeof(db_subs[0]);

int
cmd_db(int argc, char **argv)
{
	struct store_sel sel;
	struct db_args a;
	struct store *s;
	int rc, n;

	if ((rc = db_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	n = argc - optind;
	memset(&sel, 0, sizeof(sel));
	if (a.sub->selects &&
	    (rc = cli_selection("db", n ? argv[optind] : "", NULL, &sel)) != 0)
		return (rc);
	if ((rc = cli_store_open(a.db, a.sub->mode, &s)) != 0) {
		store_sel_free(&sel);
		return (rc);
	}
	if ((rc = cli_known_keys("db", s, &sel, NULL)) == 0)
		rc = a.sub->fn(s, &a, &sel, argv + optind, n);
	store_sel_free(&sel);
	store_close(s);
	return (rc);
}
