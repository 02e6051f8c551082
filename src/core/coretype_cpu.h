/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kinds of core (os/coretypes.h reads them, arch/arch.h names arm64's)
 * looked up, and the CPU a measurement runs on chosen by them.
 */
#ifndef CB_CORE_CORETYPE_CPU_H
#define CB_CORE_CORETYPE_CPU_H

#include <stddef.h>

#include "os/coretypes.h"

/* The live machine's kinds of core, named. */
void	coretypes_read(struct coretypes *ct, const char *sysroot);

/* The kind of `cpu', or NULL when not known. */
const char *coretypes_of(const struct coretypes *ct, int cpu);

/* The index of the kind named `name' (case ignored), or -1. */
int	coretypes_find(const struct coretypes *ct, const char *name);

/*
 * The CPU to measure on when the user names none: of the fastest kind of
 * core where there are several, the highest-numbered one this process
 * may use, since CPU 0 usually takes the most interrupts.
 */
int	coretypes_default_cpu(void);

/*
 * The CPU the same choice makes among the cores of kind `type' (as
 * coretypes_read() names them, case ignored); -1 with the reason, naming
 * the kinds there are, when there is none this process may use.
 */
int	coretypes_cpu_of_type(const char *type, char *why, size_t len);

#endif
