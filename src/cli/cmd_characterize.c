/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench characterize: the instruction table of this machine, from
 * llvm-exegesis's snippets (characterize/exegesis.h), each form timed in
 * the snippet sandbox like an `asm' snippet, in latency and throughput.
 *
 * Forms are measured in batches of CHARZ_BATCH rows, the rounds of a
 * batch interleaved as run's are; after the first batch, then every
 * CHARZ_CHECKPOINT_SECONDS or more (checkpoint_due) and on Ctrl-C, the
 * results so far are written, marked partial, to the checkpoint (--json
 * FILE, or characterize.partial.json in the cache directory), so that
 * Ctrl-C loses nothing, a kill a few minutes at most, and the next run
 * with the same forms resumes from there.  A form that faults, traps or
 * hangs ends in its own row.
 *
 * A batch's rounds span a second or two, and a stretch of the host's
 * (an SMT sibling slowing the reference chain, so the imul check reads
 * 2.92 and the row is recalibrated; or the body itself, seen by the
 * probe) can cover every round of its rows.  A row flagged so, or
 * miscalibrated, is measured once more after the last batch, minutes
 * later, and that measurement stands in its place where it is free of
 * those flags; else the first stays.
 */
#include <malloc.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "arch/arch.h"
#include "characterize/disasm.h"
#include "characterize/forms.h"
#include "characterize/charz_witness.h"
#include "cli/charz_doc.h"
#include "cli/charz_forms.h"
#include "cli/cli.h"
#include "util/time.h"
#include "cli/measure_opts.h"
#include "cli/parse.h"
#include "core/rounds.h"
#include "core/seams.h"
#include "os/sandbox.h"
#include "util/scrub.h"

#define CHARZ_BATCH	32		/* rows measured together */
#define CHARZ_CHECKPOINT_SECONDS 60.0	/* between checkpoints, at least */
#define CHARZ_CHECKPOINT_SHARE	0.02	/* of the time, the most they take */
#define CHARZ_TIMEOUT	10.0		/* seconds a form's child may take */
#define CHARZ_DISAGREEMENTS 20		/* llvm-mca's worst, listed */
#define CHARZ_REVISIT	(CB_FLAG_MISCALIBRATED | CB_FLAG_RECALIBRATED | \
			 CB_FLAG_CONTENDED)

static const char characterize_help[] =
"usage: cyclebench characterize [FILTER...] [options]\n"
"\n"
"Measures the latency and reciprocal throughput of every instruction form\n"
"llvm-exegesis (LLVM 16 or newer) writes a snippet for, in core cycles per\n"
"instruction, with the engine, rounds and sandbox of `asm'.  FILTER: an\n"
"LLVM opcode (ADD64rr), a class (" FORMS_CLASSES "),\n"
"or an extended regular expression over opcodes ('IMUL.*'); none: all.\n"
"\n"
"  --quick             one register form per mnemonic, unless FILTERs\n"
"                      name opcodes one by one\n"
"  --llvm N            use llvm-exegesis-N and llvm-mc-N (default: newest)\n"
"  --list              print the forms the filters select, and measure none\n"
"  --format FORMAT     text (default), markdown or csv\n"
"  -j, --json FILE     the results, one row per form and mode, with each\n"
"                      form's text; also the checkpoint a rerun resumes\n"
"  --restart           measure everything again, not resuming\n"
"  --new-snippets      ask llvm-exegesis for new snippets, not those kept\n"
"                      from the last run on this CPU and LLVM\n"
"  --no-mca            no llvm-mca column (default: llvm-mca-N's prediction\n"
"                      for this CPU's model beside each figure)\n"
"  --exegesis-yaml BASE  also write BASE-latency.yaml and\n"
"                      BASE-inverse_throughput.yaml, exegesis's own format\n"
"                      with the measurements filled in, for\n"
"                      llvm-exegesis -mode=analysis\n"
"  -q, --quiet         the table alone, without the line under it\n"
"  --save, --db FILE|URL, --context KEY=VALUE: keep the results in the\n"
"                      store, as run\n"
"  --cpu N, --repetitions N, --timeout SECONDS (a form's limit, default\n"
"                      10): as for run\n"
"\n"
"A form not measured says why: not on this CPU (SIGILL), privileged\n"
"(#GP), or what exegesis could not do.  docs/characterize.md has the\n"
"method and its limits.\n"
"\n"
"Exit status: 0 done, 2 bad input or no exegesis, 3 results not saved,\n"
"128+N stopped by signal N (what was measured is kept).\n";

