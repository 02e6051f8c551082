/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * counter on arm64: seed 004's question -- what each way of incrementing
 * a 64-bit per-CPU counter costs, one counter against k independent ones
 * -- for the ways arm64 has.  The plain load-add-store of a counter that
 * only its own CPU touches (what counter(9) does with interrupts on, and
 * why it needs a critical section or a per-CPU trick to be correct); the
 * SMP-safe read-modify-writes, an exclusive loop and LSE's STADD and
 * LDADD; a per-thread counter through TPIDR_EL0; and a per-CPU counter
 * through rseq, Linux's restartable sequences, which is how user space
 * gets counter(9)'s semantics without atomics.
 *
 * Each way runs with k = 1, 2, 4, 6, 8 counters, each in a cache line of
 * its own, incremented round robin: k = 1 is latency (each increment
 * waits for the last through memory), k > 1 throughput.  Every sequence
 * is checked before it is timed: one call must add exactly its number of
 * increments.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "suites/counter_slots.h"

struct counter_ctx {
	struct counters	 k;
	uint64_t	 lines[LINES][LINE / 8] __attribute__((aligned(LINE)));
};

/*
 * The sequences: \off is the counter's offset from %[c]; x1 holds 1
 * (`pre'), x2-x7 are scratch.
 */
#define ONE		"mov x1, #1\n\t"
#define PLAIN								\
	"ldr x2, [%[c], #\\off]\n\t"					\
	"add x2, x2, x1\n\t"						\
	"str x2, [%[c], #\\off]\n\t"
#define LLSC								\
	"add x3, %[c], #\\off\n"					\
	"1:\tldxr x2, [x3]\n\t"						\
	"add x2, x2, x1\n\t"						\
	"stxr w4, x2, [x3]\n\t"						\
	"cbnz w4, 1b\n\t"
#define STADD		"add x3, %[c], #\\off\n\tstadd x1, [x3]\n\t"
#define LDADD		"add x3, %[c], #\\off\n\tldadd x1, x2, [x3]\n\t"
/* %[c] is the offset of tls_lines from the thread pointer. */
#define TLS_PRE		ONE "mrs x5, tpidr_el0\n\tadd x5, x5, %[c]\n\t"
#define TLS_ADD								\
	"ldr x2, [x5, #\\off]\n\t"					\
	"add x2, x2, x1\n\t"						\
	"str x2, [x5, #\\off]\n\t"
/* x5 = the rseq area: the thread pointer plus __rseq_offset. */
#define RSEQ_PRE							\
	ONE "mrs x5, tpidr_el0\n\t"					\
	"ldr x6, [%[x], #%c[rsoff]]\n\t"				\
	"add x5, x5, x6\n\t"
/*
 * this_cpu_add() as a restartable sequence: read cpu_id, point rseq_cs
 * at the descriptor (3), check the CPU again inside the section (1 to 2)
 * and commit with one str.  Preempted, migrated or signalled in between,
 * the kernel resumes at the abort handler (4, after the signature it
 * checks), which starts over.
 */
#define RSEQ_ADD							\
	"5:\tldr w2, [x5, #%c[cpuid]]\n\t"				\
	"lsl x3, x2, #" PERCPU_SHIFT_S "\n\t"				\
	"add x3, x3, %[c]\n\t"						\
	"adrp x4, 3f\n\t"						\
	"add x4, x4, :lo12:3f\n\t"					\
	"str x4, [x5, #%c[rscs]]\n"					\
	"1:\tldr w4, [x5, #%c[cpuid]]\n\t"				\
	"cmp w4, w2\n\t"						\
	"b.ne 4f\n\t"							\
	"ldr x6, [x3, #\\off]\n\t"					\
	"add x6, x6, x1\n\t"						\
	"str x6, [x3, #\\off]\n"					\
	"2:\n\t"							\
	".pushsection __rseq_cs, \"aw\"\n\t"				\
	".balign 32\n"							\
	"3:\t.long 0, 0\n\t"						\
	".quad 1b, 2b - 1b, 4f\n\t"					\
	".popsection\n\t"						\
	".pushsection __rseq_failure, \"ax\"\n\t"			\
	".inst " RSEQ_SIG_S "\n"					\
	"4:\tb 5b\n\t"							\
	".popsection\n\t"

struct way {
	enum storage	 where;
};

static int	counter_setup(void **ctxp, char *why, size_t len,
		    const struct way *w, cb_body_fn *body);

