/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kinds of core a machine has, where it has more than one (Intel's
 * P- and E-cores, arm's big.LITTLE): which CPUs are of which kind, and
 * which kind is fastest.  The OS says; each OS provides
 * os_coretypes_read().  A measurement names the kind of core it ran on,
 * and runs on the fastest kind unless told otherwise.
 */
#ifndef CB_OS_CORETYPES_H
#define CB_OS_CORETYPES_H

#include <stddef.h>

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
 * Read the kinds of core of the online CPUs below sysroot ("" for the
 * live system).  Never fails: a machine whose kinds cannot be told apart
 * has n 0, or 1 when its one kind has a name.
 */
void	os_coretypes_read(struct coretypes *ct, const char *sysroot);

/* The kind of `cpu', or NULL when not known. */
const char *coretypes_of(const struct coretypes *ct, int cpu);

/* The index of the kind named `name' (case ignored), or -1. */
int	coretypes_find(const struct coretypes *ct, const char *name);

#endif
