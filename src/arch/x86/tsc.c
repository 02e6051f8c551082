/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The TSC as the reference counter: whether RDTSCP can end a stamp, and
 * the TSC's rate where CPUID states it.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "cyclebench.h"
#include "arch/x86/cpu.h"

const char arch_ref_name[] = "TSC";

int arch_tsc_have_rdtscp;

static sigjmp_buf probe_jump;

static void
probe_failed(int sig)
{
	(void)sig;
	siglongjmp(probe_jump, 1);
}

/*
 * CPUID's word is not always the executing machine's: valgrind's
 * synthetic CPU passes the RDTSCP bit through and then cannot decode the
 * instruction.  So execute it once under a SIGILL handler before relying
 * on it.
 */
static int
rdtscp_works(void)
{
	struct sigaction sa, old;
	uint32_t lo, hi, aux;
	volatile int ok = 0;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = probe_failed;
	sigemptyset(&sa.sa_mask);
	if (sigaction(SIGILL, &sa, &old) != 0)
		return (0);
	if (sigsetjmp(probe_jump, 1) == 0) {
		__asm__ volatile("rdtscp" : "=a" (lo), "=d" (hi), "=c" (aux));
		ok = 1;
	}
	sigaction(SIGILL, &old, NULL);
	return (ok);
}

void
arch_ref_init(void)
{
	arch_tsc_have_rdtscp = (arch_cpu_features() & CB_CPU_RDTSCP) != 0 &&
	    rdtscp_works();
}

/*
 * CPUID leaf 0x15 (Intel's crystal ratio) or the hypervisor timing leaf
 * give the TSC rate exactly; otherwise the clock measures it.
 */
double
arch_ref_hz(char *source, size_t len)
{
	uint32_t r[4];

	arch_cpuid(0, 0, r);
	if (r[0] >= 0x15) {
		arch_cpuid(0x15, 0, r);
		if (r[0] != 0 && r[1] != 0 && r[2] != 0) {
			snprintf(source, len, "CPUID leaf 0x15");
			return ((double)r[2] * r[1] / r[0]);
		}
	}
	arch_cpuid(1, 0, r);
	if (r[2] & 1u << 31)		/* running under a hypervisor */
		arch_cpuid(0x40000000, 0, r);
	else
		r[0] = 0;
	if (r[0] >= 0x40000010 && r[0] < 0x40010000) {
		arch_cpuid(0x40000010, 0, r);
		if (r[0] != 0) {
			snprintf(source, len, "hypervisor CPUID leaf "
			    "0x40000010");
			return (r[0] * 1e3);
		}
	}
	return (0);
}
