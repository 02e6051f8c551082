/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for characterize/mca.c, llvm-mca's predictions for many
 * snippets in one run: a throughput snippet's reciprocal throughput and
 * a chain's latency per instruction, with the model named; a snippet
 * that does not assemble, one whose instruction the model lacks and one
 * that crashes llvm-mca each cost their own figures only; bodies that
 * are not one line of instructions (a line break, a comment, a
 * directive) are not run; a CPU llvm-mca does not
 * know, and the time running out, end in a message; the host's fallback
 * to the generic model is said.  They run llvm-mca-16 (a shell wrapper
 * around it plays the crash, the hang and the unknown host) and say they
 * skipped when it is not on PATH.
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
#include <sys/stat.h>
#include <unistd.h>

#include "characterize/mca.h"

#define MCA	"llvm-mca-16"

struct fixture {
	char	dir[64], wrapper[96];
};

static int
setup(void **state)
{
	static struct fixture f;

	if (system("command -v " MCA " >/dev/null 2>&1") != 0) {
		fprintf(stderr, "test_mca: no " MCA " on PATH: skipped\n");
		*state = NULL;
		return (0);
	}
	snprintf(f.dir, sizeof(f.dir), "/tmp/test_mca.XXXXXX");
	if (mkdtemp(f.dir) == NULL)
		return (-1);
	snprintf(f.wrapper, sizeof(f.wrapper), "%s/mca", f.dir);
	*state = &f;
	return (0);
}

static int
teardown(void **state)
{
	struct fixture *f = *state;

	if (f == NULL)
		return (0);
	unlink(f->wrapper);
	return (rmdir(f->dir));
}

/* The fixture, or skip when there is no llvm-mca-16. */
static struct fixture *
need_mca(void **state)
{
	if (*state == NULL)
		skip();
	return (*state);
}

/* A shell script in place of llvm-mca: `body', then llvm-mca-16. */
static const char *
wrapper(struct fixture *f, const char *body)
{
	FILE *fp;

	assert_non_null(fp = fopen(f->wrapper, "w"));
	fprintf(fp, "#!/bin/sh\nfor src do :; done\n%s\nexec " MCA
	    " \"$@\"\n", body);
	assert_int_equal(fclose(fp), 0);
	assert_int_equal(chmod(f->wrapper, 0755), 0);
	return (f->wrapper);
}

static int
predict(const char *mca, const char *cpu, char **att, const size_t *nins,
    size_t n, double *rthr, double *lat, char *model, double timeout,
    char *err)
{
	err[0] = '\0';
	return (mca_predict(mca, cpu, att, nins, n, rthr, lat, model, 128,
	    timeout, err, 256));
}

/* Skylake: four ALUs for add, a 3-cycle multiply. */
static void
test_figures(void **state)
{
	char *att[] = {
		"addq %r9, %rsi",
		"imulq %rsi, %rsi",
		"imulq %rsi, %rsi; imulq %rsi, %rsi",
		"addq %r9, %rsi; addq %r8, %rdi",
		"adcq %rax, %rbx; adcq %rcx, %rdx; adcq %rsi, %rdi",
	};
	size_t nins[] = { 1, 1, 2, 2, 3 };
	double rthr[5], lat[5];
	char model[128], err[256];

	(void)need_mca(state);
	assert_int_equal(predict(MCA, "skylake", att, nins, 5, rthr, lat,
	    model, 60, err), 0);
	assert_string_equal(model, "skylake (Skylake model)");
	assert_float_equal(rthr[0], 0.25, 1e-9);
	assert_float_equal(rthr[1], 1, 1e-9);
	assert_float_equal(rthr[3], 0.25, 1e-9);
	/* A chain: 3 cycles an instruction, and a few to start and drain. */
	assert_true(lat[1] >= 3 && lat[1] < 3.1);
	assert_true(lat[2] >= 3 && lat[2] < 3.1);
	/* add's own chain through %rsi: one cycle. */
	assert_true(lat[0] >= 1 && lat[0] < 1.1);
	/* adc's copies share the carry: two ports, but a 1-cycle chain. */
	assert_float_equal(rthr[4], 0.5, 1e-9);
	assert_true(lat[4] >= 1 && lat[4] < 1.1);
}

