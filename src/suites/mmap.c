/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mmap: what it costs to map memory, use every page of it once and unmap
 * it (seed 003 quotes lmbench's mmap latency, 153 ns on an Athlon).
 * Anonymous memory is written (a read would map the shared zero page), a
 * file in the page cache is read through MAP_SHARED, as a program reading
 * a file by mmap does.  Pages are 4 KiB, transparent huge pages off for
 * the process.  Unlike lmbench's lat_mmap, which touches one 16 KiB
 * stride in ten, every page is touched.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include "suites/kpath.h"
#include "suites/suites.h"

struct map {
	size_t	 size;
	size_t	 page;
	int	 fd;		/* -1: anonymous */
	long	 faults;	/* minor faults inside the timed calls */
	long	 calls;		/* timed calls */
};

static void
map_once(const struct map *m)
{
	volatile char *p;
	size_t off;

	p = mmap(NULL, m->size, m->fd < 0 ? PROT_READ | PROT_WRITE :
	    PROT_READ, m->fd < 0 ? MAP_PRIVATE | MAP_ANONYMOUS : MAP_SHARED,
	    m->fd, 0);
	if (p == MAP_FAILED)
		kpath_die("mmap");
	if (m->fd < 0)
		for (off = 0; off < m->size; off += m->page)
			p[off] = 1;
	else
		for (off = 0; off < m->size; off += m->page)
			(void)p[off];
	if (munmap((void *)(uintptr_t)p, m->size) != 0)
		kpath_die("munmap");
}

static void
map_body(uint64_t iters, void *ctx)
{
	do
		map_once(ctx);
	while (--iters);
}

static long
minor_faults(void)
{
	struct rusage ru;

	getrusage(RUSAGE_THREAD, &ru);
	return (ru.ru_minflt);
}

/* One call, with the faults it takes counted outside the stamps. */
static uint64_t
map_timed(void *ctx)
{
	struct map *m = ctx;
	uint64_t t0, t1;
	long f0;

	f0 = minor_faults();
	t0 = cb_ref_begin();
	map_once(m);
	t1 = cb_ref_end();
	m->faults += minor_faults() - f0;
	m->calls++;
	return (t1 - t0);
}

/* Per page, and the faults one call takes (fewer than pages for a file). */
static void
map_report(void *ctx, struct cb_result *r)
{
	const struct map *m = ctx;

	cb_result_extra(r, "cycles_per_page", r->cycles.median /
	    ((double)m->size / (double)m->page));
	if (m->calls > 0)
		cb_result_extra(r, "faults_per_call", (double)m->faults /
		    (double)m->calls);
}

static void
map_teardown(void *ctx)
{
	struct map *m = ctx;

	if (m->fd >= 0)
		close(m->fd);
	free(m);
}

static int
map_setup(void **ctx, char *why, size_t len, int file, size_t size)
{
	struct map *m;

	if (kpath_small_pages(why, len) != 0)
		return (CB_SETUP_ERROR);
	if ((m = malloc(sizeof(*m))) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	m->size = size;
	m->page = (size_t)sysconf(_SC_PAGESIZE);
	m->faults = m->calls = 0;
	m->fd = file ? kpath_cached_file(size, why, len) : -1;
	if (file && m->fd < 0) {
		free(m);
		return (CB_SETUP_ERROR);
	}
	*ctx = m;
	return (0);
}

/* Every size for a kind: X(kind, label, KiB). */
#define SIZES(X, kind)							\
	X(kind, 4K, 4) X(kind, 64K, 64) X(kind, 1M, 1024)		\
	X(kind, 16M, 16384) X(kind, 64M, 65536)

#define IS_FILE_anon	0
#define IS_FILE_file	1

/* setup() knows only its own name: one per variant. */
#define SETUP(kind, label, kib)						\
static int								\
setup_##kind##_##label(void **ctx, char *why, size_t len)		\
{									\
	return (map_setup(ctx, why, len, IS_FILE_##kind,		\
	    (size_t)(kib) << 10));					\
}
SIZES(SETUP, anon)
SIZES(SETUP, file)

#define DESC_anon	"mmap of private anonymous memory, a write to every " \
	"page (a fault allocating and zeroing it each), munmap"
#define DESC_file	"mmap MAP_SHARED of a file held in the page cache, a " \
	"read of every page (a fault maps many: see faults_per_call), munmap"

#define ENTRY(kind, label, kib) {					\
	.name = "mmap/touch-all", .mode = CB_PATH, .ops = 1,	\
	.body = map_body, .timed = map_timed,				\
	.setup = setup_##kind##_##label,				\
	.teardown = map_teardown, .report = map_report,			\
	.desc = DESC_##kind,						\
	.params = { { "kind", #kind }, { "size", #label } } },

static const struct cb_bench mmap_benches[] = {
	SIZES(ENTRY, anon)
	SIZES(ENTRY, file)
};

CB_SUITE(suite_mmap, "mmap", "mmap, touch every page, munmap: anonymous "
    "and page-cache file memory from 4 KiB to 64 MiB, per call and per "
    "page.", mmap_benches);
