/* SPDX-License-Identifier: BSD-2-Clause */
/* CLOCK_MONOTONIC as a double: nanoseconds survive for 104 days. */
#include <time.h>

#include "util/time.h"

double
monotonic_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec / 1e9);
}

void
utc_now(char *buf, size_t len)
{
	struct tm tm;
	time_t t = time(NULL);

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}
