/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clock part of the fingerprint (core/clock.h): the reference
 * counter, whether cycles are counted, and the engine's calibration with
 * its imul check.  Apart from clock.c, which the engine stamps with.
 */
#include <stdio.h>

#include "core/clock.h"
#include "core/engine.h"

void
clock_describe(struct machine *m)
{
	struct engine_calibration cal;
	char why[256];

	m->ref_hz = clock_ref_hz();
	snprintf(m->ref_source, sizeof(m->ref_source), "%s",
	    clock_ref_source());
	snprintf(m->ref_name, sizeof(m->ref_name), "%s", arch_ref_name);
	m->perf_counters = clock_counter_open(why, sizeof(why));
	if (!m->perf_counters)
		snprintf(m->perf_reason, sizeof(m->perf_reason), "%s", why);
	engine_calibrate(&cal, 0);
	m->cycles_per_tick = cal.ratio;
	m->imul_check = engine_imul_check(&cal);
	m->cycle_method = m->perf_counters ? CB_CYCLES_COUNTED :
	    CB_CYCLES_CALIBRATED;
	if (m->perf_counters)
		clock_counter.provider->describe(m->cycle_source,
		    sizeof(m->cycle_source));
	else
		snprintf(m->cycle_source, sizeof(m->cycle_source),
		    "dependent add chain, 1 cycle per add");
	clock_counter_close();
}
