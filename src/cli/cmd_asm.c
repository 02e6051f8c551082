/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench asm: measure a few instructions given on the command line
 * (or in a file) with the same engine, isolation and reports as `run',
 * alone or against a second snippet.
 */
#include <errno.h>
#include <getopt.h>
#include <libgen.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "arch/arch.h"
#include "cli/asm_source.h"
#include "cli/cli.h"
#include "cli/measure_opts.h"
#include "cli/parse.h"
#include "cli/progress.h"
#include "cli/style_opts.h"
#include "cli/save_opts.h"
#include "core/ab.h"
#include "os/sandbox.h"
#include "report/report.h"
#include "snippet/chain.h"
#include "snippet/snippet.h"
#include "snippet/witness.h"
#include "util/scrub.h"

#define DEFAULT_ROUNDS	10

static const char asm_help[] =
"usage: cyclebench asm [options] 'SNIPPET'\n"
"       cyclebench asm [options] --file BODY.s\n"
"       cyclebench asm [options] 'SNIPPET' --vs 'OTHER'\n"
"\n"
"Assembles SNIPPET with GNU as for " ARCH_SNIPPET_ISA ARCH_SNIPPET_SYNTAX ",\n"
"puts --unroll copies of it back to back in a loop and measures that loop\n"
"with the engine `run' uses.  Statements are separated by ';' or newlines.\n"
"Cycles are per copy of the snippet.\n"
"\n"
"The snippet runs with:\n"
ARCH_SNIPPET_HELP
"A snippet may not call or jump to symbols or refer to data outside the\n"
"scratch area (it runs from copies at an address chosen at run time).\n"
"\n"
"Throughput or latency: the copies run one after the other, and what\n"
"ties one to the next is what the snippet reads and writes; the tool\n"
"cannot build a chain for you.\n"
"  (default)   throughput, for copies that do not depend on each other;\n"
"              latency when one chain of registers runs through them:\n"
"              " ARCH_SNIPPET_NOT_CHAIN " reads what the copy before wrote,\n"
"              so every add waits for the last (asm reads this from the\n"
"              registers the code uses; chains through memory it misses).\n"
"  --latency   the snippet's output must feed its own input, so each copy\n"
"              waits for the one before it:\n"
ARCH_SNIPPET_EXAMPLES
"              The flag labels the result; the chain is what you write.\n"
"\n"
ARCH_SNIPPET_INTEL_HELP
"  --init SNIPPET      run once before each timed loop (set up registers\n"
"                      or memory); not timed\n"
"  --file FILE         read SNIPPET from FILE\n"
"  --init-file FILE    read the --init snippet from FILE\n"
"  --vs SNIPPET        measure it as B against the first snippet as A, in\n"
"                      interleaved rounds, and say whether they differ\n"
"  --vs-file FILE      read B from FILE\n"
"  --rounds N          A/B rounds, 6 to 400 (default 10); without --vs,\n"
"                      exactly N rounds of the one snippet (run --rounds)\n"
"  --unroll N          copies per loop iteration, 1 to 100000 (default:\n"
"                      enough for about 100 instructions)\n"
"  -j, --json FILE     save the results, with raw samples, as JSON ('-':\n"
"                      standard output, the table to standard error)\n"
"  --format FORMAT     text (default) or markdown, to paste into a post\n"
"  -q, --quiet         the figures alone: the table's rows (and with --vs\n"
"                      the verdict), no machine's lines, notes or legend\n"
"  --legend            the legend into a pipe too (default: on a terminal)\n"
"  --wide              every column, even on a narrow terminal\n"
"  --verbose           every flag, those that only inform too, and the\n"
"                      samples dropped\n"
"  --save, --db FILE|URL, --context KEY=VALUE|git|host: keep the results\n"
"                      in the results store, with their context, as run\n"
"  --allow-syscalls    let the snippet make system calls (refused by\n"
"                      default, as is starting processes)\n"
"  --allow-includes    let .include and .incbin read files (refused by\n"
"                      default: the snippet would read what you may)\n"
"  --quick, --cpu N, --repetitions N, --timeout SECONDS: as for run;\n"
"                      --timeout also bounds reading FILE and assembling\n"
"\n"
"Exit status: 0 measured, 1 the snippet faulted, made a refused system\n"
"call or timed out, 2 bad input (including a snippet that does not\n"
"assemble), 3 results not saved, 4 the store failed, 128+N stopped by\n"
"signal N.\n"
"cyclebench-asm(1) and docs/asm.md have the rest.\n";

