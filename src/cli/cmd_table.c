/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench table: seed 004's table from the results store, a column
 * per machine (or kernel, microcode, commit, context value), each cell
 * the latest result, or the median of the last N, with its flags.
 */
#include <fnmatch.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "cli/store_cli.h"
#include "cli/stored_names.h"
#include "cli/style_opts.h"
#include "core/stats.h"
#include "results/context.h"
#include "report/crosstab.h"
#include "util/scrub.h"

static const char table_help[] =
"usage: cyclebench table SUITE --by DIMENSION [options]\n"
"\n"
"A suite's benchmarks from the results store as rows and, as columns,\n"
"every value of DIMENSION among the stored runs: in each cell the median\n"
"cycles per operation of the latest result there (or the median of the\n"
"last N), with its flags.  SUITE is a suite (counter) or a glob over its\n"
"names ('atomic/cmpset-*').\n"
"\n"
"  --by DIMENSION     machine, kernel, microcode, or a --context key\n"
"                     (commit for --context git)\n"
"  --last N           a cell is the median of the last N results (1)\n"
"  --where SELECTION  only runs the selection selects (cyclebench db --help)\n"
"  --format FORMAT    text (default), markdown or csv\n"
"  -q, --quiet        text: the heads and rows alone, no title or legend\n"
"  --db FILE|URL      the store (default: $CYCLEBENCH_DB, or\n"
"                     $XDG_DATA_HOME/cyclebench/results.db)\n";

/* The dimensions that are the run's own; any other is a context key. */
static const struct {
	const char	*name;
	size_t		 off;		/* of its value in store_point */
} dims[] = {
	{ "machine", offsetof(struct store_point, ident) },
	{ "kernel", offsetof(struct store_point, kernel) },
	{ "microcode", offsetof(struct store_point, microcode) },
};

#define NDIMS	(sizeof(dims) / sizeof(dims[0]))
#define CTX_DIM	NDIMS

int
table_parse_args(int argc, char **argv, struct table_args *a)
{
	static const struct option opts[] = {
		{ "by", required_argument, NULL, 'b' },
		CLI_READ_OPTIONS,
		{ "format", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char why[160];
	int c, rc;

	memset(a, 0, sizeof(*a));
	a->rd.last = 1;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":hq", opts, NULL)) != -1) {
		switch (c) {
		case 'b':
			a->by = optarg;
			break;
		case 'q':
			a->quiet = 1;
			break;
		case 'n':
		case 'w':
		case 'D':
			if ((rc = cli_read_option("table", c, optarg, 1000,
			    &a->rd)) != 0)
				return (rc);
			break;
		case 'f':
			if ((rc = cli_format("table", optarg, &xt_reporter,
			    &a->format)) != 0)
				return (rc);
			break;
		case 'h':
			fputs(table_help, stdout);
			return (-1);
		default:
			return (bad_option("table", c, argv, opts));
		}
	}
	if (argc - optind != 1)
		return (usage_error("table", argc == optind ? "name the suite: "
		    "cyclebench table SUITE --by machine" : "one suite at a "
		    "time ('%s' is extra)", argv[optind + 1]));
	if (argv[optind][0] == '\0' || argv[optind][0] == '/')
		return (usage_error("table", "'%s' is not a suite",
		    argv[optind]));
	if (a->by == NULL)
		return (usage_error("table", "say what the columns are: --by "
		    "machine, kernel, microcode or a context key"));
	for (a->dim = 0; a->dim < NDIMS; a->dim++)
		if (strcmp(a->by, dims[a->dim].name) == 0)
			return (0);
	if (context_key_ok(a->by, why, sizeof(why)) != 0)
		return (usage_error("table", "--by takes machine, kernel, "
		    "microcode or a context key: %s", why));
	return (0);
}

/* The column value of a point: its machine, kernel, ... or context. */
static const char *
dim_value(const struct table_args *a, const struct store_point *p)
{

	if (a->dim == CTX_DIM)
		return (p->ctx);
	return (*(const char *const *)(const void *)((const char *)p +
	    dims[a->dim].off));
}

