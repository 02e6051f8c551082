#include <errno.h>
#include <getopt.h>
#include <libgen.h>
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
#include "core/clock.h"
#include "core/machine.h"
#include "core/registry.h"
#include "os/cpuset.h"
#include "report/report.h"

static const char run_help[] =
"usage: cyclebench run [PATTERN...] [options]\n"
"\n"
"Measures the benchmarks PATTERN selects (a suite, a full name, a shell\n"
"glob, or a name with parameters as 'cyclebench list' prints it, quoted;\n"
"none: the default suites) and prints cycles per operation.\n"
"\n"
"  --param KEY=VALUE   only benchmarks with this parameter (VALUE may be a\n"
"                      glob); repeatable: every key named, any of its values\n"
"  --json FILE         save every result, with raw samples, as JSON\n"
"  --csv FILE          save one CSV row per result\n"
"  --format FORMAT     text (default) or markdown, to paste into a post\n"
"  --wide              every column, even on a narrow terminal (text\n"
"                      fits the terminal; into a pipe it is always whole)\n"
"  --quick             fewer samples: a rough answer in a third of the time\n"
"  --cpu N             measure on CPU N (default: the highest allowed)\n"
"  --repetitions N     samples per benchmark, 5 to 100000 (default 101,\n"
"                      --quick 31; path benchmarks time 10 calls each)\n"
"  --timeout SECONDS   stop a benchmark's child after this long (60;\n"
"                      longer for one that asks for more)\n";

/* Refuse before measuring, not after, when a result could not be saved. */
int
check_writable(const char *path)
{
	char *copy, *dir;
	int ok;

	if ((copy = strdup(path)) == NULL)
		return (-1);
	dir = dirname(copy);
	ok = access(dir, W_OK | X_OK) == 0;
	if (!ok)
		fprintf(stderr, "cyclebench: cannot write '%s': directory "
		    "'%s': %s\n", path, dir, strerror(errno));
	free(copy);
	return (ok ? 0 : -1);
}

int
run_parse_args(int argc, char **argv, struct run_args *a)
{
	static const struct option opts[] = {
		{ "json", required_argument, NULL, 'j' },
		{ "csv", required_argument, NULL, 'c' },
		{ "param", required_argument, NULL, 'P' },
		CLI_STYLE_OPTIONS,
		CLI_MEASURE_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, rc;

	memset(a, 0, sizeof(*a));
	cb_options_default(&a->opts);
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 'j':
			a->json = optarg;
			break;
		case 'c':
			a->csv = optarg;
			break;
		case 'P':
			if ((rc = add_param_filter("run", a->filters,
			    &a->nfilters, RUN_MAX_FILTERS, optarg)) != 0)
				return (rc);
			break;
		case 'q':
		case 'p':
		case 'r':
		case 't':
			if ((rc = cli_measure_option("run", c, optarg,
			    &a->opts)) != 0)
				return (rc);
			break;
		case 'F':
		case 'W':
			if ((rc = cli_style_option("run", c, optarg,
			    &a->style)) != 0)
				return (rc);
			break;
		case 'h':
			fputs(run_help, stdout);
			return (-1);
		default:
			return (bad_option("run", c, argv, opts));
		}
	}
	if (a->json && strcmp(a->json, "") == 0)
		return (usage_error("run", "--json needs a file name"));
	if (a->csv && strcmp(a->csv, "") == 0)
		return (usage_error("run", "--csv needs a file name"));
	if ((a->json && check_writable(a->json) != 0) ||
	    (a->csv && check_writable(a->csv) != 0))
		return (EXIT_USAGE);
	return (0);
}

static volatile sig_atomic_t stop_signal;

static void
on_stop_signal(int sig)
{
	stop_signal = sig;
	cb_interrupt();
}

/* Ctrl-C or SIGTERM: finish cleanly, saving what was measured. */
static void
catch_stop_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
}

static void
utc_now(char *buf, size_t len)
{
	struct tm tm;
	time_t t;

	t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

static int
save(const struct run_args *a, const struct machine *m,
    const struct run_info *info, const struct cb_result *r, size_t n)
{
	char err[512];
	int status = 0;

	if (a->json && report_json_write(a->json, m, info, r, n, err,
	    sizeof(err)) != 0) {
		fprintf(stderr, "cyclebench: %s\n", err);
		status = EXIT_OUTPUT;
	}
	if (a->csv && report_csv_write(a->csv, m, info, r, n, err,
	    sizeof(err)) != 0) {
		fprintf(stderr, "cyclebench: %s\n", err);
		status = EXIT_OUTPUT;
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
	char err[1024], label[160];
	size_t i, done;
	int rc, status = 0;

	/* getopt_long permutes argv; the results keep it as it was typed. */
	memset(&info, 0, sizeof(info));
	info.argc = argc + 1;
	info.argv = calloc((size_t)argc + 2, sizeof(char *));
	if (info.argv == NULL) {
		fprintf(stderr, "cyclebench: out of memory\n");
		return (EXIT_BENCH_ERROR);
	}
	info.argv[0] = "cyclebench";
	memcpy(info.argv + 1, argv, (size_t)argc * sizeof(char *));
	if ((rc = run_parse_args(argc, argv, &a)) != 0) {
		free(info.argv);
		return (rc < 0 ? 0 : rc);
	}
	if (registry_select(argv + optind, argc - optind, 0, &sel, err,
	    sizeof(err)) != 0 || registry_filter(&sel, a.filters, a.nfilters,
	    err, sizeof(err)) != 0) {
		registry_selection_free(&sel);
		free(info.argv);
		return (usage_error("run", "%s", err));
	}
	if (a.opts.cpu < 0)
		a.opts.cpu = cpuset_default_cpu();
	utc_now(info.started_at, sizeof(info.started_at));
	machine_read(&m, "");
	clock_describe(&m);
	results = calloc(sel.n ? sel.n : 1, sizeof(*results));
	if (results == NULL) {
		fprintf(stderr, "cyclebench: out of memory\n");
		return (EXIT_BENCH_ERROR);
	}
	progress_start(&prog, sel.n);
	catch_stop_signals();
	for (done = 0; done < sel.n && !cb_interrupted(); done++) {
		progress_step(&prog, done, registry_label(sel.items[done],
		    label, sizeof(label)));
		if (cb_measure(sel.items[done], &a.opts, &results[done]) ==
		    CB_ERROR)
			status = EXIT_BENCH_ERROR;
	}
	if (cb_interrupted()) {
		/* The one cut short has nothing to show. */
		if (done > 0 && strcmp(results[done - 1].reason,
		    "interrupted") == 0)
			cb_result_free(&results[--done]);
		info.partial = 1;
	}
	progress_end(&prog);
	report_run(stdout, &m, results, done, &a.style);
	if (info.partial)
		printf("\nInterrupted by %s after %zu of %zu benchmarks; "
		    "saved results say \"partial\".\n",
		    stop_signal == SIGTERM ? "SIGTERM" : "SIGINT", done, sel.n);
	fflush(stdout);
	rc = save(&a, &m, &info, results, done);
	if (rc != 0)
		status = rc;
	else if (info.partial)
		status = 128 + (stop_signal ? stop_signal : SIGINT);
	for (i = 0; i < done; i++)
		cb_result_free(&results[i]);
	free(results);
	free(info.argv);
	registry_selection_free(&sel);
	return (status);
}
