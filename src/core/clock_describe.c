/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clock part of the fingerprint (core/clock.h): the reference
 * counter, whether cycles are counted, and the engine's calibration with
 * its imul check.  Apart from clock.c, which the engine stamps with.
 */
#include <stdio.h>

#include "arch/arch.h"
#include "core/clock.h"
#include "core/engine.h"
#include "core/flags.h"
#include "core/timing.h"

void
clock_describe(struct machine *m)
{
	enum { READINGS = 9 };
	struct engine_calibration cal;
	double v[READINGS];
	char why[256];
	uint64_t base;
	int i;

	m->ref_hz = clock_ref_hz();
	snprintf(m->ref_source, sizeof(m->ref_source), "%s",
	    clock_ref_source());
	snprintf(m->ref_name, sizeof(m->ref_name), "%s", arch_ref_name);
	m->perf_counters = clock_counter_open(why, sizeof(why));
	if (!m->perf_counters)
		snprintf(m->perf_reason, sizeof(m->perf_reason), "%s", why);
	engine_calibrate(&cal, 0);
	m->cycles_per_tick = cal.ratio;
	base = choose_base(arch_mul_chain, NULL);
	for (i = 0; i < READINGS; i++)
		v[i] = engine_imul_reading(&cal, base);
	flags_median_ci(v, READINGS, &m->imul_check, &m->imul_low,
	    &m->imul_high);
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
