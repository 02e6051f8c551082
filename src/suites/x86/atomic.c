/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * atomic: seed 002 (freebsd-current, January 2004, "80386 support in
 * -current").  Bruce Evans timed atomic_cmpset_int() in userland with and
 * without the lock prefix (NO_MPLOCKED) and in its I386_CPU form, which
 * has no cmpxchg and brackets a compare-and-store with pushfl/cli ...
 * popfl; Maxim Sobolev found xchg ten times slower than cmpxchg on a P4
 * and patched atomic_store_rel and atomic_readandclear to lock cmpxchg
 * loops.  These benchmarks run each of those sequences, and the locked
 * instructions and fences the same kernels use, on this machine.
 *
 * Every operation works on one 32-bit word in a cache line of its own, back
 * to back, as the seed's loop did.  That makes most of them a same-address
 * chain: each reads what the one before wrote, so the figure is latency.
 * Each row's description says what its mode means for it.
 *
 * The cmpset rows also report the seed's own method beside the engine's
 * fit (extras seed_cycles and seed_ticks): rdtsc, SEED_ITERS iterations of
 * `dst = 0', rdtsc, SEED_ITERS iterations of `cmpset; dst = 0', rdtsc,
 * and ((t2 - t1) - (t1 - t0)) / SEED_ITERS.  In 2004 the TSC ticked with
 * the core clock, so the seed's "cycles/call" were TSC ticks; today's TSC
 * runs at a fixed rate, so seed_cycles converts the ticks with the cycles
 * per tick the engine measured around the run.  Where the loop's own
 * work (the store, the counter) overlaps the operation, subtracting the
 * baseline takes away more than the loop added, and the seed's figure
 * comes out below the fit.
 */
#include <math.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/clock.h"
#include "core/stats.h"
#include "os/cpuset.h"
#include "suites/suites.h"

#define UNROLL		"100"
#define UNROLL_PAIRS	"50"		/* texts that hold two operations */
#define SEED_ITERS	10000UL
#define SEED_PASSES	101
#define PARTNER_START_SECONDS	1.0
#define WINDOWS		200
#define WINDOW_ITERS	100		/* 10000 operations */

/*
 * pushf writes below the stack pointer, where the compiler may keep a leaf
 * function's locals (the x86-64 red zone); step over it first.
 */
#ifdef __x86_64__
#define RED_ZONE_SKIP	"lea -128(%%rsp), %%rsp\n\t"
#define RED_ZONE_BACK	"lea 128(%%rsp), %%rsp\n\t"
#else
#define RED_ZONE_SKIP	""
#define RED_ZONE_BACK	""
#endif

/* The uncontended word, alone in its cache line. */
static uint32_t word __attribute__((aligned(64)));

/* Two threads on two CPUs: the measured thread's word and the partner's. */
struct contend {
	uint32_t	 lines[4][16] __attribute__((aligned(64)));
	uint32_t	*mine;
	uint32_t	*theirs;
	int		 partner_cpu;
	pthread_t	 thread;
	double		 wall0, cpu0;	/* when the partner was seen running */
	atomic_int	 running __attribute__((aligned(64)));
	atomic_int	 stop;
	_Atomic uint64_t partner_ops __attribute__((aligned(64)));
};

static uint32_t *
word_of(void *ctx)
{
	return (ctx != NULL ? ((struct contend *)ctx)->mine : &word);
}

/*
 * The sequences, with the registers the seed's constraints implied: %eax
 * holds cmpxchg's expected value and gets sete's result ("=a" (res)), so
 * it is reloaded every call; %ecx holds the value to store, loaded once.
 */

/* atomic_cmpset_int(&dst, 0, 1); dst = 0; as the seed's loop body. */
#define CMPSET_CMPXCHG(lock)						\
	"movl $0, %%eax\n\t"						\
	lock "cmpxchgl %%ecx, (%[w])\n\t"				\
	"sete %%al\n\t"							\
	"movl $0, (%[w])\n\t"
/* The I386_CPU version without its cli: pushfl; cmpl; jne; movl; popfl. */
#define CMPSET_PUSHF							\
	"pushf\n\t"							\
	"cmpl %%eax, (%[w])\n\t"					\
	"jne 1f\n\t"							\
	"movl %%ecx, (%[w])\n"						\
	"1:\tsete %%dl\n\t"						\
	"popf\n\t"							\
	"movl $0, (%[w])\n\t"
/* The seed's baseline: the loop with only `dst = 0'. */
#define STORE_ZERO	"movl $0, (%[w])\n\t"

/* atomic_store_rel_int(p, v) with v alternating, so every store changes p. */
#define STORE_MOV(v)	"movl $" v ", (%[w])\n\t"
#define STORE_XCHG(v)	"movl $" v ", %%ecx\n\txchgl %%ecx, (%[w])\n\t"
#define STORE_CMPXCHG(v)						\
	"movl $" v ", %%ecx\n\t"					\
	"movl %%ecx, %%eax\n"						\
	"1:\tlock cmpxchgl %%ecx, (%[w])\n\t"				\
	"jnz 1b\n\t"
#define STORE_MFENCE(v)	"movl $" v ", (%[w])\n\tmfence\n\t"
#define PAIR(op)	op("1") op("0")

/* atomic_readandclear_int(), before and after the patch (%ecx holds 0). */
#define READCLEAR_XCHG	"xorl %%edx, %%edx\n\txchgl %%edx, (%[w])\n\t"
#define READCLEAR_CMPXCHG						\
	"movl (%[w]), %%eax\n"						\
	"1:\tlock cmpxchgl %%ecx, (%[w])\n\t"				\
	"jnz 1b\n\t"

#define LOCK_ADD	"lock addl $1, (%[w])\n\t"
#define LOCK_XADD	"movl $1, %%edx\n\tlock xaddl %%edx, (%[w])\n\t"
#define LOCK_INC	"lock incl (%[w])\n\t"
#define XCHG		"xchgl %%ecx, (%[w])\n\t"

#define ATOMIC_CLOBBERS	"eax", "ecx", "edx", "memory", "cc"

/*
 * One body per sequence: `pre' once per iteration (the constants the seed's
 * compiler hoisted out of its loop), then `text' unrolled.
 */
#define ATOMIC_BODY(fn, reps, pre, text, post)				\
static void								\
fn(uint64_t iters, void *ctx)						\
{									\
	uint32_t *w = word_of(ctx);					\
									\
	do								\
		__asm__ volatile(pre ".rept " reps "\n\t" text		\
		    ".endr\n\t" post : : [w] "r" (w) : ATOMIC_CLOBBERS);	\
	while (--iters);						\
}

/* The seed's loop: one operation per iteration, not unrolled. */
#define SEED_LOOP(fn, pre, text, post)					\
static void								\
fn(unsigned long n)							\
{									\
	__asm__ volatile(pre "9:\n\t" text "dec %[n]\n\tjnz 9b\n\t" post	\
	    : [n] "+r" (n) : [w] "r" (&word) : ATOMIC_CLOBBERS);		\
}

#define ONE	"movl $1, %%ecx\n\t"
#define ZERO	"movl $0, %%ecx\n\t"

ATOMIC_BODY(cmpset_nolock, UNROLL, ONE, CMPSET_CMPXCHG(""), "")
ATOMIC_BODY(cmpset_lock, UNROLL, ONE, CMPSET_CMPXCHG("lock "), "")
ATOMIC_BODY(cmpset_pushf, UNROLL, RED_ZONE_SKIP ONE "movl $0, %%eax\n\t",
    CMPSET_PUSHF, RED_ZONE_BACK)
ATOMIC_BODY(store_mov, UNROLL_PAIRS, "", PAIR(STORE_MOV), "")
ATOMIC_BODY(store_xchg, UNROLL_PAIRS, "", PAIR(STORE_XCHG), "")
ATOMIC_BODY(store_cmpxchg, UNROLL_PAIRS, "", PAIR(STORE_CMPXCHG), "")
ATOMIC_BODY(store_mfence, UNROLL_PAIRS, "", PAIR(STORE_MFENCE), "")
ATOMIC_BODY(readclear_xchg, UNROLL, "", READCLEAR_XCHG, "")
ATOMIC_BODY(readclear_cmpxchg, UNROLL, ZERO, READCLEAR_CMPXCHG, "")
ATOMIC_BODY(lock_add, UNROLL, "", LOCK_ADD, "")
ATOMIC_BODY(lock_xadd, UNROLL, "", LOCK_XADD, "")
ATOMIC_BODY(lock_inc, UNROLL, "", LOCK_INC, "")
ATOMIC_BODY(xchg, UNROLL, ONE, XCHG, "")
ATOMIC_BODY(mfence, UNROLL, "", "mfence\n\t", "")
ATOMIC_BODY(sfence, UNROLL, "", "sfence\n\t", "")
ATOMIC_BODY(lfence, UNROLL, "", "lfence\n\t", "")

SEED_LOOP(seed_baseline, "", STORE_ZERO, "")
SEED_LOOP(seed_nolock, ONE, CMPSET_CMPXCHG(""), "")
SEED_LOOP(seed_lock, ONE, CMPSET_CMPXCHG("lock "), "")
SEED_LOOP(seed_pushf, RED_ZONE_SKIP ONE "movl $0, %%eax\n\t", CMPSET_PUSHF,
    RED_ZONE_BACK)

/*
 * The seed's arithmetic on the fastest of SEED_PASSES runs of each loop.
 * Each run is short (tens of microseconds) and the fastest kept, as the
 * engine keeps the best of its calls: the seed's single run of 10^8
 * iterations was a quiet machine's answer, and here a run that long takes
 * in every stall of the host and every preemption.
 */
static void
seed_method(struct cb_result *r, void (*loop)(unsigned long))
{
	uint64_t t0, t1, t2, base = UINT64_MAX, with = UINT64_MAX;
	double ticks;
	int i;

	for (i = 0; i < SEED_PASSES; i++) {
		t0 = cb_ref_begin();
		seed_baseline(SEED_ITERS);
		t1 = cb_ref_begin();
		loop(SEED_ITERS);
		t2 = cb_ref_begin();
		base = t1 - t0 < base ? t1 - t0 : base;
		with = t2 - t1 < with ? t2 - t1 : with;
	}
	ticks = ((double)with - (double)base) / SEED_ITERS;
	cb_result_extra(r, "seed_ticks", ticks);
	cb_result_extra(r, "seed_cycles",
	    ticks * (r->ratio_before + r->ratio_after) / 2);
	cb_result_extra(r, "seed_iters", (double)SEED_ITERS);
}

static void
seed_report_nolock(void *ctx, struct cb_result *r)
{
	(void)ctx;
	seed_method(r, seed_nolock);
}

static void
seed_report_lock(void *ctx, struct cb_result *r)
{
	(void)ctx;
	seed_method(r, seed_lock);
}

static void
seed_report_pushf(void *ctx, struct cb_result *r)
{
	(void)ctx;
	seed_method(r, seed_pushf);
}

static double
thread_seconds(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) != 0)
		return (NAN);
	return (ts.tv_sec + ts.tv_nsec / 1e9);
}

