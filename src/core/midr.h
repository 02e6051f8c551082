/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MIDR_EL1, the register that identifies an arm64 core: implementer,
 * variant, architecture, part number and revision, and the names those
 * numbers stand for.  Every build has them: the core types of a
 * fingerprint (os/coretypes.h) are named from sysfs's MIDR per CPU, and
 * the tests read a big.LITTLE machine's files whatever they run on.
 */
#ifndef CB_CORE_MIDR_H
#define CB_CORE_MIDR_H

#include <stddef.h>
#include <stdint.h>

#define MIDR_IMPLEMENTER(m)	((unsigned)((m) >> 24 & 0xff))
#define MIDR_VARIANT(m)		((unsigned)((m) >> 20 & 0xf))
#define MIDR_PART(m)		((unsigned)((m) >> 4 & 0xfff))
#define MIDR_REVISION(m)	((unsigned)((m) & 0xf))

/* The implementer's name ("ARM", "Ampere"), or NULL when unknown. */
const char	*midr_implementer(uint64_t midr);

/* The core's name ("Neoverse-N1", "Cortex-A53"), or NULL when unknown. */
const char	*midr_part(uint64_t midr);

/*
 * MIDR of `cpu' (-1: the first listed) below sysroot: sysfs's
 * regs/identification/midr_el1, else /proc/cpuinfo's CPU implementer,
 * variant, part and revision.  0 when neither says.
 */
uint64_t	 midr_read(const char *sysroot, int cpu);

#endif
