/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The results store as the reading commands use it: opened with one
 * message shape for every failure, selections parsed with one message
 * shape for every refusal, and stored runs loaded as results files, so
 * compare and report take them exactly like files named on the command
 * line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/series.h"
#include "cli/store_cli.h"
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
	return (EXIT_STORE);
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
	if ((rc = store_load(s, &sel, max > 0 ? (size_t)max : 0, files,
	    &got)) == 1) {
		term_eprintf("cyclebench: no stored run matches '%s' in "
		    "%s\n", text, store_where(s));
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
cli_stored_inputs(const char *cmd, const char *db_sel, const char *vs_sel,
    const char *store, int nfiles)
{
	struct store_sel sel;
	const char *const *t, *texts[] = { db_sel, vs_sel, NULL };
	int rc;

	if (db_sel == NULL)
		return (usage_error(cmd, "%s goes with --db SELECTION",
		    vs_sel != NULL ? "--vs" : "--store"));
	if (nfiles > 0)
		return (usage_error(cmd, "results files and --db do not mix: "
		    "give files, or a selection of stored runs"));
	if (store != NULL && store[0] == '\0')
		return (usage_error(cmd, "--store needs a file or URL"));
	for (t = texts; *t != NULL; t++) {
		if ((*t)[0] == '\0')
			return (usage_error(cmd, "%s needs a selection ('all': "
			    "every stored run)", t == texts ? "--db" : "--vs"));
		if ((rc = cli_selection(cmd, *t, NULL, &sel)) != 0)
			return (rc);
		store_sel_free(&sel);
	}
	return (0);
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
