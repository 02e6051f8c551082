/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clock: reference-counter stamps (arch/arch.h), the reference
 * counter's rate, and core cycles either counted (a counter provider:
 * the OS's hardware counter, or the test counter that stands in for it)
 * or derived from reference ticks with a calibrated ratio.  One per
 * process, like the reference counter.
 */
#ifndef CB_CLOCK_H
#define CB_CLOCK_H

#include <stddef.h>
#include <stdint.h>

#include "cyclebench.h"
#include "arch/arch.h"
#include "core/machine.h"
#include "os/cycle_counter.h"

struct stamp {
	uint64_t	ref;	/* reference ticks */
	uint64_t	cyc;	/* counted core cycles; 0 when calibrated */
};

/*
 * Where counted cycles come from.  `read' is NULL for the OS's hardware
 * counter, read inline (os_counter_read()); a stand-in reads through it.
 */
struct counter_provider {
	const char	*name;
	int		(*open)(char *why, size_t len);
	void		(*close)(void);
	uint64_t	(*read)(void);
	/* How the fingerprint says cycles were counted. */
	void		(*describe)(char *buf, size_t len);
};

/* The provider of this process, and whether it counts on this thread. */
extern struct clock_counter {
	const struct counter_provider *provider;
	uint64_t	(*read)(void);
	int		 counting;
} clock_counter;

/* Idempotent: probe the stamps, find the reference counter's rate. */
void	clock_init(void);
double	clock_ref_hz(void);

/* Where the rate came from ("CPUID leaf 0x15", "measured against ..."). */
const char *clock_ref_source(void);

/*
 * clock_init() with the rate and source another process found, for a
 * measuring program started fresh (core/isolate.h): measuring the rate
 * again would take 20 ms a round, and could differ from the parent's.
 */
void	clock_init_from(double ref_hz, const char *ref_source);

/*
 * Try to count core cycles on the calling thread (kernel and user).
 * Returns 1 when counting, 0 with the reason otherwise.
 */
int	clock_counter_open(char *why, size_t len);
void	clock_counter_close(void);

/*
 * Fill the clock part of the fingerprint (calibrates: takes ~20 ms).  In
 * core/clock_describe.c, above the engine it calibrates with.
 */
void	clock_describe(struct machine *m);

/* Are core cycles counted on this thread (else calibrated)? */
static inline int
clock_counting(void)
{
	return (clock_counter.counting);
}

static inline uint64_t
clock_cycles(void)
{
	return (clock_counter.read == NULL ? os_counter_read(arch_pmc_read) :
	    clock_counter.read());
}

static inline void
stamp_begin(struct stamp *s)
{
	s->cyc = clock_counting() ? clock_cycles() : 0;
	s->ref = arch_ref_begin();
}

static inline void
stamp_end(struct stamp *s)
{
	s->ref = arch_ref_end();
	s->cyc = clock_counting() ? clock_cycles() : 0;
}

#endif
