/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Why perf first and getrusage second: a perf counter opened with inherit
 * and enable_on_exec counts exactly from the command's exec, in every
 * descendant, reaped or not; getrusage also counts the child between fork
 * and exec and misses descendants nobody waited for.  But perf counts
 * these events only with kernel-side counting, which perf_event_paranoid
 * 2 denies to users without CAP_PERFMON; the user-only variant that it
 * allows reads 0 for context switches, migrations and tracepoints (they
 * happen in kernel context) and misses page faults taken in the kernel
 * (copy_to_user), so it is never used: getrusage is better than a wrong
 * perf count.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/perf_event.h>

#include "core/machine.h"
#include "os/fingerprint.h"
#include "impact/counters.h"

#define NO_SW	UINT64_MAX

static const struct counter_def {
	const char	*key;
	const char	*what;
	uint64_t	 sw;		/* PERF_COUNT_SW_*, or NO_SW */
	const char	*sw_name;
	const char	*tracepoint;	/* under tracefs events/, or NULL */
	const char	*rusage;	/* getrusage fields, or NULL */
} defs[IMPACT_NCOUNTERS] = {
	[IMPACT_CTXSW] = { "ctxsw", "context switches",
	    PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches", NULL,
	    "ru_nvcsw + ru_nivcsw" },
	[IMPACT_MINFLT] = { "minflt", "minor page faults",
	    PERF_COUNT_SW_PAGE_FAULTS_MIN, "minor-faults", NULL, "ru_minflt" },
	[IMPACT_MAJFLT] = { "majflt", "major page faults",
	    PERF_COUNT_SW_PAGE_FAULTS_MAJ, "major-faults", NULL, "ru_majflt" },
	[IMPACT_MIGRATIONS] = { "migrations", "CPU migrations",
	    PERF_COUNT_SW_CPU_MIGRATIONS, "cpu-migrations", NULL, NULL },
	[IMPACT_SYSCALLS] = { "syscalls", "system calls", NO_SW, NULL,
	    "raw_syscalls/sys_enter", NULL },
	[IMPACT_SIGNALS] = { "signals", "signals delivered", NO_SW, NULL,
	    "signal/signal_deliver", NULL },
};

static const char *const tracefs_roots[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

const char *
counter_key(enum impact_counter i)
{
	return (defs[i].key);
}

const char *
counter_what(enum impact_counter i)
{
	return (defs[i].what);
}

static int
paranoia(void)
{
	return (os_read_int("", "/proc/sys/kernel/perf_event_paranoid",
	    -99));
}

static int
perf_open(uint32_t type, uint64_t config, const char *what, char *why,
    size_t len)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.type = type;
	a.size = sizeof(a);
	a.config = config;
	a.disabled = 1;
	a.inherit = 1;
	a.enable_on_exec = 1;
	a.exclude_hv = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1,
	    PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0)
		return (fd);
	if (errno == EACCES || errno == EPERM)
		snprintf(why, len, "perf_event_open %s: %s "
		    "(perf_event_paranoid is %d: counting kernel-side events "
		    "needs it at 1 or below, or CAP_PERFMON)", what,
		    strerror(errno), paranoia());
	else
		snprintf(why, len, "perf_event_open %s: %s", what,
		    strerror(errno));
	return (-1);
}

