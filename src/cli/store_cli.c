/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The results store as the reading commands use it: opened with one
 * message shape for every failure, selections parsed with one message
 * shape for every refusal, and stored runs loaded as results files, so
 * compare and report take them exactly like files named on the command
 * line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/series.h"
#include "cli/store_cli.h"
#include "core/suggest.h"
#include "util/scrub.h"

int
cli_store_open(const char *url, enum store_mode mode, struct store **s)
{
	char err[1024];
	int rc;

	/* A name that can be no store is refused input, not a failure. */
	if ((rc = check_store(NULL, 0, url)) != 0)
		return (rc);
	if (store_open(url, mode, s, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		return (EXIT_STORE);
	}
	return (0);
}

int
cli_read_option(const char *cmd, int c, const char *arg, long max_last,
    struct read_opts *o)
{
	long v;

	switch (c) {
	case 'n':
		if (parse_long(arg, 1, max_last, &v) != 0)
			return (usage_error(cmd, "--last takes a whole number "
			    "from 1 to %ld, not '%s'", max_last, arg));
		o->last = (size_t)v;
		return (0);
	case 'w':
		o->where = arg;
		return (0);
	case 'D':
		if (arg[0] == '\0')
			return (usage_error(cmd, "--db needs a file or URL"));
		o->db = arg;
		return (0);
	}
	return (-1);
}

int
cli_store_failed(struct store *s)
{

	term_eprintf("cyclebench: results store %s: %s\n", store_where(s),
	    s->err);
	return (s->refused ? EXIT_USAGE : EXIT_STORE);
}

void
cli_why_none(struct store *s, const struct store_sel *sel)
{

	if (sel->machine != NULL && store_find_machine(s, sel->machine) == 0)
		term_eprintf("cyclebench: %s\n", s->err);
}

/* The words a selection has besides context keys (store/select.c). */
static const char *const sel_words[] = { "machine", "kernel", "microcode",
    "since", "until", "run", "last", NULL };

/* key among the stored keys k, or refused with the nearest of them. */
static int
known_key(const char *cmd, const struct store_rows *k, const char *key,
    int by)
{
	struct suggest sg;
	const char *const *w;
	char hint[256], known[512];
	size_t i, used = 0;

	known[0] = '\0';
	suggest_init(&sg, key);
	for (w = sel_words; *w != NULL && !by; w++)
		suggest_offer(&sg, *w);
	for (i = 0; i < k->nrows; i++) {
		if (strcmp(k->cells[i], key) == 0)
			return (0);
		suggest_offer(&sg, k->cells[i]);
		if (used < sizeof(known))
			used += (size_t)snprintf(known + used, sizeof(known) -
			    used, "%s%s", i ? ", " : "", k->cells[i]);
	}
	suggest_text(&sg, hint, sizeof(hint));
	return (usage_error(cmd, "no stored run has context key '%s'%s (%s "
	    "takes %s or a context key the store has: %s)", key, hint, by ?
	    "--by" : "a selection", by ? "machine, kernel, microcode" :
	    "machine, kernel, microcode, since, until, run, last",
	    k->nrows ? known : "none yet"));
}

int
cli_known_keys(const char *cmd, struct store *s, const struct store_sel *sel,
    const char *by)
{
	struct store_rows k;
	size_t i;
	int rc = 0;

	if (sel->nctx == 0 && by == NULL)
		return (0);
	if (store_context_keys(s, &k) != 0)
		return (cli_store_failed(s));
	for (i = 0; i < sel->nctx && rc == 0; i++)
		rc = known_key(cmd, &k, sel->ctx[i].key, 0);
	if (rc == 0 && by != NULL)
		rc = known_key(cmd, &k, by, 1);
	store_rows_free(&k);
	return (rc);
}

int
cli_selection(const char *cmd, const char *text, const char *machine,
    struct store_sel *sel)
{
	char err[256], *buf, *o;
	size_t n;
	int rc;

	text = text == NULL || strcmp(text, "all") == 0 ? "" : text;
	n = strlen(text) + (machine != NULL ? 2 * strlen(machine) : 0);
	if ((buf = calloc(1, n + 16)) == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	/* A bare number is a run. */
	o = buf + sprintf(buf, "%s%s", text[0] != '\0' && strspn(text,
	    "0123456789") == strlen(text) ? "run=" : "", text);
	if (machine != NULL) {
		o += sprintf(o, "%smachine=", text[0] != '\0' ? "," : "");
		/* A comma in the name would start a term: escape it. */
		for (; *machine != '\0'; machine++) {
			if (*machine == ',' || *machine == '\\')
				*o++ = '\\';
			*o++ = *machine;
		}
	}
	rc = store_sel_parse(buf, sel, err, sizeof(err));
	free(buf);
	if (rc != 0)
		return (usage_error(cmd, "%s", err));
	return (0);
}

int
cli_load_selection(const char *cmd, const char *url, const char *text,
    int max, struct rs_file **files, int *n)
{
	struct store_sel sel;
	struct store *s;
	size_t got;
	int rc;

	*files = NULL;
	*n = 0;
	if ((rc = cli_selection(cmd, text, NULL, &sel)) != 0)
		return (rc);
	if ((rc = cli_store_open(url, STORE_READ, &s)) != 0) {
		store_sel_free(&sel);
		return (rc);
	}
	if ((rc = cli_known_keys(cmd, s, &sel, NULL)) != 0) {
		store_sel_free(&sel);
		store_close(s);
		return (rc);
	}
	if ((rc = store_load(s, &sel, max > 0 ? (size_t)max : 0, files,
	    &got)) == 1) {
		term_eprintf("cyclebench: no stored run matches '%s' in "
		    "%s\n", text, store_where(s));
		cli_why_none(s, &sel);
		rc = EXIT_USAGE;
	} else if (rc == 2) {
		*n = (int)got;
		rc = CLI_TOO_MANY;
	} else if (rc != 0)
		rc = cli_store_failed(s);
	else
		*n = (int)got;
	store_sel_free(&sel);
	store_close(s);
	return (rc);
}

int
cli_stored_inputs(const char *cmd, const char *runs, const char *vs_sel,
    const char *db, int nfiles)
{
	struct store_sel sel;
	const char *const *t, *texts[] = { runs, vs_sel, NULL };
	int rc;

	if (runs == NULL)
		return (vs_sel != NULL ? usage_error(cmd, "--vs goes with "
		    "--runs SELECTION") : usage_error(cmd, "--db names the "
		    "store that --runs reads: add --runs SELECTION (a "
		    "selection of stored runs, once --db, is --runs)"));
	if (nfiles > 0)
		return (usage_error(cmd, "results files and --runs do not mix: "
		    "give files, or a selection of stored runs"));
	if (db != NULL && db[0] == '\0')
		return (usage_error(cmd, "--db needs a file or URL"));
	for (t = texts; *t != NULL; t++) {
		if ((*t)[0] == '\0')
			return (usage_error(cmd, "%s needs a selection ('all': "
			    "every stored run)", t == texts ? "--runs" :
			    "--vs"));
		if ((rc = cli_selection(cmd, *t, NULL, &sel)) != 0)
			return (rc);
		store_sel_free(&sel);
	}
	return (0);
}

int
cli_reads_as_selection(const char *text)
{
	struct store_sel sel;
	char err[256];

	if (text[0] == '\0' || access(text, F_OK) == 0 || errno != ENOENT)
		return (0);
	if (strcmp(text, "all") == 0 || strspn(text, "0123456789") ==
	    strlen(text))
		return (1);
	if (store_sel_parse(text, &sel, err, sizeof(err)) != 0)
		return (0);
	store_sel_free(&sel);
	return (1);
}

int
cli_db_value(const char *cmd, const char *arg)
{

	if (arg[0] == '\0')
		return (usage_error(cmd, "--db needs a file or URL"));
	if (cli_reads_as_selection(arg))
		return (usage_error(cmd, "--db names the results store (a file "
		    "or URL), as in every command; for the stored runs '%s' "
		    "selects, write --runs '%s'", arg, arg));
	return (0);
}

void
cli_deprecated(const char *cmd, const char *old, const char *now,
    const char *why)
{

	term_eprintf("cyclebench %s: warning: %s is deprecated: it is %s "
	    "(%s)\n", cmd, old, now, why);
}

/* Has group `g' of machine `ident' been fetched already? */
static int
seen(const struct rs_file *files, int upto, int k, const char *ident,
    const char *g)
{
	char other[17];
	size_t j;
	int i;

	for (i = 0; i <= upto; i++) {
		store_machine_ident(&files[i].machine, other);
		if (strcmp(other, ident) != 0)
			continue;
		for (j = 0; j < (i < upto ? files[i].nresults :
		    (size_t)k); j++)
			if (strcmp(files[i].results[j].group, g) == 0)
				return (1);
	}
	return (0);
}

int
cli_histories(const char *url, const struct rs_file *files, int n,
    size_t last, struct hist_series **h, size_t *nh)
{
	struct store_points pts;
	struct hist_series *got, *all;
	struct store_sel sel;
	struct store *s;
	char ident[17];
	const char *g;
	size_t ng, k;
	int i, rc;

	*h = NULL;
	*nh = 0;
	if ((rc = cli_store_open(url, STORE_READ, &s)) != 0)
		return (rc);
	/* One query per machine and suite: a series per benchmark. */
	for (i = 0; i < n && rc == 0; i++) {
		store_machine_ident(&files[i].machine, ident);
		for (k = 0; k < files[i].nresults && rc == 0; k++) {
			g = files[i].results[k].group;
			if (seen(files, i, (int)k, ident, g))
				continue;
			memset(&sel, 0, sizeof(sel));
			sel.machine = ident;
			if (store_points(s, g, NULL, "commit", &sel,
			    &pts) != 0) {
				rc = cli_store_failed(s);
				break;
			}
			if (series_build(&pts, last, &got, &ng) != 0 ||
			    (all = realloc(*h, (*nh + ng + 1) *
			    sizeof(*all))) == NULL) {
				series_free(got, ng);
				store_points_free(&pts);
				term_eprintf("cyclebench: out of memory\n");
				rc = EXIT_USAGE;
				break;
			}
			memcpy(all + *nh, got, ng * sizeof(*all));
			free(got);
			*h = all;
			*nh += ng;
			store_points_free(&pts);
		}
	}
	store_close(s);
	if (rc != 0) {
		series_free(*h, *nh);
		*h = NULL;
		*nh = 0;
	}
	return (rc);
}
