/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: where it shows a CPU's identification register.  arm64 kernels
 * show MIDR_EL1 per CPU in sysfs (regs/identification/midr_el1), older
 * ones only /proc/cpuinfo's fields, which are put back together here;
 * other architectures show neither.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/fingerprint.h"
#include "sysroot.h"

static uint64_t
midr_sysfs(const char *sysroot, int cpu)
{
	char path[128], buf[64];
	FILE *fp;
	uint64_t v = 0;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/regs/"
	    "identification/midr_el1", cpu < 0 ? 0 : cpu);
	if ((fp = sysroot_open(sysroot, path)) == NULL)
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

	if ((fp = sysroot_open(sysroot, "/proc/cpuinfo")) == NULL)
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
os_cpu_idreg(const char *sysroot, int cpu)
{
	uint64_t m;

	if ((m = midr_sysfs(sysroot, cpu)) != 0)
		return (m);
	return (midr_cpuinfo(sysroot, cpu));
}