static double
now_seconds(void)
{
	return (thread_seconds(CLOCK_MONOTONIC));
}

/* CPU time the partner thread has had, in seconds. */
static double
partner_seconds(const struct contend *c)
{
	clockid_t id;

	if (pthread_getcpuclockid(c->thread, &id) != 0)
		return (NAN);
	return (thread_seconds(id));
}

static void *
partner(void *arg)
{
	struct contend *c = arg;
	uint64_t ops;

	atomic_store(&c->running, 1);
	for (ops = 0; !atomic_load_explicit(&c->stop, memory_order_relaxed);
	    ops += 100) {
		__asm__ volatile(".rept " UNROLL "\n\t" LOCK_ADD ".endr"
		    : : [w] "r" (c->theirs) : "memory", "cc");
		atomic_store_explicit(&c->partner_ops, ops,
		    memory_order_relaxed);
	}
	return (NULL);
}

/*
 * Start a partner thread on another CPU hammering `lock add' on the word
 * `offset' 32-bit words from ours, and return once it runs.
 */
static int
contend_setup(void **ctx, char *why, size_t len, size_t offset)
{
	struct contend *c;
	pthread_attr_t attr;
	cpu_set_t set;
	double deadline;
	int cpu, rc;

	cpu = sched_getcpu();
	if (cpuset_other_cpu(cpu) < 0) {
		snprintf(why, len, "only CPU %d is allowed: contention needs "
		    "a partner thread on a second CPU", cpu);
		return (CB_SETUP_SKIP);
	}
	if ((c = aligned_alloc(64, sizeof(*c))) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	memset(c, 0, sizeof(*c));
	c->mine = &c->lines[0][0];
	c->theirs = &c->lines[0][0] + offset;
	c->partner_cpu = cpuset_other_cpu(cpu);
	CPU_ZERO(&set);
	CPU_SET(c->partner_cpu, &set);
	pthread_attr_init(&attr);
	pthread_attr_setaffinity_np(&attr, sizeof(set), &set);
	rc = pthread_create(&c->thread, &attr, partner, c);
	pthread_attr_destroy(&attr);
	if (rc != 0) {
		snprintf(why, len, "cannot start the partner thread on CPU "
		    "%d: %s", c->partner_cpu, strerror(rc));
		free(c);
		return (CB_SETUP_ERROR);
	}
	deadline = now_seconds() + PARTNER_START_SECONDS;
	while (!atomic_load(&c->running) && now_seconds() < deadline)
		sched_yield();
	if (!atomic_load(&c->running)) {
		atomic_store(&c->stop, 1);
		pthread_join(c->thread, NULL);
		snprintf(why, len, "the partner thread did not start on CPU "
		    "%d within %.0f s", c->partner_cpu, PARTNER_START_SECONDS);
		free(c);
		return (CB_SETUP_ERROR);
	}
	c->wall0 = now_seconds();
	c->cpu0 = partner_seconds(c);
	*ctx = c;
	return (0);
}

static int
same_word_setup(void **ctx, char *why, size_t len)
{
	return (contend_setup(ctx, why, len, 0));
}

/* Two words 32 bytes apart: one line, no shared data. */
static int
same_line_setup(void **ctx, char *why, size_t len)
{
	return (contend_setup(ctx, why, len, 8));
}

/* Two lines apart, clear of the adjacent-line prefetcher's pairs. */
static int
other_line_setup(void **ctx, char *why, size_t len)
{
	return (contend_setup(ctx, why, len, 2 * 16));
}

static void
contend_teardown(void *ctx)
{
	struct contend *c = ctx;

	atomic_store(&c->stop, 1);
	pthread_join(c->thread, NULL);
	free(c);
}

/*
 * The partner shares its CPU with whatever else runs there, and the
 * engine's best-of calls favour the moments it is off that CPU, so on a
 * busy machine the engine's figure leans towards the uncontended cost.
 * Here both threads' costs are taken only over windows of WINDOW_ITERS
 * body calls during which both were on their CPUs throughout (thread CPU
 * time within 5% of the wall time): this thread's from TSC ticks, the
 * partner's from its CPU time over the operations it did.  The two can
 * differ by far: an owner that keeps the line starves the other.
 */
static void
contend_report(void *ctx, struct cb_result *r)
{
	struct contend *c = ctx;
	double mine[WINDOWS], theirs[WINDOWS], ratio, w, m, p;
	uint64_t t0, t1, ops;
	size_t i, kept = 0;

	ratio = (r->ratio_before + r->ratio_after) / 2;
	cb_result_extra(r, "partner_cpu", (double)c->partner_cpu);
	cb_result_extra(r, "partner_share", (partner_seconds(c) - c->cpu0) /
	    (now_seconds() - c->wall0));
	for (i = 0; i < WINDOWS; i++) {
		w = now_seconds();
		m = thread_seconds(CLOCK_THREAD_CPUTIME_ID);
		p = partner_seconds(c);
		ops = atomic_load(&c->partner_ops);
		t0 = cb_ref_begin();
		lock_add(WINDOW_ITERS, ctx);
		t1 = cb_ref_end();
		ops = atomic_load(&c->partner_ops) - ops;
		p = partner_seconds(c) - p;
		m = thread_seconds(CLOCK_THREAD_CPUTIME_ID) - m;
		w = now_seconds() - w;
		if (m < 0.95 * w || p < 0.95 * w || ops == 0)
			continue;
		mine[kept] = (double)(t1 - t0) * ratio / (WINDOW_ITERS * 100);
		theirs[kept++] = p * clock_ref_hz() * ratio / (double)ops;
	}
	cb_result_extra(r, "both_on_cpu", (double)kept / WINDOWS);
	cb_result_extra(r, "both_cycles", kept ? stats_median(mine, kept) :
	    NAN);
	cb_result_extra(r, "partner_cycles", kept ? stats_median(theirs,
	    kept) : NAN);
}

#define CHAIN	"; back to back on one word: each waits for the last " \
	"(latency)"
#define SEED_EXTRAS	"; extras: the seed's loop-minus-baseline method " \
	"(seed_cycles, seed_ticks) beside this fit"
#define CONTENDED(n, fn, d) { .name = "atomic/contended-" n,		\
	.mode = CB_LATENCY, .ops = 100, .body = lock_add, .setup = fn,	\
	.teardown = contend_teardown, .report = contend_report,		\
	.desc = "lock addl $1 while a partner thread on another CPU "	\
	    "(extra partner_cpu) does the same on " d "; cycles per "	\
	    "operation per thread" CHAIN ".  Extras: partner_share, the "	\
	    "part of the run the partner was on its CPU; both_cycles and " \
	    "partner_cycles, each thread's cost over the windows both "	\
	    "were on their CPUs (both_on_cpu: their share)" }

