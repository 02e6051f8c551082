/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Names for MIDR_EL1's implementer and part numbers, as the vendors' own
 * manuals (and Linux's arch/arm64/include/asm/cputype.h) give them, and
 * where the OS shows the register per CPU.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/midr.h"

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

static FILE *
open_below(const char *sysroot, const char *path)
{
	char full[PATH_MAX];

	if ((size_t)snprintf(full, sizeof(full), "%s%s", sysroot, path) >=
	    sizeof(full))
		return (NULL);
	return (fopen(full, "re"));
}

static uint64_t
midr_sysfs(const char *sysroot, int cpu)
{
	char path[128], buf[64];
	FILE *fp;
	uint64_t v = 0;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/regs/"
	    "identification/midr_el1", cpu < 0 ? 0 : cpu);
	if ((fp = open_below(sysroot, path)) == NULL)
		return (0);
	if (fgets(buf, sizeof(buf), fp) != NULL)
		v = strtoull(buf, NULL, 16);
	fclose(fp);
	return (v);
}

/*
 * /proc/cpuinfo's fields for `cpu' (-1: the first processor listed), put
 * together as MIDR: implementer << 24 | variant << 20 | 0xf << 16 (the
 * architecture field, "by ID registers") | part << 4 | revision.
 */
static uint64_t
midr_cpuinfo(const char *sysroot, int cpu)
{
	static const char *const keys[] = { "CPU implementer",
	    "CPU variant", "CPU part", "CPU revision" };
	static const unsigned shifts[] = { 24, 20, 4, 0 };
	unsigned long v[4] = { 0 };
	char line[256], *colon;
	FILE *fp;
	int at = -1, seen = 0, k;

	if ((fp = open_below(sysroot, "/proc/cpuinfo")) == NULL)
		return (0);
	while (fgets(line, sizeof(line), fp) != NULL) {
		if ((colon = strchr(line, ':')) == NULL)
			continue;
		if (strncmp(line, "processor", 9) == 0) {
			at = (int)strtol(colon + 1, NULL, 10);
			continue;
		}
		if (cpu >= 0 && at != cpu)
			continue;
		for (k = 0; k < 4; k++)
			if (strncmp(line, keys[k], strlen(keys[k])) == 0) {
				v[k] = strtoul(colon + 1, NULL, 0);
				seen |= 1 << k;
			}
		if (seen == 0xf)
			break;
	}
	fclose(fp);
	if (!(seen & 1))
		return (0);
	return ((uint64_t)(v[0] << shifts[0] | v[1] << shifts[1] |
	    0xful << 16 | v[2] << shifts[2] | v[3] << shifts[3]));
}

uint64_t
midr_read(const char *sysroot, int cpu)
{
	uint64_t m;

	if ((m = midr_sysfs(sysroot, cpu)) != 0)
		return (m);
	return (midr_cpuinfo(sysroot, cpu));
}