#define COUNTER_K(v, K, pre, text)					\
static void								\
v##_##K(uint64_t iters, void *ctx)					\
{									\
	struct counter_ctx *c = ctx;					\
									\
	do								\
		__asm__ volatile(".arch_extension lse\n\t" pre		\
		    ".rept " OPS_S "/" #K "\n\t"			\
		    ".irp off," OFFS_##K "\n\t" text ".endr\n\t.endr"	\
		    : : [x] "r" (c), [c] "r" (c->k.base),			\
		      [rsoff] "i" (offsetof(struct counter_ctx, k.rseq_offset)), \
		      [cpuid] "i" (RSEQ_CPU_ID), [rscs] "i" (RSEQ_CS)	\
		    : "x1", "x2", "x3", "x4", "x5", "x6", "memory", "cc"); \
	while (--iters);						\
}									\
static int								\
v##_##K##_setup(void **ctx, char *why, size_t len)			\
{									\
	return (counter_setup(ctx, why, len, &v##_way, v##_##K));	\
}

#define COUNTER_WAY(v, where, pre, text)				\
static const struct way v##_way = { where };				\
COUNTER_K(v, 1, pre, text)						\
COUNTER_K(v, 2, pre, text)						\
COUNTER_K(v, 4, pre, text)						\
COUNTER_K(v, 6, pre, text)						\
COUNTER_K(v, 8, pre, text)

COUNTER_WAY(plain, IN_CTX, ONE, PLAIN)
COUNTER_WAY(llsc, IN_CTX, ONE, LLSC)
COUNTER_WAY(stadd, IN_CTX, ONE, STADD)
COUNTER_WAY(ldadd, IN_CTX, ONE, LDADD)
COUNTER_WAY(tls, IN_TLS, TLS_PRE, TLS_ADD)
#if HAVE_RSEQ
COUNTER_WAY(rseq, PER_CPU, RSEQ_PRE, RSEQ_ADD)
#else
COUNTER_WAY(rseq, PER_CPU, "", "")
#endif

static char *
thread_pointer(void)
{
	char *tp;

	__asm__("mrs %0, tpidr_el0" : "=r" (tp));
	return (tp);
}

static int
counter_setup(void **ctxp, char *why, size_t len, const struct way *w,
    cb_body_fn *body)
{
	struct counter_ctx *c;
	uint64_t added;
	int rc;

	if ((c = counters_ctx_new(sizeof(*c), why, len)) == NULL)
		return (CB_SETUP_ERROR);
	if ((rc = counters_place(&c->k, w->where, &c->lines[0][0],
	    thread_pointer(), why, len)) != 0) {
		counters_teardown(c);
		return (rc);
	}
	if ((added = counters_added(&c->k, body)) != OPS) {
		snprintf(why, len, "the sequence is not a correct increment: "
		    "%d increments added %llu", OPS, (unsigned long long)added);
		counters_teardown(c);
		return (CB_SETUP_ERROR);
	}
	*ctxp = c;
	return (0);
}

static const struct cb_bench counter[] = {
	WAY_ROWS(plain, "plain", 0, "ldr; add; str on a 64-bit counter: "
	    "the increment counter(9) makes per CPU, correct only while "
	    "nothing else runs on the CPU between load and store"),
	WAY_ROWS(llsc, "ldxr-stxr", 0, "1: ldxr; add; stxr; cbnz 1b: "
	    "atomic_add_long without LSE, SMP-safe"),
	WAY_ROWS(stadd, "stadd", CB_CPU_LSE, "LSE stadd: atomic_add_long "
	    "with no value returned, SMP-safe, possibly performed far "
	    "from the core"),
	WAY_ROWS(ldadd, "ldadd", CB_CPU_LSE, "LSE ldadd: "
	    "atomic_fetchadd_long, the old value returned"),
	WAY_ROWS(tls, "tls", 0, "a per-thread counter: mrs tpidr_el0 "
	    "(once per call), then ldr; add; str into this thread's TLS "
	    "block"),
	WAY_ROWS(rseq, "rseq-percpu", 0, "a per-CPU counter through rseq: "
	    "read rseq->cpu_id, set rseq_cs, recheck the CPU, commit with "
	    "str to this CPU's block; the kernel restarts it if preempted "
	    "or migrated"),
};

CB_SUITE(suite_counter, "counter", "Seed 004 on arm64: what each way of "
    "incrementing a 64-bit per-CPU counter costs, plain, as an exclusive "
    "(LL/SC) loop, with LSE, per thread and per CPU through rseq; k=1 is "
    "latency (one counter), k>1 throughput over k independent "
    "counters.", counter);
