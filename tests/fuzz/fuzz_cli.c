/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz target: the command line.  The input is one argument a line, the
 * first naming the command; its parser runs and, where it accepts, the
 * pattern selection (run, list), but nothing is measured, loaded,
 * assembled or started, and no results store is opened (selections are
 * parsed: compare, report, db; characterize's filters are checked, no
 * tool run).  (asm reads the small regular files named by
 * --file and the like, as its parser does.)  What the parsers print, an
 * argument echoed in a refusal above all, is captured and must hold no
 * control character a terminal could obey (util/scrub.h), or the target
 * aborts.
 */
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "characterize/forms.h"
#include "cli/charz_doc.h"
#include "cli/cli.h"
#include "cli/parse.h"
#include "core/registry.h"
#include "util/scrub.h"

#define MAX_ARGS	64

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
select_benchmarks(char **patterns, int n, int listing, char *const *filters,
    int nfilters)
{
	struct selection sel;
	char err[1024];

	if (registry_select(patterns, n, listing, &sel, err,
	    sizeof(err)) == 0) {
		registry_filter(&sel, filters, nfilters, err, sizeof(err));
		registry_selection_free(&sel);
	}
}

static void
parse(int argc, char **argv)
{
	struct compare_args ca;
	struct history_args ha;
	struct table_args ta;
	struct db_args da;
	struct asm_args aa;
	struct report_args ra;
	struct impact_args ia;
	struct run_args a;
	struct charz_args za;
	struct impact *im;
	char err[1024];

	if (strcmp(argv[0], "run") == 0) {
		if (run_parse_args(argc, argv, &a) == 0)
			select_benchmarks(argv + optind, argc - optind, 0,
			    a.filters, a.nfilters);
		cli_save_free(&a.out);
	} else if (strcmp(argv[0], "list") == 0)
		select_benchmarks(argv + 1, argc - 1, 1, NULL, 0);
	else if (strcmp(argv[0], "asm") == 0) {
		memset(&aa, 0, sizeof(aa));
		asm_parse_args(argc, argv, &aa);
		free(aa.body.owned);
		free(aa.init.owned);
		free(aa.vs.owned);
		cli_save_free(&aa.out);
	} else if (strcmp(argv[0], "compare") == 0)
		compare_parse_args(argc, argv, &ca);
	else if (strcmp(argv[0], "report") == 0)
		report_parse_args(argc, argv, &ra);
	else if (strcmp(argv[0], "impact") == 0) {
		if ((im = calloc(1, sizeof(*im))) == NULL)
			abort();
		memset(&ia, 0, sizeof(ia));
		impact_parse_args(argc, argv, &ia, im);
		context_free(&ia.ctx);
		free(im);
	} else if (strcmp(argv[0], "db") == 0)
		db_parse_args(argc, argv, &da);
	else if (strcmp(argv[0], "table") == 0)
		table_parse_args(argc, argv, &ta);
	else if (strcmp(argv[0], "history") == 0)
		history_parse_args(argc, argv, &ha);
	else if (strcmp(argv[0], "characterize") == 0) {
		memset(&za, 0, sizeof(za));
		if (charz_parse_args(argc, argv, &za) == 0)
			(void)forms_check_filters(za.filters, za.nfilters, err,
			    sizeof(err));
		cli_save_free(&za.out);
	}
}

/* parse, with what it prints to stdout and stderr captured and checked. */
static void
said(int argc, char **argv)
{
	FILE *out = stdout, *err = stderr;
	char *buf = NULL;
	size_t len = 0;

	if ((stderr = open_memstream(&buf, &len)) == NULL)
		abort();
	stdout = stderr;
	parse(argc, argv);
	fclose(stderr);
	stdout = out;
	stderr = err;
	if (!term_safe(buf, len, 1)) {
		fprintf(stderr, "fuzz_cli: a control character got out:\n");
		fwrite(buf, 1, len, stderr);
		abort();
	}
	free(buf);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *const reset[] = { "fuzz", NULL };
	char *argv[MAX_ARGS + 1], *text, *p;
	int argc;

	if ((text = malloc(size + 1)) == NULL)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	argc = 0;
	for (p = text; argc < MAX_ARGS && p != NULL; argc++)
		argv[argc] = strsep(&p, "\n");
	argv[argc] = NULL;
	/*
	 * getopt keeps a pointer into the last argv it read, which was
	 * freed with the last input; optind 0 makes it start afresh.
	 */
	optind = 0;
	(void)getopt(1, reset, "");
	said(argc, argv);
	free(text);
	return (0);
}
