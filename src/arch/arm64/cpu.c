/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Who the CPU is and what it offers, on arm64.  Features come from the
 * kernel's HWCAP words, which say what user space may execute (the ID
 * registers say what the core has; the kernel may hide some).  The core
 * is named from MIDR_EL1: as the OS shows it (sysfs, /proc/cpuinfo),
 * else from the register itself, which Linux emulates for user space
 * (HWCAP_CPUID).
 */
#include <stdio.h>
#include <string.h>
#include <sys/auxv.h>

#include "arch/arch.h"
#include "arch/arm64/midr.h"

/* <asm/hwcap.h>, restated for C libraries whose headers predate them. */
#define HWCAP_ATOMICS_BIT	(1ul << 8)
#define HWCAP_CPUID_BIT		(1ul << 11)
#define HWCAP_LRCPC_BIT		(1ul << 15)
#define HWCAP_SVE_BIT		(1ul << 22)
#define HWCAP_SB_BIT		(1ul << 29)

#define FEATURES_KNOWN		(1u << 31)

static const struct {
	unsigned long	 hwcap;
	unsigned	 feature;
} hwcaps[] = {
	{ HWCAP_ATOMICS_BIT,	CB_CPU_LSE },
	{ HWCAP_LRCPC_BIT,	CB_CPU_LRCPC },
	{ HWCAP_SB_BIT,		CB_CPU_SB },
	{ HWCAP_SVE_BIT,	CB_CPU_SVE },
};

unsigned
arch_cpu_features(void)
{
	static unsigned cached;
	unsigned long hw;
	unsigned f;
	size_t i;

	f = __atomic_load_n(&cached, __ATOMIC_RELAXED);
	if (!(f & FEATURES_KNOWN)) {
		hw = getauxval(AT_HWCAP);
		f = FEATURES_KNOWN;
		for (i = 0; i < sizeof(hwcaps) / sizeof(hwcaps[0]); i++)
			if (hw & hwcaps[i].hwcap)
				f |= hwcaps[i].feature;
		__atomic_store_n(&cached, f, __ATOMIC_RELAXED);
	}
	return (f & ~FEATURES_KNOWN);
}

/* The register itself, where the kernel emulates reading it. */
static uint64_t
midr_register(void)
{
	uint64_t m;

	if (!(getauxval(AT_HWCAP) & HWCAP_CPUID_BIT))
		return (0);
	__asm__ volatile("mrs %0, midr_el1" : "=r" (m));
	return (m);
}

void
arch_cpu_identify(struct arch_cpu_id *id, uint64_t os_idreg)
{
	const char *vendor, *part;
	uint64_t midr;

	memset(id, 0, sizeof(*id));
	id->features = arch_cpu_features();
	if ((midr = os_idreg) == 0)
		midr = midr_register();
	if (midr == 0)
		return;
	/* The fields as lscpu shows them: implementer/part/rNpM. */
	id->family = MIDR_IMPLEMENTER(midr);
	id->model = MIDR_PART(midr);
	id->stepping = MIDR_VARIANT(midr) << 4 | MIDR_REVISION(midr);
	vendor = midr_implementer(midr);
	part = midr_part(midr);
	if (vendor != NULL)
		snprintf(id->vendor, sizeof(id->vendor), "%s", vendor);
	else
		snprintf(id->vendor, sizeof(id->vendor),
		    "vendor %#x", MIDR_IMPLEMENTER(midr));
	if (part != NULL) {
		snprintf(id->codename, sizeof(id->codename), "%s", part);
		snprintf(id->brand, sizeof(id->brand), "%.15s %.40s",
		    id->vendor, part);
	} else
		snprintf(id->brand, sizeof(id->brand), "%.15s part %#x "
		    "r%up%u", id->vendor, MIDR_PART(midr),
		    MIDR_VARIANT(midr), MIDR_REVISION(midr));
}
