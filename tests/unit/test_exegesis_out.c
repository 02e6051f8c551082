/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/exegesis_out.c, exegesis's benchmark YAML
 * written back with measurements: what exegesis_parse reads back is the
 * documents written, measured ones only, with an empty error; the
 * measurement is exegesis's (value per instruction, per_snippet_value
 * per copy of the key); strings that need quoting survive; a file holds
 * one mode; and llvm-exegesis-16 -mode=analysis accepts the file (when
 * it is on PATH: the test says it skipped otherwise).
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
#include <sys/wait.h>
#include <unistd.h>

#include "characterize/exegesis.h"
#include "characterize/exegesis_out.h"

/* Two of LLVM 16's latency documents, as exegesis wrote them. */
static const char latency[] =
    "---\n"
    "mode:            latency\n"
    "key:\n"
    "  instructions:\n"
    "    - 'ADD64rr RCX RCX RAX'\n"
    "  config:          ''\n"
    "  register_initial_values:\n"
    "    - 'RCX=0x0'\n"
    "    - 'RAX=0x0'\n"
    "cpu_name:        skylake\n"
    "llvm_triple:     x86_64-pc-linux-gnu\n"
    "num_repetitions: 10000\n"
    "measurements:    []\n"
    "error:           actual measurements skipped.\n"
    "info:            Repeating a single implicitly serial instruction\n"
    "assembled_snippet: 48B9000000000000000048B80000000000000000"
    "4801C14801C14801C14801C1C3\n"
    "...\n"
    "---\n"
    "mode:            latency\n"
    "key:\n"
    "  instructions:\n"
    "    - 'IMUL64rr R15 R15 RSI'\n"
    "  config:          ''\n"
    "  register_initial_values:\n"
    "    - 'R15=0x0'\n"
    "    - 'RSI=0x0'\n"
    "cpu_name:        skylake\n"
    "llvm_triple:     x86_64-pc-linux-gnu\n"
    "num_repetitions: 10000\n"
    "measurements:    []\n"
    "error:           actual measurements skipped.\n"
    "info:            Repeating a single implicitly serial instruction\n"
    "assembled_snippet: 415749BF000000000000000048BE0000000000000000"
    "4C0FAFFE4C0FAFFE4C0FAFFE4C0FAFFE415FC3\n"
    "...\n";

/* A throughput document of three instructions. */
static const char throughput[] =
    "---\n"
    "mode:            inverse_throughput\n"
    "key:\n"
    "  instructions:\n"
    "    - 'ADD64rr R11 R11 RDI'\n"
    "    - 'ADD64rr R9 R9 RDX'\n"
    "    - 'ADD64rr RAX RAX R15'\n"
    "  config:          ''\n"
    "  register_initial_values:\n"
    "    - 'R11=0x0'\n"
    "    - 'RDI=0x0'\n"
    "cpu_name:        skylake\n"
    "llvm_triple:     x86_64-pc-linux-gnu\n"
    "num_repetitions: 10000\n"
    "measurements:    []\n"
    "error:           actual measurements skipped.\n"
    "info:            instruction has tied variables\n"
    "assembled_snippet: 4901FB4901D14C01F8C3\n"
    "...\n";

static void
parse(const char *text, const char *mode, struct xdocs *x)
{
	char err[256];

	memset(x, 0, sizeof(*x));
	if (exegesis_parse(text, strlen(text), mode, x, err,
	    sizeof(err)) != 0)
		fail_msg("%s", err);
}

static void
assert_same_strings(char *const *a, size_t na, char *const *b, size_t nb)
{
	size_t i;

	assert_int_equal(na, nb);
	for (i = 0; i < na; i++)
		assert_string_equal(a[i], b[i]);
}

/* Everything exegesis_parse reads but the error, which is now empty. */
static void
assert_same_doc(const struct xdoc *a, const struct xdoc *b)
{
	assert_string_equal(a->mode, b->mode);
	assert_string_equal(a->opcode, b->opcode);
	assert_same_strings(a->insns, a->ninsns, b->insns, b->ninsns);
	assert_same_strings(a->inits, a->ninits, b->inits, b->ninits);
	assert_string_equal(a->config, b->config);
	assert_string_equal(a->cpu_name, b->cpu_name);
	assert_string_equal(a->triple, b->triple);
	assert_string_equal(a->info, b->info);
	assert_string_equal(b->error, "");
	assert_int_equal(a->codelen, b->codelen);
	assert_memory_equal(a->code, b->code, a->codelen);
}

static char *
write_out(const struct xdocs *x, const double *v, size_t *len)
{
	char *text, err[256];

	if (exegesis_out(x, v, EXEGESIS_REPETITIONS, &text, len, err,
	    sizeof(err)) != 0)
		fail_msg("%s", err);
	return (text);
}

static void
test_round_trip(void **state)
{
	struct xdocs in, back;
	double v[] = { 1, 3.25 };
	size_t len, i;
	char *text;

	(void)state;
	parse(latency, "latency", &in);
	text = write_out(&in, v, &len);
	assert_int_equal(strlen(text), len);
	parse(text, "latency", &back);
	assert_int_equal(back.n, 2);
	for (i = 0; i < 2; i++)
		assert_same_doc(&in.d[i], &back.d[i]);
	assert_non_null(strstr(text, "- 'ADD64rr RCX RCX RAX'\n"));
	assert_non_null(strstr(text, "{key: latency, value: 3.25, "
	    "per_snippet_value: 3.25}"));
	assert_non_null(strstr(text, "error: ''\n"));
	free(text);
	xdocs_free(&in);
	xdocs_free(&back);
}

