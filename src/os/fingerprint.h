/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the OS says of the machine, for the fingerprint (core/machine.h
 * copies it): microcode, the CPU vulnerability mitigations in effect,
 * hypervisor, frequency governor, boost, SMT, ASLR and
 * perf_event_paranoid, the CPUs' identification register where the OS
 * shows it, and whether an emulator runs this process.  Each OS provides
 * these, reading below a sysroot so that tests can hand it a fixture tree
 * ("" for the live system).
 */
#ifndef CB_OS_FINGERPRINT_H
#define CB_OS_FINGERPRINT_H

#include <stdint.h>

#define OS_MAX_MITIGATIONS	32
#define OS_ASLR_UNKNOWN		-1
#define OS_PARANOID_UNKNOWN	-99

struct os_mitigation {
	char	name[48];	/* file name under .../vulnerabilities */
	char	state[160];	/* its first line */
};

struct os_fingerprint {
	char	microcode[32];		/* "" if not shown */
	struct os_mitigation mitigations[OS_MAX_MITIGATIONS];
	int	nmitigations;
	char	hypervisor[32];		/* "" on bare metal, or not shown */
	char	governor[32];		/* of cpu0, "" if not visible */
	char	boost[16];		/* "on", "off" or "" */
	char	smt[16];		/* "on", "off", "notsupported"... */
	int	aslr;			/* OS_ASLR_UNKNOWN if unknown */
	int	perf_paranoid;		/* OS_PARANOID_UNKNOWN if unknown */
};

/* Fill f from scratch: every field, found or at its unknown value. */
void	os_fingerprint_read(struct os_fingerprint *f, const char *sysroot);

/* The first line of sysroot + path as a whole decimal int, else unknown. */
int	os_read_int(const char *sysroot, const char *path, int unknown);

/*
 * The identification register of `cpu' (-1: the first listed) as the OS
 * shows it: arm64's MIDR_EL1 (arch/arch.h names the core from it).  0
 * where it shows none, as on every other architecture.
 */
uint64_t os_cpu_idreg(const char *sysroot, int cpu);

/*
 * 1 when this process runs under a user-mode emulator (qemu-user), whose
 * costs every figure then measures, else 0.  The live process, never a
 * sysroot.
 */
int	os_emulated(void);

#endif