/* Index of s in set[0..*n), added when new; set has room. */
static size_t
index_of(const char **set, size_t *n, const char *s)
{
	size_t i;

	for (i = 0; i < *n; i++)
		if (strcmp(set[i], s) == 0)
			return (i);
	set[*n] = s;
	return ((*n)++);
}

/*
 * The cell's results: the last a->rd.last points of its row and column,
 * newest first (points are oldest first).
 */
static void
fill_cell(const struct table_args *a, const struct store_points *pts,
    const size_t *row, const size_t *col, size_t r, size_t c,
    struct xt_cell *x, double *v)
{
	const struct store_point *p;
	size_t i;

	for (i = pts->n; i-- > 0 && x->n < a->rd.last; ) {
		if (row[i] != r || col[i] != c)
			continue;
		p = &pts->p[i];
		if (x->n == 0)
			x->run = p->run;
		v[x->n++] = p->median;
		xt_add_flags(x->flags, sizeof(x->flags), p->flags);
	}
	if (x->n > 0)
		x->value = stats_median(v, x->n);
}

/* A label per machine column: its CPU, with its identity where two
   machines share one. */
static void
machine_headers(struct xt_table *t, const struct store_points *pts,
    const char **idents, char (*buf)[64], char (*note)[96])
{
	const struct store_point *p;
	size_t c, i, k;

	for (c = 0; c < t->ncols; c++) {
		for (i = 0; strcmp(pts->p[i].ident, idents[c]) != 0; i++)
			;
		p = &pts->p[i];
		snprintf(buf[c], sizeof(buf[c]), "%s", p->label);
		snprintf(note[c], sizeof(note[c]), "machine %s", p->ident);
		t->col_notes[c] = note[c];
		t->cols[c] = buf[c];
	}
	for (c = 0; c < t->ncols; c++)
		for (k = 0; k < t->ncols; k++)
			if (k != c && strcmp(t->cols[k], t->cols[c]) == 0 &&
			    strchr(buf[c], '(') == NULL)
				snprintf(buf[c] + strlen(buf[c]),
				    sizeof(buf[c]) - strlen(buf[c]), " (%.4s)",
				    idents[c]);
}

/* *skipped: the results of the suite left out for want of --by's key. */
static int
build(const struct table_args *a, const char *suite,
    const struct store_points *pts, struct xt_table *t, size_t *skipped)
{
	const struct store_point *p;
	const char **keys, **vals;
	char (*hbuf)[64], (*notes)[96], (*labels)[160];
	size_t *row, *col, i, r, c;
	double *v;
	int rc = -1;

	keys = calloc(pts->n + 1, sizeof(*keys));
	vals = calloc(pts->n + 1, sizeof(*vals));
	row = calloc(pts->n + 1, sizeof(*row));
	col = calloc(pts->n + 1, sizeof(*col));
	v = calloc(a->rd.last, sizeof(*v));
	if (keys == NULL || vals == NULL || row == NULL || col == NULL ||
	    v == NULL)
		goto out;
	for (i = 0; i < pts->n; i++) {
		p = &pts->p[i];
		if (strchr(suite, '/') != NULL && fnmatch(suite, p->name, 0))
			row[i] = col[i] = (size_t)-1;
		else if (dim_value(a, p) == NULL) {
			row[i] = col[i] = (size_t)-1;
			(*skipped)++;
		} else {
			row[i] = index_of(keys, &t->nrows, p->key);
			col[i] = index_of(vals, &t->ncols, dim_value(a, p));
		}
	}
	t->rows = calloc(t->nrows + 1, sizeof(*t->rows));
	t->cols = calloc(t->ncols + 1, sizeof(*t->cols));
	t->col_notes = calloc(t->ncols + 1, sizeof(*t->col_notes));
	t->cells = calloc(t->nrows * t->ncols + 1, sizeof(*t->cells));
	labels = calloc(t->nrows + 1, sizeof(*labels));
	hbuf = calloc(t->ncols + 1, sizeof(*hbuf));
	notes = calloc(t->ncols + 1, sizeof(*notes));
	if (t->rows == NULL || t->cols == NULL || t->col_notes == NULL ||
	    t->cells == NULL || labels == NULL || hbuf == NULL ||
	    notes == NULL)
		goto done;
	/* A row is the benchmark's variant: the suite is the title. */
	for (r = 0; r < t->nrows; r++) {
		for (i = 0; row[i] != r; i++)
			;
		p = &pts->p[i];
		snprintf(labels[r], sizeof(labels[r]), "%s%s%s",
		    strncmp(p->name, suite, strcspn(suite, "/")) == 0 &&
		    p->name[strcspn(suite, "/")] == '/' ? p->name +
		    strcspn(suite, "/") + 1 : p->name, p->params[0] ? " " : "",
		    p->params);
		t->rows[r] = labels[r];
	}
	if (a->dim == 0)
		machine_headers(t, pts, vals, hbuf, notes);
	else
		for (c = 0; c < t->ncols; c++)
			t->cols[c] = vals[c];
	for (r = 0; r < t->nrows; r++)
		for (c = 0; c < t->ncols; c++)
			fill_cell(a, pts, row, col, r, c,
			    &t->cells[r * t->ncols + c], v);
	rc = 0;
	/* The table keeps pointers into these until the caller frees it. */
	t->rows_buf = labels;
	t->cols_buf = hbuf;
	t->notes_buf = notes;
	labels = NULL;
	hbuf = NULL;
	notes = NULL;
done:
	free(labels);
	free(hbuf);
	free(notes);
out:
	free(keys);
	free(vals);
	free(row);
	free(col);
	free(v);
	return (rc);
}

