#include "cyclebench.h"
#include "arch/x86/cpu.h"
#include "arch/x86/tsc.h"

int arch_tsc_have_rdtscp;

void
arch_tsc_init(void)
{
	arch_tsc_have_rdtscp = (arch_cpu_features() & CB_CPU_RDTSCP) != 0;
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
