/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the time runnable but waiting, from schedstat (os/linux/
 * schedstat.h), whose files are opened once and read with pread, so that
 * a check between samples costs a system call per thread and nothing
 * more.
 */
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/linux/schedstat.h"
#include "os/runwait.h"

#define MAX_WATCHED	8

static int fds[MAX_WATCHED];
static size_t nfds;

int
schedstat_delay(const char *text, unsigned long long *ns)
{
	const char *p;
	char *end;

	p = text + strcspn(text, " ");
	if (*p != ' ')
		return (-1);
	*ns = strtoull(p, &end, 10);
	return (end == p ? -1 : 0);
}

int
os_runwait_open(const pid_t *partners, size_t n)
{
	char path[64];
	size_t i;

	if (nfds > 0)
		return (0);
	if ((fds[0] = open("/proc/thread-self/schedstat", O_RDONLY |
	    O_CLOEXEC)) < 0)
		return (-1);
	for (i = 0, nfds = 1; i < n && nfds < MAX_WATCHED; i++) {
		snprintf(path, sizeof(path), "/proc/%d/schedstat",
		    (int)partners[i]);
		if ((fds[nfds] = open(path, O_RDONLY | O_CLOEXEC)) >= 0)
			nfds++;
	}
	return (0);
}

double
os_runwait_read(void)
{
	unsigned long long delay;
	double sum = 0;
	char buf[96];
	ssize_t n;
	size_t i;

	if (nfds == 0)
		return (NAN);
	for (i = 0; i < nfds; i++) {
		n = pread(fds[i], buf, sizeof(buf) - 1, 0);
		if (n <= 0)
			return (NAN);
		buf[n] = '\0';
		if (schedstat_delay(buf, &delay) != 0)
			return (NAN);
		sum += (double)delay;
	}
	return (sum);
}
