/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * entry: seed 000.  In January 2004 FreeBSD's i386 interrupt entry began
 * to reload %ds, %es and %fs only when %fs did not already hold the
 * kernel's selector.  Bruce Evans timed the old and the new entry code in
 * user space, before each "interrupt" loading %fs from a pseudo-random
 * pattern that says whether it came from user mode (randfs()), and found
 * the compare-and-branch a loss on an AthlonXP at every share of user mode
 * (+21 cycles at 0% user, +4 at 75%) and on a Celeron at all but 100%,
 * until he removed the partial-register stalls (fix1, fix2).
 *
 * Every row runs randfs() and then one variant per iteration, as the seed
 * did.  The pattern has 2^20 entries (the seed: 10^6) from a generator
 * with a fixed seed, with 0, 25, 50, 75 or 100% user.  randfs() branches
 * on the same entry as the variant's compare, so a predictor that keeps
 * global history can guess the variant's branch from randfs()'s: the
 * seed's "too good to be true" prediction, kept on purpose.  entry/none
 * is randfs() and the loop alone, which every other row contains.
 *
 * Then the bare costs the variants are made of: loading %ds with the user
 * data selector or the null selector, reading a segment register, and
 * rdfsbase/wrfsbase where the CPU and the kernel enable FSGSBASE.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "arch/x86/seq.h"
#include "core/stats.h"
#include "suites/repeat.h"
#include "suites/suites.h"

#define PATTERN_BITS	20
#define PATTERN_MASK	((1u << PATTERN_BITS) - 1)
#define PATTERN_SEED	20040202	/* the date of the seed's post */

/*
 * The selector the entry code wants.  The seed's 0x2f was FreeBSD's user
 * data selector (LDT entry 5); Linux's is __USER_DS, GDT entry 5 with RPL
 * 3 = 0x2b, which the SYSCALL/SYSRET layout fixes on every x86-64 kernel
 * and which 32-bit programs get from a 64-bit kernel.  It is an immediate
 * in the asm, as in the seed; setup checks that %ss holds it.
 */
#define KSEL		0x2b
#define KSEL_S		"0x2b"

#if defined(__x86_64__)
/*
 * x86-64: %fs and %gs carry TLS bases and are never touched.  %ds stands
 * for the seed's %ds and %es (loaded with KDSEL), %es for its %fs (checked
 * and loaded with KPSEL).  randfs() is the seed's: user mode copies %cs
 * (0x33, a readable code segment, which loads into %es), kernel mode
 * copies %ds.  A 64-bit Linux process really runs with the null selector
 * in %es, but loading the null selector costs five times a descriptor
 * load on some CPUs (entry/load-ds shows both), and randfs() plus the
 * restore would load it twice per user entry, burying the variants under
 * a cost the seed did not have.  0x23 (32-bit user code) faults on a
 * kernel without 32-bit support.
 */
#define CHK		"es"
#define RANDFS_USER	"mov %%cs, %k0\n\tmov %k0, %%es"
#define RANDFS_KERNEL	"mov %%ds, %k0\n\tmov %k0, %%es"
#define LOAD_SEGS(movk, pfx)						\
	movk("KDSEL") pfx "mov %%ax, %%ds\n\t"				\
	movk("KPSEL") pfx "mov %%ax, %%es\n\t"
#define ENTRY_SAVE							\
	ASM_STACK_ENTER ASM_PUSH_ALL ASM_PUSH_SEG("ds") ASM_PUSH_SEG("es")
#define ENTRY_RESTORE							\
	ASM_POP_SEG("es") ASM_POP_SEG("ds") ASM_POP_ALL ASM_STACK_LEAVE
#define ENTRY_DESC "Seed 000: is reloading segment registers on interrupt " \
	"entry only when they differ cheaper than always?  x86-64 "	\
	"rendering: pushes of the 15 GPRs stand for pushal; %ds for the " \
	"seed's %ds and %es, %es for its %fs; KDSEL = KPSEL = 0x2b "	\
	"(__USER_DS); randfs() copies %cs (user) or %ds (kernel).  "	\
	"Columns: % of entries from user mode."

#elif defined(__i386__)
/*
 * i386: the seed's sequences as written, on %fs, which a 32-bit Linux
 * process may load freely (its TLS is in %gs).  randfs() is the seed's:
 * user mode copies %cs into %fs, kernel mode copies %ds.
 */
#define CHK		"fs"
#define RANDFS_USER	"pushl %%cs\n\tpopl %%fs"
#define RANDFS_KERNEL	"pushl %%ds\n\tpopl %%fs"
#define LOAD_SEGS(movk, pfx)						\
	movk("KDSEL") pfx "mov %%ax, %%ds\n\t"				\
	pfx "mov %%ax, %%es\n\t"					\
	movk("KPSEL") pfx "mov %%ax, %%fs\n\t"
