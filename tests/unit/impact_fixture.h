/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * An impact to render in cmocka tests, as if `cyclebench impact' had
 * run a command: 2 s of wall time, 1 s user and 0.5 s system; the first
 * counter counted (1000) and priced at 3000 core cycles an event from a
 * clock of 2 GHz x 1.5, the second counted without a cost, the rest not
 * counted with a note saying why; one --what-if.  Texts that a command
 * line or a file gave hold markup and a byte that is not UTF-8.
 * Include after <cmocka.h>.
 */
#ifndef CB_TEST_IMPACT_FIXTURE_H
#define CB_TEST_IMPACT_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "impact/impact.h"

static char *if_argv[] = { "sh", "-c", "echo <b>caf\xff", NULL };

/* The index in impact_events of the first event counted by counter c. */
static inline size_t
if_event_of(enum impact_counter c)
{
	size_t i;

	for (i = 0; i < impact_nevents; i++)
		if (impact_events[i].counter == c)
			return (i);
	fail_msg("no event of counter %d", (int)c);
	return (0);
}

static inline void
if_fill(struct impact *im)
{
	char err[256];
	size_t i;
	int c;

	memset(im, 0, sizeof(*im));
	im->argv = if_argv;
	im->run.wall = 2.0;
	im->run.ru.ru_utime.tv_sec = 1;
	im->run.ru.ru_stime.tv_usec = 500000;
	for (c = 0; c < IMPACT_NCOUNTERS; c++) {
		im->counts.c[c].fd = -1;
		snprintf(im->counts.c[c].note, sizeof(im->counts.c[c].note),
		    "no perf <here>");
	}
	for (c = 0; c < 2; c++) {
		im->counts.c[c].available = 1;
		im->counts.c[c].value = 1000;
		im->counts.c[c].note[0] = '\0';
		snprintf(im->counts.c[c].source,
		    sizeof(im->counts.c[c].source), "perf");
	}
	im->counts.voluntary = 600;
	im->counts.involuntary = 400;
	im->clock.tsc_hz = 2e9;
	im->clock.cycles_per_tick = 1.5;
	snprintf(im->clock.source, sizeof(im->clock.source), "costs.json");
	i = if_event_of((enum impact_counter)0);
	im->cost[i].known = 1;
	im->cost[i].cycles = 3000;
	snprintf(im->cost[i].source, sizeof(im->cost[i].source),
	    "costs.json <x>");
	for (i = 0; i < impact_nevents; i++)
		if (!im->cost[i].known)
			snprintf(im->cost[i].source, sizeof(im->cost[i].source),
			    "no benchmark");
	if (whatif_parse("ctxsw=+264", &im->whatif[0], err, sizeof(err)) != 0)
		fail_msg("%s", err);
	im->nwhatif = 1;
}

#endif
