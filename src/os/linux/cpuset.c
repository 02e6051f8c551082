/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "os/coretypes.h"
#include "os/cpuset.h"

/* What the process could use before its first cpuset_pin(). */
static cpu_set_t before_pin;
static int pinned;

/* The highest allowed CPU of kind `type' (-1: any kind), or -1. */
static int
highest_of(const struct coretypes *ct, int type)
{
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return (-1);
	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, &set) && (type < 0 ||
		    (cpu < CORETYPES_CPUS && ct->of_cpu[cpu] == type)))
			return (cpu);
	return (-1);
}

int
cpuset_default_cpu(void)
{
	struct coretypes ct;
	int cpu = -1;

	os_coretypes_read(&ct, "");
	if (ct.n > 1)
		cpu = highest_of(&ct, ct.fastest);
	if (cpu < 0)
		cpu = highest_of(&ct, -1);
	return (cpu < 0 ? 0 : cpu);
}

int
cpuset_cpu_of_type(const char *type, char *why, size_t len)
{
	struct coretypes ct;
	size_t used;
	int i, t, cpu;

	os_coretypes_read(&ct, "");
	if ((t = coretypes_find(&ct, type)) >= 0 &&
	    (cpu = highest_of(&ct, t)) >= 0)
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

int
cpuset_count(void)
{
	cpu_set_t set;
	int n;

	if (pinned)
		set = before_pin;
	else if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return (1);
	n = CPU_COUNT(&set);
	return (n > 0 ? n : 1);
}

int
cpuset_allowed(int cpu)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE ||
	    sched_getaffinity(0, sizeof(set), &set) != 0)
		return (0);
	return (CPU_ISSET(cpu, &set));
}

int
cpuset_pin(int cpu, char *why, size_t len)
{
	cpu_set_t set;

	if (cpu < 0 || cpu >= CPU_SETSIZE) {
		snprintf(why, len, "CPU %d does not exist", cpu);
		return (-1);
	}
	if (!pinned && sched_getaffinity(0, sizeof(before_pin),
	    &before_pin) == 0)
		pinned = 1;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) != 0) {
		snprintf(why, len, "cannot pin to CPU %d: %s", cpu,
		    strerror(errno));
		return (-1);
	}
	return (0);
}

int
cpuset_other_cpu(int cpu)
{
	cpu_set_t set;
	int c;

	if (pinned)
		set = before_pin;
	else if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return (-1);
	for (c = 0; c < CPU_SETSIZE; c++)
		if (c != cpu && CPU_ISSET(c, &set))
			return (c);
	return (-1);
}
