/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the kinds of core, from sysfs.  An Intel hybrid part has a PMU
 * per kind, cpu_core and cpu_atom, each listing its CPUs; an arm64 part
 * shows each CPU's MIDR_EL1 (regs/identification), which names the core;
 * both have cpu_capacity on kernels whose scheduler knows the kinds
 * differ, and cpufreq's highest frequency.  The fastest kind is the one
 * of the highest capacity, else of the highest frequency, else the P-core.
 * hwloc reads the same files; they are few, so they are read here.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/coretypes.h"
#include "os/fingerprint.h"
#include "sysroot.h"

#define CPU_SYS		"/sys/devices/system/cpu"
#define PMU_SYS		"/sys/bus/event_source/devices"

/* Intel's hybrid PMUs, slowest last. */
static const struct {
	const char	*pmu;
	const char	*name;
} hybrid_pmus[] = {
	{ "cpu_core",		"P-core" },
	{ "cpu_atom",		"E-core" },
	{ "cpu_lowpower",	"LP E-core" },
};

static double
read_number(const char *sysroot, const char *fmt, int cpu)
{
	char path[128], buf[64], *end;
	double v;

	snprintf(path, sizeof(path), fmt, cpu);
	if (sysroot_line(sysroot, path, buf, sizeof(buf)) != 0)
		return (0);
	v = strtod(buf, &end);
	return (end != buf && v > 0 ? v : 0);
}

/*
 * Call fn for each CPU of a kernel CPU list ("0-3,8,10-11"), stopping
 * at anything malformed.
 */
static void
each_cpu(const char *list, void (*fn)(int, void *), void *arg)
{
	const char *p = list;
	char *end;
	long a, b, c;

	while (*p != '\0') {
		a = strtol(p, &end, 10);
		if (end == p || a < 0)
			return;
		b = a;
		if (*end == '-') {
			p = end + 1;
			b = strtol(p, &end, 10);
			if (end == p || b < a)
				return;
		}
		for (c = a; c <= b && c < CORETYPES_CPUS; c++)
			fn((int)c, arg);
		if (*end != ',')
			return;
		p = end + 1;
	}
}

struct assign {
	struct coretypes *ct;
	int		 type;
};

static void
assign_cpu(int cpu, void *arg)
{
	struct assign *a = arg;

	a->ct->of_cpu[cpu] = (signed char)a->type;
}

static void
mark_online(int cpu, void *arg)
{
	((char *)arg)[cpu] = 1;
}

static int
add_type(struct coretypes *ct, const char *name)
{
	int i;

	for (i = 0; i < ct->n; i++)
		if (strcmp(ct->type[i].name, name) == 0)
			return (i);
	if (ct->n == CORETYPES_MAX)
		return (-1);
	snprintf(ct->type[ct->n].name, sizeof(ct->type[0].name), "%s", name);
	return (ct->n++);
}

/* The kinds by Intel's hybrid PMUs; 0 when there are none. */
static int
by_pmu(struct coretypes *ct, const char *sysroot)
{
	struct assign a = { ct, 0 };
	char path[128], list[4096];
	size_t i;

	for (i = 0; i < sizeof(hybrid_pmus) / sizeof(hybrid_pmus[0]); i++) {
		snprintf(path, sizeof(path), PMU_SYS "/%s/cpus",
		    hybrid_pmus[i].pmu);
		if (sysroot_line(sysroot, path, list, sizeof(list)) != 0)
			continue;
		if ((a.type = add_type(ct, hybrid_pmus[i].name)) < 0)
			break;
		each_cpu(list, assign_cpu, &a);
	}
	snprintf(ct->source, sizeof(ct->source), "the cpu_core/cpu_atom PMUs");
	return (ct->n);
}

/* The kinds by MIDR per CPU; 0 when sysfs shows none. */
static int
by_midr(struct coretypes *ct, const char *sysroot, const char *online,
    os_core_namer *namer)
{
	char name[32];
	uint64_t midr;
	int cpu, t;

	for (cpu = 0; cpu < CORETYPES_CPUS; cpu++) {
		if (!online[cpu] || (midr = os_cpu_idreg(sysroot, cpu)) == 0)
			continue;
		namer(midr, name, sizeof(name));
		if ((t = add_type(ct, name)) >= 0)
			ct->of_cpu[cpu] = (signed char)t;
	}
	snprintf(ct->source, sizeof(ct->source), "MIDR_EL1 per CPU");
	return (ct->n);
}

