/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The results files are read by other tools, so these tests read them
 * back the way a consumer would (jansson, a CSV field splitter) rather
 * than comparing against golden text.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "cyclebench.h"
#include "core/machine.h"
#include "core/names.h"
#include "report/report.h"
#include "results/atomic_file.h"

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

static void
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

static void
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

static void
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
static int
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

static char *
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

static int
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

static int
teardown_dir(void **state)
{
	struct fixture *f = *state;

	json_decref(f->doc);
	remove_tree(f->dir);
	free(f);
	return (0);
}

static int
setup_json(void **state)
{
	struct fixture *f;
	json_error_t jerr;
	char err[256];

	if (setup_dir(state) != 0)
		return (-1);
	f = *state;
	snprintf(f->path, sizeof(f->path), "%s/results.json", f->dir);
	if (results_write_file(f->path, &f->m, &f->run, f->r, NRESULTS, err,
	    sizeof(err)) != 0) {
		fprintf(stderr, "%s\n", err);
		return (-1);
	}
	f->doc = json_load_file(f->path, JSON_REJECT_DUPLICATES, &jerr);
	if (f->doc == NULL) {
		fprintf(stderr, "%s:%d: %s\n", f->path, jerr.line, jerr.text);
		return (-1);
	}
	return (0);
}

static json_t *
result_at(struct fixture *f, size_t i)
{
	json_t *a;

	a = json_object_get(f->doc, "results");
	assert_true(json_is_array(a));
	assert_int_equal(json_array_size(a), NRESULTS);
	return (json_array_get(a, i));
}

static void
assert_json_string(json_t *o, const char *key, const char *want)
{
	json_t *v;

	v = json_object_get(o, key);
	assert_true(json_is_string(v));
	assert_string_equal(json_string_value(v), want);
}

static void
assert_json_null(json_t *o, const char *key)
{
	json_t *v;

	v = json_object_get(o, key);
	assert_non_null(v);		/* present, not missing */
	assert_true(json_is_null(v));
}

static void
test_json_top_level(void **state)
{
	struct fixture *f = *state;
	json_t *v, *tool;

	v = json_object_get(f->doc, "schema_version");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), CB_SCHEMA_VERSION);
	tool = json_object_get(f->doc, "tool");
	assert_true(json_is_object(tool));
	assert_json_string(tool, "name", "cyclebench");
	assert_json_string(tool, "version", CB_VERSION);
	assert_json_string(f->doc, "format", CB_FORMAT_RESULTS);
	assert_int_equal(json_object_size(f->doc), 6);
}