#define ENTRY_SAVE							\
	ASM_PUSH_ALL ASM_PUSH_SEG("ds") ASM_PUSH_SEG("es") ASM_PUSH_SEG("fs")
#define ENTRY_RESTORE							\
	ASM_POP_SEG("fs") ASM_POP_SEG("es") ASM_POP_SEG("ds") ASM_POP_ALL
#define ENTRY_DESC "Seed 000: is reloading segment registers on interrupt " \
	"entry only when they differ cheaper than always?  The seed's "	\
	"i386 sequences on %ds, %es and %fs, KDSEL = KPSEL = 0x2b "	\
	"(__USER_DS of a 64-bit kernel; the seed had FreeBSD's 0x2f).  " \
	"Columns: % of entries from user mode."
#endif

/* The seed's two ways to put a selector in %ax. */
#define MOVW(sym)	"mov $" sym ", %%ax\n\t"
#define MOVL(sym)	"movl $" sym ", %%eax\n\t"
#define OPSIZE		".byte 0x66\n\t"

#define ENTRY_CHECK	"mov %%" CHK ", %%ax\n\tcmp $KPSEL, %%ax\n\tje 1f\n\t"
#define ENTRY_SYMS	"KDSEL = " KSEL_S "\n\tKPSEL = " KSEL_S "\n\t"
#define ENTRY_SEQ(check, loads)						\
	ENTRY_SYMS ENTRY_SAVE check loads "1:\n\t" ENTRY_RESTORE

#define ENTRY_OLD	ENTRY_SEQ("", LOAD_SEGS(MOVL, ""))
#define ENTRY_NEW	ENTRY_SEQ(ENTRY_CHECK, LOAD_SEGS(MOVW, ""))
#define ENTRY_FIX1	ENTRY_SEQ(ENTRY_CHECK, LOAD_SEGS(MOVL, ""))
#define ENTRY_FIX2	ENTRY_SEQ(ENTRY_CHECK, LOAD_SEGS(MOVW, OPSIZE))

struct pattern {
	uint8_t		*user;		/* 1: this entry came from user mode */
	size_t		 next;
	uint16_t	 ds, es, chk;	/* the caller's, put back after a call */
};

static int
pattern_setup(unsigned pct, void **ctx, char *why, size_t len)
{
	struct stats_rng g;
	struct pattern *p;
	uint16_t ss;
	size_t i;

	if ((ss = SEG_READ("ss")) != KSEL) {
		snprintf(why, len, "user data selector is %#x here; the "
		    "sequences are assembled for Linux's %#x", ss, KSEL);
		return (CB_SETUP_SKIP);
	}
	if ((p = calloc(1, sizeof(*p))) == NULL ||
	    (p->user = malloc(PATTERN_MASK + 1)) == NULL) {
		free(p);
		snprintf(why, len, "out of memory for the pattern");
		return (CB_SETUP_ERROR);
	}
	stats_rng_seed(&g, PATTERN_SEED);
	for (i = 0; i <= PATTERN_MASK; i++)
		p->user[i] = stats_rng_below(&g, 100) < pct;
	*ctx = p;
	return (0);
}

static void
pattern_free(void *ctx)
{
	struct pattern *p = ctx;

	free(p->user);
	free(p);
}

/* %ds holds KDSEL throughout, as the seed's %ds and %es did. */
static void
segs_enter(struct pattern *p)
{
	p->ds = SEG_READ("ds");
	p->es = SEG_READ("es");
	p->chk = SEG_READ(CHK);
	SEG_WRITE("ds", KSEL);
}

static void
segs_leave(const struct pattern *p)
{
	SEG_WRITE(CHK, p->chk);
	SEG_WRITE("es", p->es);
	SEG_WRITE("ds", p->ds);
}

#define ENTRY_BODY(fn, seq)						\
static void								\
fn(uint64_t iters, void *ctx)						\
{									\
	struct pattern *p = ctx;					\
	size_t i = p->next;						\
	uintptr_t scratch;						\
									\
	segs_enter(p);							\
	do {								\
		if (p->user[i++ & PATTERN_MASK])			\
			__asm__ volatile(RANDFS_USER : "=&r" (scratch));\
		else							\
			__asm__ volatile(RANDFS_KERNEL : "=&r" (scratch));\
		__asm__ volatile(seq : : : "cc");			\
	} while (--iters);						\
	p->next = i;							\
	segs_leave(p);							\
}

ENTRY_BODY(entry_old, ENTRY_OLD)
ENTRY_BODY(entry_new, ENTRY_NEW)
ENTRY_BODY(entry_fix1, ENTRY_FIX1)
ENTRY_BODY(entry_fix2, ENTRY_FIX2)
ENTRY_BODY(entry_none, "")