int
charz_parse_args(int argc, char **argv, struct charz_args *a)
{
	static const struct option opts[] = {
		CLI_MEASURE_OPTIONS,
		CLI_SAVE_OPTIONS,
		{ "llvm", required_argument, NULL, 'L' },
		{ "format", required_argument, NULL, 'F' },
		{ "restart", no_argument, NULL, 'A' },
		{ "new-snippets", no_argument, NULL, 'N' },
		{ "list", no_argument, NULL, 'l' },
		{ "quiet", no_argument, NULL, 'Q' },
		{ "no-mca", no_argument, NULL, 'M' },
		{ "exegesis-yaml", required_argument, NULL, 'Y' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	long v;
	int c, rc = 0;

	cb_options_default(&a->opts);
	a->opts.timeout = CHARZ_TIMEOUT;
	optind = 1;
	while (rc == 0 && (c = getopt_long(argc, argv, "hj:q", opts, NULL)) !=
	    -1) {
		switch (c) {
		case 'L':
			if (parse_long(optarg, EXEGESIS_MIN_LLVM,
			    EXEGESIS_MAX_LLVM, &v) != 0)
				return (usage_error("characterize", "--llvm "
				    "takes a version from %d to %d, not '%s'",
				    EXEGESIS_MIN_LLVM, EXEGESIS_MAX_LLVM,
				    optarg));
			a->llvm = (int)v;
			break;
		case 'F':
			if (strcmp(optarg, "text") == 0)
				a->format = FORM_TEXT;
			else if (strcmp(optarg, "markdown") == 0)
				a->format = FORM_MARKDOWN;
			else if (strcmp(optarg, "csv") == 0)
				a->format = FORM_CSV;
			else
				return (usage_error("characterize", "--format "
				    "takes text, markdown or csv, not '%s'",
				    optarg));
			break;
		case 'A':
			a->restart = 1;
			break;
		case 'N':
			a->new_snippets = 1;
			break;
		case 'l':
			a->list = 1;
			break;
		case 'q':
		case 'Q':
			a->quiet = 1;
			break;
		case 'M':
			a->no_mca = 1;
			break;
		case 'Y':
			if (*optarg == '\0')
				return (usage_error("characterize",
				    "--exegesis-yaml takes a file name base"));
			a->yaml = optarg;
			break;
		case 'j':
		case 'S':
		case 'D':
		case 'x':
			rc = cli_save_option("characterize", c, optarg,
			    &a->out);
			break;
		case 'h':
			fputs(characterize_help, stdout);
			return (-1);
		case ':':
		case '?':
			return (bad_option("characterize", c, argv, opts));
		default:
			rc = cli_measure_option("characterize", c, optarg,
			    &a->opts);
			rc = rc > 0 ? rc : 0;
		}
	}
	if (rc != 0)
		return (rc);
	/*
	 * Every form gets run --quick's rounds: the fewest compare can test,
	 * short, which a whole table of some 28,000 rows needs to be done in
	 * half an hour; --quick takes fewer forms instead.
	 */
	a->subset = a->opts.quick;
	a->opts.quick = 1;
	a->filters = argv + optind;
	a->nfilters = (size_t)(argc - optind);
	return (cli_save_check("characterize", &a->out));
}

/* --json FILE, or the cache directory's checkpoint. */
static int
checkpoint_path(struct charz_args *a)
{
	char dir[4096];

	if (a->out.json != NULL && strcmp(a->out.json, "-") != 0) {
		snprintf(a->checkpoint, sizeof(a->checkpoint), "%s",
		    a->out.json);
		return (0);
	}
	if (charz_cache_dir(dir, sizeof(dir)) != 0 ||
	    (size_t)snprintf(a->checkpoint, sizeof(a->checkpoint),
	    "%s/characterize.partial.json", dir) >= sizeof(a->checkpoint))
		return (-1);	/* a path too long to be the checkpoint's */
	return (0);
}

/* A stretch the test build brings on (core/seams.h); none in the tool. */
static void
seam_stretch(struct cb_result *r, int again)
{
	int s;

	if (cb_seam_stretch == NULL || (s = cb_seam_stretch(again)) < 0)
		return;
	if (s > 0)
		r->flags |= CB_FLAG_MISCALIBRATED;
	else
		r->flags &= ~(unsigned)CHARZ_REVISIT;
}

/* A row measured in a bad stretch: again, after the last batch. */
static int
revisit_later(struct charz_run *cr, const struct charz_row *row, size_t at)
{
	struct charz_later *l;
	size_t cap;

	if (cr->nlater == cr->later_cap) {
		cap = cr->later_cap ? 2 * cr->later_cap : CHARZ_BATCH;
		if ((l = realloc(cr->later, cap * sizeof(*l))) == NULL)
			return (-1);
		cr->later = l;
		cr->later_cap = cap;
	}
	l = &cr->later[cr->nlater++];
	l->form = row->form;
	l->mode = row->mode;
	l->at = at;
	return (0);
}

/*
 * Measure rows[0..n-1] into the document: appended, or, revisiting
 * (slot not NULL), each in place of the row at slot[i] where it is free
 * of the flags that sent it back.
 */
static int
measure_batch(struct charz_run *cr, struct charz_row *rows, size_t n,
    const size_t *slot)
{
	const struct cb_bench *b[CHARZ_BATCH];
	struct cb_result r[CHARZ_BATCH], one;
	struct cb_bench stub[CHARZ_BATCH];
	size_t i, k = 0, at;
	json_t *part, *res, *all = json_object_get(cr->doc, "results");
	char head[64];
	int rc = 0;

	memset(r, 0, sizeof(r));
	(void)charz_prepare_all(rows, n, cr->a->opts.timeout);
	for (i = 0; i < n; i++)
		if (rows[i].s != NULL)
			b[k++] = &rows[i].s->bench;
	if (slot != NULL)
		snprintf(head, sizeof(head), "[again %zu/%zu] ", cr->again,
		    cr->nlater);
	else
		snprintf(head, sizeof(head), "[%zu/%zu forms] ", cr->done,
		    cr->total);
	progress_line(&cr->prog, head, cr->done, rows[0].name);
	if (k > 0) {
		rounds_run(b, k, &cr->a->opts, r, NULL, NULL);
		charz_witness(rows, n, r, &cr->a->opts);
	}
	for (i = 0, at = 0; i < n && rc == 0; i++) {
		if (rows[i].s != NULL) {
			one = r[at++];
			if (one.status != CB_OK)
				charz_why(one.reason, one.reason,
				    sizeof(one.reason));
			else
				seam_stretch(&one, slot != NULL);
		} else {
			memset(&one, 0, sizeof(one));
			memset(&stub[i], 0, sizeof(stub[i]));
			stub[i].name = rows[i].name;
			stub[i].mode = rows[i].mode;
			stub[i].params[0] = charz_mode_param(rows[i].mode);
			one.bench = &stub[i];
			one.status = CB_SKIPPED;
			snprintf(one.reason, sizeof(one.reason), "%s",
			    rows[i].why);
		}
		part = results_document(&cr->m, &cr->info, &one, 1);
		res = part != NULL ? json_array_get(json_object_get(part,
		    "results"), 0) : NULL;
		if (res == NULL || json_object_set_new(res, "form",
		    charz_form_json(&rows[i])) != 0 ||
		    (slot == NULL && json_array_append(all, res) != 0))
			rc = -1;
		else if (slot != NULL) {
			if (one.status == CB_OK && !(one.flags & CHARZ_REVISIT) &&
			    (rc = json_array_set(all, slot[i], res)) == 0)
				cr->replaced++;
		} else if (one.status == CB_OK && (one.flags & CHARZ_REVISIT))
			rc = revisit_later(cr, &rows[i], json_array_size(all) - 1);
		json_decref(part);
	}
	for (i = 0; i < k; i++)
		cb_result_free(&r[i]);
	for (i = 0; i < n; i++)
		charz_row_free(&rows[i]);
	if (slot == NULL)
		cr->done += n;
	return (rc);
}

/*
 * The document grows to some 200 MB over the whole table, and writing it
 * after every batch took longer than the batch: it is written after the
 * first batch, then once the longer of CHARZ_CHECKPOINT_SECONDS and the
 * time that keeps checkpoints to CHARZ_CHECKPOINT_SHARE of the run has
 * passed, and on Ctrl-C.  (Once a minute, the whole table's 30 took a
 * minute: 4 s each by its end, on the measuring path.)
 */
static void
checkpoint_due(struct charz_run *cr)
{
	double now = monotonic_seconds();

	if (cr->checkpointed != 0 && now - cr->checkpointed <
	    cr->checkpoint_gap)
		return;
	charz_checkpoint(cr, 1);
	cr->checkpointed = monotonic_seconds();
	cr->checkpoint_gap = fmax(CHARZ_CHECKPOINT_SECONDS,
	    (cr->checkpointed - now) / CHARZ_CHECKPOINT_SHARE);
}

/* The row of form f in `mode', to be measured. */
static void
row_of(struct charz_row *row, const struct form *f, enum cb_mode mode)
{
	memset(row, 0, sizeof(*row));
	row->form = f;
	row->mode = mode;
	row->snip = mode == CB_LATENCY ? &f->lat : &f->thr;
	snprintf(row->name, sizeof(row->name), "x86/%s", f->opcode);
}

/* The rows measured in a bad stretch, once more (CHARZ_REVISIT). */
static int
revisit(struct charz_run *cr)
{
	struct charz_row batch[CHARZ_BATCH];
	size_t slot[CHARZ_BATCH], n = 0;

	for (cr->again = 0; cr->again < cr->nlater && !cb_interrupted();
	    cr->again++) {
		row_of(&batch[n], cr->later[cr->again].form,
		    cr->later[cr->again].mode);
		slot[n] = cr->later[cr->again].at;
		if (++n == CHARZ_BATCH || cr->again + 1 == cr->nlater) {
			if (measure_batch(cr, batch, n, slot) != 0)
				return (-1);
			n = 0;
			checkpoint_due(cr);
		}
	}
	return (0);
}

/* Every row of every form, those of the checkpoint taken as they were. */
static int
measure_all(struct charz_run *cr, const struct forms *fs)
{
	struct charz_row batch[CHARZ_BATCH];
	json_t *prev;
	size_t i, n = 0;
	int m;

	cr->total = fs->n * 2;
	progress_start(&cr->prog, cr->total);
	for (i = 0; i < fs->n && !cb_interrupted(); i++) {
		for (m = 0; m < 2 && !cb_interrupted(); m++) {
			row_of(&batch[n], &fs->f[i], m == 0 ? CB_LATENCY :
			    CB_THROUGHPUT);
			prev = cr->old != NULL ? charz_earlier(cr->old,
			    batch[n].name, cb_mode_name(batch[n].mode)) : NULL;
			if (prev != NULL) {
				json_array_append(json_object_get(cr->doc,
				    "results"), prev);
				cr->done++;
				continue;
			}
			if (++n == CHARZ_BATCH) {
				if (measure_batch(cr, batch, n, NULL) != 0)
					return (-1);
				n = 0;
				checkpoint_due(cr);
			}
		}
	}
	if (n > 0 && !cb_interrupted() && measure_batch(cr, batch, n,
	    NULL) != 0)
		return (-1);
	if (revisit(cr) != 0)
		return (-1);
	progress_end(&cr->prog);
	return (0);
}

/* --list: a line a form, with what exegesis wrote for each mode. */
static void
list_forms(const struct forms *fs)
{
	const struct form *f;
	size_t i;

	for (i = 0; i < fs->n; i++) {
		f = &fs->f[i];
		term_printf("%-22s %-11s %-9s %-10s %s\n", f->opcode, f->cls,
		    f->lat.split != NULL && f->lat.split->att != NULL ?
		    (f->chained ? "chain" : "latency") : "-",
		    f->thr.split != NULL && f->thr.split->att != NULL ?
		    "throughput" : "-", f->thr.split != NULL &&
		    f->thr.split->att != NULL ? f->thr.split->body.insns[0].text :
		    f->lat.split != NULL && f->lat.split->att != NULL ?
		    f->lat.split->body.insns[0].text : "");
	}
	term_printf("%zu forms\n", fs->n);
}

/* Rows whose cycles are under the clock their witness read. */
static size_t
slowed_rows(json_t *doc)
{
	json_t *rows = json_object_get(doc, "results"), *flags;
	const char *f;
	size_t i, k, n = 0;

	for (i = 0; i < json_array_size(rows); i++) {
		flags = json_object_get(json_array_get(rows, i), "flags");
		for (k = 0; k < json_array_size(flags); k++)
			if ((f = json_string_value(json_array_get(flags,
			    k))) != NULL && strcmp(f, "clock-slowed") == 0)
				n++;
	}
	return (n);
}

static int
finish(struct charz_run *cr, int argc)
{
	FILE *fp = cr->a->out.json != NULL && strcmp(cr->a->out.json, "-") ==
	    0 ? stderr : stdout;
	char *buf, revisit_flags[64];
	size_t len, n, slowed;
	int rc = 0;

	(void)argc;
	charz_add_mca(cr);
	n = report_form_table(fp, cr->doc, cr->a->format);
	if (cr->a->format == FORM_TEXT && !cr->a->quiet)
		report_form_disagreements(fp, cr->doc, CHARZ_DISAGREEMENTS);
	if (cr->a->format == FORM_TEXT && !cr->a->quiet)
		fprintf(fp, "\n%zu forms; cycles per instruction, median "
		    "+- half its 95%% interval; n/m: not measured.\n", n);
	if (cr->a->format == FORM_TEXT && !cr->a->quiet &&
	    (slowed = slowed_rows(cr->doc)) > 0)
		fprintf(fp, "%zu rows ran at a lower core clock than the one "
		    "timed around them (clock-slowed): their cycles are under "
		    "the clock a one-cycle chain beside them read.\n", slowed);
	if (cr->a->format == FORM_TEXT && !cr->a->quiet && cr->nlater > 0)
		fprintf(fp, "%zu rows were measured while the host slowed the "
		    "reference chain or the body (%s) and again at the end: %zu "
		    "of them then without, and those figures stand.\n",
		    cr->nlater, cb_flags_string(CHARZ_REVISIT, revisit_flags,
		    sizeof(revisit_flags)), cr->replaced);
	if (cb_interrupted()) {
		charz_checkpoint(cr, 1);
		term_eprintf("cyclebench: interrupted: %zu of %zu rows kept in "
		    "%s; run the same command again to resume\n", cr->done,
		    cr->total, cr->a->checkpoint);
		return (0);
	}
	json_object_set_new(json_object_get(cr->doc, "run"), "partial",
	    json_false());
	if (results_dump(cr->doc, &buf, &len) != 0)
		return (EXIT_OUTPUT);
	if (cr->a->out.json != NULL || cr->a->out.save)
		rc = cli_save_document(&cr->a->out, buf, len);
	else
		unlink(cr->a->checkpoint);
	free(buf);
	n = (size_t)charz_write_yaml(cr);
	return (rc != 0 ? rc : (int)n);
}

int
cmd_characterize(int argc, char **argv)
{
	struct charz_args a;
	struct charz_run cr;
	struct xdocs lat = { 0 }, thr = { 0 };
	struct xsplit *ls = NULL, *ts = NULL;
	struct forms fs = { 0 };
	size_t i;
	int rc;

	memset(&a, 0, sizeof(a));
	memset(&cr, 0, sizeof(cr));
	cli_catch_stop_signals();
	(void)sandbox_adopt_orphans();
	if ((rc = charz_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
#ifndef ARCH_EXEGESIS_SCRATCH_CODE
	return (usage_error("characterize", "llvm-exegesis's snippets are "
	    "x86-64 code: characterize runs in an x86-64 build"));
#endif
	if (checkpoint_path(&a) != 0)
		return (usage_error("characterize", "no cache directory for "
		    "the checkpoint ($XDG_CACHE_HOME or $HOME): give --json "
		    "FILE"));
	machine_read(&cr.m, "");
	if ((rc = charz_make_forms(&a, &cr.m, &cr.tools, &lat, &thr, &ls, &ts,
	    &fs)) != 0)
		goto out;
	malloc_trim(0);
	if (fs.n == 0) {
		rc = usage_error("characterize", "no instruction form matches; "
		    "filters are opcodes (ADD64rr), classes (%s) or regular "
		    "expressions", FORMS_CLASSES);
		goto out;
	}
	if (a.list) {
		list_forms(&fs);
		rc = 0;
		goto out;
	}
	if ((rc = cli_save_prepare("characterize", &a.out)) != 0)
		goto out;
	cr.a = &a;
	cr.lat = &lat;
	cr.thr = &thr;
	utc_now(cr.info.started_at, sizeof(cr.info.started_at));
	cr.info.argc = argc;
	cr.info.argv = argv;
	cr.info.context = &a.out.ctx;
	cr.info.partial = 1;
	cr.old = charz_resume_from(&a, &cr.m);
	if (cr.old != NULL)
		term_eprintf("cyclebench: resuming from %s (--restart to "
		    "measure everything again)\n", a.checkpoint);
	if ((cr.doc = results_document(&cr.m, &cr.info, NULL, 0)) == NULL ||
	    measure_all(&cr, &fs) != 0) {
		term_eprintf("cyclebench: out of memory\n");
		rc = EXIT_BENCH_ERROR;
		goto out;
	}
	rc = finish(&cr, argc);
out:
	if (cb_interrupted())
		rc = 128 + cli_stop_signal();
	json_decref(cr.doc);
	json_decref(cr.old);
	free(cr.later);
	for (i = 0; ls != NULL && i < lat.n; i++)
		xsplit_free(&ls[i]);
	for (i = 0; ts != NULL && i < thr.n; i++)
		xsplit_free(&ts[i]);
	free(ls);
	free(ts);
	forms_free(&fs);
	xdocs_free(&lat);
	xdocs_free(&thr);
	cli_save_free(&a.out);
	return (rc);
}
