/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Fuzz target: a results file, as compare, report and impact read it.
 * The bytes are a file (a memfd, so the reader's own open, stat and size
 * checks run too); what loads is then compared with itself, printed in
 * every format, drawn as the HTML report, and priced as impact's costs,
 * so a value the reader lets through is followed to every place that
 * uses it.
 */
#include <sys/mman.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "impact/impact.h"
#include "verdict/compare.h"
#include "report/compare_out.h"
#include "report/html.h"
#include "report/impact_out.h"
#include "results/results.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static FILE *
null_out(void)
{
	static FILE *fp;

	if (fp == NULL && (fp = fopen("/dev/null", "w")) == NULL)
		abort();
	return (fp);
}

/* The bytes as a file named path; the same memfd every time. */
static const char *
as_file(const uint8_t *data, size_t size)
{
	static char path[64];
	static int fd = -1;

	if (fd < 0) {
		if ((fd = memfd_create("results.json", 0)) < 0)
			abort();
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	}
	if (ftruncate(fd, 0) != 0 ||
	    (size > 0 && pwrite(fd, data, size, 0) != (ssize_t)size))
		abort();
	return (path);
}

static void
compare_and_draw(const struct rs_file *f)
{
	static const enum report_format formats[] = { REPORT_TEXT,
	    REPORT_MARKDOWN, REPORT_CSV, REPORT_JSON };
	struct rs_file two[2];
	struct cmp_table t;
	char err[512];
	size_t i;

	if (cmp_build(&t, f, 1, NULL, 0, NULL, 0.01, err, sizeof(err)) == 0) {
		html_report(null_out(), f, 1, NULL);
		cmp_free(&t);
	}
	two[0] = two[1] = *f;
	if (cmp_build(&t, two, 2, NULL, 0, NULL, 0.01, err, sizeof(err)) != 0)
		return;
	for (i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		cmp_print(&t, formats[i], null_out());
	html_report(null_out(), two, 2, &t);
	cmp_free(&t);
}

/* As cmd_impact does after a command that made 1000 of every event. */
static void
price(const char *path)
{
	static char *argv[] = { "true", NULL };
	struct impact *im;
	char err[512];
	json_t *doc;
	size_t i;

	if ((im = calloc(1, sizeof(*im))) == NULL)
		abort();
	if ((doc = costs_load(path, &im->clock, err, sizeof(err))) != NULL) {
		im->argv = argv;
		im->run.wall = 1;
		for (i = 0; i < IMPACT_NCOUNTERS; i++) {
			im->counts.c[i].available = 1;
			im->counts.c[i].value = 1000;
		}
		for (i = 0; i < impact_nevents; i++)
			if (impact_wants_cost(im, i))
				costs_from_file(doc, path, &impact_events[i],
				    &im->cost[i]);
		impact_price_by_whatif(im);
		impact_report_text(null_out(), im);
		json_decref(doc);
	}
	free(im);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rs_file f;
	const char *path;
	char err[512];

	path = as_file(data, size);
	if (rs_load(path, &f, err, sizeof(err)) == 0) {
		compare_and_draw(&f);
		rs_free(&f);
	}
	price(path);
	return (0);
}
