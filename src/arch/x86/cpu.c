/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * CPUID decoding.  A feature counts only when the instruction will not
 * fault: the CPU must have it, and for the AVX family the OS must also
 * save the register state (XCR0), or the first use raises #UD.
 */
#include <cpuid.h>
#include <stdint.h>
#include <string.h>
#ifdef __linux__
#include <sys/auxv.h>
#endif

#include "cyclebench.h"
#include "arch/x86/cpu.h"

enum { EAX, EBX, ECX, EDX };

#define BIT(n)		(1u << (n))

/* XCR0 state components. */
#define XCR0_SSE	BIT(1)
#define XCR0_AVX	BIT(2)
#define XCR0_AVX512	(BIT(5) | BIT(6) | BIT(7))	/* opmask, ZMM_Hi256, Hi16_ZMM */

#ifndef HWCAP2_FSGSBASE
#define HWCAP2_FSGSBASE	BIT(1)		/* <asm/hwcap2.h>, Linux 5.9 */
#endif

/* No CB_CPU_* bit is this high; marks the cached word as filled. */
#define FEATURES_KNOWN	BIT(31)

struct hv_name {
	char		 sig[13];
	const char	*name;
};

/* Signatures at CPUID 0x40000000, as ebx, ecx, edx. */
static const struct hv_name hypervisors[] = {
	{ "KVMKVMKVM\0\0\0",	"KVM" },
	{ "Microsoft Hv",	"Hyper-V" },
	{ "VMwareVMware",	"VMware" },
	{ "XenVMMXenVMM",	"Xen" },
	{ "TCGTCGTCGTCG",	"QEMU TCG" },
	{ " lrpepyh  vr",	"Parallels" },
	{ "bhyve bhyve ",	"bhyve" },
	{ "ACRNACRNACRN",	"ACRN" },
};

void
arch_cpuid(uint32_t leaf, uint32_t subleaf, uint32_t r[4])
{

	__cpuid_count(leaf, subleaf, r[EAX], r[EBX], r[ECX], r[EDX]);
}

/*
 * Highest leaf of the range starting at `base', or 0 when the range (or,
 * on an early i486, CPUID itself) is missing.  Intel answers an
 * out-of-range leaf with the highest basic leaf's data, so the bound
 * must be checked before any leaf above it is trusted.
 */
static uint32_t
max_leaf(uint32_t base)
{
	uint32_t r[4];

	if (__get_cpuid_max(0, NULL) == 0)
		return (0);
	arch_cpuid(base, 0, r);
	if (r[EAX] < base || r[EAX] - base > 0xffff)
		return (0);
	return (r[EAX]);
}

static uint64_t
xgetbv0(void)
{
	uint32_t lo, hi;

	__asm__ volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
	return ((uint64_t)hi << 32 | lo);
}

static unsigned
compute_features(void)
{
	uint32_t r[4], basic;
	uint64_t xcr0 = 0;
	unsigned f = 0;
	int cpu_avx;

	basic = max_leaf(0);
	if (basic < 1)
		return (0);
	arch_cpuid(1, 0, r);
	if (r[EDX] & BIT(8))
		f |= CB_CPU_CX8;
	if (r[EDX] & BIT(24))
		f |= CB_CPU_FXSR;
	if (r[EDX] & BIT(26))
		f |= CB_CPU_SSE2;
	if (r[ECX] & BIT(13))
		f |= CB_CPU_CX16;
	/* OSXSAVE: the OS set CR4.OSXSAVE, without which XSAVE and XGETBV fault. */
	if ((r[ECX] & (BIT(26) | BIT(27))) == (BIT(26) | BIT(27))) {
		f |= CB_CPU_XSAVE;
		xcr0 = xgetbv0();
	}
	cpu_avx = (r[ECX] & BIT(28)) != 0;
	if (cpu_avx && (xcr0 & (XCR0_SSE | XCR0_AVX)) == (XCR0_SSE | XCR0_AVX))
		f |= CB_CPU_AVX;

	if (basic >= 7) {
		arch_cpuid(7, 0, r);
		if ((f & CB_CPU_AVX) && (r[EBX] & BIT(16)) &&
		    (xcr0 & XCR0_AVX512) == XCR0_AVX512)
			f |= CB_CPU_AVX512F;
		if (r[EBX] & BIT(0))
			f |= CB_CPU_FSGSBASE;
		if (r[EBX] & BIT(23))
			f |= CB_CPU_CLFLUSHOPT;
		if (r[ECX] & BIT(22))
			f |= CB_CPU_RDPID;
		if (r[EDX] & BIT(14))
			f |= CB_CPU_SERIALIZE;
	}
	if (basic >= 0xd && (f & CB_CPU_XSAVE)) {
		arch_cpuid(0xd, 1, r);
		if (r[EAX] & BIT(0))
			f |= CB_CPU_XSAVEOPT;
		if (r[EAX] & BIT(1))
			f |= CB_CPU_XSAVEC;
	}
	if (max_leaf(0x80000000) >= 0x80000001) {
		arch_cpuid(0x80000001, 0, r);
		if (r[EDX] & BIT(27))
			f |= CB_CPU_RDTSCP;
	}

#ifdef __x86_64__
#ifdef __linux__
	/*
	 * RDFSBASE and friends also need CR4.FSGSBASE, which Linux sets only
	 * since 5.9 and then announces in AT_HWCAP2; before that they #UD.
	 */
	if (!(getauxval(AT_HWCAP2) & HWCAP2_FSGSBASE))
		f &= ~CB_CPU_FSGSBASE;
#endif
#else
	/* CMPXCHG16B and RDFSBASE/WRFSBASE are not encodable outside 64-bit mode. */
	f &= ~(CB_CPU_CX16 | CB_CPU_FSGSBASE);
#endif
	return (f);
}

