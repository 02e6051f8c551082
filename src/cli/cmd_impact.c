/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench impact: from cycles per event to seconds of a real workload.
 * Costs are settled before the command runs, so a missing one stops us
 * before the user has waited for a build; the command's own status is
 * ours at the end.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "core/registry.h"
#include "impact/impact.h"
#include "report/impact_out.h"
#include "util/scrub.h"

static const char impact_help[] =
"usage: cyclebench impact [options] -- COMMAND [ARGS...]\n"
"\n"
"Runs COMMAND, counts the kernel events it and its descendants cause and\n"
"prices them in cycles, seconds and shares of the command's wall, user\n"
"and system time.  COMMAND's stdin, stdout, stderr and exit status pass\n"
"through untouched; the report goes to stderr.\n"
"\n"
"  --costs FILE        cost per event from a results file (cyclebench run\n"
"                      --json); without it the benchmarks are measured\n"
"                      after the command\n"
"  --what-if EVENT=N   what a cost of N cycles per EVENT would change;\n"
"                      EVENT=+N or EVENT=-N: N cycles more or less.\n"
"                      Repeatable.  Prices an EVENT no benchmark does.\n"
"  -j, --json FILE     also save the report as JSON (docs/impact.md)\n"
"  --context KEY=VALUE what the workload was (saved in the JSON); 'git':\n"
"                      commit=git describe here; 'host': host=name\n"
"  --quick             measure costs with fewer samples\n"
"\n"
"events: %s\n";

static int
help(void)
{
	char names[256];

	printf(impact_help, impact_event_names(names, sizeof(names)));
	return (-1);
}

static int
add_whatif(struct impact *im, const char *arg)
{
	char err[512];

	if (im->nwhatif == IMPACT_MAX_WHATIF)
		return (usage_error("impact", "at most %d --what-if",
		    IMPACT_MAX_WHATIF));
	if (whatif_parse(arg, &im->whatif[im->nwhatif], err, sizeof(err)) != 0)
		return (usage_error("impact", "%s", err));
	im->nwhatif++;
	return (0);
}

