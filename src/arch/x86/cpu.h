/*
 * CPUID on x86 (i386 and x86-64): raw leaves, the CB_CPU_* features a
 * benchmark may need, and the CPU part of the machine fingerprint.
 */
#ifndef CB_ARCH_X86_CPU_H
#define CB_ARCH_X86_CPU_H

#include <stdint.h>

#include "cyclebench.h"

struct machine;

/* r[0..3] = eax, ebx, ecx, edx of CPUID(leaf, subleaf). */
void		 arch_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4]);

/*
 * enum cb_cpu_feature bits that are usable here: the CPU has them and the
 * OS enabled the state they need.  Computed once, then cached.
 */
unsigned	 arch_cpu_features(void);

/*
 * XCR0: the state components the OS has XSAVE manage, or 0 where XSAVE is
 * not usable (and XGETBV would fault).
 */
uint64_t	 arch_xcr0(void);

/*
 * Fill cpu_vendor, cpu_brand, cpu_family/model/stepping (as Linux shows
 * them), cpu_features and hypervisor (the CPUID signature, "" on bare
 * metal).  Touches no other field.
 */
void		 arch_cpu_identify(struct machine *m);

#endif
