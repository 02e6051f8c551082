/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * atomic on arm64: seed 002's question -- what an atomic read-modify-write
 * costs against the plain sequence -- as arm64 answers it.  ARMv8.0 has
 * only load-exclusive/store-exclusive pairs, retried in a loop until the
 * store-exclusive succeeds; ARMv8.1's LSE adds single instructions
 * (LDADD, SWP, CAS and their kin), which a core may carry out near the
 * cache rather than in the pipeline.  Each comes plain, with acquire
 * (A), release (L) or both (AL) ordering, as the kernel's and C11's
 * atomics choose them; then the barriers: DMB ISH and its load and store
 * forms, DSB, ISB.
 *
 * As on x86 every operation works on one 32-bit word in a cache line of
 * its own, back to back, so the read-modify-writes form a same-address
 * chain (latency); each row's description says what its mode means.
 * Rows needing LSE are skipped where HWCAP says it is missing (Cortex-A53,
 * A57, A72).
 */
#include <stdint.h>

#include "suites/suites.h"

#define UNROLL		"100"
#define UNROLL_PAIRS	"50"		/* texts that hold two operations */

/* The word, alone in its cache line. */
static uint32_t word __attribute__((aligned(64)));

/*
 * `pre' once per call (constants the compiler would hoist), `text'
 * unrolled.  %[w] holds the word's address; w1 = 1 and w2 = 0 where pre
 * sets them; w3-w5 are scratch.  LSE text needs the .arch_extension.
 */
#define ATOMIC_BODY(fn, reps, pre, text)				\
static void								\
fn(uint64_t iters, void *ctx)						\
{									\
	uint32_t *w = &word;						\
									\
	(void)ctx;							\
	do								\
		__asm__ volatile(".arch_extension lse\n\t" pre		\
		    ".rept " reps "\n\t" text ".endr"			\
		    : : [w] "r" (w)					\
		    : "x1", "x2", "x3", "x4", "x5", "memory", "cc");	\
	while (--iters);						\
}

#define ONE_ZERO	"mov w1, #1\n\tmov w2, #0\n\t"

/* atomic_add_int(): an exclusive loop, and LSE's single instruction. */
#define LLSC_ADD(ld, st)						\
	"1:\t" ld " w3, [%[w]]\n\t"					\
	"add w3, w3, w1\n\t"						\
	st " w4, w3, [%[w]]\n\t"					\
	"cbnz w4, 1b\n\t"
#define LSE_ADD(op)	op " w1, w3, [%[w]]\n\t"
#define LSE_STADD	"stadd w1, [%[w]]\n\t"
/* atomic_swap (readandclear with 0), both ways. */
#define LLSC_SWP(ld, st)						\
	"1:\t" ld " w3, [%[w]]\n\t"					\
	st " w4, w2, [%[w]]\n\t"					\
	"cbnz w4, 1b\n\t"
#define LSE_SWP(op)	op " w2, w3, [%[w]]\n\t"
/*
 * atomic_cmpset_int(&dst, 0, 1); dst = 0: the seed's loop body.  The
 * exclusive form gives up without storing when the word is not 0.
 */
#define LLSC_CMPSET(ld, st)						\
	"1:\t" ld " w3, [%[w]]\n\t"					\
	"cbnz w3, 2f\n\t"						\
	st " w4, w1, [%[w]]\n\t"					\
	"cbnz w4, 1b\n"							\
	"2:\tstr wzr, [%[w]]\n\t"
#define LSE_CMPSET(op)							\
	"mov w3, #0\n\t"						\
	op " w3, w1, [%[w]]\n\t"					\
	"str wzr, [%[w]]\n\t"
#define CMPSET_PLAIN							\
	"ldr w3, [%[w]]\n\t"						\
	"cbnz w3, 2f\n\t"						\
	"str w1, [%[w]]\n"						\
	"2:\tstr wzr, [%[w]]\n\t"
/* A store-release of 1 and 0 alternately, and its plain and fenced forms. */
#define STORE(op, v)	op " " v ", [%[w]]\n\t"
#define STORE_DMB(v)	"dmb ish\n\tstr " v ", [%[w]]\n\t"