int
impact_parse_args(int argc, char **argv, struct impact_args *a,
    struct impact *im)
{
	static const struct option opts[] = {
		{ "costs", required_argument, NULL, 'c' },
		{ "what-if", required_argument, NULL, 'w' },
		{ "json", required_argument, NULL, 'j' },
		{ "context", required_argument, NULL, 'x' },
		{ "quick", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	char err[256];
	int c, rc;

	opterr = 0;
	optind = 1;
	/* '+': stop at the command, whose options are its own. */
	while ((c = getopt_long(argc, argv, "+:hj:", opts, NULL)) != -1) {
		if (optarg != NULL && (optarg[0] == '\0' ||
		    strcmp(optarg, "--") == 0))
			return (usage_error("impact", "option '%s' needs a "
			    "value", argv[optind - 2]));
		switch (c) {
		case 'c':
			a->costs = optarg;
			break;
		case 'w':
			if ((rc = add_whatif(im, optarg)) != 0)
				return (rc);
			break;
		case 'j':
			a->json = optarg;
			break;
		case 'x':
			if (context_add(&a->ctx, optarg, err, sizeof(err)) != 0)
				return (usage_error("impact", "%s", err));
			break;
		case 'q':
			a->quick = 1;
			break;
		case 'h':
			return (help());
		default:
			return (bad_option("impact", c, argv, opts));
		}
	}
	if (optind <= 1 || strcmp(argv[optind - 1], "--") != 0)
		return (usage_error("impact", "no command: give it after "
		    "'--', as in cyclebench impact -- make -j2"));
	if (optind == argc)
		return (usage_error("impact", "no command after '--'"));
	cli_context_dropped("impact", &a->ctx, a->json != NULL,
	    "--json FILE");
	return (check_outputs((const struct cli_output[]){ { "--json",
	    a->json } }, 1, (char *const[]){ (char *)a->costs }, 1));
}

static void
missing(const struct impact_event *e, const char *why)
{
	term_eprintf("cyclebench: impact: no cost for '%s' (%s): %s; "
	    "give one with --costs FILE (from 'cyclebench run %s --json "
	    "FILE') or --what-if %s=CYCLES\n", e->name, e->what, why,
	    e->bench.name, e->name);
}

/*
 * Settle every cost before the command runs: from the file now, or which
 * benchmark will measure it afterwards.  Returns the number of costs
 * needed and not to be had.
 */
static int
plan_costs(struct impact *im, json_t *doc, const char *path,
    const struct cb_bench **plan)
{
	const struct impact_event *e;
	struct impact_cost *c;
	char label[160];
	size_t i;
	int lacking = 0;

	for (i = 0; i < impact_nevents; i++) {
		e = &impact_events[i];
		c = &im->cost[i];
		plan[i] = NULL;
		if (!impact_wants_cost(im, i))
			continue;
		if (doc != NULL)
			costs_from_file(doc, path, e, c);
		else if ((plan[i] = costs_bench(e)) == NULL)
			snprintf(c->source, sizeof(c->source), "this build "
			    "has no benchmark %s", registry_label(&e->bench,
			    label, sizeof(label)));
		if (!c->known && plan[i] == NULL && impact_needs_cost(im, i)) {
			missing(e, c->source);
			lacking++;
		}
	}
	return (lacking);
}

/* Changes that would make a cost read from --costs negative, refused. */
static int
below_zero(const struct impact *im)
{
	const struct impact_whatif *w;
	size_t k;
	int bad = 0;

	for (k = 0; k < im->nwhatif; k++) {
		w = &im->whatif[k];
		if (!impact_whatif_below_zero(im, w))
			continue;
		term_eprintf("cyclebench: impact: --what-if %s=%g would "
		    "make the cost of '%s' %g cycles per event (it is %g, %s); "
		    "a cost cannot be negative\n", w->event->name, w->cycles,
		    w->event->name, im->cost[w->event - impact_events].cycles +
		    w->cycles, im->cost[w->event - impact_events].cycles,
		    im->cost[w->event - impact_events].source);
		bad++;
	}
	return (bad);
}

static void
measure_costs(struct impact *im, const struct cb_bench **plan, int quick)
{
	struct cb_options o;
	char label[160];
	size_t i;

	cb_options_default(&o);
	o.quick = quick;
	for (i = 0; i < impact_nevents; i++) {
		if (plan[i] == NULL)
			continue;
		term_eprintf("cyclebench: impact: measuring %s for the "
		    "cost of '%s'\n", registry_label(plan[i], label,
		    sizeof(label)), impact_events[i].name);
		costs_measure(plan[i], &o, &im->cost[i]);
	}
	costs_this_clock(&im->clock);
}

static int
not_started(const struct impact *im)
{
	const char *cmd = im->argv[0];

	if (im->run.exec_errno == ENOENT && strchr(cmd, '/') == NULL)
		term_eprintf("cyclebench: impact: %s: command not found\n",
		    cmd);
	else
		term_eprintf("cyclebench: impact: %s: %s\n", cmd,
		    strerror(im->run.exec_errno));
	return (spawn_exit_code(&im->run));
}

static int
finish(struct impact *im, const struct impact_args *a)
{
	char err[512];
	int status;

	impact_price_by_whatif(im);
	report_render(&impact_reporter, stderr, im, NULL);
	status = spawn_exit_code(&im->run);
	if (a->json != NULL &&
	    impact_report_json(a->json, im, err, sizeof(err)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		if (status == 0)
			status = EXIT_OUTPUT;
	}
	return (status);
}

int
cmd_impact(int argc, char **argv)
{
	const struct cb_bench *plan[IMPACT_MAX_EVENTS];
	struct impact_args a;
	struct impact *im;
	json_t *doc = NULL;
	char err[512];
	int rc;

	memset(&a, 0, sizeof(a));
	if ((im = calloc(1, sizeof(*im))) == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_BENCH_ERROR);
	}
	if ((rc = impact_parse_args(argc, argv, &a, im)) != 0)
		goto out;
	if (context_resolve(&a.ctx, err, sizeof(err)) != 0) {
		rc = usage_error("impact", "%s", err);
		goto out;
	}
	im->context = &a.ctx;
	im->argv = argv + optind;
	if (a.costs != NULL && (doc = costs_load(a.costs, &im->clock, err,
	    sizeof(err))) == NULL) {
		rc = usage_error("impact", "--costs: %s", err);
		goto out;
	}
	counters_open(&im->counts);
	if (plan_costs(im, doc, a.costs, plan) != 0 ||
	    below_zero(im) != 0) {
		counters_close(&im->counts);
		rc = EXIT_USAGE;
		goto out;
	}
	if (spawn_run(im->argv, &im->run, err, sizeof(err)) != 0) {
		counters_close(&im->counts);
		term_eprintf("cyclebench: impact: %s\n", err);
		rc = EXIT_BENCH_ERROR;
		goto out;
	}
	if (im->run.exec_errno != 0) {
		counters_close(&im->counts);
		rc = not_started(im);
		goto out;
	}
	counters_collect(&im->counts, &im->run.ru);
	/* Told to stop: report now, with the costs already known. */
	if (doc == NULL && im->run.passed_on != 0)
		term_eprintf("cyclebench: impact: SIG%s passed on to the "
		    "command; costs not measured\n",
		    sigabbrev_np(im->run.passed_on));
	else if (doc == NULL)
		measure_costs(im, plan, a.quick);
	rc = finish(im, &a);
out:
	json_decref(doc);
	context_free(&a.ctx);
	free(im);
	return (rc < 0 ? 0 : rc);
}
