/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for arch/x86/tsc.c on the live machine: RDTSCP is used only
 * where CPUID offers it, probing it leaves the program's SIGILL handler
 * as it was, and the TSC rate CPUID states comes with its source and is
 * a plausible rate, or is 0 with no source.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <signal.h>
#include <string.h>

#include "arch/x86/cpu.h"

static void
on_ill(int sig)
{
	(void)sig;
}

static void
test_rdtscp_probe(void **state)
{
	struct sigaction sa, now;
	uint64_t b, e;

	(void)state;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_ill;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGILL, &sa, NULL), 0);
	arch_ref_init();
	assert_int_equal(sigaction(SIGILL, NULL, &now), 0);
	assert_true(now.sa_handler == on_ill);
	signal(SIGILL, SIG_DFL);
	if (!(arch_cpu_features() & CB_CPU_RDTSCP))
		assert_int_equal(arch_tsc_have_rdtscp, 0);
	/* A stamp ended (by RDTSCP where used) is not before its start. */
	b = arch_ref_begin();
	e = arch_ref_end();
	assert_true(e >= b);
	assert_string_equal(arch_ref_name, "TSC");
}

static void
test_rate(void **state)
{
	char source[64];
	double hz;

	(void)state;
	strcpy(source, "unset");
	hz = arch_ref_hz(source, sizeof(source));
	if (hz == 0) {
		assert_string_equal(source, "unset");
		return;
	}
	assert_true(strcmp(source, "CPUID leaf 0x15") == 0 ||
	    strcmp(source, "hypervisor CPUID leaf 0x40000010") == 0);
	/* 100 MHz to 10 GHz: any TSC there is. */
	assert_true(hz >= 1e8 && hz <= 1e10);
	assert_true(arch_ref_hz(source, sizeof(source)) == hz);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rdtscp_probe),
		cmocka_unit_test(test_rate),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