/* What llvm-mca cannot read or has no figures for costs its row only. */
static void
test_rejected_alone(void **state)
{
	char *att[] = {
		"addq %r9, %rsi",
		"bogus %rsi",
		"addq %r9, %rsi; addq %xmm1, %rsi",
		"vpdpbusd %zmm1, %zmm2, %zmm3",
		"imulq %rsi, %rsi",
		"addq %r8, %rdi; vaddpd %zmm1, %zmm2, %zmm3",
		"vaddpd %zmm4, %zmm5, %zmm6",
		"imulq %rsi, %rsi",
	};
	size_t nins[] = { 1, 1, 2, 1, 1, 2, 1, 1 };
	double rthr[8], lat[8];
	char model[128], err[256];
	size_t i;

	(void)need_mca(state);
	assert_int_equal(predict(MCA, "znver3", att, nins, 8, rthr, lat,
	    model, 60, err), 0);
	assert_string_equal(model, "znver3 (Zen 3 model)");
	for (i = 0; i < 8; i++) {
		if (strcmp(att[i], "imulq %rsi, %rsi") == 0 || i == 0) {
			assert_false(isnan(rthr[i]));
			assert_false(isnan(lat[i]));
		} else {
			assert_true(isnan(rthr[i]));
			assert_true(isnan(lat[i]));
		}
	}
	assert_float_equal(rthr[0], 0.25, 1e-9);
	assert_float_equal(rthr[4], 1, 1e-9);
}

/* A crash names no snippet: halves find the one that causes it. */
static void
test_crash_isolated(void **state)
{
	struct fixture *f = need_mca(state);
	char *att[40];
	size_t nins[40], i;
	double rthr[40], lat[40];
	char model[128], err[256];

	for (i = 0; i < 40; i++) {
		att[i] = i == 29 ? "ud2" : "addq %r9, %rsi";
		nins[i] = 1;
	}
	wrapper(f, "grep -q ud2 \"$src\" && kill -KILL $$");
	assert_int_equal(predict(f->wrapper, "skylake", att, nins, 40, rthr,
	    lat, model, 60, err), 0);
	for (i = 0; i < 40; i++)
		assert_int_equal(isnan(rthr[i]), i == 29);
}

/* Text that is not one line of instructions is never run. */
static void
test_unusable_bodies(void **state)
{
	char *att[] = {
		NULL,
		"",
		" ; ",
		"nop # a comment would hide what follows",
		"nop\n# LLVM-MCA-END",
		".include \"/etc/passwd\"",
		"nop; .rept 1000000",
		"nop",
		"nop; nop",
	};
	size_t nins[] = { 1, 1, 1, 1, 1, 1, 2, 0, 2 };
	double rthr[9], lat[9];
	char model[128], err[256];
	size_t i;

	(void)need_mca(state);
	assert_int_equal(predict(MCA, "skylake", att, nins, 9, rthr, lat,
	    model, 60, err), 0);
	for (i = 0; i < 8; i++)
		assert_true(isnan(rthr[i]) && isnan(lat[i]));
	assert_false(isnan(rthr[8]));
}

static void
test_unknown_cpu(void **state)
{
	char *att[] = { "nop" };
	size_t nins[] = { 1 };
	double rthr[1], lat[1];
	char model[128], err[256];

	(void)need_mca(state);
	assert_int_equal(predict(MCA, "znver99", att, nins, 1, rthr, lat,
	    model, 60, err), -1);
	assert_non_null(strstr(err, "-mcpu=znver99 failed"));
	assert_non_null(strstr(err, "not a recognized processor"));
	assert_true(isnan(rthr[0]));
	assert_int_equal(predict("/nonexistent/llvm-mca", NULL, att, nins, 1,
	    rthr, lat, model, 60, err), -1);
	assert_non_null(strstr(err, "/nonexistent/llvm-mca"));
}

/* The model alone (n = 0), and the host's fallback said as such. */
static void
test_host_model(void **state)
{
	struct fixture *f = need_mca(state);
	double rthr[1], lat[1];
	char model[128], err[256];

	assert_int_equal(predict(MCA, NULL, NULL, NULL, 0, rthr, lat, model,
	    60, err), 0);
	assert_true(model[0] != '\0');
	/* A host this LLVM does not know is "generic" to llvm-mca. */
	wrapper(f, "set -- \"$@\" -mcpu=generic");
	assert_int_equal(predict(f->wrapper, NULL, NULL, NULL, 0, rthr, lat,
	    model, 60, err), 0);
	assert_string_equal(model, "generic (Sandy Bridge model: this LLVM "
	    "has no model of the host CPU)");
}

static void
test_time_up(void **state)
{
	struct fixture *f = need_mca(state);
	char *att[] = { "pause" };
	size_t nins[] = { 1 };
	double rthr[1], lat[1];
	char model[128], err[256];

	wrapper(f, "grep -q pause \"$src\" && exec sleep 30");
	assert_int_equal(predict(f->wrapper, "skylake", att, nins, 1, rthr,
	    lat, model, 1.5, err), -1);
	assert_string_equal(err, "llvm-mca did not finish in the 1.5 s given");
	assert_true(isnan(rthr[0]));
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_figures),
		cmocka_unit_test(test_rejected_alone),
		cmocka_unit_test(test_crash_isolated),
		cmocka_unit_test(test_unusable_bodies),
		cmocka_unit_test(test_unknown_cpu),
		cmocka_unit_test(test_host_model),
		cmocka_unit_test(test_time_up),
	};

	return (cmocka_run_group_tests(tests, setup, teardown));
}