static void
test_json_machine(void **state)
{
	static const char *const keys[] = { "cpu_vendor", "cpu_brand",
	    "cpu_family", "cpu_model", "cpu_stepping", "codename", "microcode",
	    "cpu_features", "ncpus", "reference_counter", "tsc_hz",
	    "tsc_source", "cycles_per_tick",
	    "cycle_method", "cycle_source", "imul_check", "os", "kernel",
	    "kernel_version", "arch", "mitigations", "hypervisor", "governor", "boost", "smt",
	    "aslr", "perf_counters", "perf_reason", "perf_event_paranoid",
	    "core_types" };
	struct fixture *f = *state;
	json_t *m, *v;
	size_t i;

	m = json_object_get(f->doc, "machine");
	assert_true(json_is_object(m));
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (json_object_get(m, keys[i]) == NULL)
			fail_msg("machine.%s missing", keys[i]);
	assert_int_equal(json_object_size(m), sizeof(keys) / sizeof(keys[0]));
	assert_json_string(m, "cpu_vendor", "AuthenticAMD");
	assert_json_string(m, "cpu_brand", "AMD Ryzen 9 7950X");
	assert_int_equal(json_integer_value(json_object_get(m, "cpu_family")),
	    25);
	assert_true(json_is_integer(json_object_get(m, "cpu_model")));
	assert_true(json_is_integer(json_object_get(m, "cpu_stepping")));
	assert_json_null(m, "codename");
	assert_json_null(m, "cycle_source");
	assert_json_null(m, "kernel_version");
	assert_json_null(m, "hypervisor");
	assert_json_null(m, "perf_reason");
	v = json_object_get(m, "tsc_hz");
	assert_true(json_is_real(v));
	assert_true(json_real_value(v) == f->m.ref_hz);
	v = json_object_get(m, "cycles_per_tick");
	assert_true(json_real_value(v) == f->m.cycles_per_tick);
	assert_json_string(m, "cycle_method", "counted");
	v = json_object_get(m, "cpu_features");
	assert_true(json_is_array(v));
	assert_int_equal(json_array_size(v), 2);
	assert_string_equal(json_string_value(json_array_get(v, 0)), "rdtscp");
	assert_string_equal(json_string_value(json_array_get(v, 1)), "avx");
	v = json_object_get(m, "mitigations");
	assert_true(json_is_object(v));
	assert_int_equal(json_object_size(v), 2);
	assert_json_string(v, "spectre_v2",
	    "Mitigation: Enhanced / Automatic IBRS");
	assert_json_null(m, "aslr");
	assert_true(json_is_true(json_object_get(m, "perf_counters")));
	v = json_object_get(m, "perf_event_paranoid");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), 2);
}

static void
test_json_run(void **state)
{
	struct fixture *f = *state;
	json_t *run, *argv;

	run = json_object_get(f->doc, "run");
	assert_json_string(run, "started_at", "2024-05-01T12:00:00Z");
	assert_true(json_is_false(json_object_get(run, "partial")));
	argv = json_object_get(run, "argv");
	assert_true(json_is_array(argv));
	assert_int_equal(json_array_size(argv), 5);
	assert_string_equal(json_string_value(json_array_get(argv, 1)), "run");
	/* An empty argument stays "", unlike an unknown machine field. */
	assert_string_equal(json_string_value(json_array_get(argv, 2)), "");
	/* Not UTF-8: repaired rather than failing the whole file. */
	assert_string_equal(json_string_value(json_array_get(argv, 3)), "?x");
	assert_string_equal(json_string_value(json_array_get(argv, 4)),
	    "caf\xc3\xa9");
}

/* A JSON type a consumer may find under a key of every result. */
enum jtype { J_STRING, J_OBJECT, J_ARRAY, J_INT, J_NUMBER, J_NULLABLE_STR,
    J_NULLABLE_OBJ, J_NULLABLE_NUM, J_NULLABLE_INT };

static const struct {
	const char	*key;
	enum jtype	 type;
} result_keys[] = {
	{ "name",		J_STRING },
	{ "group",		J_STRING },
	{ "params",		J_OBJECT },
	{ "mode",		J_STRING },
	{ "status",		J_STRING },
	{ "reason",		J_NULLABLE_STR },
	{ "method",		J_STRING },
	{ "cycles",		J_NULLABLE_OBJ },
	{ "tsc",		J_NULLABLE_OBJ },
	{ "ns",			J_NULLABLE_OBJ },
	{ "r2",			J_NULLABLE_NUM },
	{ "loop_overhead",	J_NULLABLE_NUM },
	{ "ratio_before",	J_NULLABLE_NUM },
	{ "ratio_after",	J_NULLABLE_NUM },
	{ "disturbed_samples",	J_INT },
	{ "cpu",		J_NULLABLE_INT },
	{ "core_type",		J_NULLABLE_STR },
	{ "seconds",		J_NULLABLE_NUM },
	{ "samples",		J_ARRAY },
	{ "probe",		J_ARRAY },
	{ "rounds",		J_ARRAY },
	{ "estimate",		J_NULLABLE_OBJ },
	{ "levels",		J_ARRAY },
	{ "flags",		J_ARRAY },
	{ "extras",		J_OBJECT },
};

