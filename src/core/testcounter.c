/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The test counter (core/testcounter.h).  Cycles since opening are the
 * ticks since opening times the ratio, integrated over a ratio that
 * drifts linearly in time: ratio * ticks * (1 + drift * seconds / 2).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/testcounter.h"
#include "os/cycle_counter.h"

#define DEFAULT_RATIO	2.0
#define START_CYCLES	1000000.0	/* a counter is never at 0 */

static const struct {
	const char	*name;
	int		 err;		/* errno, 0: opens, user may not read */
} refusals[] = {
	{ "paranoid",	EACCES },
	{ "absent",	ENOENT },
	{ "user",	0 },
};

static struct {
	double		 ratio, drift;
	int		 refuse;	/* index into refusals, -1: none */
	uint64_t	 start;		/* reference ticks when opened */
	double		 hz;
} tc;

int
testcounter_wanted(void)
{
	return (getenv(TESTCOUNTER_ENV) != NULL);
}

/* One key=value of the setting; -1 with the reason when it is wrong. */
static int
parse_item(const char *item, size_t n, char *why, size_t len)
{
	char buf[64], *end;
	const char *v;
	size_t i;

	if (n >= sizeof(buf) || (v = memchr(item, '=', n)) == NULL)
		goto bad;
	memcpy(buf, item, n);
	buf[n] = '\0';
	v = buf + (v - item) + 1;
	if (strncmp(buf, "ratio=", 6) == 0 || strncmp(buf, "drift=", 6) == 0) {
		double d = strtod(v, &end);

		if (end == v || *end != '\0' || !(d > -1 && d < 1e6) ||
		    (buf[0] == 'r' && !(d > 0)))
			goto bad;
		*(buf[0] == 'r' ? &tc.ratio : &tc.drift) = d;
		return (0);
	}
	if (strncmp(buf, "refuse=", 7) == 0)
		for (i = 0; i < sizeof(refusals) / sizeof(refusals[0]); i++)
			if (strcmp(v, refusals[i].name) == 0) {
				tc.refuse = (int)i;
				return (0);
			}
bad:
	snprintf(why, len, TESTCOUNTER_ENV ": cannot use '%.*s' (ratio=R "
	    "with R > 0, drift=D, refuse=paranoid|absent|user)", (int)n, item);
	return (-1);
}

static int
parse(char *why, size_t len)
{
	const char *s = getenv(TESTCOUNTER_ENV), *comma;

	tc.ratio = DEFAULT_RATIO;
	tc.drift = 0;
	tc.refuse = -1;
	for (; s != NULL && *s != '\0'; s = comma + (*comma != '\0')) {
		comma = strchr(s, ',');
		if (comma == NULL)
			comma = s + strlen(s);
		if (comma > s && parse_item(s, (size_t)(comma - s), why,
		    len) != 0)
			return (-1);
	}
	return (0);
}

void
testcounter_rate(double hz)
{
	tc.hz = hz;
}

int
testcounter_open(char *why, size_t len)
{
	if (parse(why, len) != 0)
		return (0);
	if (tc.refuse >= 0) {
		os_counter_refusal(refusals[tc.refuse].err, why, len);
		return (0);
	}
	tc.start = arch_ref_begin();
	return (1);
}

void
testcounter_close(void)
{
}

uint64_t
testcounter_read(void)
{
	double ticks;

	ticks = (double)(arch_ref_begin() - tc.start);
	return ((uint64_t)(START_CYCLES + tc.ratio * ticks *
	    (1 + tc.drift * ticks / tc.hz / 2)));
}

void
testcounter_describe(char *buf, size_t len)
{
	snprintf(buf, len, "the test counter, %g cycles per reference tick"
	    "%s (" TESTCOUNTER_ENV ")", tc.ratio, tc.drift != 0 ?
	    ", drifting" : "");
}
