/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for report/results_read.c: real results files load with
 * every figure intact, and each kind of broken file is refused with a
 * message naming the file and the place.  Fixtures and how they were
 * made: tests/fixtures/results/make-fixtures.py.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/results.h"

#define DIR	"tests/fixtures/results/"
#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

static void
test_load_real(void **state)
{
	struct rs_file f;
	char err[512];

	(void)state;
	assert_int_equal(rs_load(DIR "basic-cpu0.json", &f, err, sizeof(err)),
	    0);
	assert_int_equal(f.schema_version, 1);
	assert_string_equal(f.machine.cycle_method, "calibrated");
	assert_string_equal(f.machine.cpu_brand,
	    "Oxide Virtual Turin-like Processor");
	assert_string_equal(f.machine.microcode, "");	/* null */
	assert_string_equal(f.machine.hypervisor, "bhyve");
	assert_true(strstr(f.argv, "--cpu 0") != NULL);
	assert_int_equal(f.nresults, 6);
	assert_string_equal(f.results[1].name, "basic/imul-latency");
	assert_string_equal(f.results[1].key, "basic/imul-latency");
	assert_string_equal(f.results[1].params, "");
	assert_string_equal(f.results[1].mode, "latency");
	assert_true(f.results[1].ok);
	assert_int_equal(f.results[1].nsamples, 31);
	assert_true(fabs(f.results[1].cycles.median - 3) < 0.05);
	assert_true(isnan(f.results[1].first_call));
	assert_true(strstr(f.results[5].flags, "below-resolution") != NULL);
	rs_free(&f);
}

static void
test_load_synthetic(void **state)
{
	struct rs_file f;
	struct rs_result *r;
	char err[512];
	size_t i;

	(void)state;
	assert_int_equal(rs_load(DIR "synthetic.json", &f, err, sizeof(err)),
	    0);
	assert_string_equal(f.results[1].params, "user_pct=50");
	assert_string_equal(f.results[1].key, "fixture/old user_pct=50");
	for (i = 0; i < f.nresults; i++) {
		r = &f.results[i];
		if (strcmp(r->name, "fixture-path/getppid") == 0) {
			assert_string_equal(r->mode, "path");
			assert_int_equal(r->nsamples, 303);
			assert_true(r->first_call > 0);
		}
		if (strcmp(r->name, "fixture-path/skipped") == 0) {
			assert_false(r->ok);
			assert_string_equal(r->reason, "not on this kernel");
			assert_int_equal(r->nsamples, 0);
			assert_true(isnan(r->cycles.median));
		}
	}
	rs_free(&f);
}

/* Every refusal: the file, then what is wrong. */
static const struct {
	const char	*file;
	const char	*want;
} refusals[] = {
	{ "truncated.json",	"truncated.json:307:3: premature EOF (the file "
	    "ends early: truncated?)" },
	{ "malformed.json",	"malformed.json:3:33: " },
	{ "empty.json",		"empty.json: is empty, not a results file" },
	{ "",			"results/: is a directory" },
	{ "absent.json",	"absent.json: cannot open: No such file" },
	{ "not-results.json",	"not-results.json: not a cyclebench results "
	    "file: the top level is an array" },
	{ "no-version.json",	"no-version.json: not a cyclebench results "
	    "file: no \"schema_version\"" },
	{ "future.json",	"future.json: schema_version 3 is newer than "
	    "this cyclebench reads (2)" },
	{ "missing-key.json",	"missing-key.json: results[1]: missing key "
	    "\"samples\"" },
	{ "wrong-type.json",	"wrong-type.json: results[3].cycles: "
	    "\"median\" should be a number or null, not a string" },
	{ "bad-enum.json",	"bad-enum.json: results[0]: \"mode\" is "
	    "\"warp\", which schema_version 1 does not define" },
	{ "bad-sample.json",	"bad-sample.json: results[2].samples: element "
	    "5 should be a number or null, not a string" },
	{ "duplicate-key.json",	"duplicate-key.json:3:" },
};

static void
test_refusals(void **state)
{
	struct rs_file f;
	char err[512], path[256];
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(refusals); i++) {
		snprintf(path, sizeof(path), DIR "%s", refusals[i].file);
		err[0] = '\0';
		assert_int_equal(rs_load(path, &f, err, sizeof(err)), -1);
		if (strstr(err, refusals[i].want) == NULL) {
			print_error("%s: got \"%s\"\n", path, err);
			fail();
		}
		/* Nothing left to free: rs_free is safe and does nothing. */
		assert_null(f.root);
		assert_null(f.results);
	}
}

/* A sparse file over the limit is refused before anything is read. */
static void
test_too_large(void **state)
{
	char path[] = "/tmp/cb-huge-XXXXXX", err[512];
	struct rs_file f;
	int fd;

	(void)state;
	fd = mkstemp(path);
	assert_true(fd >= 0);
	assert_int_equal(ftruncate(fd, RS_MAX_BYTES + 1), 0);
	close(fd);
	assert_int_equal(rs_load(path, &f, err, sizeof(err)), -1);
	unlink(path);
	assert_non_null(strstr(err, "is 256 MB; results files over 256 MB "
	    "are refused"));
}

