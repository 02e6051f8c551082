/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kinds of core a machine has, where it has more than one (Intel's
 * P- and E-cores, arm's big.LITTLE): which CPUs are of which kind, and
 * which kind is fastest.  The OS says; each OS provides
 * os_coretypes_read().  A measurement names the kind of core it ran on,
 * and runs on the fastest kind unless told otherwise (core/coretype_cpu.h
 * looks the kinds up and picks the CPU).
 */
#ifndef CB_OS_CORETYPES_H
#define CB_OS_CORETYPES_H

#include <stddef.h>
#include <stdint.h>

#define CORETYPES_MAX	8
#define CORETYPES_CPUS	1024	/* CPUs whose kind is kept */

struct coretype {
	char	 name[32];	/* "P-core", "E-core", "Cortex-A76" */
	char	 cpus[64];	/* as a CPU list: "0-7,16" */
	int	 ncpus;
	double	 capacity;	/* the kernel's relative capacity (1024: the
				   fastest), 0 when unknown */
	long	 max_khz;	/* the highest frequency, 0 when unknown */
};

struct coretypes {
	int		 n;		/* 0: not known */
	int		 fastest;	/* index into type */
	struct coretype	 type[CORETYPES_MAX];
	signed char	 of_cpu[CORETYPES_CPUS];	/* index, -1: unknown */
	char		 source[48];	/* where the kinds came from */
};

/*
 * Names a core from its identification register as the OS shows it per
 * CPU (os/fingerprint.h): arch_midr_core_name(), passed in by the core,
 * since the OS reads the register but the architecture knows its parts.
 */
typedef void os_core_namer(uint64_t idreg, char *buf, size_t len);

/*
 * Read the kinds of core of the online CPUs below sysroot ("" for the
 * live system).  Never fails: a machine whose kinds cannot be told apart
 * has n 0, or 1 when its one kind has a name.
 */
void	os_coretypes_read(struct coretypes *ct, const char *sysroot,
	    os_core_namer *name);

#endif
