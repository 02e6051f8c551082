#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "report/compare.h"
#include "report/term.h"

static const char compare_help[] =
"usage: cyclebench compare BASELINE.json OTHER.json [MORE.json...] [options]\n"
"       cyclebench compare A1.json [A2.json...] --vs B1.json [B2.json...]\n"
"                          [--vs C1.json...] [options]\n"
"\n"
"Puts results side by side, matched by benchmark name and parameters:\n"
"each side's cycles per operation, and for each side after the first, the\n"
"change from the first and whether it is real (*), not shown to differ\n"
"(~) or cannot be told (?).  Without --vs every file is a side; with it,\n"
"the files before the first --vs are the baseline side and each --vs\n"
"starts the next, whose runs' rounds pool.  Verdicts are over rounds,\n"
"never single samples.  Differences in what shapes the numbers (cycle\n"
"method, kernel, hypervisor, microcode, mitigations) are warned about.\n"
"\n"
"  --vs FILE...        the files that follow form the next side\n"
"  --label NAME        name the next side's column (once per side, in\n"
"                      order; default: the CPU, or the file name when\n"
"                      the CPUs are the same)\n"
"  --format FORMAT     text (default, 80 columns), markdown, csv or json\n"
"  --threshold PCT     smallest change called real, in percent (1)\n"
"  --fail-above PCT    exit 1 when a real slowdown exceeds PCT percent\n";

static const char *const format_names[] = {
	[CMP_TEXT] = "text",
	[CMP_MARKDOWN] = "markdown",
	[CMP_CSV] = "csv",
	[CMP_JSON] = "json",
};

static int
parse_format(const char *s, enum cmp_format *f)
{
	size_t i;

	for (i = 0; i < sizeof(format_names) / sizeof(format_names[0]); i++)
		if (strcmp(s, format_names[i]) == 0) {
			*f = (enum cmp_format)i;
			return (0);
		}
	return (-1);
}

int
compare_parse_args(int argc, char **argv, struct compare_args *a)
{
	static const struct option opts[] = {
		{ "label", required_argument, NULL, 'l' },
		{ "format", required_argument, NULL, 'f' },
		{ "threshold", required_argument, NULL, 't' },
		{ "fail-above", required_argument, NULL, 'F' },
		{ "vs", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	double pct;
	size_t i;
	int c;

	memset(a, 0, sizeof(*a));
	a->threshold = 0.01;
	a->fail_above = NAN;
	opterr = 0;
	optind = 1;
	/* "-": operands come in order, as 1, so --vs can split them. */
	while ((c = getopt_long(argc, argv, "-h", opts, NULL)) != -1) {
		switch (c) {
		case 1:
			if (a->nfiles == COMPARE_MAX_FILES)
				return (usage_error("compare", "at most %d "
				    "results files", COMPARE_MAX_FILES));
			if (a->nsides == 0)
				a->nsides = 1;
			a->files[a->nfiles++] = optarg;
			a->sides[a->nsides - 1]++;
			break;
		case 'v':
			if (a->nsides == 0 || a->sides[a->nsides - 1] == 0)
				return (usage_error("compare", "--vs needs "
				    "results files before it and after it"));
			if (a->nsides == CMP_MAX_INPUTS)
				return (usage_error("compare", "at most %d "
				    "sides", CMP_MAX_INPUTS));
			a->nsides++;
			a->vs = 1;
			break;
		case 'F':
			if (parse_double(optarg, 0, 1000, &pct) != 0)
				return (usage_error("compare", "--fail-above "
				    "takes a percentage from 0 to 1000, not "
				    "'%s'", optarg));
			a->fail_above = pct / 100;
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
			if (parse_format(optarg, &a->format) != 0)
				return (usage_error("compare", "--format is "
				    "text, markdown, csv or json, not '%s'",
				    optarg));
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
			if (optopt != 0)
				return (usage_error("compare", "option '%s' "
				    "needs a value", argv[optind - 1]));
			return (usage_error("compare", "unknown option '%s'",
			    argv[optind - 1]));
		}
	}
	if (a->vs && a->sides[a->nsides - 1] == 0)
		return (usage_error("compare", "--vs needs results files "
		    "before it and after it"));
	if (!a->vs) {
		if (a->nfiles > CMP_MAX_INPUTS)
			return (usage_error("compare", "at most %d results "
			    "files, or group runs into sides with --vs",
			    CMP_MAX_INPUTS));
		a->nsides = a->nfiles;
		for (i = 0; i < a->nfiles; i++)
			a->sides[i] = 1;
	}
	if (a->nsides < 2)
		return (usage_error("compare", "give at least two results "
		    "files: the baseline, then what to compare with it"));
	if (a->nlabels != 0 && (size_t)a->nlabels != a->nsides)
		return (usage_error("compare", "%d --label for %zu sides: give "
		    "one per side, or none", a->nlabels, a->nsides));
	return (0);
}

/*
 * Text and markdown are read on a terminal: whatever a file or a label
 * carries, no control character gets there (report/term.h).
 */
static int
print(const struct cmp_table *t, enum cmp_format format)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;
	int rc = 0;

	if (format != CMP_TEXT && format != CMP_MARKDOWN)
		fp = stdout;
	else if ((fp = open_memstream(&buf, &len)) == NULL)
		rc = -1;
	if (rc == 0 && cmp_print(t, format, fp) != 0)
		rc = -1;
	if (fp != NULL && fp != stdout && fclose(fp) != 0)
		rc = -1;
	if (rc == 0 && buf != NULL) {
		term_scrub(buf, len, 1);
		if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)
			rc = -1;
	}
	free(buf);
	if (rc != 0)
		fprintf(stderr, "cyclebench: cannot write the comparison\n");
	return (rc != 0 ? EXIT_OUTPUT : 0);
}

/* With --fail-above: a real slowdown beyond it fails the command. */
static int
gate(const struct cmp_table *t, double fail_above)
{
	size_t row = 0, side = 0;
	double worst;

	if (isnan(fail_above))
		return (0);
	worst = cmp_worst_slowdown(t, &row, &side);
	if (!(worst > 1 + fail_above))
		return (0);
	fprintf(stderr, "cyclebench: compare: %s%s%s is %.1f%% slower in %c "
	    "(%s), above --fail-above %g%%\n", t->rows[row].first->name,
	    t->rows[row].first->params[0] ? " " : "",
	    t->rows[row].first->params, (worst - 1) * 100, CMP_LETTER(side),
	    t->inputs[side].label, fail_above * 100);
	return (EXIT_BENCH_ERROR);
}

int
cmd_compare(int argc, char **argv)
{
	struct compare_args a;
	struct cmp_table t;
	struct rs_file *files;
	char err[256];
	int n, rc;

	if ((rc = compare_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	n = (int)a.nfiles;
	if ((rc = load_inputs((char *const *)a.files, n, &files)) != 0)
		return (rc);
	if (cmp_build(&t, files, (size_t)n, a.sides, a.nsides,
	    a.nlabels ? a.labels : NULL, a.threshold, err, sizeof(err)) != 0) {
		free_inputs(files, n);
		return (usage_error("compare", "%s", err));
	}
	if ((rc = print(&t, a.format)) == 0)
		rc = gate(&t, a.fail_above);
	cmp_free(&t);
	free_inputs(files, n);
	return (rc);
}
