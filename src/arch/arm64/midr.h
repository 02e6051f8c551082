/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * MIDR_EL1, the register that identifies an arm64 core: implementer,
 * variant, architecture, part number and revision, and the names those
 * numbers stand for (arch_midr_core_name() is what the core sees).
 */
#ifndef CB_ARCH_ARM64_MIDR_H
#define CB_ARCH_ARM64_MIDR_H

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

#endif