#define PCT_SETUP(pct)							\
static int								\
setup_##pct(void **ctx, char *why, size_t len)				\
{									\
	return (pattern_setup(pct, ctx, why, len));			\
}

PCT_SETUP(0)
PCT_SETUP(25)
PCT_SETUP(50)
PCT_SETUP(75)
PCT_SETUP(100)

/*
 * Load `sel' into %ds 100 times per iteration.  The count stays in a
 * register and the caller's %ds comes back before any C code runs: on
 * i386 a null %ds faults the first data access.
 */
static void
ds_loads(uint64_t iters, uint16_t sel)
{
	uintptr_t n, saved;

	while (iters > 0) {
		n = iters > UINT32_MAX ? UINT32_MAX : (uintptr_t)iters;
		iters -= n;
		__asm__ volatile("mov %%ds, %k1\n"
		    "1:\n\t"
		    ".rept 100\n\tmov %k2, %%ds\n\t.endr\n\t"
		    "dec %0\n\tjnz 1b\n\t"
		    "mov %k1, %%ds"
		    : "+r" (n), "=&r" (saved) : "r" ((uintptr_t)sel) : "cc");
	}
}

static void
load_ds_user(uint64_t iters, void *ctx)
{
	(void)ctx;
	ds_loads(iters, SEG_READ("ss"));
}

static void
load_ds_null(uint64_t iters, void *ctx)
{
	(void)ctx;
	ds_loads(iters, 0);
}

REPEAT_BODY(read_ds, 100, "mov %%ds, %%eax", "eax")

#ifdef __x86_64__
REPEAT_BODY(rdfsbase, 100, "rdfsbase %%rax", "rax")

/* The TLS base written back unchanged: nothing else may run meanwhile. */
static void
wrfsbase(uint64_t iters, void *ctx)
{
	uint64_t v;

	(void)ctx;
	__asm__ volatile("rdfsbase %0" : "=r" (v));
	do
		__asm__ volatile(".rept 100\n\twrfsbase %0\n\t.endr"
		    : : "r" (v) : "memory");
	while (--iters);
}

#define FSBASE_ROWS							\
	{ .name = "entry/rdfsbase", .mode = CB_THROUGHPUT, .ops = 100,	\
	  .body = rdfsbase, .cpu_features = CB_CPU_FSGSBASE,		\
	  .desc = "rdfsbase reg back to back: the TLS base without "	\
	    "the MSR (needs CR4.FSGSBASE, set by Linux >= 5.9)" },	\
	{ .name = "entry/wrfsbase", .mode = CB_THROUGHPUT, .ops = 100,	\
	  .body = wrfsbase, .cpu_features = CB_CPU_FSGSBASE,		\
	  .desc = "wrfsbase reg writing back the same TLS base, back "	\
	    "to back" },
#else
#define FSBASE_ROWS	/* rdfsbase and wrfsbase exist only in 64-bit mode */
#endif

#define ROW(v, pct, d) { .name = "entry/" #v, .mode = CB_LATENCY,	\
	.ops = 1, .body = entry_##v,					\
	.setup = setup_##pct, .teardown = pattern_free, .desc = d,	\
	.params = { { "user_pct", #pct } } }
#define ROWS(v, d)							\
	ROW(v, 0, d), ROW(v, 25, d), ROW(v, 50, d), ROW(v, 75, d),	\
	ROW(v, 100, d)

static const struct cb_bench entry[] = {
	ROWS(old, "old way: always reload, movl $KDSEL,%eax; mov %ax,%ds "
	    "... (randfs() included)"),
	ROWS(new, "new way: compare the checked register with KPSEL, reload "
	    "only when different, through mov $KDSEL,%ax (a partial-register "
	    "write)"),
	ROWS(fix1, "new way with movl $KDSEL,%eax: no partial-register "
	    "write"),
	ROWS(fix2, "new way with mov $KDSEL,%ax and 0x66 operand-size "
	    "prefixes on the segment loads"),
	ROWS(none, "randfs() and the loop alone, contained in every row "
	    "above"),
	{ .name = "entry/load-ds", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = load_ds_user, .params = { { "selector", "user-ds" } },
	  .desc = "mov %eax,%ds with the user data selector (from %ss), "
	    "back to back: a descriptor load and its checks" },
	{ .name = "entry/load-ds", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = load_ds_null, .params = { { "selector", "null" } },
	  .desc = "mov %eax,%ds with the null selector, back to back: no "
	    "descriptor to load" },
	{ .name = "entry/read-ds", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = read_ds,
	  .desc = "mov %ds,%eax back to back: reading a segment register" },
	FSBASE_ROWS
};

CB_SUITE(suite_entry, "entry", ENTRY_DESC, entry);
