/* SPDX-License-Identifier: BSD-2-Clause */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "cli/series.h"
#include "cli/store_cli.h"
#include "results/atomic_file.h"
#include "verdict/compare.h"
#include "report/html.h"
#include "report/report.h"
#include "util/scrub.h"

/* Runs of each benchmark in the history charts of report --runs. */
#define REPORT_HISTORY	100

static const char report_help[] =
"usage: cyclebench report RESULTS.json [MORE.json...] -o REPORT.html\n"
"       cyclebench report --runs SELECTION -o REPORT.html\n"
"\n"
"Draws results files as one self-contained HTML page: per suite a bar\n"
"chart of the variants, per kernel path a histogram of the per-call\n"
"cycles, the machine fingerprint beside them, and with several files the\n"
"comparison against the first (as 'cyclebench compare' judges it).\n"
"\n"
"  -o, --output FILE   write the page here ('-': standard output)\n"
"  --label NAME        name the next input (once per input, in order)\n"
"  --runs SELECTION    runs from the results store instead of files, with\n"
"                      a chart of each benchmark's last 100 runs on the\n"
"                      same machine ('machine=Xeon,last=1'; cyclebench\n"
"                      db --help)\n"
"  --db FILE|URL       the results store for --runs (default:\n"
"                      $CYCLEBENCH_DB, or\n"
"                      $XDG_DATA_HOME/cyclebench/results.db)\n";

int
report_parse_args(int argc, char **argv, struct report_args *a)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "label", required_argument, NULL, 'l' },
		{ "runs", required_argument, NULL, 'd' },
		{ "db", required_argument, NULL, 'D' },
		{ "store", required_argument, NULL, 'S' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct cli_output out[1];
	int c, n, rc;

	memset(a, 0, sizeof(*a));
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":ho:", opts, NULL)) != -1) {
		switch (c) {
		case 'o':
			a->out = optarg;
			break;
		case 'l':
			if (a->nlabels == CMP_MAX_INPUTS || optarg[0] == '\0' ||
			    strlen(optarg) >= CMP_LABEL_MAX)
				return (usage_error("report", "--label takes "
				    "1 to %d characters, once per input",
				    CMP_LABEL_MAX - 1));
			a->labels[a->nlabels++] = optarg;
			break;
		case 'd':
			a->runs = optarg;
			break;
		case 'S':
			cli_deprecated("report", "--store", "--db",
			    "the store, as in every command");
			/* FALLTHROUGH */
		case 'D':
			if ((rc = cli_db_value("report", optarg)) != 0)
				return (rc);
			a->db = optarg;
			break;
		case 'h':
			fputs(report_help, stdout);
			return (-1);
		default:
			return (bad_option("report", c, argv, opts));
		}
	}
	n = argc - optind;
	if (a->out == NULL || a->out[0] == '\0')
		return (usage_error("report", "say where to write the page: "
		    "-o REPORT.html"));
	out[0] = (struct cli_output){ "--output", a->out };
	if (a->runs != NULL || a->db != NULL) {
		if ((rc = cli_stored_inputs("report", a->runs, NULL,
		    a->db, n)) != 0 ||
		    (rc = check_outputs(out, 1, NULL, 0)) != 0)
			return (rc);
		return (check_store(out, 1, a->db));
	}
	if (n < 1 || n > CMP_MAX_INPUTS)
		return (usage_error("report", "give 1 to %d results files",
		    CMP_MAX_INPUTS));
	if (a->nlabels != 0 && a->nlabels != n)
		return (usage_error("report", "%d --label for %d files: give "
		    "one per file, or none", a->nlabels, n));
	return (check_outputs(out, 1, argv + optind, (size_t)n));
}

int
cmd_report(int argc, char **argv)
{
	struct report_args a;
	struct cmp_table t, *tp;
	struct rs_file *files;
	struct hist_series *h;
	char err[512], *buf;
	size_t len, hn;
	FILE *fp;
	int n, rc;

	if ((rc = report_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	n = argc - optind;
	hn = 0;
	h = NULL;
	files = NULL;
	if (a.runs != NULL) {
		rc = cli_load_selection("report", a.db, a.runs,
		    CMP_MAX_INPUTS, &files, &n);
		if (rc == CLI_TOO_MANY)
			rc = usage_error("report", "%d runs: a report takes at "
			    "most %d; narrow the selection (last=N)", n,
			    CMP_MAX_INPUTS);
	} else
		rc = load_inputs(argv + optind, n, &files);
	if (rc == 0 && a.runs != NULL)
		rc = cli_histories(a.db, files, n, REPORT_HISTORY, &h, &hn);
	if (rc == 0 && a.nlabels != 0 && a.nlabels != n)
		rc = usage_error("report", "%d --label for the runs: give one "
		    "per run, or none", a.nlabels);
	if (rc != 0) {
		series_free(h, hn);
		/* A failed load has freed its files already. */
		free_inputs(files, files != NULL ? n : 0);
		return (rc);
	}
	tp = NULL;
	/* One file has nothing to compare, but its label comes from here. */
	if (cmp_build(&t, files, (size_t)n, NULL, 0, a.nlabels ? a.labels :
	    NULL, 0.01, err, sizeof(err)) != 0) {
		free_inputs(files, n);
		return (usage_error("report", "%s", err));
	}
	if (n > 1)
		tp = &t;
	rc = 0;
	buf = NULL;
	if ((fp = open_memstream(&buf, &len)) == NULL ||
	    html_report_history(fp, files, (size_t)n, tp, h, hn) != 0 ||
	    fclose(fp) != 0) {
		term_eprintf("cyclebench: cannot write %s: out of memory\n",
		    a.out);
		rc = EXIT_OUTPUT;
	} else if (atomic_write_file(a.out, buf, len, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		rc = EXIT_OUTPUT;
	}
	free(buf);
	cmp_free(&t);
	series_free(h, hn);
	free_inputs(files, n);
	return (rc);
}