ATOMIC_BODY(ldxr_stxr_add, UNROLL, ONE_ZERO, LLSC_ADD("ldxr", "stxr"))
ATOMIC_BODY(ldaxr_stlxr_add, UNROLL, ONE_ZERO, LLSC_ADD("ldaxr", "stlxr"))
ATOMIC_BODY(ldadd, UNROLL, ONE_ZERO, LSE_ADD("ldadd"))
ATOMIC_BODY(ldadda, UNROLL, ONE_ZERO, LSE_ADD("ldadda"))
ATOMIC_BODY(ldaddl, UNROLL, ONE_ZERO, LSE_ADD("ldaddl"))
ATOMIC_BODY(ldaddal, UNROLL, ONE_ZERO, LSE_ADD("ldaddal"))
ATOMIC_BODY(stadd, UNROLL, ONE_ZERO, LSE_STADD)
ATOMIC_BODY(ldxr_stxr_swp, UNROLL, ONE_ZERO, LLSC_SWP("ldxr", "stxr"))
ATOMIC_BODY(ldaxr_stlxr_swp, UNROLL, ONE_ZERO, LLSC_SWP("ldaxr", "stlxr"))
ATOMIC_BODY(swp, UNROLL, ONE_ZERO, LSE_SWP("swp"))
ATOMIC_BODY(swpal, UNROLL, ONE_ZERO, LSE_SWP("swpal"))
ATOMIC_BODY(cmpset_plain, UNROLL, ONE_ZERO, CMPSET_PLAIN)
ATOMIC_BODY(ldxr_stxr_cmpset, UNROLL, ONE_ZERO,
    LLSC_CMPSET("ldxr", "stxr"))
ATOMIC_BODY(ldaxr_stlxr_cmpset, UNROLL, ONE_ZERO,
    LLSC_CMPSET("ldaxr", "stlxr"))
ATOMIC_BODY(cas, UNROLL, ONE_ZERO, LSE_CMPSET("cas"))
ATOMIC_BODY(casal, UNROLL, ONE_ZERO, LSE_CMPSET("casal"))
ATOMIC_BODY(store_str, UNROLL_PAIRS, ONE_ZERO,
    STORE("str", "w1") STORE("str", "w2"))
ATOMIC_BODY(store_stlr, UNROLL_PAIRS, ONE_ZERO,
    STORE("stlr", "w1") STORE("stlr", "w2"))
ATOMIC_BODY(store_dmb, UNROLL_PAIRS, ONE_ZERO, STORE_DMB("w1") STORE_DMB("w2"))
ATOMIC_BODY(dmb_ish, UNROLL, "", "dmb ish\n\t")
ATOMIC_BODY(dmb_ishld, UNROLL, "", "dmb ishld\n\t")
ATOMIC_BODY(dmb_ishst, UNROLL, "", "dmb ishst\n\t")
ATOMIC_BODY(dmb_sy, UNROLL, "", "dmb sy\n\t")
ATOMIC_BODY(dsb_ish, UNROLL, "", "dsb ish\n\t")
ATOMIC_BODY(dsb_sy, UNROLL, "", "dsb sy\n\t")
ATOMIC_BODY(isb, UNROLL, "", "isb\n\t")

/* Load-acquire chains: each load's address is the last one's value. */
static void *self_pointer = &self_pointer;

#define LOAD_CHAIN(fn, op)						\
static void								\
fn(uint64_t iters, void *ctx)						\
{									\
	void *p = self_pointer;						\
									\
	(void)ctx;							\
	do								\
		__asm__ volatile(".arch armv8.3-a\n\t.rept " UNROLL	\
		    "\n\t" op " %0, [%0]\n\t.endr" : "+r" (p) : : "memory"); \
	while (--iters);						\
}

LOAD_CHAIN(ldr_chain, "ldr")
LOAD_CHAIN(ldar_chain, "ldar")
LOAD_CHAIN(ldapr_chain, "ldapr")

#define CHAIN	"; back to back on one word: each waits for the last " \
	"(latency)"
#define ROW(n, fn, m, feat, d) { .name = "atomic/" n, .mode = m,	\
	.ops = 100, .body = fn, .cpu_features = feat, .desc = d }
#define LAT(n, fn, feat, d)	ROW(n, fn, CB_LATENCY, feat, d CHAIN)
#define THR(n, fn, d)		ROW(n, fn, CB_THROUGHPUT, 0, d)