/* A tracepoint's perf id is only published in tracefs. */
static int
tracepoint_id(const char *tp, uint64_t *id, char *why, size_t len)
{
	char path[256], line[32], *end;
	unsigned long long v;
	size_t i;
	FILE *fp;
	int err = ENOENT;

	for (i = 0; i < sizeof(tracefs_roots) / sizeof(tracefs_roots[0]);
	    i++) {
		snprintf(path, sizeof(path), "%s/events/%s/id",
		    tracefs_roots[i], tp);
		if ((fp = fopen(path, "r")) == NULL) {
			if (i == 0)
				err = errno;
			continue;
		}
		/* The whole line a number, never a silent overflow. */
		if (fgets(line, sizeof(line), fp) != NULL) {
			errno = 0;
			v = strtoull(line, &end, 10);
			if (end != line && (*end == '\n' || *end == '\0') &&
			    errno == 0) {
				fclose(fp);
				*id = v;
				return (0);
			}
		}
		fclose(fp);
	}
	if (err == ENOENT)
		snprintf(why, len, "tracepoint %s: its id is not in "
		    "%s/events or %s/events (tracefs not mounted; as root: "
		    "mount -t tracefs tracefs %s)", tp, tracefs_roots[0],
		    tracefs_roots[1], tracefs_roots[0]);
	else
		snprintf(why, len, "tracepoint %s: %s/events/%s/id: %s", tp,
		    tracefs_roots[0], tp, strerror(err));
	return (-1);
}

/* Returns whether getrusage can stand in for perf. */
static int
use_rusage(struct impact_count *c, const struct counter_def *d)
{
	if (d->rusage == NULL)
		return (0);
	snprintf(c->source, sizeof(c->source), "getrusage %s of the reaped "
	    "descendants", d->rusage);
	c->available = 1;
	return (1);
}

void
counters_open(struct impact_counts *k)
{
	const struct counter_def *d;
	struct impact_count *c;
	uint64_t id;
	int i;

	memset(k, 0, sizeof(*k));
	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		d = &defs[i];
		c = &k->c[i];
		c->fd = -1;
		if (d->sw != NO_SW) {
			c->fd = perf_open(PERF_TYPE_SOFTWARE, d->sw,
			    d->sw_name, c->note, sizeof(c->note));
			if (c->fd >= 0)
				snprintf(c->source, sizeof(c->source), "perf "
				    "software event %s", d->sw_name);
		} else if (tracepoint_id(d->tracepoint, &id, c->note,
		    sizeof(c->note)) == 0) {
			c->fd = perf_open(PERF_TYPE_TRACEPOINT, id,
			    d->tracepoint, c->note, sizeof(c->note));
			if (c->fd >= 0)
				snprintf(c->source, sizeof(c->source), "perf "
				    "tracepoint %s", d->tracepoint);
		}
		if (c->fd < 0)
			use_rusage(c, d);
		else
			c->available = 1;
	}
	/* The one rusage field that looks like a count but is not. */
	c = &k->c[IMPACT_SIGNALS];
	if (!c->available) {
		i = (int)strlen(c->note);
		snprintf(c->note + i, sizeof(c->note) - (size_t)i, "; "
		    "getrusage is no substitute: Linux leaves ru_nsignals 0");
	}
}

static uint64_t
rusage_value(enum impact_counter i, const struct rusage *ru)
{
	switch (i) {
	case IMPACT_CTXSW:
		return ((uint64_t)ru->ru_nvcsw + (uint64_t)ru->ru_nivcsw);
	case IMPACT_MINFLT:
		return ((uint64_t)ru->ru_minflt);
	case IMPACT_MAJFLT:
		return ((uint64_t)ru->ru_majflt);
	default:
		return (0);
	}
}

void
counters_collect(struct impact_counts *k, const struct rusage *ru)
{
	struct impact_count *c;
	uint64_t v;
	int i;

	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		c = &k->c[i];
		if (c->fd >= 0 &&
		    read(c->fd, &v, sizeof(v)) == (ssize_t)sizeof(v)) {
			c->value = v;
			continue;
		}
		if (c->fd >= 0) {
			snprintf(c->note, sizeof(c->note), "reading the perf "
			    "counter failed: %s", strerror(errno));
			c->available = use_rusage(c, &defs[i]);
		}
		if (c->available)
			c->value = rusage_value((enum impact_counter)i, ru);
	}
	k->voluntary = ru->ru_nvcsw;
	k->involuntary = ru->ru_nivcsw;
	counters_close(k);
}

void
counters_close(struct impact_counts *k)
{
	int i;

	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		if (k->c[i].fd >= 0)
			close(k->c[i].fd);
		k->c[i].fd = -1;
	}
}
