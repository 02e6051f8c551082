/* SPDX-License-Identifier: BSD-2-Clause */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "cli/store_cli.h"
#include "cli/style_opts.h"
#include "report/compare_out.h"
#include "verdict/compare.h"
#include "util/scrub.h"

static const char compare_help[] =
"usage: cyclebench compare BASELINE.json OTHER.json [MORE.json...] [options]\n"
"       cyclebench compare A1.json [A2.json...] --vs B1.json [B2.json...]\n"
"                          [--vs C1.json...] [options]\n"
"       cyclebench compare --runs SELECTION --vs --runs SELECTION [options]\n"
"\n"
"Puts results side by side, matched by benchmark name and parameters:\n"
"each side's cycles per operation, and for each side after the first, the\n"
"change from the first and its verdict: slower or faster (*, a change\n"
"shown), the same (=, the change shown within the threshold) or unknown\n"
"(?).  Without --vs every file (or stored run) is a side; with it, what\n"
"comes before the first --vs is the baseline side and each --vs starts\n"
"the next.  The run is what is replicated: with several runs a side their\n"
"spread is measured; with one, it is taken from --noise or assumed, and\n"
"the output says which.  The false discovery rate across the cells is\n"
"held at 1%.  Differences in what shapes the numbers (cycle method,\n"
"kernel, hypervisor, microcode, mitigations) are warned about.\n"
"\n"
"  --vs                the files and selections that follow form the next\n"
"                      side\n"
"  --runs SELECTION    runs from the results store, oldest first, as if\n"
"                      their files were given ('machine=Xeon,last=3';\n"
"                      cyclebench db --help)\n"
"  --db FILE|URL       the results store for --runs and --noise-runs\n"
"                      (default: $CYCLEBENCH_DB, or\n"
"                      $XDG_DATA_HOME/cyclebench/results.db)\n"
"  --label NAME        name the next side's column (once per side, in\n"
"                      order; default: the CPU, or the file name when\n"
"                      the CPUs are the same)\n"
"  --format FORMAT     text (default, 80 columns), markdown, csv, json or\n"
"                      github (an annotation per real change, for CI)\n"
"  -q, --quiet         text: the table alone, without the sides, notes,\n"
"                      method and the last line that counts the verdicts\n"
"  --threshold PCT     the change that matters, in percent (1): the least\n"
"                      called slower or faster, and the margin of same\n"
"  --noise FILE        a repeated run of one build on this machine (give\n"
"                      two or more, spread over time): their spread stands\n"
"                      for a row's between-session spread where a side\n"
"                      has one session\n"
"  --noise-runs SELECTION  the same, from the results store\n"
"  --fail-above PCT    exit 1 when a slowdown is shown to exceed PCT\n"
"                      percent (the low end of its interval)\n"
"  --strict            exit 1 also when any verdict is unknown (but for\n"
"                      rows below the loop's resolution)\n";

/* A file or a selection, into the side --vs has started. */
static int
add_source(struct compare_args *a, const char *text, int stored)
{
	struct compare_source *s;

	if (a->nsources == COMPARE_MAX_FILES)
		return (usage_error("compare", "at most %d results files and "
		    "selections", COMPARE_MAX_FILES));
	if (stored && text[0] == '\0')
		return (usage_error("compare", "--runs needs a selection ('all': "
		    "every stored run)"));
	s = &a->sources[a->nsources++];
	s->text = text;
	s->stored = stored;
	s->side = a->nsides - 1;
	a->stored |= stored;
	return (0);
}

/* Whether the side --vs started last has anything in it yet. */
static int
side_empty(const struct compare_args *a)
{
	return (a->nsources == 0 ||
	    a->sources[a->nsources - 1].side != a->nsides - 1);
}