uint64_t
arch_xcr0(void)
{

	return (arch_cpu_features() & CB_CPU_XSAVE ? xgetbv0() : 0);
}

unsigned
arch_cpu_features(void)
{
	/* Racing first callers store the same word, so no lock is needed. */
	static unsigned cached;
	unsigned f;

	f = __atomic_load_n(&cached, __ATOMIC_RELAXED);
	if (!(f & FEATURES_KNOWN)) {
		f = compute_features() | FEATURES_KNOWN;
		__atomic_store_n(&cached, f, __ATOMIC_RELAXED);
	}
	return (f & ~FEATURES_KNOWN);
}

/*
 * Copy the printable bytes of src[0..n) into dst and trim spaces at both
 * ends: brand strings come right-justified or space-padded, signatures
 * NUL-padded.
 */
static void
printable_copy(char *dst, size_t len, const char *src, size_t n)
{
	size_t i, o;

	o = 0;
	for (i = 0; i < n && o + 1 < len; i++) {
		if (src[i] < 0x20 || src[i] > 0x7e)
			continue;
		if (src[i] == ' ' && o == 0)
			continue;
		dst[o++] = src[i];
	}
	while (o > 0 && dst[o - 1] == ' ')
		o--;
	if (len > 0)
		dst[o] = '\0';
}

static void
identify_hypervisor(struct arch_cpu_id *id)
{
	uint32_t r[4];
	char sig[12];
	size_t i;

	arch_cpuid(0x40000000, 0, r);
	memcpy(sig, &r[EBX], 4);
	memcpy(sig + 4, &r[ECX], 4);
	memcpy(sig + 8, &r[EDX], 4);
	for (i = 0; i < sizeof(hypervisors) / sizeof(hypervisors[0]); i++) {
		if (memcmp(sig, hypervisors[i].sig, sizeof(sig)) == 0) {
			printable_copy(id->hypervisor, sizeof(id->hypervisor),
			    hypervisors[i].name, strlen(hypervisors[i].name));
			return;
		}
	}
	printable_copy(id->hypervisor, sizeof(id->hypervisor), sig, sizeof(sig));
	/* The "hypervisor present" bit is set but it will not say which. */
	if (id->hypervisor[0] == '\0')
		printable_copy(id->hypervisor, sizeof(id->hypervisor), "unknown",
		    strlen("unknown"));
}

void
arch_cpu_identify(struct arch_cpu_id *id, uint64_t os_idreg)
{
	uint32_t r[4], basic, family;
	char buf[48];
	uint32_t leaf;

	memset(id, 0, sizeof(*id));
	id->features = arch_cpu_features();
	basic = max_leaf(0);
	if (basic < 1)
		return;

	arch_cpuid(0, 0, r);
	memcpy(buf, &r[EBX], 4);
	memcpy(buf + 4, &r[EDX], 4);
	memcpy(buf + 8, &r[ECX], 4);
	printable_copy(id->vendor, sizeof(id->vendor), buf, 12);

	id->brand[0] = '\0';
	if (max_leaf(0x80000000) >= 0x80000004) {
		for (leaf = 0; leaf < 3; leaf++) {
			arch_cpuid(0x80000002 + leaf, 0, r);
			memcpy(buf + 16 * leaf, r, 16);
		}
		printable_copy(id->brand, sizeof(id->brand), buf,
		    sizeof(buf));
	}
	if (id->brand[0] == '\0')
		printable_copy(id->brand, sizeof(id->brand),
		    id->vendor, strlen(id->vendor));

	/* Extended family and model widen the base fields, as Linux shows them. */
	arch_cpuid(1, 0, r);
	family = r[EAX] >> 8 & 0xf;
	id->family = family;
	if (family == 0xf)
		id->family += r[EAX] >> 20 & 0xff;
	id->model = r[EAX] >> 4 & 0xf;
	if (family == 0x6 || family == 0xf)
		id->model += (r[EAX] >> 16 & 0xf) << 4;
	id->stepping = r[EAX] & 0xf;

	id->hypervisor[0] = '\0';
	if (r[ECX] & BIT(31))
		identify_hypervisor(id);
	(void)os_idreg;
	x86_codename(id);
}
