/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * arch/x86/cpu.c against the machine the tests run on: the features
 * CPUID gives, and the identity the kernel shows in /proc/cpuinfo.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "cyclebench.h"
#include "arch/x86/cpu.h"
#include "core/names.h"
#include "emulated.h"

static void
test_live_features(void **state)
{
	unsigned f;

	(void)state;
	f = arch_cpu_features();
	assert_true(f & CB_CPU_SSE2);
	assert_true(f & CB_CPU_CX8);
	assert_int_equal(arch_cpu_features(), f);	/* the cached answer */
	/* Each of these is reported only on top of the one it needs. */
	if (f & CB_CPU_AVX512F)
		assert_true(f & CB_CPU_AVX);
	if (f & CB_CPU_AVX)
		assert_true(f & CB_CPU_XSAVE);
	if (f & (CB_CPU_XSAVEOPT | CB_CPU_XSAVEC))
		assert_true(f & CB_CPU_XSAVE);
}

/* Whether the kernel's flags line (" flag1 flag2 ... ") lists `name'. */
static int
has_flag(const char *flags, const char *name)
{
	char word[64];

	snprintf(word, sizeof(word), " %s ", name);
	return (strstr(flags, word) != NULL);
}

/*
 * The kernel decodes the same CPUID bits (and drops the AVX family when
 * XCR0 lacks its state), so its flags must agree with ours.  FSGSBASE is
 * left out: kernels before 5.9 list it without enabling it.
 */
static void
test_live_features_match_kernel(void **state)
{
	char line[8192], flags[8200];
	const char *name;
	unsigned f, bit;
	FILE *fp;

	(void)state;
	SKIP_IF_EMULATED();
	flags[0] = '\0';
	if ((fp = fopen("/proc/cpuinfo", "r")) != NULL) {
		while (fgets(line, sizeof(line), fp) != NULL)
			if (strncmp(line, "flags", 5) == 0 &&
			    strchr(line, ':') != NULL) {
				snprintf(flags, sizeof(flags), "%s ",
				    strchr(line, ':') + 1);
				flags[strcspn(flags, "\n")] = ' ';
				break;
			}
		fclose(fp);
	}
	if (flags[0] == '\0')
		skip();
	f = arch_cpu_features();
	for (bit = 1; bit != 0; bit <<= 1) {
		if (bit == CB_CPU_FSGSBASE)
			continue;
#ifndef __x86_64__
		if (bit == CB_CPU_CX16)
			continue;
#endif
		if ((name = cb_feature_name(bit)) == NULL)
			continue;
		if (has_flag(flags, name) != ((f & bit) != 0))
			fail_msg("%s: kernel %d, cyclebench %d", name,
			    has_flag(flags, name), (f & bit) != 0);
	}
}

/* `key' of the first processor of the live /proc/cpuinfo; -1 if absent. */
static long
live_cpuinfo(const char *key)
{
	char line[4096], fmt[64];
	unsigned v;
	FILE *fp;
	long r = -1;

	if ((fp = fopen("/proc/cpuinfo", "r")) == NULL)
		return (-1);
	snprintf(fmt, sizeof(fmt), "%s : %%u", key);
	while (fgets(line, sizeof(line), fp) != NULL && line[0] != '\n')
		if (sscanf(line, fmt, &v) == 1) {
			r = v;
			break;
		}
	fclose(fp);
	return (r);
}

static void
test_live_identify(void **state)
{
	struct arch_cpu_id id;
	uint32_t r[4];
	size_t n;
	long v;

	(void)state;
	arch_cpu_identify(&id, 0);
	assert_true(id.vendor[0] != '\0');
	assert_true(id.brand[0] != '\0');
	n = strlen(id.brand);
	assert_true(id.brand[0] != ' ' && id.brand[n - 1] != ' ');
	assert_int_equal(id.features, arch_cpu_features());
	arch_cpuid(1, 0, r);
	if (r[2] & 1u << 31)
		assert_true(id.hypervisor[0] != '\0');
	else
		assert_string_equal(id.hypervisor, "");
	/* The display values must agree with what the kernel shows. */
	if (EMULATED())
		return;
	if ((v = live_cpuinfo("cpu family")) >= 0)
		assert_int_equal(id.family, v);
	if ((v = live_cpuinfo("model")) >= 0)
		assert_int_equal(id.model, v);
	if ((v = live_cpuinfo("stepping")) >= 0)
		assert_int_equal(id.stepping, v);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_live_features),
		cmocka_unit_test(test_live_features_match_kernel),
		cmocka_unit_test(test_live_identify),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
