/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference counter's rate, stated by the hardware or measured against
 * the kernel's raw monotonic clock, and the table of counter providers:
 * the OS's hardware counter, and the test counter that stands in for it
 * when CYCLEBENCH_TEST_COUNTER is set (core/testcounter.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/testcounter.h"
#include "os/ref_rate.h"

static void	os_describe(char *buf, size_t len);

static const struct counter_provider providers[] = {
	{ "os", os_counter_open, os_counter_close, NULL, os_describe },
	{ "test", testcounter_open, testcounter_close, testcounter_read,
	  testcounter_describe },
};

struct clock_counter clock_counter;

static struct {
	int	 ready;
	double	 ref_hz;
	char	 ref_source[64];
} clk;

static void
os_describe(char *buf, size_t len)
{
	snprintf(buf, len, "hardware cycle counter (%s)", ARCH_PMC_NAME);
}

static double
now_raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (ts.tv_sec * 1e9 + ts.tv_nsec);
}

/* A (ticks, ns) pair read as close together as we can manage. */
static void
ref_ns_pair(double *ref, double *ns)
{
	uint64_t a, b, best = UINT64_MAX;
	double t;
	int i;

	for (i = 0; i < 8; i++) {
		a = arch_ref_begin();
		t = now_raw_ns();
		b = arch_ref_end();
		if (b - a < best) {
			best = b - a;
			*ref = (a + b) / 2.0;
			*ns = t;
		}
	}
}

/*
 * What the hardware states, else what the OS does, else the rate against
 * the kernel's raw monotonic clock over 20 ms, which is good to a few
 * ppm.
 */
static void
ref_frequency(void)
{
	double t0, n0, t1, n1;

	clk.ref_hz = arch_ref_hz(clk.ref_source, sizeof(clk.ref_source));
	if (clk.ref_hz > 0)
		return;
	clk.ref_hz = os_ref_hz(clk.ref_source, sizeof(clk.ref_source));
	if (clk.ref_hz > 0)
		return;
	ref_ns_pair(&t0, &n0);
	do
		ref_ns_pair(&t1, &n1);
	while (n1 - n0 < 20e6);
	clk.ref_hz = (t1 - t0) / (n1 - n0) * 1e9;
	snprintf(clk.ref_source, sizeof(clk.ref_source),
	    "measured against CLOCK_MONOTONIC_RAW");
}

/* The rest of clock_init, once the rate is known. */
static void
ready(void)
{
	clock_counter.provider = &providers[testcounter_wanted() ? 1 : 0];
	testcounter_rate(clk.ref_hz);
	clk.ready = 1;
}

void
clock_init(void)
{
	if (clk.ready)
		return;
	arch_ref_init();
	ref_frequency();
	ready();
}

void
clock_init_from(double ref_hz, const char *ref_source)
{
	arch_ref_init();
	clk.ref_hz = ref_hz;
	snprintf(clk.ref_source, sizeof(clk.ref_source), "%s", ref_source);
	ready();
}

double
clock_ref_hz(void)
{
	clock_init();
	return (clk.ref_hz);
}

const char *
clock_ref_source(void)
{
	clock_init();
	return (clk.ref_source);
}

int
clock_counter_open(char *why, size_t len)
{
	clock_init();
	clock_counter_close();
	clock_counter.counting = clock_counter.provider->open(why, len);
	clock_counter.read = clock_counter.provider->read;
	return (clock_counter.counting);
}

void
clock_counter_close(void)
{
	clock_counter.counting = 0;
	if (clock_counter.provider != NULL)
		clock_counter.provider->close();
}

/* The public stamps, out of line, for self-timed bodies. */
uint64_t
cb_ref_begin(void)
{
	return (arch_ref_begin());
}

uint64_t
cb_ref_end(void)
{
	return (arch_ref_end());
}

uint64_t
cb_tsc_begin(void)
{
	return (arch_ref_begin());
}

uint64_t
cb_tsc_end(void)
{
	return (arch_ref_end());
}
