/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: core cycles from perf_event_open(PERF_COUNT_HW_CPU_CYCLES) on the
 * calling thread, its mmap page mapped so that user space reads the
 * hardware counter itself (rdpmc on x86, PMCCNTR_EL0 on arm64) where the
 * kernel allows it.  A counter that the kernel keeps but user space may
 * not read is refused: a read(2) per stamp would cost more than most of
 * what is measured.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "os/cycle_counter.h"

/*
 * What Linux asks of each PMU's perf_event_attr for a counter user space
 * may read, and what lets user space read it.  x86's rdpmc needs nothing
 * beyond the event.  The arm PMU's config1: bit 0 asks for a 64-bit
 * counter, bit 1 for user-space access (Linux 5.17, with
 * kernel.perf_user_access=1).
 */
#if defined(__x86_64__) || defined(__i386__)
#define PERF_CONFIG1	0
#define PMC_USER_HINT	"user-space rdpmc is not allowed: echo 2 > " \
	"/sys/bus/event_source/devices/cpu/rdpmc allows it"
#elif defined(__aarch64__)
#define PERF_CONFIG1	0x3
#define PMC_USER_HINT	"user-space reads of PMCCNTR_EL0 are not " \
	"allowed: sysctl kernel.perf_user_access=1 (Linux 5.17 or later) " \
	"allows them"
#else
#error "say here how Linux lets user space read this PMU's cycle counter"
#endif

volatile struct perf_event_mmap_page *linux_perf_page;
static int perf_fd = -1;

const char os_counter_source[] = "perf_event_open";

void
os_counter_refusal(int err, char *why, size_t len)
{
	if (err == EACCES || err == EPERM)
		snprintf(why, len, "perf_event_open cycles: %s; to count "
		    "cycles, lower kernel.perf_event_paranoid (sysctl "
		    "kernel.perf_event_paranoid=2 allows user-mode counting, "
		    "1 kernel too) or grant CAP_PERFMON", strerror(err));
	else if (err == ENOENT || err == EOPNOTSUPP)
		snprintf(why, len, "no hardware cycle counter "
		    "(perf_event_open cycles): %s", strerror(err));
	else if (err == 0)
		snprintf(why, len, "cycle counter opens but %s",
		    PMC_USER_HINT);
	else
		snprintf(why, len, "perf_event_open cycles: %s",
		    strerror(err));
}

int
os_counter_open(char *why, size_t len)
{
	struct perf_event_attr a;
	void *page;
	int fd, err;

	os_counter_close();
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.config1 = PERF_CONFIG1;
	a.exclude_hv = 1;
	/* Kernel paths need kernel cycles; take user-only if that is all. */
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0) {
		a.exclude_kernel = 1;
		fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	}
	if (fd < 0) {
		os_counter_refusal(errno, why, len);
		return (0);
	}
	perf_fd = fd;
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ,
	    MAP_SHARED, fd, 0);
	if (page == MAP_FAILED) {
		err = errno;
		snprintf(why, len, "mmap of the perf page: %s", strerror(err));
		os_counter_close();
		return (0);
	}
	linux_perf_page = page;
	if (!linux_perf_page->cap_user_rdpmc || linux_perf_page->index == 0) {
		os_counter_refusal(0, why, len);
		os_counter_close();
		return (0);
	}
	return (1);
}

void
os_counter_close(void)
{
	if (linux_perf_page != NULL)
		munmap((void *)linux_perf_page, (size_t)sysconf(_SC_PAGESIZE));
	linux_perf_page = NULL;
	if (perf_fd >= 0)
		close(perf_fd);
	perf_fd = -1;
}