static int
has_type(json_t *v, enum jtype t)
{

	switch (t) {
	case J_STRING:		return (json_is_string(v));
	case J_OBJECT:		return (json_is_object(v));
	case J_ARRAY:		return (json_is_array(v));
	case J_INT:		return (json_is_integer(v));
	case J_NUMBER:		return (json_is_number(v));
	case J_NULLABLE_STR:	return (json_is_null(v) || json_is_string(v));
	case J_NULLABLE_OBJ:	return (json_is_null(v) || json_is_object(v));
	case J_NULLABLE_NUM:	return (json_is_null(v) || json_is_number(v));
	case J_NULLABLE_INT:	return (json_is_null(v) || json_is_integer(v));
	}
	return (0);
}

static void
test_json_result_keys(void **state)
{
	struct fixture *f = *state;
	json_t *res, *v;
	size_t i, k, extra;

	for (i = 0; i < NRESULTS; i++) {
		res = result_at(f, i);
		assert_true(json_is_object(res));
		for (k = 0; k < sizeof(result_keys) / sizeof(result_keys[0]);
		    k++) {
			v = json_object_get(res, result_keys[k].key);
			if (v == NULL || !has_type(v, result_keys[k].type))
				fail_msg("result %zu: bad or missing \"%s\"",
				    i, result_keys[k].key);
		}
		/* Three keys exist exactly for path results. */
		extra = f->r[i].bench->mode == CB_PATH ? 3 : 0;
		assert_int_equal(json_object_size(res),
		    sizeof(result_keys) / sizeof(result_keys[0]) + extra);
		assert_int_equal(json_object_get(res, "first_call") != NULL,
		    extra != 0);
		assert_int_equal(json_object_get(res, "batched") != NULL,
		    extra != 0);
		assert_int_equal(json_object_get(res, "histogram") != NULL,
		    extra != 0);
	}
	res = result_at(f, 0);
	assert_json_string(res, "name", "arith/imul");
	assert_json_string(res, "group", "arith");
	assert_json_string(res, "mode", "latency");
	assert_json_string(res, "status", "ok");
	assert_json_string(res, "method", "counted");
	assert_json_null(res, "reason");
	assert_int_equal(json_integer_value(json_object_get(res,
	    "disturbed_samples")), 2);
	assert_int_equal(json_integer_value(json_object_get(res, "cpu")), 3);
	assert_json_string(result_at(f, 1), "mode", "throughput");
	assert_json_string(result_at(f, 2), "group", "fork");
}

static void
test_json_params(void **state)
{
	struct fixture *f = *state;
	json_t *p, *v;

	p = json_object_get(result_at(f, 0), "params");
	assert_int_equal(json_object_size(p), 4);
	v = json_object_get(p, "width");
	assert_true(json_is_integer(v));
	assert_int_equal(json_integer_value(v), 64);
	v = json_object_get(p, "scale");
	assert_true(json_is_real(v));
	assert_true(json_real_value(v) == 1.5);
	assert_json_string(p, "reg", "r64");
	assert_json_string(p, "base", "0x10");
	/* A number written differently from JSON's spelling stays as it is. */
	p = json_object_get(result_at(f, 1), "params");
	assert_json_string(p, "pad", "007");
	assert_int_equal(json_object_size(json_object_get(result_at(f, 2),
	    "params")), 0);
}

