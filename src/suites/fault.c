/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fault: what one page fault costs, by kind.  Every call touches one page
 * that is sure to fault.  A region of REGION_PAGES pages is prepared in
 * setup and made to fault again ("re-armed") when used up: outside the
 * stamps for the per-call samples (the `timed' hook); inside a call of
 * the batched cross-check, where it lands in one of the five tries at an
 * iteration count and the best of the five drops it.
 *
 * Pages are the kernel's base pages (4 KiB on x86; 4, 16 or 64 KiB on
 * arm64), transparent huge pages off for the process: with a huge page the
 * first touch would fault 2 MiB in and the next 511 not at all.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "suites/kpath.h"
#include "suites/suites.h"

#define REGION_PAGES	8192	/* 32 MiB: more than a run touches per arm */
/* What one page table maps: 512 pages of 4 KiB, 2048 of 16 KiB (arm64). */
#define TABLE_PAGES(page)	((page) / 8)

struct fault {
	char	*base;
	size_t	 len;
	size_t	 page;
	size_t	 stride;	/* bytes from one touched page to the next */
	size_t	 next;		/* offset of the next page to touch */
	int	 write;		/* touch by writing, else by reading */
	int	 fd;
	pid_t	 sharer;	/* cow: the child the pages are shared with */
	int	 protecting;	/* mprotect: the SIGSEGV handler is ours */
	double	 around;	/* file: pages one fault maps, NAN if unknown */
	int	(*rearm)(struct fault *);
};

static struct fault *prot_fault;	/* for the SIGSEGV handler */
static struct sigaction prot_old;

static char *
next_page(struct fault *f)
{
	char *p;

	if (f->next + f->page > f->len) {
		if (f->rearm(f) != 0)
			kpath_die("making the pages fault again");
		f->next = 0;
	}
	p = f->base + f->next;
	f->next += f->stride;
	return (p);
}

static inline void
poke(const struct fault *f, char *p)
{
	if (f->write)
		*(volatile char *)p = 1;
	else
		(void)*(volatile char *)p;
}

static void
fault_body(uint64_t iters, void *ctx)
{
	struct fault *f = ctx;

	do
		poke(f, next_page(f));
	while (--iters);
}

static uint64_t
fault_timed(void *ctx)
{
	struct fault *f = ctx;
	uint64_t t0, t1;
	char *p;

	p = next_page(f);
	t0 = cb_ref_begin();
	poke(f, p);
	t1 = cb_ref_end();
	return (t1 - t0);
}

static void
fault_teardown(void *ctx)
{
	struct fault *f = ctx;

	if (f == NULL)
		return;
	kpath_reap(f->sharer);
	if (f->protecting) {
		sigaction(SIGSEGV, &prot_old, NULL);
		prot_fault = NULL;
	}
	if (f->base != NULL)
		munmap(f->base, f->len);
	if (f->fd >= 0)
		close(f->fd);
	free(f);
}

static void
fault_report(void *ctx, struct cb_result *r)
{
	struct fault *f = ctx;

	if (isnan(f->around))
		return;
	cb_result_extra(r, "pages_per_fault", f->around);
	cb_result_extra(r, "cycles_per_page", r->cycles.median / f->around);
}

/*
 * `len' bytes of `fd' (-1: anonymous memory) at a multiple of `align', so
 * that the region starts a page table of its own.
 */
static char *
map_aligned(size_t len, size_t align, int fd)
{
	char *res, *p;
	size_t head;

	res = mmap(NULL, len + align, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS,
	    -1, 0);
	if (res == MAP_FAILED)
		return (NULL);
	p = (char *)(((uintptr_t)res + align - 1) & ~(uintptr_t)(align - 1));
	if (mmap(p, len, fd < 0 ? PROT_READ | PROT_WRITE : PROT_READ,
	    MAP_FIXED | (fd < 0 ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED),
	    fd, 0) == MAP_FAILED) {
		munmap(res, len + align);
		return (NULL);
	}
	head = (size_t)(p - res);
	if (head > 0)
		munmap(res, head);
	munmap(p + len, align - head);
	return (p);
}

/* The region, mapped from `fd' (-1: anonymous), written once if `fill'. */
static struct fault *
fault_new(int fd, int fill, char *why, size_t len)
{
	struct fault *f;
	size_t off;

	if (kpath_small_pages(why, len) != 0)
		return (NULL);
	if ((f = calloc(1, sizeof(*f))) == NULL) {
		snprintf(why, len, "out of memory");
		return (NULL);
	}
	f->page = (size_t)sysconf(_SC_PAGESIZE);
	f->len = REGION_PAGES * f->page;
	f->stride = f->page;
	f->write = 1;
	f->fd = fd;
	f->around = NAN;
	f->base = map_aligned(f->len, TABLE_PAGES(f->page) * f->page, fd);
	if (f->base == NULL) {
		snprintf(why, len, "mmap of %zu bytes: %s", f->len,
		    strerror(errno));
		fault_teardown(f);
		return (NULL);
	}
	for (off = 0; fill && off < f->len; off += f->page)
		f->base[off] = 1;
	return (f);
}

static int
setup_done(void **ctx, struct fault *f, char *why, size_t len)
{
	if (f->rearm(f) != 0) {
		snprintf(why, len, "preparing the pages: %s", strerror(errno));
		fault_teardown(f);
		return (CB_SETUP_ERROR);
	}
	*ctx = f;
	return (0);
}

/* anon: drop the pages. */
static int
discard(struct fault *f)
{
	return (madvise(f->base, f->len, MADV_DONTNEED));
}

/* An anonymous region, written once if `fill', re-armed by `rearm'. */
static int
setup_anon_region(void **ctx, char *why, size_t len, int fill,
    int (*rearm)(struct fault *))
{
	struct fault *f;

	if ((f = fault_new(-1, fill, why, len)) == NULL)
		return (CB_SETUP_ERROR);
	f->rearm = rearm;
	return (setup_done(ctx, f, why, len));
}

static int
setup_anon(void **ctx, char *why, size_t len)
{
	return (setup_anon_region(ctx, why, len, 0, discard));
}

/* cow: a new sleeping child shares every page again. */
static int
share(struct fault *f)
{
	kpath_reap(f->sharer);
	f->sharer = kpath_fork();
	if (f->sharer == 0)
		for (;;)
			pause();
	return (f->sharer < 0 ? -1 : 0);
}

static int
setup_cow(void **ctx, char *why, size_t len)
{
	return (setup_anon_region(ctx, why, len, 1, share));
}

/*
 * file: zap all PTEs but the anchors, the last of each page table, which
 * keep the tables: Linux frees a table MADV_DONTNEED leaves empty, and the
 * next touch would pay for a new one besides its fault.
 */
static int
discard_but_anchors(struct fault *f)
{
	size_t off;

	for (off = 0; off < f->len; off += f->stride)
		if (madvise(f->base + off, f->stride - f->page,
		    MADV_DONTNEED) != 0)
			return (-1);
	return (0);
}

/*
 * How many pages one read fault maps: the kernel maps cached neighbours
 * with it (the fault_around_bytes window, the rest of a large folio).
 * Counted in /proc/self/pagemap (bit 63: present) after one touch
 * mid-region.
 */
static double
fault_around(struct fault *f)
{
	uint64_t *pm;
	size_t i, n = 0;
	ssize_t want;
	int fd;

	want = (ssize_t)(REGION_PAGES * sizeof(*pm));
	if ((pm = malloc((size_t)want)) == NULL)
		return (NAN);
	(void)*(volatile char *)(f->base + f->len / 2);
	fd = open("/proc/self/pagemap", O_RDONLY);
	if (fd < 0 || pread(fd, pm, (size_t)want, (off_t)((uintptr_t)f->base /
	    f->page * sizeof(*pm))) != want) {
		if (fd >= 0)
			close(fd);
		free(pm);
		return (NAN);
	}
	for (i = 0; i < REGION_PAGES; i++)
		n += pm[i] >> 63;
	close(fd);
	free(pm);
	return ((double)n);
}

static int
setup_file(void **ctx, char *why, size_t len)
{
	struct fault *f;
	size_t off;
	int fd;

	fd = kpath_cached_file(REGION_PAGES * (size_t)sysconf(_SC_PAGESIZE),
	    why, len);
	if (fd < 0)
		return (CB_SETUP_ERROR);
	if ((f = fault_new(fd, 0, why, len)) == NULL) {
		close(fd);
		return (CB_SETUP_ERROR);
	}
	f->write = 0;
	f->rearm = discard_but_anchors;
	f->around = fault_around(f);
	/*
	 * One fault per touch: one touch per page table, which no fault
	 * maps past, whatever size the folios in the cache are.  The last
	 * page of each table stays mapped (the anchor).
	 */
	f->stride = f->page * TABLE_PAGES(f->page);
	for (off = f->stride - f->page; off < f->len; off += f->stride)
		(void)*(volatile char *)(f->base + off);
	return (setup_done(ctx, f, why, len));
}

/*
 * mprotect: lmbench's lat_sig prot.  A write to a read-only page raises
 * SIGSEGV; the handler makes that page writable and returns, and the write
 * is retried.  A fault outside the region is a real crash: the handler
 * gives the signal back to the default action.
 */
static void
prot_handler(int sig, siginfo_t *si, void *uc)
{
	struct fault *f = prot_fault;
	char *p = si->si_addr;

	(void)uc;
	if (f == NULL || p < f->base || p >= f->base + f->len ||
	    mprotect(f->base + (size_t)(p - f->base) / f->page * f->page,
	    f->page, PROT_READ | PROT_WRITE) != 0)
		signal(sig, SIG_DFL);
}

static int
protect(struct fault *f)
{
	return (mprotect(f->base, f->len, PROT_READ));
}

static int
setup_prot(void **ctx, char *why, size_t len)
{
	struct sigaction sa;
	struct fault *f;

	if ((f = fault_new(-1, 1, why, len)) == NULL)
		return (CB_SETUP_ERROR);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = prot_handler;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	prot_fault = f;
	if (sigaction(SIGSEGV, &sa, &prot_old) != 0) {
		snprintf(why, len, "sigaction: %s", strerror(errno));
		prot_fault = NULL;
		fault_teardown(f);
		return (CB_SETUP_ERROR);
	}
	f->protecting = 1;
	f->rearm = protect;
	return (setup_done(ctx, f, why, len));
}

#define FAULT(n, fn, d) { .name = "fault/" n, .mode = CB_PATH, .ops = 1,  \
	.body = fault_body, .timed = fault_timed, .setup = fn,		\
	.teardown = fault_teardown, .report = fault_report, .desc = d }

