/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz target: the printing paths, given text from outside, must print
 * no control character a terminal could obey.  The input is fields split
 * at NUL bytes: a benchmark's name (what asm makes of its snippet), a
 * parameter's key and value, a failure's reason, the CPU's brand, a
 * context value and a label.  They go, as results held in memory,
 * through the run table in every format; written as a results file and
 * read back, through compare in every format; as a command's name,
 * through impact's report.  Every output, captured, must pass
 * term_safe (util/scrub.h) as lines, or the target aborts.  Argument
 * words echoed by the parsers are fuzz_cli's, which checks the same.
 */
#include <sys/mman.h>

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "impact/impact.h"
#include "report/compare_out.h"
#include "report/impact_out.h"
#include "report/report.h"
#include "results/context.h"
#include "results/results.h"
#include "results/results_write.h"
#include "util/scrub.h"
#include "verdict/compare.h"

#define NFIELDS	7

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const enum report_format formats[] = { REPORT_TEXT,
    REPORT_MARKDOWN, REPORT_CSV, REPORT_JSON, REPORT_GITHUB };
#define NFORMATS	(sizeof(formats) / sizeof(formats[0]))

/* What draw wrote, checked: a control character aborts. */
static void
check(char *buf, size_t len)
{

	if (buf != NULL && !term_safe(buf, len, 1)) {
		fprintf(stderr, "fuzz_print: a control character got out:\n");
		fwrite(buf, 1, len, stderr);
		abort();
	}
	free(buf);
}

/* Render data with rep in format f into memory, and check it. */
static void
draw(const struct reporter *rep, const void *data, enum report_format f)
{
	struct report_style st = { .format = f };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	if (rep->render[f] == NULL)
		return;
	if ((fp = open_memstream(&buf, &len)) == NULL)
		abort();
	report_render(rep, fp, data, &st);
	fclose(fp);
	check(buf, len);
}

static void
body(uint64_t iters, void *ctx)
{

	(void)iters;
	(void)ctx;
}

/* An ok result with five samples in one round, and a failed one. */
static void
results_of(struct cb_bench *b, struct cb_result r[2], const char *reason)
{
	static double samples[5] = { 2.9, 3.0, 3.0, 3.1, 3.2 };
	static double probe[5] = { 1, 1, 1, 1, 1 };
	static struct cb_round round = { .seconds = 0.01, .median = 3.0,
	    .contended = NAN, .imul_check = NAN, .nsamples = 5 };
	size_t i;

	memset(r, 0, 2 * sizeof(*r));
	for (i = 0; i < 2; i++) {
		r[i].bench = &b[i];
		r[i].cpu = 0;
		r[i].method = CB_CYCLES_CALIBRATED;
	}
	r[0].status = CB_OK;
	r[0].cycles = (struct cb_summary){ 2.9, 2.9, 3.0, 3.1, 3.2, 3.2, 3.04,
	    0.03, 2.95, 3.05 };
	r[0].ref = r[0].ns = r[0].cycles;
	r[0].samples = r[0].samples_ref = samples;
	r[0].probe = probe;
	r[0].nsamples = 5;
	r[0].rounds = &round;
	r[0].nrounds = 1;
	r[1].status = CB_ERROR;
	snprintf(r[1].reason, sizeof(r[1].reason), "%s", reason);
}

/* The results written as a file, read back and compared with themselves. */
static void
compare(const struct machine *m, const struct run_info *run,
    const struct cb_result *r, const char *label)
{
	static int fd = -1;
	static char path[64];
	const char *labels[2] = { label, "-" };
	struct rs_file two[2];
	struct cmp_table t;
	char *doc, err[512];
	size_t len, i;

	if (fd < 0) {
		if ((fd = memfd_create("results.json", 0)) < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (results_render(m, run, r, 2, &doc, &len) != 0)
		return;
	if (ftruncate(fd, 0) != 0 || pwrite(fd, doc, len, 0) != (ssize_t)len)
		abort();
	free(doc);
	if (rs_load(path, &two[0], err, sizeof(err)) != 0)
		return;
	two[1] = two[0];
	if (cmp_build(&t, two, 2, NULL, 0, labels, 0.01, err,
	    sizeof(err)) == 0) {
		for (i = 0; i < NFORMATS; i++)
			draw(&cmp_reporter, &t, formats[i]);
		cmp_free(&t);
	}
	rs_free(&two[0]);
}

/* impact's report on a command of that name which made 1000 of each. */
static void
impact_of(const char *name)
{
	char *argv[2] = { (char *)(uintptr_t)name, NULL };
	struct impact *im;
	size_t i;

	if ((im = calloc(1, sizeof(*im))) == NULL)
		abort();
	im->argv = argv;
	im->run.wall = 1;
	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		im->counts.c[i].available = 1;
		im->counts.c[i].value = 1000;
	}
	draw(&impact_reporter, im, REPORT_TEXT);
	free(im);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct machine m;
	static int read_once;
	const char *f[NFIELDS];
	struct cb_bench b[2];
	struct cb_result r[2];
	struct run_context ctx;
	struct run_info run;
	struct report_results d;
	char *text, *p, err[256];
	size_t i, n;

	if (!read_once) {
		machine_read(&m, "");
		read_once = 1;
	}
	if ((text = malloc(size + 1)) == NULL)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	for (p = text, n = 0; n < NFIELDS; n++) {
		f[n] = p;
		p += strlen(p);
		if (p < text + size)
			p++;	/* past the NUL that ends the field */
	}
	memset(b, 0, sizeof(b));
	for (i = 0; i < 2; i++) {
		b[i].name = f[0][0] != '\0' ? f[0] : "x";
		b[i].mode = i == 0 ? CB_THROUGHPUT : CB_LATENCY;
		b[i].ops = 1;
		b[i].body = body;
	}
	if (f[1][0] != '\0') {
		b[0].params[0].key = f[1];
		b[0].params[0].value = f[2];
	}
	results_of(b, r, f[3]);
	snprintf(m.cpu_brand, sizeof(m.cpu_brand), "%s", f[4]);
	memset(&ctx, 0, sizeof(ctx));
	context_set(&ctx, "commit", f[5], err, sizeof(err));
	memset(&run, 0, sizeof(run));
	snprintf(run.started_at, sizeof(run.started_at), "%s", f[5]);
	run.context = &ctx;
	d = (struct report_results){ &m, &run, r, 2 };
	for (i = 0; i < NFORMATS; i++) {
		draw(&report_run_reporter, &d, formats[i]);
		draw(&report_table_reporter, &d, formats[i]);
		draw(&report_csv_reporter, &d, formats[i]);
	}
	compare(&m, &run, r, f[6]);
	impact_of(f[0]);
	context_free(&ctx);
	free(text);
	return (0);
}
