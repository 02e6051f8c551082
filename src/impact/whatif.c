/* SPDX-License-Identifier: BSD-2-Clause */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "impact/whatif.h"
#include "results/results_get.h"

/*
 * Plain decimal: strtod alone would also take "inf", "nan" and hex; and
 * no larger than a results file's figures may be (1e308 cycles per event
 * printed "+inf").
 */
static int
parse_cycles(const char *s, double *v)
{
	char *end;

	if (((*s < '0' || *s > '9') && *s != '.') ||
	    s[strspn(s, "0123456789.eE+-")] != '\0')
		return (-1);
	errno = 0;
	*v = strtod(s, &end);
	return (*end != '\0' || errno != 0 || !isfinite(*v) ||
	    *v > RS_NUM_MAX ? -1 : 0);
}

int
whatif_parse(const char *arg, struct impact_whatif *w, char *err, size_t len)
{
	char name[64], names[256];
	const char *eq, *num;
	size_t n;

	eq = strchr(arg, '=');
	if (eq == NULL || eq == arg || eq[1] == '\0') {
		snprintf(err, len, "--what-if '%s' is not EVENT=CYCLES, "
		    "EVENT=+CYCLES or EVENT=-CYCLES (e.g. ctxsw=+264)", arg);
		return (-1);
	}
	n = (size_t)(eq - arg);
	snprintf(name, sizeof(name), "%.*s", (int)n, arg);
	if (n >= sizeof(name) || (w->event = impact_event_find(name)) == NULL) {
		snprintf(err, len, "--what-if '%s': unknown event '%s' "
		    "(events: %s)", arg, name,
		    impact_event_names(names, sizeof(names)));
		return (-1);
	}
	num = eq + 1;
	w->relative = *num == '+' || *num == '-';
	if (parse_cycles(num + w->relative, &w->cycles) != 0) {
		snprintf(err, len, "--what-if '%s': '%s' is not a number of "
		    "cycles up to %g (write 264 for a new cost per event, +264 "
		    "or -264 for a change)", arg, num, RS_NUM_MAX);
		return (-1);
	}
	if (eq[1] == '-')
		w->cycles = -w->cycles;
	return (0);
}