static void
test_json_stats(void **state)
{
	static const char *const keys[] = { "min", "p10", "median", "p90",
	    "p99", "max", "mean", "cv", "ci95_low", "ci95_high" };
	struct fixture *f = *state;
	json_t *res, *c;
	size_t i;

	res = result_at(f, 0);
	c = json_object_get(res, "cycles");
	assert_int_equal(json_object_size(c), 10);
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		assert_non_null(json_object_get(c, keys[i]));
	assert_true(json_real_value(json_object_get(c, "median")) ==
	    f->r[0].cycles.median);
	/* NaN and infinity have no JSON spelling. */
	assert_json_null(c, "ci95_low");
	assert_json_null(json_object_get(res, "tsc"), "max");
	assert_true(json_real_value(json_object_get(json_object_get(res, "ns"),
	    "p99")) == f->r[0].ns.p99);
	/* The cast: on the x87 (i386) a constant has long double's precision. */
	assert_true(json_real_value(json_object_get(res, "r2")) ==
	    (double)0.9999);
}

static void
test_json_samples_exact(void **state)
{
	struct fixture *f = *state;
	json_t *s, *v;
	size_t i;

	s = json_object_get(result_at(f, 0), "samples");
	assert_int_equal(json_array_size(s), NSAMPLES);
	for (i = 0; i < NSAMPLES; i++) {
		v = json_array_get(s, i);
		if (isnan(samples[i])) {
			assert_true(json_is_null(v));
			continue;
		}
		assert_true(json_is_real(v));
		if (json_real_value(v) != samples[i])
			fail_msg("sample %zu: %.17g read back as %.17g", i,
			    samples[i], json_real_value(v));
	}
}

static void
test_json_flags(void **state)
{
	struct fixture *f = *state;
	json_t *a;

	a = json_object_get(result_at(f, 0), "flags");
	assert_int_equal(json_array_size(a), 2);
	assert_string_equal(json_string_value(json_array_get(a, 0)),
	    "poor-fit");
	assert_string_equal(json_string_value(json_array_get(a, 1)), "noisy");
	assert_int_equal(json_array_size(json_object_get(result_at(f, 1),
	    "flags")), 0);
}

static void
test_json_not_ok(void **state)
{
	struct fixture *f = *state;
	json_t *res;
	size_t i;

	for (i = 1; i < NRESULTS; i++) {
		res = result_at(f, i);
		assert_json_null(res, "cycles");
		assert_json_null(res, "tsc");
		assert_json_null(res, "ns");
		assert_json_null(res, "r2");
		assert_int_equal(json_array_size(json_object_get(res,
		    "samples")), 0);
	}
	res = result_at(f, 1);
	assert_json_string(res, "status", "skipped");
	assert_json_string(res, "reason", "requires avx512f");
	assert_json_null(res, "cpu");
	res = result_at(f, 2);
	assert_json_string(res, "status", "error");
	assert_json_string(res, "mode", "path");
	assert_json_string(res, "reason", "setup failed: \"fork\", errno 12");
	assert_json_null(res, "first_call");
	assert_json_null(res, "batched");
	assert_json_null(res, "seconds");
}

/* Split one CSV record the way RFC 4180 reads it; returns its end. */
static const char *
csv_record(const char *p, char fields[][128], int max, int *n)
{
	size_t len;
	int quoted;

	*n = 0;
	for (;;) {
		assert_true(*n < max);
		len = 0;
		quoted = *p == '"';
		if (quoted)
			p++;
		for (;;) {
			if (quoted && p[0] == '"' && p[1] == '"')
				p++;
			else if (quoted && *p == '"') {
				p++;
				quoted = 0;
				continue;
			} else if (!quoted && (*p == ',' || *p == '\r'))
				break;
			assert_true(*p != '\0');
			assert_true(len < 127);
			fields[*n][len++] = *p++;
		}
		fields[(*n)++][len] = '\0';
		if (*p == '\r') {
			assert_int_equal(p[1], '\n');
			return (p + 2);
		}
		p++;
	}
}