/* The kinds by capacity alone, named for it, when nothing names them. */
static int
by_capacity(struct coretypes *ct, const char *sysroot, const char *online)
{
	char name[32];
	double cap;
	int cpu, t;

	for (cpu = 0; cpu < CORETYPES_CPUS; cpu++) {
		if (!online[cpu] || (cap = read_number(sysroot, CPU_SYS
		    "/cpu%d/cpu_capacity", cpu)) == 0)
			continue;
		snprintf(name, sizeof(name), "capacity %.0f", cap);
		if ((t = add_type(ct, name)) >= 0)
			ct->of_cpu[cpu] = (signed char)t;
	}
	snprintf(ct->source, sizeof(ct->source), "cpu_capacity");
	/* One capacity for all is no distinction, and no name. */
	return (ct->n > 1 ? ct->n : (ct->n = 0));
}

/* Append cpu to its kind's list, joining runs ("0-3"). */
static void
list_cpu(struct coretype *t, int cpu, int *last, int *run)
{
	size_t n = strlen(t->cpus);

	if (*last >= 0 && cpu == *last + 1) {
		*last = cpu;
		(*run)++;
		return;
	}
	if (*run > 0)
		snprintf(t->cpus + n, sizeof(t->cpus) - n, "-%d", *last);
	n = strlen(t->cpus);
	snprintf(t->cpus + n, sizeof(t->cpus) - n, "%s%d", n ? "," : "",
	    cpu);
	*last = cpu;
	*run = 0;
}

/* Per kind: its CPUs as a list, its mean capacity, its highest clock. */
static void
describe(struct coretypes *ct, const char *sysroot)
{
	struct coretype *t;
	int cpu, i, last, run;
	double cap;
	long khz;
	size_t n;

	for (i = 0; i < ct->n; i++) {
		t = &ct->type[i];
		last = -1;
		run = 0;
		for (cpu = 0; cpu < CORETYPES_CPUS; cpu++) {
			if (ct->of_cpu[cpu] != i)
				continue;
			list_cpu(t, cpu, &last, &run);
			t->ncpus++;
			cap = read_number(sysroot, CPU_SYS "/cpu%d/cpu_capacity",
			    cpu);
			t->capacity += cap;
			khz = (long)read_number(sysroot, CPU_SYS
			    "/cpu%d/cpufreq/cpuinfo_max_freq", cpu);
			if (khz > t->max_khz)
				t->max_khz = khz;
		}
		n = strlen(t->cpus);
		if (run > 0)
			snprintf(t->cpus + n, sizeof(t->cpus) - n, "-%d", last);
		if (t->ncpus > 0)
			t->capacity /= t->ncpus;
	}
}

/* Highest capacity, else highest clock, else the first found. */
static int
fastest(const struct coretypes *ct)
{
	int i, best = 0;

	for (i = 1; i < ct->n; i++) {
		if (ct->type[i].capacity != ct->type[best].capacity) {
			if (ct->type[i].capacity > ct->type[best].capacity)
				best = i;
		} else if (ct->type[i].max_khz > ct->type[best].max_khz)
			best = i;
	}
	return (best);
}

void
os_coretypes_read(struct coretypes *ct, const char *sysroot,
    os_core_namer *name)
{
	char list[4096], online[CORETYPES_CPUS];

	memset(ct, 0, sizeof(*ct));
	memset(ct->of_cpu, -1, sizeof(ct->of_cpu));
	memset(online, 0, sizeof(online));
	if (sysroot == NULL)
		sysroot = "";
	if (sysroot_line(sysroot, CPU_SYS "/online", list, sizeof(list)) == 0)
		each_cpu(list, mark_online, online);
	if (by_pmu(ct, sysroot) == 0 && by_midr(ct, sysroot, online, name) == 0)
		by_capacity(ct, sysroot, online);
	if (ct->n == 0) {
		ct->source[0] = '\0';
		return;
	}
	describe(ct, sysroot);
	ct->fastest = fastest(ct);
}
