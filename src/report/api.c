/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The public face of the reports: what a program built on the library
 * needs to print and save results exactly as the cyclebench command does,
 * with the same machine fingerprint.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cyclebench.h"
#include "core/clock.h"
#include "core/isolate.h"
#include "core/machine.h"
#include "core/measure_args.h"
#include "report/report.h"
#include "results/atomic_file.h"

static const struct machine *
fingerprint(void)
{
	static struct machine m;
	static int done;

	if (!done) {
		machine_read(&m, "");
		clock_describe(&m);
		done = 1;
	}
	return (&m);
}

const char *
cb_version(void)
{
	return (CB_VERSION);
}

void
cb_print_results(FILE *fp, const struct cb_result *r, size_t n)
{
	if (fp == NULL || (r == NULL && n > 0))
		return;
	report_print_results(fp, r, n, NULL);
}

void
report_print_results(FILE *fp, const struct cb_result *r, size_t n,
    const struct report_style *st)
{
	struct report_results d = { .m = fingerprint(), .r = r, .n = n };

	report_render(&report_table_reporter, fp, &d, st);
}

/* What the reader would refuse is not written: say which result. */
static int
writable(const struct cb_result *r, size_t n, char *err, size_t errlen)
{
	char why[CB_REASON_MAX];
	size_t i;

	for (i = 0; i < n; i++) {
		if (measure_args_check(r[i].bench, NULL, why,
		    sizeof(why)) != 0) {
			snprintf(err, errlen, "cannot write result %zu: %s", i,
			    why);
			return (-1);
		}
		if (r[i].status != CB_OK && r[i].status != CB_SKIPPED &&
		    r[i].status != CB_ERROR) {
			snprintf(err, errlen, "cannot write result %zu: status "
			    "%d is not a cb_status", i, (int)r[i].status);
			return (-1);
		}
	}
	return (0);
}

int
report_api_render(const struct cb_result *r, size_t n, int argc,
    char **argv, const struct run_context *ctx, char **buf, size_t *len)
{
	struct run_info run;
	struct tm tm;
	time_t t;

	memset(&run, 0, sizeof(run));
	t = isolate_first_measure();
	if (t == 0)
		t = time(NULL);
	gmtime_r(&t, &tm);
	strftime(run.started_at, sizeof(run.started_at), "%Y-%m-%dT%H:%M:%SZ",
	    &tm);
	run.argc = argv != NULL ? argc : 0;
	run.argv = argv;
	run.context = ctx;
	return (results_render(fingerprint(), &run, r, n, buf, len));
}

int
cb_write_json(const char *path, const struct cb_result *r, size_t n,
    int argc, char **argv, char *err, size_t errlen)
{
	char *buf, none[1];
	size_t len;
	int rc;

	if (err == NULL) {	/* the caller does not want to know why */
		err = none;
		errlen = sizeof(none);
	}
	if (path == NULL || (r == NULL && n > 0)) {
		snprintf(err, errlen, "cb_write_json: %s is NULL", path == NULL ?
		    "the path" : "the results");
		return (-1);
	}
	if (writable(r, n, err, errlen) != 0)
		return (-1);
	if (report_api_render(r, n, argc, argv, NULL, &buf, &len) != 0) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return (-1);
	}
	rc = atomic_write_file(path, buf, len, err, errlen);
	free(buf);
	return (rc);
}
