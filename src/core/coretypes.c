/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Looking up the kinds of core os_coretypes_read() found: what every OS
 * port shares.
 */
#include <stddef.h>
#include <strings.h>

#include "os/coretypes.h"

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