int
cmd_table(int argc, char **argv)
{
	struct table_args a;
	struct store_points pts;
	struct store_sel sel;
	struct xt_table t;
	struct store *s;
	char group[256], hint[512];
	const char *suite;
	size_t skipped = 0;
	int rc;

	if ((rc = table_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	suite = argv[optind];
	snprintf(group, sizeof(group), "%.*s", (int)strcspn(suite, "/"),
	    suite);
	if ((rc = cli_selection("table", a.rd.where, NULL, &sel)) != 0)
		return (rc);
	if ((rc = cli_store_open(a.rd.db, STORE_READ, &s)) != 0) {
		store_sel_free(&sel);
		return (rc);
	}
	memset(&t, 0, sizeof(t));
	memset(&pts, 0, sizeof(pts));
	if ((rc = cli_known_keys("table", s, &sel, a.dim == CTX_DIM ? a.by :
	    NULL)) != 0)
		goto out;
	t.suite = suite;
	t.by = a.by;
	t.last = a.rd.last;
	if (store_points(s, group, NULL, a.dim == CTX_DIM ? a.by : NULL, &sel,
	    &pts) != 0)
		rc = cli_store_failed(s);
	else if (build(&a, suite, &pts, &t, &skipped) != 0) {
		term_eprintf("cyclebench: out of memory\n");
		rc = EXIT_USAGE;
	} else if (t.nrows == 0 && skipped > 0) {
		term_eprintf("cyclebench: no stored result of '%s'%s has "
		    "context key '%s' (%zu without it)\n", suite, a.rd.where ?
		    " in the runs selected" : "", a.by, skipped);
		rc = EXIT_USAGE;
	} else if (t.nrows == 0) {
		term_eprintf("cyclebench: no stored result of '%s'%s in %s "
		    "(cyclebench db runs lists the runs)%s\n", suite,
		    a.rd.where ? " in the runs selected" : "", store_where(s),
		    stored_near(s, suite, &sel, hint, sizeof(hint)));
		cli_why_none(s, &sel);
		rc = EXIT_USAGE;
	} else {
		if (skipped > 0)
			term_eprintf("cyclebench: %zu stored result%s of %s "
			    "without a '%s' context left out\n", skipped,
			    skipped == 1 ? "" : "s", suite, a.by);
		if (report_render(&xt_reporter, stdout, &t,
		    &(struct report_style){ .format = a.format,
		    .quiet = a.quiet }) != 0 ||
		    fflush(stdout) != 0)
			rc = EXIT_OUTPUT;
	}
out:
	xt_free(&t);
	store_points_free(&pts);
	store_sel_free(&sel);
	store_close(s);
	return (rc);
}
