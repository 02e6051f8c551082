/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The CPU's marketing codename, which CPUID does not carry: libcpuid's
 * tables, for the families they cover.
 */
#include <stdio.h>
#include <string.h>

#include <libcpuid.h>

#include "arch/x86/cpu.h"

/*
 * libcpuid knows marketing codenames that CPUID does not carry, but for a
 * family newer than its tables it answers with the nearest CPU it knows
 * (0.6.2 calls Zen 5 "Abu Dhabi", a 2012 Opteron).  So its word is taken
 * only for the families it covers; newer ones are named here or left
 * unknown.
 */
#define LIBCPUID_LAST_AMD_FAMILY	0x19

static const struct {
	const char	*vendor;
	unsigned	 family;
	const char	*codename;
} newer_families[] = {
	{ "AuthenticAMD", 0x1a, "Zen 5" },
};

void
x86_codename(struct arch_cpu_id *cpu)
{
	struct cpu_id_t id;
	libcpuid_warn_fn_t warn;
	size_t i;
	int rc;

	for (i = 0; i < sizeof(newer_families) / sizeof(newer_families[0]);
	    i++) {
		if (strcmp(cpu->vendor, newer_families[i].vendor) == 0 &&
		    cpu->family == newer_families[i].family) {
			snprintf(cpu->codename, sizeof(cpu->codename), "%s",
			    newer_families[i].codename);
			return;
		}
	}
	if (strcmp(cpu->vendor, "AuthenticAMD") == 0 &&
	    cpu->family > LIBCPUID_LAST_AMD_FAMILY)
		return;
	if (!cpuid_present())
		return;
	/* Its warnings about CPUs it does not know would land in our output. */
	warn = cpuid_set_warn_function(NULL);
	rc = cpu_identify(NULL, &id);
	cpuid_set_warn_function(warn);
	if (rc != 0 || id.cpu_codename[0] == '\0' ||
	    strncmp(id.cpu_codename, "Unknown", 7) == 0)
		return;
	snprintf(cpu->codename, sizeof(cpu->codename), "%s", id.cpu_codename);
}

