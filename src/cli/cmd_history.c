/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench history: one benchmark over its stored runs, a series per
 * machine (levels on different CPUs are not shifts), with the shifts
 * between levels marked (verdict/changes.c finds them).  The name is
 * found among the stored ones as run finds built-in names
 * (cli/stored_names.c): a glob or a suite gives a series per benchmark.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "cli/series.h"
#include "cli/store_cli.h"
#include "cli/stored_names.h"
#include "cli/style_opts.h"
#include "util/scrub.h"

static const char history_help[] =
"usage: cyclebench history NAME [--machine M] [--last N] [options]\n"
"\n"
"One benchmark over the runs in the results store, oldest first, a series\n"
"per machine: the median cycles per operation of each run with its 95%\n"
"interval, and where the level shifted, by how much.  NAME is a\n"
"benchmark's name (every parameter set: a series each), its name and\n"
"parameters as tables show them ('counter/addq k=4'), a suite, a shell\n"
"glob ('basic/imul-*': a series each) or the end of one name\n"
"('imul-latency').\n"
"\n"
"  --machine M        only machine M (its identity, label or CPU name, or a\n"
"                     part of the label that names one machine)\n"
"  --last N           the N newest runs of each series\n"
"  --where SELECTION  only runs the selection selects (cyclebench db --help)\n"
"  --format FORMAT    text (default) or csv\n"
"  -q, --quiet        text: the series alone, not how levels are found\n"
"  --db FILE|URL      the store (default: $CYCLEBENCH_DB, or\n"
"                     $XDG_DATA_HOME/cyclebench/results.db)\n";

int
history_parse_args(int argc, char **argv, struct history_args *a)
{
	static const struct option opts[] = {
		{ "machine", required_argument, NULL, 'm' },
		CLI_READ_OPTIONS,
		{ "format", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, rc;

	memset(a, 0, sizeof(*a));
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":hq", opts, NULL)) != -1) {
		switch (c) {
		case 'm':
			a->machine = optarg;
			break;
		case 'q':
			a->quiet = 1;
			break;
		case 'n':
		case 'w':
		case 'D':
			if ((rc = cli_read_option("history", c, optarg, 1000000,
			    &a->rd)) != 0)
				return (rc);
			break;
		case 'f':
			if ((rc = cli_format("history", optarg, &hist_reporter,
			    &a->format)) != 0)
				return (rc);
			break;
		case 'h':
			fputs(history_help, stdout);
			return (-1);
		default:
			return (bad_option("history", c, argv, opts));
		}
	}
	if (a->machine != NULL && a->machine[0] == '\0')
		return (usage_error("history", "--machine needs a value"));
	if (argc - optind != 1)
		return (usage_error("history", argc == optind ? "name the "
		    "benchmark: cyclebench history NAME" : "one benchmark at a "
		    "time ('%s' is extra)", argv[optind + 1]));
	if (argv[optind][0] == '\0')
		return (usage_error("history", "the benchmark's name is empty"));
	return (0);
}

int
cmd_history(int argc, char **argv)
{
	struct history_args a;
	struct store_points pts;
	struct hist_series *h;
	struct store_sel sel;
	struct store *s;
	const char *name;
	char hint[512];
	size_t n;
	int rc;

	if ((rc = history_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	name = argv[optind];
	if ((rc = cli_selection("history", a.rd.where, a.machine, &sel)) != 0)
		return (rc);
	if ((rc = cli_store_open(a.rd.db, STORE_READ, &s)) != 0) {
		store_sel_free(&sel);
		return (rc);
	}
	if ((rc = cli_known_keys("history", s, &sel, NULL)) != 0)
		goto out;
	if ((rc = stored_pick("history", s, name, "commit", &sel, &pts)) != 0)
		goto out;
	if (pts.n == 0) {
		term_eprintf("cyclebench: no stored result of '%s'%s in %s "
		    "(cyclebench db runs lists the runs)%s\n", name, a.machine ||
		    a.rd.where ? " in the runs selected" : "", store_where(s),
		    stored_near(s, name, &sel, hint, sizeof(hint)));
		cli_why_none(s, &sel);
		rc = EXIT_USAGE;
	} else if (series_build(&pts, a.rd.last, &h, &n) != 0) {
		term_eprintf("cyclebench: out of memory\n");
		series_free(h, n);
		rc = EXIT_USAGE;
	} else {
		if (report_render(&hist_reporter, stdout, &(struct hist_list){
		    h, n }, &(struct report_style){ .format = a.format,
		    .quiet = a.quiet }) != 0 ||
		    fflush(stdout) != 0)
			rc = EXIT_OUTPUT;
		series_free(h, n);
	}
	store_points_free(&pts);
out:
	store_sel_free(&sel);
	store_close(s);
	return (rc);
}
