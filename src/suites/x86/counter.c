/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * counter: seed 004 (svn-src-head, June 2013, on r252032, counter(9) on
 * amd64 and i386).  Bruce Evans listed what each way to increment a 64-bit
 * per-CPU counter cost in a 32-bit binary (4-7 cycles for a simple
 * increment, 18 for the cmpxchg8b loop -current used) and found that a
 * loop does 6 independent addq's to memory in the time of 1, while 6
 * addq's to one location take 6 times as long.  Every way he listed is an
 * instruction sequence that runs in 64-bit mode too; here each runs on
 * this CPU, followed by today's ways.
 *
 * The seed gives the list and the cycles, not the code.  Where FreeBSD of
 * 2013 had the code (counter_u64_add's cmpxchg8b loop and feature test,
 * critical_enter/critical_exit) the sequences follow it; the others are
 * what gcc -m32 emits for the C the description names, or the plain asm
 * it implies.  Each row's description gives the instructions.  The
 * per-CPU segment prefix of the kernel (%fs on i386) is left out: the
 * counters are plain memory, and the tls-addq row shows what a segment
 * prefix costs.
 *
 * Each way runs with k = 1, 2, 4, 6, 8 counters, each in a cache line of
 * its own, incremented round robin.  With k = 1 every increment waits for
 * the one before through memory: that is latency.  With k > 1 the
 * increments are independent and the figure, still cycles per increment,
 * is throughput: Bruce's "6 in the time of 1" is k=6 at a sixth of k=1.
 * Shared state (the critical section's nesting count) keeps a chain
 * whatever k is, and a locked instruction waits for every store before it.
 *
 * Before it is timed, every sequence is checked: one call must add exactly
 * its number of increments to the counters, each starting just below 2^32
 * (0 for the 32-bit counters) so the carry into the high half is tested.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "arch/x86/cpu.h"
#include "suites/counter_slots.h"

#define CPUID_CX8	0x100		/* CPUID.1:EDX, FreeBSD's cpu_feature */
#define CPUID_CX8_S	CB_STR(CPUID_CX8)

struct way {
	unsigned	 width;		/* of the counter: 32 or 64 bits */
	enum storage	 where;
	int		 x86_64_only;
};

/* FreeBSD's struct thread, the part critical sections touch. */
struct fake_thread {
	int		 td_critnest;
	char		 td_owepreempt;
};

struct counter_ctx {
	struct counters	 k;
	uint64_t	 lines[LINES][LINE / 8] __attribute__((aligned(LINE)));
	struct fake_thread td __attribute__((aligned(LINE)));
	struct fake_thread *curthread;	/* what %fs:PC_CURTHREAD loaded */
	uint32_t	 cpu_feature;
	uint64_t	 inc;		/* counter_u64_add's 64-bit increment */
};

#ifdef __x86_64__
#define DX		"%%rdx"
#define X64(text)	text
#else
#define DX		"%%edx"
#define X64(text)	""
#endif

/*
 * The sequences.  \off is the counter's offset from %[c]; %[x] is the
 * context.  Constants the seed's compiler would hoist out of the loop are
 * loaded once per body call (`pre'): %ecx = 1, %ebx = 0.
 */
#define INC1		"movl $1, %%ecx\n\t"
#define INC1_HI0	"movl $1, %%ecx\n\tmovl $0, %%ebx\n\t"

/* gcc -m32 for ++*p when the counter must stay in memory (volatile). */
#define SIMPLE								\
	"movl \\off(%[c]), %%eax\n\t"					\
	"movl 4+\\off(%[c]), %%edx\n\t"					\
	"addl $1, %%eax\n\t"						\
	"adcl $0, %%edx\n\t"						\
	"movl %%eax, \\off(%[c])\n\t"					\
	"movl %%edx, 4+\\off(%[c])\n\t"
/* if ((cpu_feature & CPUID_CX8) == 0) the other path (never here). */
#define FEATURE_TEST							\
	"testl $" CPUID_CX8_S ", %c[feat](%[x])\n\t"			\
	"je 2f\n\t"
#define SIMPLE32							\
	"movl \\off(%[c]), %%eax\n\t"					\
	"addl $1, %%eax\n\t"						\
	"movl %%eax, \\off(%[c])\n\t"
#define ADDL_REG32	"addl %%ecx, \\off(%[c])\n\t"
#define ADDL_ADCL_REG	"addl %%ecx, \\off(%[c])\n\tadcl $0, 4+\\off(%[c])\n\t"
#define ADDL_ADCL_IMM	"addl $1, \\off(%[c])\n\tadcl $0, 4+\\off(%[c])\n\t"
#define ADDL_ADCL_SIGNED						\
	"movl %%ecx, %%eax\n\t"						\
	"cltd\n\t"							\
	"addl %%eax, \\off(%[c])\n\t"					\
	"adcl %%edx, 4+\\off(%[c])\n\t"
#define ADDL_ADCL_64	"addl %%ecx, \\off(%[c])\n\tadcl %%ebx, 4+\\off(%[c])\n\t"
/* critical_enter(): td = curthread; td->td_critnest++; */
#define CRIT_ENTER							\
	"mov %c[td](%[x]), " DX "\n\t"					\
	"incl %c[crit](" DX ")\n\t"
/*
 * critical_exit() as FreeBSD had it: the last level clears the count and
 * checks for a preemption owed (mi_switch(), the ud2, is never reached).
 */
#define CRIT_EXIT							\
	"cmpl $1, %c[crit](" DX ")\n\t"					\
	"jne 3f\n\t"							\
	"movl $0, %c[crit](" DX ")\n\t"					\
	"cmpb $0, %c[owe](" DX ")\n\t"					\
	"je 4f\n\t"							\
	"ud2\n"								\
	"3:\tdecl %c[crit](" DX ")\n"					\
	"4:\n\t"
/* The same, shorter: decrement, and test for a preemption only at 0. */
#define CRIT_EXIT_BETTER						\
	"decl %c[crit](" DX ")\n\t"					\
	"jnz 4f\n\t"							\
	"cmpb $0, %c[owe](" DX ")\n\t"					\
	"je 4f\n\t"							\
	"ud2\n"								\
	"4:\n\t"
/* counter_64_inc_8b(), without its %fs: prefix. */
#define CMPXCHG8B							\
	"movl \\off(%[c]), %%eax\n\t"					\
	"movl 4+\\off(%[c]), %%edx\n"					\
	"1:\tmovl %%eax, %%ebx\n\t"					\
	"movl %%edx, %%ecx\n\t"						\
	"addl %c[inc](%[x]), %%ebx\n\t"					\
	"adcl 4+%c[inc](%[x]), %%ecx\n\t"				\
	"cmpxchg8b \\off(%[c])\n\t"					\
	"jnz 1b\n\t"

/* Today's: amd64 counter(9) is addq %1,%%gs:(%0). */
#define ADDQ		"addq $1, \\off(%[c])\n\t"
#define LOCK_XADDQ	"movl $1, %%eax\n\tlock xaddq %%rax, \\off(%[c])\n\t"
#define LOCK_ADDQ	"lock addq $1, \\off(%[c])\n\t"
#define TLS_ADDQ	"addq $1, %%fs:\\off(%[c])\n\t"

#if HAVE_RSEQ && defined(__x86_64__)
/* %rdx = the rseq area: the thread pointer plus __rseq_offset. */
#define RSEQ_PRE	"movq %%fs:0, %%rdx\n\taddq %c[rsoff](%[x]), %%rdx\n\t"
/*
 * this_cpu_add() as a restartable sequence: read cpu_id, point rseq_cs at
 * the descriptor (3), check the CPU again inside the section, and commit
 * with one addq.  Preempted, migrated or signalled between 1 and 2, the
 * kernel resumes at the abort handler (4, after the signature it checks),
 * which starts over.
 */
#define RSEQ_ADDQ							\
	"5:\tmovl %c[cpuid](%%rdx), %%eax\n\t"				\
	"movl %%eax, %%ecx\n\t"						\
	"shll $" PERCPU_SHIFT_S ", %%ecx\n\t"				\
	"leaq 3f(%%rip), %%rbx\n\t"					\
	"movq %%rbx, %c[rscs](%%rdx)\n"					\
	"1:\tcmpl %c[cpuid](%%rdx), %%eax\n\t"				\
	"jnz 4f\n\t"							\
	"addq $1, \\off(%[c], %%rcx)\n"					\
	"2:\n\t"							\
	".pushsection __rseq_cs, \"aw\"\n\t"				\
	".balign 32\n"							\
	"3:\t.long 0, 0\n\t"						\
	".quad 1b, 2b - 1b, 4f\n\t"					\
	".popsection\n\t"						\
	".pushsection __rseq_failure, \"ax\"\n\t"			\
	".long " RSEQ_SIG_S "\n"					\
	"4:\tjmp 5b\n\t"						\
	".popsection\n\t"
#else
#define RSEQ_PRE	""
#define RSEQ_ADDQ	""
#endif

static int	counter_setup(void **ctxp, char *why, size_t len,
		    const struct way *w, cb_body_fn *body);

/*
 * One body per way and k: `text' once per counter, round robin, OPS
 * times in all; and a setup that checks that very body.
 */
#define COUNTER_K(v, K, pre, text)					\
static void								\
v##_##K(uint64_t iters, void *ctx)					\
{									\
	struct counter_ctx *c = ctx;					\
									\
	do								\
		__asm__ volatile(pre ".rept " OPS_S "/" #K "\n\t"	\
		    ".irp off," OFFS_##K "\n\t" text ".endr\n\t.endr"	\
		    : : [x] "r" (c), [c] "r" (c->k.base),			\
		      [feat] "i" (offsetof(struct counter_ctx, cpu_feature)), \
		      [td] "i" (offsetof(struct counter_ctx, curthread)), \
		      [inc] "i" (offsetof(struct counter_ctx, inc)),	\
		      [rsoff] "i" (offsetof(struct counter_ctx, k.rseq_offset)), \
		      [crit] "i" (offsetof(struct fake_thread, td_critnest)), \
		      [owe] "i" (offsetof(struct fake_thread, td_owepreempt)), \
		      [cpuid] "i" (RSEQ_CPU_ID), [rscs] "i" (RSEQ_CS)	\
		    : "eax", "ebx", "ecx", "edx", "memory", "cc");	\
	while (--iters);						\
}									\
static int								\
v##_##K##_setup(void **ctx, char *why, size_t len)			\
{									\
	return (counter_setup(ctx, why, len, &v##_way, v##_##K));	\
}

#define COUNTER_WAY(v, width, where, x64, pre, text)			\
static const struct way v##_way = { width, where, x64 };		\
COUNTER_K(v, 1, pre, text)						\
COUNTER_K(v, 2, pre, text)						\
COUNTER_K(v, 4, pre, text)						\
COUNTER_K(v, 6, pre, text)						\
COUNTER_K(v, 8, pre, text)

COUNTER_WAY(simple, 64, IN_CTX, 0, "", SIMPLE)
COUNTER_WAY(feature, 64, IN_CTX, 0, "", FEATURE_TEST SIMPLE "2:\n\t")
COUNTER_WAY(simple32, 32, IN_CTX, 0, "", SIMPLE32)
COUNTER_WAY(addl32, 32, IN_CTX, 0, INC1, ADDL_REG32)
COUNTER_WAY(crit, 64, IN_CTX, 0, "", CRIT_ENTER ADDL_ADCL_IMM CRIT_EXIT)
COUNTER_WAY(crit_better, 64, IN_CTX, 0, "",
    CRIT_ENTER ADDL_ADCL_IMM CRIT_EXIT_BETTER)
COUNTER_WAY(unsigned32, 64, IN_CTX, 0, INC1, ADDL_ADCL_REG)
COUNTER_WAY(immediate, 64, IN_CTX, 0, "", ADDL_ADCL_IMM)
COUNTER_WAY(signed32, 64, IN_CTX, 0, INC1, ADDL_ADCL_SIGNED)
COUNTER_WAY(inc64, 64, IN_CTX, 0, INC1_HI0, ADDL_ADCL_64)
COUNTER_WAY(cx8, 64, IN_CTX, 0, "", FEATURE_TEST CMPXCHG8B "2:\n\t")
COUNTER_WAY(addq, 64, IN_CTX, 1, "", X64(ADDQ))
COUNTER_WAY(lock_xadd, 64, IN_CTX, 1, "", X64(LOCK_XADDQ))
COUNTER_WAY(lock_add, 64, IN_CTX, 1, "", X64(LOCK_ADDQ))
COUNTER_WAY(tls, 64, IN_TLS, 1, "", X64(TLS_ADDQ))
COUNTER_WAY(rseq, 64, PER_CPU, 1, RSEQ_PRE, RSEQ_ADDQ)

static char *
thread_pointer(void)
{
	char *tp = NULL;

#ifdef __x86_64__
	__asm__("mov %%fs:0, %0" : "=r" (tp));
#endif
	return (tp);
}

static int
counter_setup(void **ctxp, char *why, size_t len, const struct way *w,
    cb_body_fn *body)
{
	struct counter_ctx *c;
	uint32_t regs[4];
	uint64_t start, added;
	size_t i;
	int rc;

#ifndef __x86_64__
	if (w->x86_64_only) {
		snprintf(why, len, "x86-64 only: a 64-bit add needs 64-bit "
		    "registers; this build has the seed's 32-bit ways");
		return (CB_SETUP_SKIP);
	}
#endif
	if ((c = counters_ctx_new(sizeof(*c), why, len)) == NULL)
		return (CB_SETUP_ERROR);
	c->curthread = &c->td;
	arch_cpuid(1, 0, regs);
	c->cpu_feature = regs[3];
	c->inc = 1;
	if ((rc = counters_place(&c->k, w->where, &c->lines[0][0],
	    thread_pointer(), why, len)) != 0) {
		counters_teardown(c);
		return (rc);
	}
	start = w->width == 64 ? (UINT64_C(1) << 32) - 3 : 0;
	for (i = 0; i < c->k.n; i++)
		c->k.first[i * (LINE / 8)] = start;
	added = counters_added(&c->k, body);
	if (added != OPS || c->td.td_critnest != 0) {
		snprintf(why, len, "the sequence is not a correct %u-bit "
		    "increment: %d increments added %lld", w->width, OPS,
		    (long long)added);
		counters_teardown(c);
		return (CB_SETUP_ERROR);
	}
	*ctxp = c;
	return (0);
}

static const struct cb_bench counter[] = {
	WAY_ROWS(simple, "simple", 0, "seed (1) simple increment: ++*p on "
	    "a 64-bit counter as gcc -m32 emits it when it must stay in "
	    "memory: movl; movl; addl $1; adcl $0; movl; movl (an interrupt "
	    "between load and store loses counts)"),
	WAY_ROWS(feature, "feature-test", CB_CPU_CX8, "seed (1) simple "
	    "increment preceded by feature test: testl $CPUID_CX8, "
	    "cpu_feature; je (never taken), then (1)"),
	WAY_ROWS(simple32, "simple-32", 0, "seed (2) simple 32-bit "
	    "increment: ++*p on a 32-bit counter as gcc -m32 emits it for "
	    "one in memory: movl; addl $1; movl"),
	WAY_ROWS(addl32, "addl-32", 0, "seed (3) correct 32-bit increment: "
	    "addl reg, mem (one instruction: no interrupt can split it)"),
	WAY_ROWS(crit, "critical-section", 0, "seed (4) inlined critical "
	    "section: td = curthread; td_critnest++; addl $1/adcl $0 on the "
	    "halves; critical_exit() as FreeBSD had it (cmpl $1; movl $0 or "
	    "decl; test td_owepreempt); reconstructed, the seed gives no "
	    "code"),
	WAY_ROWS(crit_better, "critical-section-better", 0, "seed (5) "
	    "better inlined critical section: as (4), but the exit is decl; "
	    "jnz, testing td_owepreempt only at 0; reconstructed, the seed "
	    "gives no code.  Fewer instructions, but incl then decl keep "
	    "td_critnest a chain through memory, which (4)'s movl $0 breaks"),
	WAY_ROWS(unsigned32, "addl-adcl", 0, "seed (6) correct unsigned "
	    "32-bit inc of a 64-bit counter: addl reg, lo; adcl $0, hi (an "
	    "interrupt between them keeps the carry in EFLAGS: still "
	    "correct)"),
	WAY_ROWS(immediate, "addl-adcl-imm", 0, "seed: (6) improved to allow "
	    "an immediate operand: addl $1, lo; adcl $0, hi"),
	WAY_ROWS(signed32, "addl-adcl-signed", 0, "seed (7) correct signed "
	    "32-bit inc of a 64-bit counter: movl inc, eax; cltd; addl eax, "
	    "lo; adcl edx, hi"),
	WAY_ROWS(inc64, "addl-adcl-64", 0, "seed (8) correct 64-bit inc of "
	    "a 64-bit counter: addl reg, lo; adcl reg, hi"),
	WAY_ROWS(cx8, "cmpxchg8b", CB_CPU_CX8, "seed: -current method, "
	    "counter_u64_add(): the CPUID_CX8 test, then counter_64_inc_8b(): "
	    "load both halves; 1: copy, addl/adcl the 64-bit increment from "
	    "memory, cmpxchg8b (no lock: per CPU); jnz 1b"),
	WAY_ROWS(addq, "addq", 0, "today: addq $1, mem, the instruction of "
	    "amd64 counter(9) (addq %1,%%gs:(%0)) on plain memory; the "
	    "seed's \"6 independent addq's in the time of 1\""),
	WAY_ROWS(lock_xadd, "lock-xadd", 0, "today: movl $1, eax; lock "
	    "xaddq rax, mem (atomic_fetchadd_long): shared, SMP-safe"),
	WAY_ROWS(lock_add, "lock-add", 0, "today: lock addq $1, mem "
	    "(atomic_add_long): shared, SMP-safe"),
	WAY_ROWS(tls, "tls-addq", 0, "today: a per-thread counter: addq $1, "
	    "%fs:off(reg) into this thread's TLS, counter(9)'s %gs:(reg) "
	    "with the thread block standing in for the CPU's"),
	WAY_ROWS(rseq, "rseq-percpu", 0, "today: a per-CPU counter through "
	    "rseq: read rseq->cpu_id, set rseq_cs, recheck the CPU, commit "
	    "with addq to this CPU's block; the kernel restarts it if "
	    "preempted or migrated"),
};

CB_SUITE(suite_counter, "counter", "Seed 004: what each way of "
    "incrementing a 64-bit per-CPU counter (counter(9), 2013) costs, and "
    "today's ways; k=1 is latency (one counter, each increment waits for "
    "the last), k>1 throughput over k independent counters (the seed's "
    "6 addq's in the time of 1).", counter);
