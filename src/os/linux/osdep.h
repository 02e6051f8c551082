/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the inline half of the os/ contracts.  The cycle counter is a
 * perf event whose mmap page says which hardware counter holds it and what
 * the kernel has added while it was not running; the read follows
 * perf_event_mmap_page's own recipe (include/uapi/linux/perf_event.h),
 * retrying while the kernel updates the page.  Reading the hardware
 * counter the page names is the architecture's (arch_pmc_read(), which
 * the core passes in: os/ and arch/ do not include each other); inline,
 * a constant function the compiler calls directly.
 */
#ifndef CB_OS_LINUX_OSDEP_H
#define CB_OS_LINUX_OSDEP_H

#include <stdint.h>
#include <linux/perf_event.h>

/* The counter's page while counting on this thread, else NULL. */
extern volatile struct perf_event_mmap_page *linux_perf_page;

static inline uint64_t
os_counter_read(uint64_t (*pmc_read)(uint32_t idx))
{
	volatile struct perf_event_mmap_page *pc = linux_perf_page;
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
			pmc = (int64_t)pmc_read(idx - 1);
			pmc = (int64_t)((uint64_t)pmc << (64 - width)) >>
			    (64 - width);
			count += (uint64_t)pmc;
		}
		__asm__ volatile("" : : : "memory");
	} while (pc->lock != seq);
	return (count);
}

#endif
