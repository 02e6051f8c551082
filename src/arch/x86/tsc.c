#include <setjmp.h>
#include <signal.h>
#include <string.h>

#include "cyclebench.h"
#include "arch/x86/cpu.h"
#include "arch/x86/tsc.h"

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
arch_tsc_init(void)
{
	arch_tsc_have_rdtscp = (arch_cpu_features() & CB_CPU_RDTSCP) != 0 &&
	    rdtscp_works();
}

/* The public, out-of-line stamps for self-timed bodies. */
uint64_t
cb_tsc_begin(void)
{
	return (arch_tsc_begin());
}

uint64_t
cb_tsc_end(void)
{
	return (arch_tsc_end());
}
