/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * --json, --save, --db and --context, as run and asm take them (impact
 * its --json and --context, whose warning is the same).  The
 * store is tried before measuring, so a wrong password costs seconds and
 * not a whole run; it is opened again to save, since a run may last
 * longer than a server keeps an idle connection.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/save_opts.h"
#include "report/report.h"
#include "results/atomic_file.h"
#include "store/store.h"
#include "util/scrub.h"

int
cli_save_option(const char *cmd, int c, const char *arg,
    struct save_opts *o)
{
	char err[256];

	switch (c) {
	case 'j':
		o->json = arg;
		return (0);
	case 'S':
		o->save = 1;
		return (0);
	case 'D':
		o->db = arg;
		return (0);
	case 'x':
		if (context_add(&o->ctx, arg, err, sizeof(err)) != 0)
			return (usage_error(cmd, "%s", err));
		return (0);
	}
	return (-1);
}

int
cli_save_check(const char *cmd, const struct save_opts *o)
{

	if (o->json != NULL && o->json[0] == '\0')
		return (usage_error(cmd, "--json needs a file name"));
	if (o->db != NULL && o->db[0] == '\0')
		return (usage_error(cmd, "--db needs a file or URL"));
	if (o->db != NULL && !o->save)
		return (usage_error(cmd, "--db names the store that --save "
		    "saves to: add --save"));
	cli_context_dropped(cmd, &o->ctx, o->json != NULL || o->save,
	    "--json FILE or --save");
	/* --json is checked with the command's other files (check_outputs). */
	return (0);
}

void
cli_context_dropped(const char *cmd, const struct run_context *ctx, int kept,
    const char *keepers)
{

	if (!kept && (ctx->n > 0 || ctx->want_git || ctx->want_host))
		term_eprintf("cyclebench %s: warning: --context is kept only by "
		    "%s; here it is dropped\n", cmd, keepers);
}

int
cli_save_prepare(const char *cmd, struct save_opts *o)
{
	struct store *s;
	char err[1024];

	if (context_resolve(&o->ctx, err, sizeof(err)) != 0)
		return (usage_error(cmd, "%s", err));
	if (!o->save)
		return (0);
	if (store_open(o->db, STORE_WRITE, &s, err, sizeof(err)) == 0) {
		store_close(s);
		return (0);
	}
	if (o->json == NULL) {
		term_eprintf("cyclebench: %s\ncyclebench: not measuring: "
		    "the results would have nowhere to go (add --json FILE to "
		    "measure anyway)\n", err);
		return (EXIT_STORE);
	}
	term_eprintf("cyclebench: %s\ncyclebench: measuring anyway: the "
	    "results go to %s only\n", err, o->json);
	o->store_down = 1;
	return (0);
}

static int
keep_in_store(const struct save_opts *o, const char *doc, size_t len)
{
	struct rs_file f;
	struct store *s;
	long long id;
	char err[1024];
	int dup, rc;

	if (rs_load_text("the results", doc, len, &f, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: cannot store %s\n", err);
		return (EXIT_STORE);
	}
	rc = EXIT_STORE;
	if (store_open(o->db, STORE_WRITE, &s, err, sizeof(err)) != 0)
		term_eprintf("cyclebench: %s; the results were not "
		    "stored\n", err);
	else if (store_save(s, doc, len, &f, &id, &dup) != 0)
		term_eprintf("cyclebench: results store %s: %s; the "
		    "results were not stored\n", store_where(s), s->err);
	else {
		if (!o->quiet)
			term_printf("%s run %lld in %s%s\n", dup ?
			    "Already stored as" : "Stored as", id,
			    store_where(s), f.partial ? " (partial)" : "");
		rc = 0;
	}
	store_close(s);
	rs_free(&f);
	return (rc);
}

int
cli_save_document(const struct save_opts *o, const char *doc, size_t len)
{
	char err[512];
	int status = 0;

	if (o->json != NULL && atomic_write_file(o->json, doc, len, err,
	    sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		status = EXIT_OUTPUT;
	}
	if (o->save && o->store_down) {
		term_eprintf("cyclebench: the results were not stored (the "
		    "store failed before measuring)\n");
		status = status ? status : EXIT_STORE;
	} else if (o->save && keep_in_store(o, doc, len) != 0)
		status = status ? status : EXIT_STORE;
	fflush(stdout);
	return (status);
}

void
cli_save_free(struct save_opts *o)
{

	context_free(&o->ctx);
}
