/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/measure_opts.h"
#include "cli/parse.h"
#include "cli/progress.h"
#include "cli/style_opts.h"
#include "cli/save_opts.h"
#include "core/clock.h"
#include "core/coretype_cpu.h"
#include "core/machine.h"
#include "core/registry.h"
#include "core/rounds.h"
#include "report/report.h"
#include "util/scrub.h"
#include "util/time.h"

static const char run_help[] =
"usage: cyclebench run [PATTERN...] [options]\n"
"\n"
"Measures the benchmarks PATTERN selects (a suite, a full name, a shell\n"
"glob, or a name with parameters as 'cyclebench list' prints it, quoted;\n"
"none: the default suites) and prints cycles per operation.\n"
"\n"
"  --param KEY=VALUE   only benchmarks with this parameter (VALUE may be a\n"
"                      glob); repeatable: every key named, any of its values\n"
"  -j, --json FILE     save every result, with raw samples, as JSON\n"
"  --save              keep the results in the results store as well\n"
"  --db FILE|URL       the store for --save (default: $CYCLEBENCH_DB, or\n"
"                      ~/.local/share/cyclebench/results.db); a\n"
"                      postgresql://user@host/db URL for a fleet's\n"
"  --context KEY=VALUE say what was measured (commit=..., kernel_tree=...);\n"
"                      'git': commit=git describe here; 'host': host=name\n"
"  --csv FILE          save one CSV row per result\n"
"                      (FILE '-': standard output, the table then going\n"
"                      to standard error)\n"
"  --format FORMAT     text (default) or markdown, to paste into a post\n"
"                      (without the legend)\n"
"  -q, --quiet         the figures alone: the table's rows, without the\n"
"                      machine's lines, notes, legend or summary line\n"
"  --legend            the legend (what the columns mean) into a pipe\n"
"                      too; by default it is printed on a terminal only\n"
"  --wide              every column, even on a narrow terminal (text\n"
"                      fits the terminal; into a pipe it is always whole)\n"
"  --verbose           every flag, those that only inform too, and the\n"
"                      samples dropped\n"
"  --quick             fewer and shorter rounds: a rough answer, fast\n"
"  --cpu N|KIND        measure on CPU N, or on a kind of core (P-core,\n"
"                      E-core, Cortex-A76: see info) (default: the highest\n"
"                      allowed CPU of the fastest kind)\n"
"  --rounds N          exactly N rounds per benchmark, 1 to 1000 (default:\n"
"                      5 to 20, until the interval is --precision wide;\n"
"                      --quick 5 to 8)\n"
"  --precision PCT     end a benchmark's rounds when the half-width of its\n"
"                      95% interval is PCT% of its figure (default 1, path\n"
"                      benchmarks 3)\n"
"  --repetitions N     samples per round, 5 to 100000 (default 15,\n"
"                      --quick 10; path benchmarks time 10 calls each)\n"
"  --timeout SECONDS   stop a round's child after this long (60;\n"
"                      longer for one that asks for more)\n";

int
run_parse_args(int argc, char **argv, struct run_args *a)
{
	static const struct option opts[] = {
		CLI_SAVE_OPTIONS,
		{ "csv", required_argument, NULL, 'c' },
		{ "param", required_argument, NULL, 'K' },
		CLI_STYLE_OPTIONS,
		{ "rounds", required_argument, NULL, 'R' },
		CLI_MEASURE_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct cli_output out[2];
	long v;
	int c, rc;

	memset(a, 0, sizeof(*a));
	cb_options_default(&a->opts);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":hqj:", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
		case 'S':
		case 'D':
		case 'x':
			if ((rc = cli_save_option("run", c, optarg,
			    &a->out)) != 0)
				return (rc);
			break;
		case 'c':
			a->csv = optarg;
			break;
		case 'K':
			if ((rc = add_param_filter("run", a->filters,
			    &a->nfilters, RUN_MAX_FILTERS, optarg)) != 0)
				return (rc);
			break;
		case 'R':
			if (parse_long(optarg, 1, CB_MAX_ROUNDS, &v) != 0)
				return (usage_error("run", "--rounds takes a "
				    "whole number from 1 to %d, not '%s'",
				    CB_MAX_ROUNDS, optarg));
			a->opts.rounds = (unsigned)v;
			break;
		case 'k':
		case 'p':
		case 'r':
		case 't':
		case 'P':
			if ((rc = cli_measure_option("run", c, optarg,
			    &a->opts)) != 0)
				return (rc);
			break;
		case 'F':
		case 'W':
		case 'e':
		case 'q':
		case 'g':
			if ((rc = cli_style_option("run", c, optarg,
			    &report_run_reporter, &a->style)) != 0)
				return (rc);
			break;
		case 'h':
			fputs(run_help, stdout);
			return (-1);
		default:
			return (bad_option("run", c, argv, opts));
		}
	}
	if ((rc = cli_save_check("run", &a->out)) != 0 ||
	    (rc = cli_style_check("run", &a->style)) != 0)
		return (rc);
	a->out.quiet = a->style.quiet;
	if (a->csv && strcmp(a->csv, "") == 0)
		return (usage_error("run", "--csv needs a file name"));
	out[0] = (struct cli_output){ "--json", a->out.json };
	out[1] = (struct cli_output){ "--csv", a->csv };
	if ((rc = check_outputs(out, 2, NULL, 0)) != 0)
		return (rc);
	return (a->out.save ? check_store(out, 2, a->out.db) : 0);
}

