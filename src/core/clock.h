/*
 * The clock: TSC time stamps, the TSC frequency, and core cycles either
 * counted by a hardware counter (perf_event_open + rdpmc) or derived from
 * TSC ticks with a calibrated ratio.  One per process, like the TSC.
 */
#ifndef CB_CLOCK_H
#define CB_CLOCK_H

#include <stdint.h>
#include <linux/perf_event.h>

#include "cyclebench.h"
#include "arch/x86/tsc.h"
#include "core/machine.h"

struct stamp {
	uint64_t	tsc;
	uint64_t	cyc;	/* counted core cycles; 0 when calibrated */
};

/* The counter page while counting on this thread, else NULL. */
extern volatile struct perf_event_mmap_page *clock_pmc_page;

/* Idempotent: pick the stop instruction, measure the TSC frequency. */
void	clock_init(void);
double	clock_tsc_hz(void);

/*
 * Try to count core cycles on the calling thread (kernel and user).
 * Returns 1 when counting, 0 with the reason otherwise.
 */
int	clock_counter_open(char *why, size_t len);
void	clock_counter_close(void);

/* Fill the clock part of the fingerprint (calibrates: takes ~20 ms). */
void	clock_describe(struct machine *m);

static inline uint64_t
clock_pmc_read(void)
{
	volatile struct perf_event_mmap_page *pc = clock_pmc_page;
	uint64_t count;
	uint32_t seq, idx, width;
	int64_t pmc;

	do {
		seq = pc->lock;
		__asm__ volatile("" : : : "memory");
		idx = pc->index;
		count = pc->offset;
		if (pc->cap_user_rdpmc && idx != 0) {
			width = pc->pmc_width;
			pmc = (int64_t)arch_rdpmc(idx - 1);
			pmc = (int64_t)((uint64_t)pmc << (64 - width)) >>
			    (64 - width);
			count += (uint64_t)pmc;
		}
		__asm__ volatile("" : : : "memory");
	} while (pc->lock != seq);
	return (count);
}

static inline void
stamp_begin(struct stamp *s)
{
	s->cyc = clock_pmc_page != NULL ? clock_pmc_read() : 0;
	s->tsc = arch_tsc_begin();
}

static inline void
stamp_end(struct stamp *s)
{
	s->tsc = arch_tsc_end();
	s->cyc = clock_pmc_page != NULL ? clock_pmc_read() : 0;
}

#endif
