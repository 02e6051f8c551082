/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Names for MIDR_EL1's implementer and part numbers, as the vendors' own
 * manuals (and Linux's arch/arm64/include/asm/cputype.h) give them.
 * Built for every architecture (the Makefile adds it): a fingerprint
 * read below a sysroot may be an arm64 machine's.
 */
#include <stdio.h>

#include "arch/arch.h"
#include "arch/arm64/midr.h"

static const struct {
	unsigned	 id;
	const char	*name;
} implementers[] = {
	{ 0x41, "ARM" },	{ 0x42, "Broadcom" },	{ 0x43, "Cavium" },
	{ 0x46, "Fujitsu" },	{ 0x48, "HiSilicon" },	{ 0x4e, "NVIDIA" },
	{ 0x51, "Qualcomm" },	{ 0x61, "Apple" },	{ 0x6d, "Microsoft" },
	{ 0xc0, "Ampere" },
};

static const struct {
	unsigned	 implementer, part;
	const char	*name;
} parts[] = {
	{ 0x41, 0xd02, "Cortex-A34" },	{ 0x41, 0xd03, "Cortex-A53" },
	{ 0x41, 0xd04, "Cortex-A35" },	{ 0x41, 0xd05, "Cortex-A55" },
	{ 0x41, 0xd06, "Cortex-A65" },	{ 0x41, 0xd07, "Cortex-A57" },
	{ 0x41, 0xd08, "Cortex-A72" },	{ 0x41, 0xd09, "Cortex-A73" },
	{ 0x41, 0xd0a, "Cortex-A75" },	{ 0x41, 0xd0b, "Cortex-A76" },
	{ 0x41, 0xd0c, "Neoverse-N1" },	{ 0x41, 0xd0d, "Cortex-A77" },
	{ 0x41, 0xd40, "Neoverse-V1" },	{ 0x41, 0xd41, "Cortex-A78" },
	{ 0x41, 0xd44, "Cortex-X1" },	{ 0x41, 0xd46, "Cortex-A510" },
	{ 0x41, 0xd47, "Cortex-A710" },	{ 0x41, 0xd48, "Cortex-X2" },
	{ 0x41, 0xd49, "Neoverse-N2" },	{ 0x41, 0xd4a, "Neoverse-E1" },
	{ 0x41, 0xd4b, "Cortex-A78C" },	{ 0x41, 0xd4d, "Cortex-A715" },
	{ 0x41, 0xd4e, "Cortex-X3" },	{ 0x41, 0xd4f, "Neoverse-V2" },
	{ 0x41, 0xd80, "Cortex-A520" },	{ 0x41, 0xd81, "Cortex-A720" },
	{ 0x41, 0xd82, "Cortex-X4" },	{ 0x41, 0xd84, "Neoverse-V3" },
	{ 0x41, 0xd85, "Cortex-X925" },	{ 0x41, 0xd87, "Cortex-A725" },
	{ 0x41, 0xd8e, "Neoverse-N3" },
	{ 0x42, 0x516, "ThunderX2" },	{ 0x43, 0x0af, "ThunderX2" },
	{ 0x46, 0x001, "A64FX" },	{ 0x48, 0xd01, "TaiShan-v110" },
	{ 0x4e, 0x004, "Carmel" },	{ 0x51, 0x001, "Oryon" },
	{ 0x51, 0xc00, "Falkor" },
	{ 0x61, 0x022, "M1-Icestorm" },	{ 0x61, 0x023, "M1-Firestorm" },
	{ 0x61, 0x032, "M2-Blizzard" },	{ 0x61, 0x033, "M2-Avalanche" },
	{ 0xc0, 0xac3, "AmpereOne" },	{ 0xc0, 0xac4, "AmpereOne-AC04" },
};

const char *
midr_implementer(uint64_t midr)
{
	size_t i;

	for (i = 0; i < sizeof(implementers) / sizeof(implementers[0]); i++)
		if (implementers[i].id == MIDR_IMPLEMENTER(midr))
			return (implementers[i].name);
	return (NULL);
}

const char *
midr_part(uint64_t midr)
{
	size_t i;

	for (i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		if (parts[i].implementer == MIDR_IMPLEMENTER(midr) &&
		    parts[i].part == MIDR_PART(midr))
			return (parts[i].name);
	return (NULL);
}

void
arch_midr_core_name(uint64_t midr, char *buf, size_t len)
{
	const char *part;

	if ((part = midr_part(midr)) != NULL)
		snprintf(buf, len, "%s", part);
	else
		snprintf(buf, len, "part %#x", MIDR_PART(midr));
}