static const struct cb_bench atomic[] = {
	{ .name = "atomic/cmpset-nolock", .mode = CB_LATENCY, .ops = 100,
	  .body = cmpset_nolock, .report = seed_report_nolock,
	  .desc = "seed's NO_MPLOCKED atomic_cmpset_int(&dst, 0, 1): "
	    "cmpxchgl; sete, then dst = 0" CHAIN SEED_EXTRAS },
	{ .name = "atomic/cmpset-lock", .mode = CB_LATENCY, .ops = 100,
	  .body = cmpset_lock, .report = seed_report_lock,
	  .desc = "seed's default (SMP) atomic_cmpset_int: lock cmpxchgl; "
	    "sete, then dst = 0" CHAIN SEED_EXTRAS },
	{ .name = "atomic/cmpset-pushf", .mode = CB_LATENCY, .ops = 100,
	  .body = cmpset_pushf, .report = seed_report_pushf,
	  .desc = "seed's I386_CPU atomic_cmpset_int, no cmpxchg: pushf; "
	    "cmpl; jne; movl; sete; popf, then dst = 0.  Without its cli: "
	    "cli/sti need I/O privilege level 3, which Linux no longer "
	    "grants (since 5.5 iopl(3) only opens the I/O ports; cli/sti "
	    "still fault)" CHAIN
	    SEED_EXTRAS },
	{ .name = "atomic/store-rel-mov", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = store_mov,
	  .desc = "atomic_store_rel_int as plain movl (x86 stores are "
	    "release stores), 1 and 0 alternately; plain stores never wait "
	    "for each other, so this is the store rate (throughput)" },
	{ .name = "atomic/store-rel-xchg", .mode = CB_LATENCY, .ops = 100,
	  .body = store_xchg,
	  .desc = "atomic_store_rel_int before the seed's patch: movl $v, "
	    "reg; xchgl reg, mem (implicitly locked), 1 and 0 alternately"
	    CHAIN },
	{ .name = "atomic/store-rel-cmpxchg-loop", .mode = CB_LATENCY,
	  .ops = 100, .body = store_cmpxchg,
	  .desc = "the seed's patched store: movl v, eax; 1: lock cmpxchgl "
	    "v, mem; jnz 1b, 1 and 0 alternately, so the first cmpxchg "
	    "fails and loads the old value and the second stores (the patch "
	    "put `lock' before the movl: gas takes it, the CPU raises #UD)"
	    CHAIN },
	{ .name = "atomic/store-mov-mfence", .mode = CB_LATENCY, .ops = 100,
	  .body = store_mfence,
	  .desc = "not in the seed: movl; mfence, the sequentially "
	    "consistent store gcc emits where clang emits xchg, 1 and 0 "
	    "alternately" CHAIN },
	{ .name = "atomic/readclear-xchg", .mode = CB_LATENCY, .ops = 100,
	  .body = readclear_xchg,
	  .desc = "atomic_readandclear_int before the patch: xorl r, r; "
	    "xchgl r, mem (the word stays 0 after the first; a locked "
	    "instruction costs the same either way)" CHAIN },
	{ .name = "atomic/readclear-cmpxchg-loop", .mode = CB_LATENCY,
	  .ops = 100, .body = readclear_cmpxchg,
	  .desc = "the seed's patched atomic_readandclear_int: movl mem, "
	    "eax; 1: lock cmpxchgl 0, mem; jnz 1b (the patch put its label "
	    "after the lock prefix, so a retry ran unlocked; here every "
	    "attempt is locked)" CHAIN },
	{ .name = "atomic/lock-add", .mode = CB_LATENCY, .ops = 100,
	  .body = lock_add,
	  .desc = "lock addl $1, mem (atomic_add_int)" CHAIN },
	{ .name = "atomic/lock-xadd", .mode = CB_LATENCY, .ops = 100,
	  .body = lock_xadd,
	  .desc = "movl $1, r; lock xaddl r, mem (atomic_fetchadd_int)"
	    CHAIN },
	{ .name = "atomic/lock-inc", .mode = CB_LATENCY, .ops = 100,
	  .body = lock_inc,
	  .desc = "lock incl mem" CHAIN },
	{ .name = "atomic/xchg", .mode = CB_LATENCY, .ops = 100,
	  .body = xchg,
	  .desc = "xchgl r, mem alone (the lock is implicit)" CHAIN },
	{ .name = "atomic/mfence", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = mfence, .cpu_features = CB_CPU_SSE2,
	  .desc = "mfence back to back with nothing to order: what the "
	    "fence costs by itself, not the drain of real stores (see "
	    "store-mov-mfence)" },
	{ .name = "atomic/sfence", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = sfence, .cpu_features = CB_CPU_SSE2,
	  .desc = "sfence back to back with nothing to order" },
	{ .name = "atomic/lfence", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = lfence, .cpu_features = CB_CPU_SSE2,
	  .desc = "lfence back to back: each waits for the ones before to "
	    "complete" },
	CONTENDED("same-word", same_word_setup, "the same word"),
	CONTENDED("same-line", same_line_setup, "another word of the same "
	    "cache line (false sharing)"),
	CONTENDED("other-line", other_line_setup, "a word two cache lines "
	    "away"),
};

CB_SUITE(suite_atomic, "atomic", "Seed 002: what atomic_cmpset_int costs "
    "with and without the lock prefix and in the 386 way without cmpxchg, "
    "what the seed's store-release and read-and-clear rewrites cost, and "
    "the locked instructions and fences around them; uncontended, and "
    "with a second CPU on the same word, the same line, another line.",
    atomic);