int
compare_parse_args(int argc, char **argv, struct compare_args *a)
{
	static const struct option opts[] = {
		{ "label", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "threshold", required_argument, NULL, 't' },
		{ "fail-above", required_argument, NULL, 'F' },
		{ "strict", no_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "noise", required_argument, NULL, 'n' },
		{ "noise-runs", required_argument, NULL, 'N' },
		{ "vs", no_argument, NULL, 'v' },
		{ "runs", required_argument, NULL, 'd' },
		{ "db", required_argument, NULL, 'D' },
		{ "store", required_argument, NULL, 'S' },
		{ "noise-db", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	double pct;
	int c, rc;

	memset(a, 0, sizeof(*a));
	a->threshold = 0.01;
	a->fail_above = NAN;
	a->nsides = 1;
	opterr = 0;
	optind = 1;
	/* "-": operands come in order, as 1, so --vs can split them. */
	while ((c = getopt_long(argc, argv, "-:hq", opts, NULL)) != -1) {
		switch (c) {
		case 1:
		case 'd':
			if ((rc = add_source(a, optarg, c == 'd')) != 0)
				return (rc);
			break;
		case 'v':
			if (side_empty(a))
				return (usage_error("compare", "--vs needs "
				    "results before it and after it"));
			if (a->nsides == CMP_MAX_INPUTS)
				return (usage_error("compare", "at most %d "
				    "sides", CMP_MAX_INPUTS));
			a->nsides++;
			a->vs = 1;
			break;
		case 'S':
			cli_deprecated("compare", "--store", "--db",
			    "the store, as in every command");
			/* FALLTHROUGH */
		case 'D':
			if ((rc = cli_db_value("compare", optarg)) != 0)
				return (rc);
			a->db = optarg;
			break;
		case 'F':
			if (parse_double(optarg, 0, 1000, &pct) != 0)
				return (usage_error("compare", "--fail-above "
				    "takes a percentage from 0 to 1000, not "
				    "'%s'", optarg));
			a->fail_above = pct / 100;
			break;
		case 's':
			a->strict = 1;
			break;
		case 'q':
			a->quiet = 1;
			break;
		case 'n':
			if (a->nnoise == COMPARE_MAX_FILES)
				return (usage_error("compare", "at most %d "
				    "--noise files", COMPARE_MAX_FILES));
			a->noise[a->nnoise++] = optarg;
			break;
		case 'M':
			cli_deprecated("compare", "--noise-db", "--noise-runs",
			    "--db names the store");
			/* FALLTHROUGH */
		case 'N':
			if (optarg[0] == '\0')
				return (usage_error("compare", "--noise-runs "
				    "needs a selection"));
			a->noise_runs = optarg;
			break;
		case 'l':
			if (a->nlabels == CMP_MAX_INPUTS)
				return (usage_error("compare", "too many "
				    "--label options"));
			if (optarg[0] == '\0' ||
			    strlen(optarg) >= CMP_LABEL_MAX)
				return (usage_error("compare", "--label takes "
				    "1 to %d characters", CMP_LABEL_MAX - 1));
			a->labels[a->nlabels++] = optarg;
			break;
		case 'f':
			if ((rc = cli_format("compare", optarg, &cmp_reporter,
			    &a->format)) != 0)
				return (rc);
			break;
		case 't':
			if (parse_double(optarg, 0, 1000, &pct) != 0)
				return (usage_error("compare", "--threshold "
				    "takes a percentage from 0 to 1000, not "
				    "'%s'", optarg));
			a->threshold = pct / 100;
			break;
		case 'h':
			fputs(compare_help, stdout);
			return (-1);
		default:
			return (bad_option("compare", c, argv, opts));
		}
	}
	if (a->vs && side_empty(a))
		return (usage_error("compare", "--vs needs results before it "
		    "and after it"));
	if (a->nnoise == 1)
		return (usage_error("compare", "--noise takes two or more "
		    "repeated runs, one --noise each: one run has no spread"));
	if (a->db != NULL && !a->stored && a->noise_runs == NULL)
		return (usage_error("compare", "--db names the store that "
		    "--runs and --noise-runs read: add --runs SELECTION (a "
		    "selection of stored runs, once --db, is --runs)"));
	/* Stored runs are counted once loaded. */
	if (!a->vs && !a->stored && a->nsources < 2)
		return (usage_error("compare", "give at least two results "
		    "files: the baseline, then what to compare with it"));
	if (!a->vs && !a->stored && a->nsources > CMP_MAX_INPUTS)
		return (usage_error("compare", "at most %d results files, or "
		    "group runs into sides with --vs", CMP_MAX_INPUTS));
	if (a->vs && a->nlabels != 0 && (size_t)a->nlabels != a->nsides)
		return (usage_error("compare", "%d --label for %zu sides: give "
		    "one per side, or none", a->nlabels, a->nsides));
	return (0);
}

/* Scrubbed as every report is (report_render, util/scrub.h). */
static int
print(const struct cmp_table *t, const struct compare_args *a)
{
	struct report_style st = { .format = a->format, .quiet = a->quiet };

	if (report_render(&cmp_reporter, stdout, t, &st) != 0 ||
	    fflush(stdout) != 0) {
		term_eprintf("cyclebench: cannot write the comparison\n");
		return (EXIT_OUTPUT);
	}
	return (0);
}

/* The files among the sources, read together (on every CPU). */
static int
load_files(const struct compare_args *a, struct rs_file **loaded, int *nf)
{
	char **paths;
	size_t i;
	int rc;

	*loaded = NULL;
	*nf = 0;
	if ((paths = calloc(a->nsources + 1, sizeof(*paths))) == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	for (i = 0; i < a->nsources; i++)
		if (!a->sources[i].stored)
			paths[(*nf)++] = (char *)a->sources[i].text;
	rc = *nf > 0 ? load_inputs(paths, *nf, loaded) : 0;
	free(paths);
	if (rc != 0)
		*nf = 0;
	return (rc);
}

/*
 * Load every source in order into *files, and the files each side got
 * into sides[] (without --vs, every file is a side of its own).
 */
static int
load_sources(const struct compare_args *a, struct rs_file **files, int *n,
    size_t *sides, size_t *nsides)
{
	struct rs_file *all, *got, *grown, *loaded;
	size_t i;
	int k, ngot, rc, bad, nf, next;

	*files = NULL;
	*n = 0;
	all = NULL;
	memset(sides, 0, CMP_MAX_INPUTS * sizeof(*sides));
	/* Every bad file and selection is reported, not only the first. */
	bad = load_files(a, &loaded, &nf);
	for (i = 0, next = 0; i < a->nsources; i++) {
		if (a->sources[i].stored)
			rc = cli_load_selection("compare", a->db,
			    a->sources[i].text, COMPARE_MAX_FILES - *n, &got,
			    &ngot);
		else if (bad != 0)
			rc = bad;
		else if ((got = malloc(sizeof(*got))) == NULL) {
			term_eprintf("cyclebench: out of memory\n");
			rc = EXIT_USAGE;
		} else {
			/* Moved out: what stays behind frees as nothing. */
			*got = loaded[next];
			memset(&loaded[next++], 0, sizeof(*got));
			ngot = 1;
			rc = 0;
		}
		if (rc == CLI_TOO_MANY || (rc == 0 &&
		    *n + ngot > COMPARE_MAX_FILES)) {
			if (rc == 0)
				free_inputs(got, ngot);
			bad = usage_error("compare", "the selections give over "
			    "%d runs (narrow them: last=N)", COMPARE_MAX_FILES);
			break;
		}
		if (rc != 0) {
			bad = bad ? bad : rc;
			continue;
		}
		if ((grown = realloc(all, ((size_t)*n + (size_t)ngot) *
		    sizeof(*all))) == NULL) {
			free_inputs(got, ngot);
			free_inputs(all, *n);
			free_inputs(loaded, nf);
			term_eprintf("cyclebench: out of memory\n");
			return (EXIT_USAGE);
		}
		all = grown;
		/* The files move: nothing points into an rs_file itself. */
		for (k = 0; k < ngot; k++)
			all[*n + k] = got[k];
		free(got);
		*n += ngot;
		sides[a->sources[i].side] += (size_t)ngot;
	}
	free_inputs(loaded, nf);
	*files = all;
	if (bad != 0)
		return (bad);
	*nsides = a->nsides;
	if (!a->vs) {
		if (*n > CMP_MAX_INPUTS)
			return (usage_error("compare", "%d runs; at most %d can "
			    "be sides (narrow the selection: last=N, or group "
			    "them with --vs)", *n, CMP_MAX_INPUTS));
		for (k = 0; k < *n; k++)
			sides[k] = 1;
		*nsides = (size_t)*n;
	}
	return (0);
}

/*
 * The noise model's runs: the --noise files, then the runs --noise-runs
 * selects.  0, or the exit status after saying why.
 */
static int
load_noise(const struct compare_args *a, struct rs_file **noise, int *n)
{
	struct rs_file *sel, *all;
	int nsel, rc, k;

	*noise = NULL;
	*n = 0;
	if (a->nnoise > 0 && (rc = load_inputs(a->noise, a->nnoise,
	    noise)) != 0)
		return (rc);
	*n = a->nnoise;
	if (a->noise_runs == NULL)
		return (0);
	rc = cli_load_selection("compare", a->db, a->noise_runs,
	    COMPARE_MAX_FILES - *n, &sel, &nsel);
	if (rc == CLI_TOO_MANY)
		return (usage_error("compare", "--noise-runs selects over %d "
		    "runs (narrow it: last=N)", COMPARE_MAX_FILES - *n));
	if (rc != 0)
		return (rc);
	if ((all = realloc(*noise, (size_t)(*n + nsel) *
	    sizeof(*all))) == NULL) {
		free_inputs(sel, nsel);
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	for (k = 0; k < nsel; k++)
		all[*n + k] = sel[k];
	free(sel);
	*noise = all;
	*n += nsel;
	if (*n < 2)
		return (usage_error("compare", "the noise model needs two or "
		    "more repeated runs; --noise-runs selected %d", nsel));
	return (0);
}

/*
 * With --fail-above: a slowdown whose interval lies above it fails the
 * command; with --strict, so does any unknown verdict.
 */
static int
gate(const struct cmp_table *t, double fail_above, int strict)
{
	size_t row = 0, side = 0, n;
	double worst;

	worst = isnan(fail_above) ? 1 : cmp_worst_slowdown(t, &row, &side);
	if (worst > 1 + fail_above) {
		term_eprintf("cyclebench: compare: %s%s%s is at least "
		    "%.1f%% slower in %c (%s), above --fail-above %g%%\n",
		    t->rows[row].first->name,
		    t->rows[row].first->params[0] ? " " : "",
		    t->rows[row].first->params, (worst - 1) * 100,
		    CMP_LETTER(side), t->inputs[side].label, fail_above * 100);
		return (EXIT_BENCH_ERROR);
	}
	if (strict && (n = cmp_unknowns(t, &row, &side)) > 0) {
		term_eprintf("cyclebench: compare: --strict: %zu verdict%s "
		    "unknown, the first %s%s%s in %c (%s)\n", n,
		    n == 1 ? "" : "s", t->rows[row].first->name,
		    t->rows[row].first->params[0] ? " " : "",
		    t->rows[row].first->params, CMP_LETTER(side),
		    t->inputs[side].label);
		return (EXIT_BENCH_ERROR);
	}
	return (0);
}

int
cmd_compare(int argc, char **argv)
{
	size_t sides[CMP_MAX_INPUTS], nsides;
	struct compare_args a;
	struct cmp_table t;
	struct rs_file *files, *noise;
	char err[256];
	int n, nnoise, rc;

	if ((rc = compare_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	if ((rc = load_noise(&a, &noise, &nnoise)) != 0) {
		free_inputs(noise, nnoise);
		return (rc);
	}
	if ((rc = load_sources(&a, &files, &n, sides, &nsides)) != 0) {
		free_inputs(files, n);
		free_inputs(noise, nnoise);
		return (rc);
	}
	if (nsides < 2) {
		free_inputs(files, n);
		free_inputs(noise, nnoise);
		return (usage_error("compare", "one side to compare: give two "
		    "or more runs, or --vs"));
	}
	if (a.nlabels != 0 && (size_t)a.nlabels != nsides) {
		free_inputs(files, n);
		free_inputs(noise, nnoise);
		return (usage_error("compare", "%d --label for %zu sides: give "
		    "one per side, or none", a.nlabels, nsides));
	}
	if (cmp_build_noise(&t, files, (size_t)n, sides, nsides,
	    a.nlabels ? a.labels : NULL, a.threshold, noise,
	    (size_t)nnoise, err, sizeof(err)) != 0) {
		free_inputs(files, n);
		free_inputs(noise, nnoise);
		return (usage_error("compare", "%s", err));
	}
	if ((rc = print(&t, &a)) == 0)
		rc = gate(&t, a.fail_above, a.strict);
	cmp_free(&t);
	free_inputs(files, n);
	free_inputs(noise, nnoise);
	return (rc);
}
