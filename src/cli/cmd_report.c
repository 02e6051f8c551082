#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/parse.h"
#include "report/compare.h"
#include "report/html.h"
#include "report/report.h"

static const char report_help[] =
"usage: cyclebench report RESULTS.json [MORE.json...] -o REPORT.html\n"
"\n"
"Draws results files as one self-contained HTML page: per suite a bar\n"
"chart of the variants, per kernel path a histogram of the per-call\n"
"cycles, the machine fingerprint beside them, and with several files the\n"
"comparison against the first (as 'cyclebench compare' judges it).\n"
"\n"
"  -o, --output FILE   write the page here ('-': standard output)\n"
"  --label NAME        name the next input (once per input, in order)\n";

int
report_parse_args(int argc, char **argv, struct report_args *a)
{
	static const struct option opts[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "label", required_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, n;

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
	if (n < 1 || n > CMP_MAX_INPUTS)
		return (usage_error("report", "give 1 to %d results files",
		    CMP_MAX_INPUTS));
	if (a->nlabels != 0 && a->nlabels != n)
		return (usage_error("report", "%d --label for %d files: give "
		    "one per file, or none", a->nlabels, n));
	return (0);
}

int
cmd_report(int argc, char **argv)
{
	struct report_args a;
	struct cmp_table t, *tp;
	struct rs_file *files;
	char err[512], *buf;
	size_t len;
	FILE *fp;
	int n, rc;

	if ((rc = report_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	n = argc - optind;
	if ((rc = load_inputs(argv + optind, n, &files)) != 0)
		return (rc);
	tp = NULL;
	/* One file has nothing to compare, but its label comes from here. */
	if (cmp_build(&t, files, (size_t)n, a.nlabels ? a.labels : NULL, 0.01,
	    err, sizeof(err)) != 0) {
		free_inputs(files, n);
		return (usage_error("report", "%s", err));
	}
	if (n > 1)
		tp = &t;
	rc = 0;
	buf = NULL;
	if ((fp = open_memstream(&buf, &len)) == NULL ||
	    html_report(fp, files, (size_t)n, tp) != 0 || fclose(fp) != 0) {
		fprintf(stderr, "cyclebench: cannot write %s: out of memory\n",
		    a.out);
		rc = EXIT_OUTPUT;
	} else if (strcmp(a.out, "-") == 0) {
		if (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0)
			rc = EXIT_OUTPUT;
	} else if (atomic_write_file(a.out, buf, len, err, sizeof(err)) != 0) {
		fprintf(stderr, "cyclebench: %s\n", err);
		rc = EXIT_OUTPUT;
	}
	free(buf);
	cmp_free(&t);
	free_inputs(files, n);
	return (rc);
}