static void
test_short_brand(void **state)
{
	static const char *const cases[][2] = {
		{ "Intel(R) Core(TM) i7-8700K CPU @ 3.70GHz",
		  "Core i7-8700K" },
		{ "AMD Ryzen 9 7950X 16-Core Processor", "Ryzen 9 7950X" },
		{ "AMD EPYC 9654 96-Core Processor", "EPYC 9654" },
		{ "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz",
		  "Xeon Platinum 8375C" },
		{ "Oxide Virtual Turin-like Processor",
		  "Oxide Virtual Turin-like" },
		{ "Intel(R) Celeron(R) CPU", "Celeron" },
		{ "Processor", "Processor" },
		{ "", "unknown CPU" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(cases); i++) {
		rs_short_brand(cases[i][0], buf, sizeof(buf));
		assert_string_equal(buf, cases[i][1]);
	}
}

struct seen {
	size_t	 n, good, stop_at;
	int	 in_order;
	int	 readying;	/* ready_each was given */
	char	 readied[500];	/* by ready_each, in a worker */
};

/* Each file's own byte: workers never write the same one. */
static void
ready_each(struct rs_loaded *l, void *arg)
{
	struct seen *sn = arg;

	sn->readied[l->index]++;
}

static int
note_each(struct rs_loaded *l, void *arg)
{
	struct seen *sn = arg;

	sn->in_order &= l->index == sn->n;
	if (l->text != NULL) {
		sn->good++;
		sn->in_order &= l->f.nresults > 0 && l->len > 0 &&
		    sn->readied[l->index] == sn->readying;
	} else
		sn->in_order &= strstr(l->err, l->path) == l->err &&
		    sn->readied[l->index] == 0;
	rs_loaded_free(l);
	return (++sn->n == sn->stop_at ? 7 : 0);
}

/* Files come back in the order named, good or bad, however many
   workers read them, each good one readied once before; the caller can
   stop the reading. */
static void
test_load_each(void **state)
{
	static const char *const names[] = {
		DIR "rounds-cpu0.json", DIR "truncated.json",
		DIR "basic-cpu1.json", DIR "no-such-file.json",
		DIR "rounds-lfence.json",
	};
	char *paths[500];
	struct seen sn;
	size_t i;

	(void)state;
	for (i = 0; i < NELEM(paths); i++)
		paths[i] = (char *)names[i % NELEM(names)];
	memset(&sn, 0, sizeof(sn));
	sn.in_order = sn.readying = 1;
	assert_int_equal(rs_load_each(paths, NELEM(paths), ready_each,
	    note_each, &sn), 0);
	assert_int_equal(sn.n, NELEM(paths));
	assert_int_equal(sn.good, NELEM(paths) / NELEM(names) * 3);
	assert_true(sn.in_order);

	/* Stopped at the 123rd: nothing after it is handed over, and what
	   was read ahead is freed (the sanitizer build checks). */
	memset(&sn, 0, sizeof(sn));
	sn.in_order = 1;
	sn.stop_at = 123;
	assert_int_equal(rs_load_each(paths, NELEM(paths), NULL, note_each,
	    &sn), 7);
	assert_int_equal(sn.n, 123);
	assert_true(sn.in_order);

	memset(&sn, 0, sizeof(sn));
	assert_int_equal(rs_load_each(paths, 0, NULL, note_each, &sn), 0);
	assert_int_equal(sn.n, 0);
}

/* Documents in memory: each text handed over, or freed when the caller
   stops first (valgrind and the sanitizer build see a leak). */
static void
test_parse_each(void **state)
{
	char *names[300], *texts[300], err[512];
	size_t lens[300], i;
	struct seen sn;

	(void)state;
	for (i = 0; i < 300; i++) {
		names[i] = i % 3 == 1 ? "broken" : "run";
		if (i % 3 == 1) {
			texts[i] = strdup("{\"schema_version\": 2,");
			lens[i] = strlen(texts[i]);
		} else
			texts[i] = rs_read_file(DIR "rounds-cpu1.json",
			    &lens[i], err, sizeof(err));
		assert_non_null(texts[i]);
	}
	memset(&sn, 0, sizeof(sn));
	sn.in_order = 1;
	sn.stop_at = 20;
	assert_int_equal(rs_parse_each(names, texts, lens, 300, note_each,
	    &sn), 7);
	assert_int_equal(sn.n, 20);
	assert_int_equal(sn.good, 13);
	assert_true(sn.in_order);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_load_real),
		cmocka_unit_test(test_load_synthetic),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_too_large),
		cmocka_unit_test(test_short_brand),
		cmocka_unit_test(test_load_each),
		cmocka_unit_test(test_parse_each),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
