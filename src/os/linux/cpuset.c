/* SPDX-License-Identifier: BSD-2-Clause */
/* Linux: affinity, by sched_getaffinity and sched_setaffinity. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

#include "os/cpuset.h"

/* What the process could use before its first cpuset_pin(). */
static cpu_set_t before_pin;
static int pinned;

int
cpuset_highest(const signed char *kind, int nkind, int want)
{
	cpu_set_t set;
	int cpu;

	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return (-1);
	for (cpu = CPU_SETSIZE - 1; cpu >= 0; cpu--)
		if (CPU_ISSET(cpu, &set) && (want < 0 ||
		    (cpu < nkind && kind[cpu] == want)))
			return (cpu);
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