int
asm_parse_args(int argc, char **argv, struct asm_args *a)
{
	static const struct option opts[] = {
		{ "latency", no_argument, NULL, 'L' },
		{ "intel", no_argument, NULL, 'I' },
		{ "init", required_argument, NULL, 'i' },
		{ "init-file", required_argument, NULL, 'n' },
		{ "file", required_argument, NULL, 'f' },
		{ "vs", required_argument, NULL, 'v' },
		{ "vs-file", required_argument, NULL, 'V' },
		{ "rounds", required_argument, NULL, 'R' },
		{ "unroll", required_argument, NULL, 'u' },
		{ "allow-syscalls", no_argument, NULL, 'Y' },
		{ "allow-includes", no_argument, NULL, 'N' },
		CLI_STYLE_OPTIONS,
		CLI_SAVE_OPTIONS,
		CLI_MEASURE_OPTIONS,
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct cli_output out[1];
	long v;
	int c, rc = 0, rounds = 0;

	a->mode = CB_THROUGHPUT;
	a->rounds = DEFAULT_ROUNDS;
	cb_options_default(&a->opts);
	opterr = 0;
	optind = 1;
	/* GNU getopt permutes: the snippet may come before --vs and the rest. */
	while (rc == 0 && (c = getopt_long(argc, argv, ":hqj:", opts,
	    NULL)) != -1) {
		switch (c) {
		case 'L':
			a->mode = CB_LATENCY;
			break;
		case 'I':
			if (!arch_has_intel_syntax)
				return (usage_error("asm", "--intel: there is "
				    "no Intel syntax for " ARCH_SNIPPET_ISA));
			a->intel = 1;
			break;
		case 'i':
			rc = source_set_text(&a->init, optarg, "init", "--init");
			break;
		case 'n':
			rc = source_set_file(&a->init, optarg, "--init");
			break;
		case 'f':
			rc = source_set_file(&a->body, optarg, "the snippet");
			break;
		case 'v':
			rc = source_set_text(&a->vs, optarg, "vs", "--vs");
			break;
		case 'V':
			rc = source_set_file(&a->vs, optarg, "--vs");
			break;
		case 'R':
			if (parse_long(optarg, AB_MIN_ROUNDS, AB_MAX_ROUNDS,
			    &v) != 0)
				return (usage_error("asm", "--rounds takes a "
				    "whole number from %d to %d, not '%s'",
				    AB_MIN_ROUNDS, AB_MAX_ROUNDS, optarg));
			a->rounds = (unsigned)v;
			rounds = 1;
			break;
		case 'u':
			if (parse_long(optarg, 1, SNIPPET_MAX_UNROLL, &v) != 0)
				return (usage_error("asm", "--unroll takes a "
				    "whole number from 1 to %d, not '%s'",
				    SNIPPET_MAX_UNROLL, optarg));
			a->unroll = (unsigned)v;
			break;
		case 'j':
		case 'S':
		case 'D':
		case 'x':
			rc = cli_save_option("asm", c, optarg, &a->out);
			break;
		case 'Y':
			a->allow_syscalls = 1;
			break;
		case 'N':
			a->allow_includes = 1;
			break;
		case 'h':
			fputs(asm_help, stdout);
			return (-1);
		case ':':
		case '?':
			return (bad_option("asm", c, argv, opts));
		case 'F':
		case 'W':
		case 'e':
		case 'q':
		case 'g':
			rc = cli_style_option("asm", c, optarg,
			    &report_table_reporter, &a->style);
			break;
		default:
			rc = cli_measure_option("asm", c, optarg, &a->opts);
			rc = rc > 0 ? rc : 0;
		}
	}
	if (rc != 0)
		return (rc);
	if (optind < argc)
		rc = source_set_text(&a->body, argv[optind++], "snippet",
		    "the snippet");
	if (rc != 0)
		return (rc);
	if (optind < argc)
		return (usage_error("asm", "one snippet at a time: quote it "
		    "whole, with ';' between statements ('%s' is extra)",
		    argv[optind]));
	if (a->body.text == NULL && a->body.path == NULL)
		return (usage_error("asm", "no snippet: give one, quoted, or "
		    "--file FILE"));
	/* One snippet alone: exactly that many rounds, as run --rounds. */
	if (rounds && a->vs.text == NULL && a->vs.path == NULL)
		a->opts.rounds = a->rounds;
	if ((rc = cli_save_check("asm", &a->out)) != 0 ||
	    (rc = cli_style_check("asm", &a->style)) != 0)
		return (rc);
	a->out.quiet = a->style.quiet;
	out[0] = (struct cli_output){ "--json", a->out.json };
	if ((rc = check_outputs(out, 1, (char *const[]){ (char *)a->body.path,
	    (char *)a->init.path, (char *)a->vs.path }, 3)) != 0 ||
	    (a->out.save && (rc = check_store(out, 1, a->out.db)) != 0))
		return (rc);
	if ((rc = source_read(&a->body, a->opts.timeout)) != 0 ||
	    (rc = source_read(&a->init, a->opts.timeout)) != 0 ||
	    (rc = source_read(&a->vs, a->opts.timeout)) != 0)
		return (rc);
	return (0);
}

/* Its title: a file by its name, text on one line. */
static void
title_of(const struct source *s, char *buf, size_t len)
{
	char *copy;

	if (s->path == NULL) {
		snippet_title(s->text, s->len, buf, len);
		return;
	}
	copy = strdup(s->label);
	snprintf(buf, len, "%s", copy != NULL ? basename(copy) : s->label);
	free(copy);
}

static struct snippet *
prepare(const struct asm_args *a, const struct source *body)
{
	struct snippet_spec spec;
	struct snippet *s;
	char title[64], err[4096], warn[4096];

	title_of(body, title, sizeof(title));
	memset(&spec, 0, sizeof(spec));
	spec.title = title;
	spec.body = body->text;
	spec.body_len = body->len;
	spec.body_label = body->label;
	spec.init = a->init.text;
	spec.init_len = a->init.len;
	spec.init_label = a->init.label;
	spec.intel = a->intel;
	spec.unroll = a->unroll;
	spec.mode = a->mode;
	spec.allow_syscalls = a->allow_syscalls;
	spec.allow_includes = a->allow_includes;
	spec.timeout = a->opts.timeout;
	if (snippet_prepare(&spec, &s, err, sizeof(err), warn,
	    sizeof(warn)) != 0) {
		term_eprintf("cyclebench: %s\n", err);
		return (NULL);
	}
	if (warn[0] != '\0')
		term_eprintf("cyclebench: %s\n", warn);
	return (s);
}

static const char *
plural(size_t n, const char *one, const char *many)
{
	return (n == 1 ? one : many);
}

/* What was run, so the number can be read for what it is. */
static void
describe(FILE *fp, const char *who, const struct snippet *s, int latency)
{
	char note[256];

	term_fprintf(fp, "%s%s: %zu %s", who, s->bench.name, s->body.len,
	    plural(s->body.len, "byte", "bytes"));
	if (s->body.ninsns > 0)
		fprintf(fp, ", %zu %s", s->body.ninsns,
		    plural(s->body.ninsns, "instruction", "instructions"));
	fprintf(fp, ", %u %s per loop iteration", s->unroll,
	    plural(s->unroll, "copy", "copies"));
	if (s->init.len > 0)
		fprintf(fp, "; init %zu %s", s->init.len,
		    plural(s->init.len, "byte", "bytes"));
	if (snippet_chain_note(s, latency, note, sizeof(note))[0] != '\0')
		fprintf(fp, "\n    %s", note);
	fprintf(fp, "\n");
}

/* The table's stream: standard error when the JSON takes standard output. */
static FILE *
table_stream(const struct asm_args *a)
{
	return (a->out.json != NULL && strcmp(a->out.json, "-") == 0 ? stderr :
	    stdout);
}

/* ab_measure's report after each of A's and B's measurements. */
static void
progress(unsigned done, unsigned total, void *arg)
{
	struct progress *p = arg;

	p->total = total;
	if (done < total)
		progress_step(p, done, "interleaved A/B measurements");
	else
		progress_end(p);
}

static int
save(const struct asm_args *a, const struct cb_result *r, size_t n,
    int argc, char **argv)
{
	char *doc;
	size_t len;
	int rc;

	if (a->out.json == NULL && !a->out.save)
		return (0);
	if (report_api_render(r, n, argc, argv, &a->out.ctx, &doc,
	    &len) != 0) {
		term_eprintf("cyclebench: cannot save the results: out of "
		    "memory\n");
		return (EXIT_OUTPUT);
	}
	rc = cli_save_document(&a->out, doc, len);
	free(doc);
	return (rc);
}

/* Under a snippet's description: the clock its witness converted it to. */
static void
clock_note(FILE *fp, const struct cb_result *r)
{
	if (r->flags & CB_FLAG_CLOCK_SLOWED)
		fprintf(fp, "    the core clock ran %.1f%% slower under this "
		    "code than around it (clock-slowed): cycles are under the "
		    "clock a one-cycle chain beside it read\n",
		    (1 - 1 / snippet_witness_reading(r)) * 100);
}

static int
run_one(const struct asm_args *a, struct snippet *s, int argc, char **argv)
{
	struct cb_result r;
	int status, rc;

	status = cb_measure(&s->bench, &a->opts, &r) == CB_ERROR ?
	    EXIT_BENCH_ERROR : 0;
	snippet_witness_measure(s, &a->opts, &r);
	report_print_results(table_stream(a), &r, 1, &a->style);
	if (!a->style.quiet) {
		describe(table_stream(a), "\n", s, a->mode == CB_LATENCY);
		clock_note(table_stream(a), &r);
	}
	fflush(table_stream(a));
	if ((rc = save(a, &r, 1, argc, argv)) != 0)
		status = rc;
	cb_result_free(&r);
	return (status);
}

static int
run_vs(const struct asm_args *a, struct snippet *sa, struct snippet *sb,
    int argc, char **argv)
{
	struct cb_result both[2];
	struct progress prog;
	struct ab r;
	FILE *fp = table_stream(a);
	char verdict[512];
	double ea, eb;
	int status = 0, rc;

	progress_start(&prog, 2 * (size_t)a->rounds);
	prog.show = prog.show && !a->style.quiet;
	progress_step(&prog, 0, "interleaved A/B measurements");
	if (ab_measure(&sa->bench, &sb->bench, &a->opts, a->rounds, &r,
	    progress, &prog) != 0)
		status = EXIT_BENCH_ERROR;
	else {
		/*
		 * Each side under the clock it ran at: the paired differences
		 * of the converted round medians, or 512-bit code against
		 * narrower code would carry the clock's drop in its shift.
		 */
		ea = snippet_witness_measure(sa, &a->opts, &r.a);
		eb = snippet_witness_measure(sb, &a->opts, &r.b);
		if (((r.a.flags | r.b.flags) & CB_FLAG_CLOCK_SLOWED) &&
		    ab_shift(&r, ea, eb) != 0)
			status = EXIT_BENCH_ERROR;
	}
	if (status == 0) {
		cb_result_extra(&r.a, "rounds", r.rounds);
		cb_result_extra(&r.a, "minus_b", r.shift);
		cb_result_extra(&r.a, "minus_b_ci95_low", r.lo);
		cb_result_extra(&r.a, "minus_b_ci95_high", r.hi);
	}
	progress_end(&prog);
	both[0] = r.a;
	both[1] = r.b;
	report_print_results(fp, both, 2, &a->style);
	if (!a->style.quiet) {
		describe(fp, "\nA = ", sa, a->mode == CB_LATENCY);
		clock_note(fp, &r.a);
		describe(fp, "B = ", sb, a->mode == CB_LATENCY);
		clock_note(fp, &r.b);
	}
	if (status == 0) {
		ab_verdict(&r, verdict, sizeof(verdict));
		fprintf(fp, "%s%s\n", a->style.quiet ? "" : "\n", verdict);
	}
	if (status == 0 && !a->style.quiet)
		fprintf(fp, "(Hodges-Lehmann shift of the differences of paired "
		    "round medians, Wilcoxon\nsigned-rank interval%s; the rows "
		    "above are each side over all its rounds.)\n",
		    (r.a.flags | r.b.flags) & CB_FLAG_CLOCK_SLOWED ?
		    " widened by the clock witness's error,\nin quadrature" :
		    "");
	fflush(fp);
	if ((rc = save(a, both, 2, argc, argv)) != 0)
		status = rc;
	ab_free(&r);
	return (status);
}

/* What the snippet left running, killed: we adopted its orphans. */
static void
reap_leftovers(void)
{
	int n;

	if ((n = sandbox_kill_children(SNIPPET_REAP_SECONDS)) > 0)
		term_eprintf("cyclebench: killed %d %s the snippet left "
		    "running\n", n, plural((size_t)n, "process", "processes"));
	else if (n < 0)
		term_eprintf("cyclebench: processes the snippet started "
		    "were still running after %g s of killing them\n",
		    SNIPPET_REAP_SECONDS);
}

int
cmd_asm(int argc, char **argv)
{
	struct asm_args a;
	struct snippet *sa = NULL, *sb = NULL;
	char **typed;
	int rc;

	memset(&a, 0, sizeof(a));
	/* getopt_long permutes argv; the results keep it as it was typed. */
	if ((typed = calloc((size_t)argc + 2, sizeof(char *))) == NULL) {
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_BENCH_ERROR);
	}
	typed[0] = "cyclebench";
	memcpy(typed + 1, argv, (size_t)argc * sizeof(char *));
	/* Ctrl-C while a snippet is read, assembled or measured. */
	cli_catch_stop_signals();
	(void)sandbox_adopt_orphans();
	if ((rc = asm_parse_args(argc, argv, &a)) != 0) {
		rc = rc < 0 ? 0 : rc;
		goto out;
	}
	rc = EXIT_USAGE;
	if ((sa = prepare(&a, &a.body)) == NULL ||
	    (a.vs.text != NULL && (sb = prepare(&a, &a.vs)) == NULL))
		goto out;
	if ((rc = cli_save_prepare("asm", &a.out)) != 0)
		goto out;
	rc = sb != NULL ? run_vs(&a, sa, sb, argc + 1, typed) :
	    run_one(&a, sa, argc + 1, typed);
	reap_leftovers();
out:
	if (cb_interrupted()) {
		term_eprintf("cyclebench: interrupted by SIG%s\n",
		    sigabbrev_np(cli_stop_signal()));
		rc = EXIT_SIGNAL + cli_stop_signal();
	}
	cli_save_free(&a.out);
	free(typed);
	snippet_free(sa);
	snippet_free(sb);
	free(a.body.owned);
	free(a.init.owned);
	free(a.vs.owned);
	return (rc);
}
