/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The kinds of core os_coretypes_read() finds, named by the architecture
 * (the OS shows arm64's MIDR_EL1 per CPU, the architecture knows what
 * part it is), looked up, and the CPU to measure on chosen among them.
 */
#include <stddef.h>
#include <stdio.h>
#include <strings.h>

#include "arch/arch.h"
#include "core/coretype_cpu.h"
#include "os/cpuset.h"

void
coretypes_read(struct coretypes *ct, const char *sysroot)
{
	os_coretypes_read(ct, sysroot, arch_midr_core_name);
}

const char *
coretypes_of(const struct coretypes *ct, int cpu)
{
	if (cpu < 0 || cpu >= CORETYPES_CPUS || ct->of_cpu[cpu] < 0 ||
	    ct->of_cpu[cpu] >= ct->n)
		return (NULL);
	return (ct->type[ct->of_cpu[cpu]].name);
}

int
coretypes_find(const struct coretypes *ct, const char *name)
{
	int i;

	for (i = 0; i < ct->n; i++)
		if (strcasecmp(ct->type[i].name, name) == 0)
			return (i);
	return (-1);
}

int
coretypes_default_cpu(void)
{
	struct coretypes ct;
	int cpu = -1;

	coretypes_read(&ct, "");
	if (ct.n > 1)
		cpu = cpuset_highest(ct.of_cpu, CORETYPES_CPUS, ct.fastest);
	if (cpu < 0)
		cpu = cpuset_highest(NULL, 0, -1);
	return (cpu < 0 ? 0 : cpu);
}

int
coretypes_cpu_of_type(const char *type, char *why, size_t len)
{
	struct coretypes ct;
	size_t used;
	int i, t, cpu;

	coretypes_read(&ct, "");
	if ((t = coretypes_find(&ct, type)) >= 0 &&
	    (cpu = cpuset_highest(ct.of_cpu, CORETYPES_CPUS, t)) >= 0)
		return (cpu);
	if (ct.n == 0) {
		snprintf(why, len, "'%s' is neither a CPU number nor a kind of "
		    "core: this machine's cores are not told apart", type);
		return (-1);
	}
	used = (size_t)snprintf(why, len, t >= 0 ? "no %s this process may "
	    "use" : "'%s' is neither a CPU number nor a kind of core here;",
	    type);
	for (i = 0; i < ct.n && used < len; i++)
		used += (size_t)snprintf(why + used, len - used, "%s %s (CPUs "
		    "%s)", i == 0 ? " the kinds are" : ",", ct.type[i].name,
		    ct.type[i].cpus);
	return (-1);
}
