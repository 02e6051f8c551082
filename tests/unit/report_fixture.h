/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A run to write as results files in cmocka tests: a machine, a run and
 * three results (ok with hostile leftovers, skipped, failed) with values
 * a careless writer would get wrong, and a temporary directory to write
 * them in (setup_dir, teardown_dir).  Include after <cmocka.h>.
 */
#ifndef CB_TEST_REPORT_FIXTURE_H
#define CB_TEST_REPORT_FIXTURE_H

#include <sys/stat.h>

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cyclebench.h"
#include "core/machine.h"

#define NRESULTS	3

static const struct cb_bench bench_ok = {
	.name = "arith/imul",
	.mode = CB_LATENCY,
	.ops = 100,
	.params = {
		{ "width", "64" },
		{ "reg", "r64" },
		{ "scale", "1.5" },
		{ "base", "0x10" },
	},
};

static const struct cb_bench bench_skip = {
	.name = "avx512/vpaddd",
	.mode = CB_THROUGHPUT,
	.params = { { "pad", "007" } },
};

static const struct cb_bench bench_err = {
	.name = "fork",			/* no '/': the group is the name */
	.mode = CB_PATH,
};

/* Values that a %.15g writer would not bring back bit for bit. */
static double samples[] = {
	1.0, 1.0000000000000002, 0.30000000000000004, 3.0 / 7.0, 1e-300,
	12345.678901234567, NAN
};
#define NSAMPLES	(sizeof(samples) / sizeof(samples[0]))

static char *run_argv[] = { "cyclebench", "run", "", "\xffx", "caf\xc3\xa9" };

struct fixture {
	char		 dir[64];
	char		 path[128];
	struct machine	 m;
	struct run_info	 run;
	struct cb_result r[NRESULTS];
	json_t		*doc;
};

static inline void
fill_summary(struct cb_summary *s, double base)
{

	s->min = base;
	s->p10 = base * 1.01;
	s->median = base * 1.02;
	s->p90 = base * 1.03;
	s->p99 = base * 1.04;
	s->max = base * 1.05;
	s->mean = base * 1.025;
	s->cv = 0.01;
	s->ci95_low = base * 1.015;
	s->ci95_high = base * 1.025;
}