/* The base page, as the rows say it. */
#if defined(__x86_64__) || defined(__i386__)
#define PAGE	"4 KiB"
#else
#define PAGE	"a base page (4, 16 or 64 KiB as the kernel is built)"
#endif

static const struct cb_bench fault[] = {
	FAULT("anon-first-touch", setup_anon, "write to a private anonymous "
	    "page never touched (or dropped by MADV_DONTNEED): a minor fault "
	    "that allocates and zeroes " PAGE),
	FAULT("cow-after-fork", setup_cow, "write to a private page shared "
	    "copy-on-write with a forked child that sleeps: a write-protect "
	    "fault that copies " PAGE),
	FAULT("file-cached", setup_file, "read of a MAP_SHARED file page "
	    "held in the page cache (/var/tmp), its PTE zapped: one minor "
	    "fault, which maps cached neighbours too (fault-around, large "
	    "folios: extras pages_per_fault, cycles_per_page)"),
	FAULT("mprotect-handler", setup_prot, "write to a read-only page, "
	    "a SIGSEGV handler mprotect()s it writable and returns "
	    "(lmbench lat_sig prot): fault, signal delivery, mprotect, "
	    "sigreturn and the retried write"),
};

CB_SUITE(suite_fault, "fault", "Page faults, one page per call: first "
    "touch, copy-on-write, page cache, mprotect and a signal handler.",
    fault);