/* value: cycles per instruction of the 3334 copies of three. */
static void
test_per_instruction(void **state)
{
	struct xdocs in, back;
	double v[] = { 0.75 };
	size_t len;
	char *text;

	(void)state;
	parse(throughput, "inverse_throughput", &in);
	text = write_out(&in, v, &len);
	assert_non_null(strstr(text, "{key: inverse_throughput, value: "
	    "0.25005, per_snippet_value: 0.75}"));
	parse(text, "inverse_throughput", &back);
	assert_int_equal(back.n, 1);
	assert_same_doc(&in.d[0], &back.d[0]);
	free(text);
	xdocs_free(&in);
	xdocs_free(&back);
}

/* NAN (not measured) and a document without a snippet are left out. */
static void
test_unmeasured_left_out(void **state)
{
	struct xdocs in, back;
	double v[] = { NAN, 2, 5 };
	size_t len;
	char *text;

	(void)state;
	parse(latency, "latency", &in);
	assert_int_equal(exegesis_add_refusals("ADD8ri: no snippet\n", 19,
	    "latency", &in), 0);
	assert_int_equal(in.n, 3);
	text = write_out(&in, v, &len);
	parse(text, "latency", &back);
	assert_int_equal(back.n, 1);
	assert_same_doc(&in.d[1], &back.d[0]);
	free(text);
	xdocs_free(&back);

	v[1] = NAN;
	text = write_out(&in, v, &len);
	assert_int_equal(len, 0);
	free(text);
	xdocs_free(&in);
}

/* Text that YAML must quote comes back as it was. */
static void
test_quoting(void **state)
{
	static char odd_info[] = "it's: \"odd\" # not a comment\n\tand more";
	static char odd_config[] = "- [x] {y}";
	struct xdocs in, back;
	double v[] = { 1, 1 };
	char *text, *info, *config;
	size_t len;

	(void)state;
	parse(latency, "latency", &in);
	info = in.d[0].info;
	config = in.d[0].config;
	in.d[0].info = odd_info;
	in.d[0].config = odd_config;
	text = write_out(&in, v, &len);
	parse(text, "latency", &back);
	assert_int_equal(back.n, 2);
	assert_same_doc(&in.d[0], &back.d[0]);
	in.d[0].info = info;
	in.d[0].config = config;
	free(text);
	xdocs_free(&in);
	xdocs_free(&back);
}

static void
test_one_mode(void **state)
{
	struct xdocs in, thr;
	struct xdoc both[2];
	struct xdocs mixed = { both, 2 };
	double v[] = { 1, 1 };
	char *text, err[256];
	size_t len;

	(void)state;
	parse(latency, "latency", &in);
	parse(throughput, "inverse_throughput", &thr);
	both[0] = in.d[0];
	both[1] = thr.d[0];
	assert_int_equal(exegesis_out(&mixed, v, EXEGESIS_REPETITIONS, &text,
	    &len, err, sizeof(err)), -1);
	assert_null(text);
	assert_non_null(strstr(err, "one mode a file"));
	assert_int_equal(exegesis_out(&in, v, 0, &text, &len, err,
	    sizeof(err)), -1);
	xdocs_free(&in);
	xdocs_free(&thr);
}

/*
 * llvm-exegesis-16's analysis reads the file and puts each form in its
 * cluster (naive clustering: DBSCAN's calls two lone points noise).
 */
static void
test_exegesis_accepts(void **state)
{
	char dir[] = "/tmp/test_exegesis_out.XXXXXX", path[64], cmd[256];
	char out[4096], *text;
	struct xdocs in;
	double v[] = { 1, 3 };
	size_t len, n;
	FILE *fp;
	int status;

	(void)state;
	if (system("command -v llvm-exegesis-16 >/dev/null 2>&1") != 0) {
		fprintf(stderr, "test_exegesis_accepts: no llvm-exegesis-16 "
		    "on PATH: skipped\n");
		skip();
	}
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/bench.yaml", dir);
	parse(latency, "latency", &in);
	text = write_out(&in, v, &len);
	assert_non_null(fp = fopen(path, "w"));
	assert_int_equal(fwrite(text, 1, len, fp), len);
	assert_int_equal(fclose(fp), 0);
	snprintf(cmd, sizeof(cmd), "llvm-exegesis-16 -mode=analysis "
	    "-benchmarks-file=%s -analysis-clustering=naive "
	    "-analysis-clusters-output-file=- 2>&1", path);
	assert_non_null(fp = popen(cmd, "r"));
	n = fread(out, 1, sizeof(out) - 1, fp);
	out[n] = '\0';
	status = pclose(fp);
	unlink(path);
	rmdir(dir);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fail_msg("llvm-exegesis-16 -mode=analysis: %s", out);
	if (strstr(out, "cluster_id,opcode_name,config,sched_class,"
	    "latency\n") == NULL || strstr(out, ",1.00\n") == NULL ||
	    strstr(out, ",3.00\n") == NULL ||
	    strstr(out, "Parsed 2 benchmark points") == NULL)
		fail_msg("llvm-exegesis-16 -mode=analysis wrote: %s", out);
	free(text);
	xdocs_free(&in);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_per_instruction),
		cmocka_unit_test(test_unmeasured_left_out),
		cmocka_unit_test(test_quoting),
		cmocka_unit_test(test_one_mode),
		cmocka_unit_test(test_exegesis_accepts),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
