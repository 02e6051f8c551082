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
#include "report/report.h"

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

void
cb_print_results(FILE *fp, const struct cb_result *r, size_t n)
{
	report_table(fp, fingerprint(), r, n, NULL);
}

void
report_print_results(FILE *fp, const struct cb_result *r, size_t n,
    const struct report_style *st)
{
	report_table(fp, fingerprint(), r, n, st);
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
	return (report_json_render(fingerprint(), &run, r, n, buf, len));
}

int
cb_write_json(const char *path, const struct cb_result *r, size_t n,
    int argc, char **argv, char *err, size_t errlen)
{
	char *buf;
	size_t len;
	int rc;

	if (report_api_render(r, n, argc, argv, NULL, &buf, &len) != 0) {
		snprintf(err, errlen, "cannot write %s: out of memory", path);
		return (-1);
	}
	rc = atomic_write_file(path, buf, len, err, errlen);
	free(buf);
	return (rc);
}