static inline void
fill_fixture(struct fixture *f)
{
	struct machine *m = &f->m;
	struct cb_result *r = f->r;

	memset(m, 0, sizeof(*m));
	snprintf(m->cpu_vendor, sizeof(m->cpu_vendor), "AuthenticAMD");
	snprintf(m->cpu_brand, sizeof(m->cpu_brand), "AMD Ryzen 9 7950X");
	m->cpu_family = 25;
	m->cpu_model = 97;
	m->cpu_stepping = 2;
	snprintf(m->microcode, sizeof(m->microcode), "0xa601203");
	m->cpu_features = CB_CPU_RDTSCP | CB_CPU_AVX;
	m->ncpus = 32;
	m->ref_hz = 4491540000.0;
	snprintf(m->ref_source, sizeof(m->ref_source), "cpuid 0x15");
	m->cycles_per_tick = 1.1234567890123;
	m->cycle_method = CB_CYCLES_COUNTED;
	snprintf(m->os, sizeof(m->os), "Linux");
	snprintf(m->kernel, sizeof(m->kernel), "6.8.0");
	snprintf(m->arch, sizeof(m->arch), "x86_64");
	snprintf(m->mitigations[0].name, sizeof(m->mitigations[0].name),
	    "spectre_v2");
	snprintf(m->mitigations[0].state, sizeof(m->mitigations[0].state),
	    "Mitigation: Enhanced / Automatic IBRS");
	snprintf(m->mitigations[1].name, sizeof(m->mitigations[1].name),
	    "meltdown");
	snprintf(m->mitigations[1].state, sizeof(m->mitigations[1].state),
	    "Not affected");
	m->nmitigations = 2;
	m->aslr = -1;
	m->perf_counters = 1;
	m->perf_paranoid = 2;

	memset(&f->run, 0, sizeof(f->run));
	snprintf(f->run.started_at, sizeof(f->run.started_at),
	    "2024-05-01T12:00:00Z");
	f->run.argc = sizeof(run_argv) / sizeof(run_argv[0]);
	f->run.argv = run_argv;

	memset(r, 0, sizeof(f->r));
	r[0].bench = &bench_ok;
	r[0].status = CB_OK;
	r[0].method = CB_CYCLES_COUNTED;
	fill_summary(&r[0].cycles, 3.0);
	fill_summary(&r[0].ref, 2.5);
	fill_summary(&r[0].ns, 0.7);
	r[0].cycles.ci95_low = NAN;
	r[0].ref.max = INFINITY;
	r[0].r2 = 0.9999;
	r[0].loop_overhead = 0.01;
	r[0].ratio_before = 1.2;
	r[0].ratio_after = 1.2001;
	r[0].disturbed = 2;
	r[0].flags = CB_FLAG_POOR_FIT | CB_FLAG_NOISY;
	r[0].cpu = 3;
	r[0].seconds = 0.25;
	r[0].nsamples = NSAMPLES;
	r[0].samples = samples;

	/* Leftover numbers that must not be written as measurements. */
	r[1].bench = &bench_skip;
	r[1].status = CB_SKIPPED;
	r[1].method = CB_CYCLES_CALIBRATED;
	snprintf(r[1].reason, sizeof(r[1].reason), "requires avx512f");
	fill_summary(&r[1].cycles, 0.0);
	r[1].r2 = 0.0;
	r[1].cpu = -1;
	r[1].nsamples = NSAMPLES;
	r[1].samples = samples;

	r[2].bench = &bench_err;
	r[2].status = CB_ERROR;
	r[2].method = CB_CYCLES_CALIBRATED;
	snprintf(r[2].reason, sizeof(r[2].reason),
	    "setup failed: \"fork\", errno 12");
	r[2].cpu = 0;
	r[2].seconds = NAN;
}

static inline void
remove_tree(const char *dir)
{
	char path[512];
	struct dirent *e;
	DIR *d;

	chmod(dir, 0755);
	d = opendir(dir);
	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (rmdir(path) != 0)
			unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

/* Names in dir other than . and .., joined with '/' for messages. */
static inline int
count_entries(const char *dir, char *names, size_t len)
{
	struct dirent *e;
	DIR *d;
	int n;

	names[0] = '\0';
	d = opendir(dir);
	assert_non_null(d);
	n = 0;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		n++;
		strncat(names, e->d_name, len - strlen(names) - 1);
		strncat(names, "/", len - strlen(names) - 1);
	}
	closedir(d);
	return (n);
}

static inline char *
slurp(const char *path, size_t *lenp)
{
	char *buf;
	size_t len;
	FILE *fp;
	long sz;

	fp = fopen(path, "rb");
	assert_non_null(fp);
	assert_int_equal(fseek(fp, 0, SEEK_END), 0);
	sz = ftell(fp);
	assert_true(sz >= 0);
	rewind(fp);
	buf = malloc((size_t)sz + 1);
	assert_non_null(buf);
	len = fread(buf, 1, (size_t)sz, fp);
	assert_int_equal(len, (size_t)sz);
	buf[len] = '\0';
	fclose(fp);
	if (lenp != NULL)
		*lenp = len;
	return (buf);
}

static inline int
setup_dir(void **state)
{
	struct fixture *f;
	const char *tmp;

	f = calloc(1, sizeof(*f));
	if (f == NULL)
		return (-1);
	tmp = getenv("TMPDIR");
	if (tmp == NULL || strlen(tmp) > 32)
		tmp = "/tmp";
	snprintf(f->dir, sizeof(f->dir), "%s/cbreport.XXXXXX", tmp);
	if (mkdtemp(f->dir) == NULL) {
		free(f);
		return (-1);
	}
	fill_fixture(f);
	*state = f;
	return (0);
}

static inline int
teardown_dir(void **state)
{
	struct fixture *f = *state;

	json_decref(f->doc);
	remove_tree(f->dir);
	free(f);
	return (0);
}

#endif