static void
test_csv(void **state)
{
	struct fixture *f = *state;
	char fields[32][128], err[256], *buf;
	const char *p;
	int n, rows;

	snprintf(f->path, sizeof(f->path), "%s/results.csv", f->dir);
	assert_int_equal(report_csv_write(f->path, &f->m, &f->run, f->r, NRESULTS, err,
	    sizeof(err)), 0);
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

static void
test_atomic_missing_dir(void **state)
{
	struct fixture *f = *state;
	struct stat st;
	char err[512];

	snprintf(f->path, sizeof(f->path), "%s/nope/results.json", f->dir);
	err[0] = '\0';
	assert_int_equal(results_write_file(f->path, &f->m, &f->run, f->r,
	    NRESULTS, err, sizeof(err)), -1);
	assert_non_null(strstr(err, f->path));
	assert_non_null(strstr(err, strerror(ENOENT)));
	assert_int_equal(stat(f->path, &st), -1);
	assert_int_equal(errno, ENOENT);
}

static void
test_atomic_readonly_dir(void **state)
{
	struct fixture *f = *state;
	char err[512], names[256], *buf;

	/* Permission bits do not stop root, so nothing would fail. */
	if (geteuid() == 0)
		skip();
	snprintf(f->path, sizeof(f->path), "%s/results.csv", f->dir);
	assert_int_equal(atomic_write_file(f->path, "old\n", 4, err,
	    sizeof(err)), 0);
	assert_int_equal(chmod(f->dir, 0555), 0);
	assert_int_equal(report_csv_write(f->path, &f->m, &f->run, f->r, NRESULTS, err,
	    sizeof(err)), -1);
	assert_int_equal(chmod(f->dir, 0755), 0);
	assert_non_null(strstr(err, f->path));
	assert_non_null(strstr(err, strerror(EACCES)));
	buf = slurp(f->path, NULL);
	assert_string_equal(buf, "old\n");
	free(buf);
	assert_int_equal(count_entries(f->dir, names, sizeof(names)), 1);
}

static void
test_atomic_replace(void **state)
{
	struct fixture *f = *state;
	struct stat st;
	char err[512], names[256], *buf;
	size_t len;

	snprintf(f->path, sizeof(f->path), "%s/out.txt", f->dir);
	assert_int_equal(atomic_write_file(f->path, "old contents\n", 13, err,
	    sizeof(err)), 0);
	assert_int_equal(chmod(f->path, 0640), 0);
	assert_int_equal(atomic_write_file(f->path, "new\0x", 5, err,
	    sizeof(err)), 0);
	buf = slurp(f->path, &len);
	assert_int_equal(len, 5);
	assert_memory_equal(buf, "new\0x", 5);
	free(buf);
	/* Replacing a file must not quietly change who may read it. */
	assert_int_equal(stat(f->path, &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	if (count_entries(f->dir, names, sizeof(names)) != 1)
		fail_msg("leftover files: %s", names);

	assert_int_equal(atomic_write_file(f->path, "", 0, err, sizeof(err)),
	    0);
	assert_int_equal(stat(f->path, &st), 0);
	assert_int_equal(st.st_size, 0);
}

/* A failure after the temporary file exists must clean it up. */
static void
test_atomic_onto_directory(void **state)
{
	struct fixture *f = *state;
	char err[512], names[256];

	snprintf(f->path, sizeof(f->path), "%s/sub", f->dir);
	assert_int_equal(mkdir(f->path, 0755), 0);
	assert_int_equal(atomic_write_file(f->path, "x", 1, err, sizeof(err)),
	    -1);
	assert_non_null(strstr(err, f->path));
	if (count_entries(f->dir, names, sizeof(names)) != 1)
		fail_msg("leftover files: %s", names);
	assert_int_equal(atomic_write_file("", "x", 1, err, sizeof(err)), -1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_json_top_level,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_machine,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_run,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_result_keys,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_params,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_stats,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_samples_exact,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_flags,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_json_not_ok,
		    setup_json, teardown_dir),
		cmocka_unit_test_setup_teardown(test_csv,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_missing_dir,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_readonly_dir,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_replace,
		    setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_onto_directory,
		    setup_dir, teardown_dir),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
