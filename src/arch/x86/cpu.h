/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPUID and XCR0 on x86 (i386 and x86-64), for the x86 suites that read
 * leaves of their own; what the core needs of them is in arch/arch.h.
 */
#ifndef CB_ARCH_X86_CPU_H
#define CB_ARCH_X86_CPU_H

#include <stdint.h>

#include "arch/arch.h"

/* r[0..3] = eax, ebx, ecx, edx of CPUID(leaf, subleaf). */
void		 arch_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4]);

/*
 * XCR0: the state components the OS has XSAVE manage, or 0 where XSAVE is
 * not usable (and XGETBV would fault).
 */
uint64_t	 arch_xcr0(void);

/* Fill cpu->codename from libcpuid, given cpu's vendor and family. */
void		 x86_codename(struct arch_cpu_id *cpu);

#endif
