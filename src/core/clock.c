#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "arch/x86/cpu.h"
#include "core/clock.h"
#include "core/engine.h"

volatile struct perf_event_mmap_page *clock_pmc_page;

static struct {
	int	 ready;
	double	 tsc_hz;
	char	 tsc_source[64];
	int	 perf_fd;
} clk = { .perf_fd = -1 };

static double
now_raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (ts.tv_sec * 1e9 + ts.tv_nsec);
}

/* A (tsc, ns) pair read as close together as we can manage. */
static void
tsc_ns_pair(double *tsc, double *ns)
{
	uint64_t a, b, best = UINT64_MAX;
	double t;
	int i;

	for (i = 0; i < 8; i++) {
		a = arch_tsc_begin();
		t = now_raw_ns();
		b = arch_tsc_end();
		if (b - a < best) {
			best = b - a;
			*tsc = (a + b) / 2.0;
			*ns = t;
		}
	}
}

/*
 * CPUID leaf 0x15 (Intel's crystal ratio) or the hypervisor timing leaf
 * give the TSC rate exactly; otherwise measure it against the kernel's
 * raw monotonic clock over 20 ms, which is good to a few ppm.
 */
static void
tsc_frequency(void)
{
	uint32_t r[4];
	double t0, n0, t1, n1;

	arch_cpuid(0, 0, r);
	if (r[0] >= 0x15) {
		arch_cpuid(0x15, 0, r);
		if (r[0] != 0 && r[1] != 0 && r[2] != 0) {
			clk.tsc_hz = (double)r[2] * r[1] / r[0];
			snprintf(clk.tsc_source, sizeof(clk.tsc_source),
			    "CPUID leaf 0x15");
			return;
		}
	}
	arch_cpuid(1, 0, r);
	if (r[2] & 1u << 31)		/* running under a hypervisor */
		arch_cpuid(0x40000000, 0, r);
	else
		r[0] = 0;
	if (r[0] >= 0x40000010 && r[0] < 0x40010000) {
		arch_cpuid(0x40000010, 0, r);
		if (r[0] != 0) {
			clk.tsc_hz = r[0] * 1e3;
			snprintf(clk.tsc_source, sizeof(clk.tsc_source),
			    "hypervisor CPUID leaf 0x40000010");
			return;
		}
	}
	tsc_ns_pair(&t0, &n0);
	do
		tsc_ns_pair(&t1, &n1);
	while (n1 - n0 < 20e6);
	clk.tsc_hz = (t1 - t0) / (n1 - n0) * 1e9;
	snprintf(clk.tsc_source, sizeof(clk.tsc_source),
	    "measured against CLOCK_MONOTONIC_RAW");
}

void
clock_init(void)
{
	if (clk.ready)
		return;
	arch_tsc_init();
	tsc_frequency();
	clk.ready = 1;
}

double
clock_tsc_hz(void)
{
	clock_init();
	return (clk.tsc_hz);
}

static int
counter_fail(char *why, size_t len, const char *what, int err)
{
	snprintf(why, len, "%s: %s", what, strerror(err));
	clock_counter_close();
	return (0);
}

int
clock_counter_open(char *why, size_t len)
{
	struct perf_event_attr a;
	void *page;
	int fd;

	clock_counter_close();
	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HARDWARE;
	a.size = sizeof(a);
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.exclude_hv = 1;
	/* Kernel paths need kernel cycles; take user-only if that is all. */
	fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0) {
		a.exclude_kernel = 1;
		fd = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	}
	if (fd < 0 && (errno == EACCES || errno == EPERM)) {
		snprintf(why, len, "perf_event_open cycles: %s; to count "
		    "cycles, lower kernel.perf_event_paranoid (sysctl "
		    "kernel.perf_event_paranoid=2 allows user-mode counting, "
		    "1 kernel too) or grant CAP_PERFMON", strerror(errno));
		clock_counter_close();
		return (0);
	}
	if (fd < 0) {
		return (counter_fail(why, len, errno == ENOENT ||
		    errno == EOPNOTSUPP ? "no hardware cycle counter "
		    "(perf_event_open cycles)" : "perf_event_open cycles",
		    errno));
	}
	clk.perf_fd = fd;
	page = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ,
	    MAP_SHARED, fd, 0);
	if (page == MAP_FAILED)
		return (counter_fail(why, len, "mmap of the perf page", errno));
	clock_pmc_page = page;
	if (!clock_pmc_page->cap_user_rdpmc || clock_pmc_page->index == 0) {
		snprintf(why, len, "cycle counter opens but user-space rdpmc "
		    "is not allowed: echo 2 > "
		    "/sys/bus/event_source/devices/cpu/rdpmc allows it");
		clock_counter_close();
		return (0);
	}
	return (1);
}

void
clock_counter_close(void)
{
	if (clock_pmc_page != NULL)
		munmap((void *)clock_pmc_page, (size_t)sysconf(_SC_PAGESIZE));
	clock_pmc_page = NULL;
	if (clk.perf_fd >= 0)
		close(clk.perf_fd);
	clk.perf_fd = -1;
}

void
clock_describe(struct machine *m)
{
	struct engine_calibration cal;
	char why[256];

	clock_init();
	m->tsc_hz = clk.tsc_hz;
	snprintf(m->tsc_source, sizeof(m->tsc_source), "%s", clk.tsc_source);
	m->perf_counters = clock_counter_open(why, sizeof(why));
	if (!m->perf_counters)
		snprintf(m->perf_reason, sizeof(m->perf_reason), "%s", why);
	engine_calibrate(&cal, 0);
	m->cycles_per_tick = cal.ratio;
	m->imul_check = engine_imul_check(&cal);
	m->cycle_method = m->perf_counters ? CB_CYCLES_COUNTED :
	    CB_CYCLES_CALIBRATED;
	snprintf(m->cycle_source, sizeof(m->cycle_source), "%s",
	    m->perf_counters ? "hardware cycle counter (rdpmc)" :
	    "dependent add chain, 1 cycle per add");
	clock_counter_close();
}
