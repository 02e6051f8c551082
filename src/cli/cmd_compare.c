#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "report/compare.h"

static const char compare_help[] =
"usage: cyclebench compare BASELINE.json OTHER.json [MORE.json...] [options]\n"
"\n"
"Puts results files side by side, matched by benchmark name and\n"
"parameters: median cycles per operation, and for each file after the\n"
"first, the change from the first and whether it is real (*) or not\n"
"shown to differ (~).  Differences in what shapes the numbers (cycle\n"
"method, kernel, hypervisor, microcode, mitigations) are warned about.\n"
"\n"
"  --label NAME        name the next input's column (once per input, in\n"
"                      order; default: the CPU, or the file name when\n"
"                      the CPUs are the same)\n"
"  --format FORMAT     text (default, 80 columns), markdown, csv, json or\n"
"                      github (an annotation per real change, for CI)\n"
"  --threshold PCT     smallest change called real, in percent (1)\n";

static const char *const format_names[] = {
	[CMP_TEXT] = "text",
	[CMP_MARKDOWN] = "markdown",
	[CMP_CSV] = "csv",
	[CMP_JSON] = "json",
	[CMP_GITHUB] = "github",
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	double pct;
	int c;

	memset(a, 0, sizeof(*a));
	a->threshold = 0.01;
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
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
				    "text, markdown, csv, json or github, not "
				    "'%s'", optarg));
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
	if (argc - optind < 2)
		return (usage_error("compare", "give at least two results "
		    "files: the baseline, then what to compare with it"));
	if (argc - optind > CMP_MAX_INPUTS)
		return (usage_error("compare", "at most %d results files",
		    CMP_MAX_INPUTS));
	if (a->nlabels != 0 && a->nlabels != argc - optind)
		return (usage_error("compare", "%d --label for %d files: give "
		    "one per file, or none", a->nlabels, argc - optind));
	return (0);
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
	n = argc - optind;
	if ((rc = load_inputs(argv + optind, n, &files)) != 0)
		return (rc);
	if (cmp_build(&t, files, (size_t)n, a.nlabels ? a.labels : NULL,
	    a.threshold, err, sizeof(err)) != 0) {
		free_inputs(files, n);
		return (usage_error("compare", "%s", err));
	}
	rc = 0;
	if (cmp_print(&t, a.format, stdout) != 0) {
		fprintf(stderr, "cyclebench: cannot write the comparison\n");
		rc = EXIT_OUTPUT;
	}
	cmp_free(&t);
	free_inputs(files, n);
	return (rc);
}