static const struct cb_bench atomic[] = {
	LAT("add-ldxr-stxr", ldxr_stxr_add, 0, "atomic_add_int as ARMv8.0 "
	    "does it: 1: ldxr; add; stxr; cbnz 1b"),
	LAT("add-ldaxr-stlxr", ldaxr_stlxr_add, 0, "the same with acquire "
	    "and release: ldaxr; add; stlxr; cbnz (a seq_cst RMW without "
	    "LSE)"),
	LAT("add-ldadd", ldadd, CB_CPU_LSE, "LSE ldadd w, w, [x]: the add in "
	    "one instruction, old value returned"),
	LAT("add-ldadda", ldadda, CB_CPU_LSE, "LSE ldadda: with acquire"),
	LAT("add-ldaddl", ldaddl, CB_CPU_LSE, "LSE ldaddl: with release"),
	LAT("add-ldaddal", ldaddal, CB_CPU_LSE, "LSE ldaddal: acquire and "
	    "release, what C11's seq_cst fetch_add compiles to"),
	LAT("add-stadd", stadd, CB_CPU_LSE, "LSE stadd w, [x]: no value "
	    "returned, so a core may perform it far, in the cache or "
	    "interconnect (Linux's atomic_add())"),
	LAT("swap-ldxr-stxr", ldxr_stxr_swp, 0, "atomic_readandclear_int as "
	    "ARMv8.0 does it: 1: ldxr; stxr of 0; cbnz 1b"),
	LAT("swap-ldaxr-stlxr", ldaxr_stlxr_swp, 0, "the same with acquire "
	    "and release"),
	LAT("swap-swp", swp, CB_CPU_LSE, "LSE swp of 0"),
	LAT("swap-swpal", swpal, CB_CPU_LSE, "LSE swpal of 0: acquire and "
	    "release"),
	LAT("cmpset-plain", cmpset_plain, 0, "the seed's NO_MPLOCKED "
	    "atomic_cmpset_int(&dst, 0, 1) with plain accesses: ldr; cbnz; "
	    "str 1, then dst = 0"),
	LAT("cmpset-ldxr-stxr", ldxr_stxr_cmpset, 0, "atomic_cmpset_int "
	    "without LSE: 1: ldxr; cbnz 2f; stxr 1; cbnz 1b; 2: then dst = "
	    "0"),
	LAT("cmpset-ldaxr-stlxr", ldaxr_stlxr_cmpset, 0, "the same with "
	    "acquire and release"),
	LAT("cmpset-cas", cas, CB_CPU_LSE, "LSE cas of 0 for 1, then dst = "
	    "0"),
	LAT("cmpset-casal", casal, CB_CPU_LSE, "LSE casal: acquire and "
	    "release"),
	THR("store-str", store_str, "plain str of 1 and 0 alternately: "
	    "plain stores never wait for each other, so this is the store "
	    "rate (throughput)"),
	THR("store-stlr", store_stlr, "stlr (store-release, "
	    "atomic_store_rel_int) of 1 and 0 alternately: each is ordered "
	    "after every access before it"),
	THR("store-dmb-str", store_dmb, "dmb ish; str: the release store "
	    "before ARMv8's stlr, and what a fence-then-store costs"),
	ROW("load-ldr", ldr_chain, CB_LATENCY, 0, "ldr x, [x] pointer chase: "
	    "the plain load the next two are set against"),
	ROW("load-ldar", ldar_chain, CB_LATENCY, 0, "ldar x, [x] pointer "
	    "chase: load-acquire (RCsc)"),
	ROW("load-ldapr", ldapr_chain, CB_LATENCY, CB_CPU_LRCPC, "ldapr x, "
	    "[x] pointer chase: load-acquire RCpc (ARMv8.3), which need not "
	    "wait for an earlier stlr"),
	THR("dmb-ish", dmb_ish, "dmb ish back to back with nothing to order: "
	    "what the full barrier costs by itself (smp_mb())"),
	THR("dmb-ishld", dmb_ishld, "dmb ishld back to back: the load "
	    "barrier (smp_rmb())"),
	THR("dmb-ishst", dmb_ishst, "dmb ishst back to back: the store "
	    "barrier (smp_wmb())"),
	THR("dmb-sy", dmb_sy, "dmb sy back to back: the full-system "
	    "barrier (mb())"),
	THR("dsb-ish", dsb_ish, "dsb ish back to back: waits for every "
	    "earlier access to complete, not only to be ordered"),
	THR("dsb-sy", dsb_sy, "dsb sy back to back"),
	THR("isb", isb, "isb back to back: flushes the pipeline, what "
	    "every reference-counter stamp here pays twice"),
};

CB_SUITE(suite_atomic, "atomic", "Seed 002 on arm64: what an atomic "
    "read-modify-write costs as an exclusive (LL/SC) loop and as an LSE "
    "instruction, with and without acquire/release, against plain "
    "accesses; store-release and load-acquire; the barriers DMB, DSB, "
    "ISB.", atomic);