/* On a terminal: the pass, the benchmarks done, the one measured, time. */
static void
progress(const struct rounds_progress *p, void *arg)
{
	struct progress *prog = arg;
	char head[64], label[160];

	snprintf(head, sizeof(head), "[round %u, %zu/%zu done] ", p->pass,
	    p->finished, p->n);
	progress_line(prog, head, p->finished, registry_label(p->bench,
	    label, sizeof(label)));
}


static int
save(const struct run_args *a, const struct machine *m,
    const struct run_info *info, const struct cb_result *r, size_t n)
{
	char err[512], *doc;
	size_t len;
	int status = 0;

	if ((a->out.json || a->out.save) &&
	    results_render(m, info, r, n, &doc, &len) != 0) {
		term_eprintf("cyclebench: cannot save the results: out of "
		    "memory\n");
		status = EXIT_OUTPUT;
	} else if (a->out.json || a->out.save) {
		status = cli_save_document(&a->out, doc, len);
		free(doc);
	}
	if (a->csv && report_csv_write(a->csv, m, info, r, n, err,
	    sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		status = status ? status : EXIT_OUTPUT;
	}
	return (status);
}

int
cmd_run(int argc, char **argv)
{
	struct run_args a;
	struct run_info info;
	struct selection sel;
	struct cb_result *results;
	struct machine m;
	struct progress prog;
	struct timespec t0, t1;
	FILE *human;
	char err[1024], summary[128];
	size_t i, done;
	int rc, status = 0;

	/* getopt_long permutes argv; the results keep it as it was typed. */
	memset(&info, 0, sizeof(info));
	info.argc = argc + 1;
	info.argv = calloc((size_t)argc + 2, sizeof(char *));
	if (info.argv == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_BENCH_ERROR);
	}
	info.argv[0] = "cyclebench";
	memcpy(info.argv + 1, argv, (size_t)argc * sizeof(char *));
	if ((rc = run_parse_args(argc, argv, &a)) != 0) {
		free(info.argv);
		cli_save_free(&a.out);
		return (rc < 0 ? 0 : rc);
	}
	info.context = &a.out.ctx;
	if (registry_select(argv + optind, argc - optind, 0, &sel, err,
	    sizeof(err)) != 0 || registry_filter(&sel, a.filters, a.nfilters,
	    err, sizeof(err)) != 0) {
		registry_selection_free(&sel);
		free(info.argv);
		cli_save_free(&a.out);
		return (usage_error("run", "%s", err));
	}
	if ((rc = cli_save_prepare("run", &a.out)) != 0) {
		free(info.argv);
		cli_save_free(&a.out);
		registry_selection_free(&sel);
		return (rc);
	}
	if (a.opts.cpu < 0)
		a.opts.cpu = coretypes_default_cpu();
	utc_now(info.started_at, sizeof(info.started_at));
	machine_read(&m, "");
	clock_describe(&m);
	results = calloc(sel.n ? sel.n : 1, sizeof(*results));
	if (results == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_BENCH_ERROR);
	}
	progress_start(&prog, sel.n);
	prog.show = prog.show && !a.style.quiet;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	cli_catch_stop_signals();
	rounds_run(sel.items, sel.n, &a.opts, results, prog.show ? progress :
	    NULL, &prog);
	progress_end(&prog);
	/* Cut short, a benchmark that had no round has nothing to show. */
	for (i = done = 0; i < sel.n; i++) {
		if (results[i].nrounds == 0 &&
		    strcmp(results[i].reason, "interrupted") == 0) {
			cb_result_free(&results[i]);
			continue;
		}
		if (results[i].status == CB_ERROR)
			status = EXIT_BENCH_ERROR;
		results[done++] = results[i];
	}
	if (cb_interrupted())
		info.partial = 1;
	/* Results on standard output ("-") leave it to them alone. */
	human = (a.out.json != NULL && strcmp(a.out.json, "-") == 0) ||
	    (a.csv != NULL && strcmp(a.csv, "-") == 0) ? stderr : stdout;
	report_render(&report_run_reporter, human, &(struct report_results){
	    .m = &m, .r = results, .n = done }, &a.style);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	report_run_summary(summary, sizeof(summary), results, done,
	    (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	if (!a.style.quiet)
		fprintf(human, "\n%s\n", summary);
	if (info.partial)
		fprintf(human, "\nInterrupted by SIG%s after %zu of %zu "
		    "benchmarks; saved results say \"partial\".\n",
		    sigabbrev_np(cli_stop_signal()), done, sel.n);
	fflush(human);
	rc = save(&a, &m, &info, results, done);
	if (rc != 0)
		status = rc;
	else if (info.partial)
		status = EXIT_SIGNAL + cli_stop_signal();
	for (i = 0; i < done; i++)
		cb_result_free(&results[i]);
	free(results);
	free(info.argv);
	cli_save_free(&a.out);
	registry_selection_free(&sel);
	return (status);
}
