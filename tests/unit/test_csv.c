/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/csv.c, the CSV results file (run --csv FILE):
 * read back the way a spreadsheet would (csv_read.h), one record of 25
 * fields per result under the header, the numbers of ok results only,
 * and every text a results file or the machine gave (names, parameters,
 * reasons, the CPU brand) coming back exactly, however hostile: commas,
 * quotes, line ends and the = + - @ a spreadsheet reads as a formula.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "report/report.h"

#include "csv_read.h"
#include "report_fixture.h"

#define NFIELDS	25

static void
test_csv(void **state)
{
	struct fixture *f = *state;
	char fields[32][CSV_FIELD], err[256], *buf;
	const char *p;
	int n, rows;

	snprintf(f->path, sizeof(f->path), "%s/results.csv", f->dir);
	assert_int_equal(report_csv_write(f->path, &f->m, &f->run, f->r,
	    NRESULTS, err, sizeof(err)), 0);
	buf = slurp(f->path, NULL);
	assert_ptr_equal(strstr(buf, "name,params,mode,status,reason,method,"
	    "cycles_min,cycles_p10,cycles_median,cycles_p90,cycles_mean,"
	    "cycles_cv,cycles_ci95_low,cycles_ci95_high,tsc_median,ns_median,"
	    "r2,disturbed_samples,flags,cycles_p99,cycles_max,samples,cpu,"
	    "cpu_brand,started_at\r\n"), buf);
	/* The quoting as the RFC spells it, not just as our reader takes it. */
	assert_non_null(strstr(buf,
	    ",\"setup failed: \"\"fork\"\", errno 12\","));

	rows = 0;
	for (p = buf; *p != '\0'; rows++) {
		p = csv_record(p, fields, 32, &n);
		assert_int_equal(n, 25);
		if (rows == 1) {
			assert_string_equal(fields[0], "arith/imul");
			assert_string_equal(fields[1],
			    "width=64;reg=r64;scale=1.5;base=0x10");
			assert_string_equal(fields[2], "latency");
			assert_string_equal(fields[3], "ok");
			assert_string_equal(fields[4], "");
			assert_string_equal(fields[5], "counted");
			assert_string_equal(fields[6], "3");
			assert_string_equal(fields[12], "");	/* NaN */
			assert_true(strtod(fields[8], NULL) ==
			    f->r[0].cycles.median);
			assert_string_equal(fields[17], "2");
			assert_string_equal(fields[18], "poor-fit|noisy");
			/* %.10g: ten significant digits */
			assert_true(fabs(strtod(fields[19], NULL) /
			    f->r[0].cycles.p99 - 1) < 1e-9);
			assert_true(fabs(strtod(fields[20], NULL) /
			    f->r[0].cycles.max - 1) < 1e-9);
			assert_true(strtoul(fields[21], NULL, 10) ==
			    f->r[0].nsamples);
			assert_string_equal(fields[23], "AMD Ryzen 9 7950X");
			assert_string_equal(fields[24], f->run.started_at);
		}
		if (rows == 2) {
			assert_string_equal(fields[3], "skipped");
			assert_string_equal(fields[4], "requires avx512f");
			/* Leftover zeros are not measurements. */
			assert_string_equal(fields[8], "");
			assert_string_equal(fields[16], "");
			assert_string_equal(fields[19], "");
			assert_string_equal(fields[21], "");
			assert_string_equal(fields[23], "AMD Ryzen 9 7950X");
		}
		if (rows == 3)
			assert_string_equal(fields[4],
			    "setup failed: \"fork\", errno 12");
	}
	assert_int_equal(rows, 1 + NRESULTS);
	free(buf);
}


/* A result whose every text is hostile, rendered into memory. */
static const struct cb_bench bench_hostile = {
	.name = "=HYPERLINK(\"x\"),@a\r\nb",
	.mode = CB_THROUGHPUT,
	.params = {
		{ "k,1", "v\"2" },
		{ "-a", "+b" },
	},
};

static char *
render(const struct machine *m, const struct run_info *run,
    const struct cb_result *r, size_t n)
{
	struct report_results d = { .m = m, .run = run, .r = r, .n = n };
	struct report_style st = { .format = REPORT_CSV };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp;

	fp = open_memstream(&buf, &len);
	assert_non_null(fp);
	assert_int_equal(report_render(&report_csv_reporter, fp, &d, &st), 0);
	assert_int_equal(fclose(fp), 0);
	return (buf);
}

static void
test_csv_hostile_text(void **state)
{
	struct fixture *f = *state;
	char fields[32][CSV_FIELD], *buf;
	struct cb_result r[2];
	const char *p;
	int n;

	memcpy(r, f->r, sizeof(r));
	r[0].bench = &bench_hostile;
	r[1].bench = NULL;		/* a result of no benchmark */
	r[1].cpu = -1;
	snprintf(r[1].reason, sizeof(r[1].reason), "said \"no\",\nthen -1");
	snprintf(f->m.cpu_brand, sizeof(f->m.cpu_brand), "+Brand, \"Q\"");
	buf = render(&f->m, &f->run, r, 2);

	p = csv_record(buf, fields, 32, &n);
	assert_int_equal(n, NFIELDS);
	p = csv_record(p, fields, 32, &n);
	assert_int_equal(n, NFIELDS);
	assert_string_equal(fields[0], bench_hostile.name);
	assert_string_equal(fields[1], "k,1=v\"2;-a=+b");
	assert_string_equal(fields[2], "throughput");
	assert_string_equal(fields[23], "+Brand, \"Q\"");
	/* The RFC's own quoting: a quote inside a quoted field is doubled. */
	assert_non_null(strstr(buf, "\"=HYPERLINK(\"\"x\"\"),@a\r\nb\","));
	p = csv_record(p, fields, 32, &n);
	assert_int_equal(n, NFIELDS);
	assert_string_equal(fields[0], "");
	assert_string_equal(fields[1], "");
	assert_string_equal(fields[2], "");
	assert_string_equal(fields[3], "skipped");
	assert_string_equal(fields[4], "said \"no\",\nthen -1");
	assert_string_equal(fields[22], "");	/* no CPU */
	assert_int_equal(*p, '\0');
	free(buf);
}

/* Without a machine or a run, their cells are empty, not invented. */
static void
test_csv_no_machine(void **state)
{
	struct fixture *f = *state;
	char fields[32][CSV_FIELD], *buf;
	const char *p;
	int n;

	buf = render(NULL, NULL, f->r, 1);
	p = csv_record(buf, fields, 32, &n);
	p = csv_record(p, fields, 32, &n);
	assert_int_equal(n, NFIELDS);
	assert_string_equal(fields[0], "arith/imul");
	assert_string_equal(fields[22], "3");
	assert_string_equal(fields[23], "");
	assert_string_equal(fields[24], "");
	assert_int_equal(*p, '\0');
	free(buf);
	/* No results: the header alone. */
	buf = render(NULL, NULL, f->r, 0);
	p = csv_record(buf, fields, 32, &n);
	assert_int_equal(n, NFIELDS);
	assert_int_equal(*p, '\0');
	free(buf);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_csv,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_csv_hostile_text,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_csv_no_machine,
		    setup_dir, teardown_dir),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
