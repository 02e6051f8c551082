/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fpu: seed 003.  Bruce Evans timed the parts of a context switch in a
 * loop on an Athlon 1600: pushal; popal 9 cycles, pushl %ds; popl %ds 21,
 * fxsave; fxrstor 105, fnsave; frstor 264, and found fxsave/fxrstor no
 * faster for an FPU that had just run fninit, nor slower with registers
 * loaded (all 1.0; six 1.0, a 0.0 and a +Inf from a masked divide by
 * zero), but 187 cycles with the divide-by-zero exception unmasked and
 * pending.  Here are the same pairs under the same states, the XSAVE
 * family that replaced them (with every component XCR0 enables, and AVX
 * upper halves dirty or cleared by vzeroupper), and the small FPU
 * instructions a switch or a signal uses.
 *
 * How a state is made: setup executes it (fninit, fld1, a divide by zero,
 * fldcw to unmask, vpcmpeqd on the ymm registers, ...) and saves it with
 * XSAVE, or FXSAVE on a CPU without it.  In the image the XMM registers of
 * the x87 states are zeroed (the seed's "xmm registers explicitly loaded
 * with 0") and every component the state does not mean to use is marked
 * initial, since the C library leaves AVX-512 registers in use.  Each body
 * call restores the image, runs the save/restore pairs, and restores the
 * initial state before returning, so the engine's own code never meets a
 * pending exception.  Save and restore never wait for one: FNSAVE, FXSAVE
 * and XSAVE* are non-waiting, and FRSTOR only ever follows FNSAVE, which
 * reinitialises the FPU.  A trap would still kill only the child, which
 * reports SIGFPE.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/x86/cpu.h"
#include "arch/x86/seq.h"
#include "suites/repeat.h"
#include "suites/suites.h"

#define FX_SIZE		512		/* the FXSAVE image */
#define XSAVE_HDR	512		/* offset of the XSAVE header */
#define XMM_OFF		160		/* XMM registers in either image */
#define XMM_BYTES	256

/* XCR0 state components. */
#define XC_X87		0x01u
#define XC_SSE		0x02u
#define XC_AVX		0x04u
#define XC_AVX512	0xe0u		/* opmask, ZMM_Hi256, Hi16_ZMM */

#define X87_CLOBBERS							\
	"st", "st(1)", "st(2)", "st(3)", "st(4)", "st(5)", "st(6)", "st(7)"

#if defined(__x86_64__)
#define VREGS	"0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15"
#define ZREGS	VREGS ",16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31"
#elif defined(__i386__)
#define VREGS	"0,1,2,3,4,5,6,7"
#define ZREGS	VREGS
#endif

struct fpu_ctx {
	unsigned char	*image;		/* the state to measure under */
	unsigned char	*clean;		/* the initial state, for the caller */
	unsigned char	*area;		/* what the measured pair uses */
	size_t		 size;		/* of each of the three */
	uint64_t	 xcr0;		/* components XSAVE saves; 0: FXSAVE */
};

/* Load a captured image: XRSTOR of every component, or FXRSTOR. */
static void
state_load(const struct fpu_ctx *c, const unsigned char *img)
{
	if (c->xcr0 != 0)
		__asm__ volatile("xrstor" ASM_W64 " (%0)" : : "r" (img),
		    "a" ((uint32_t)c->xcr0), "d" ((uint32_t)(c->xcr0 >> 32))
		    : X87_CLOBBERS, "memory" XMM_CLOBBERS);
	else
		__asm__ volatile("fxrstor (%0)" : : "r" (img)
		    : X87_CLOBBERS, "memory" XMM_CLOBBERS);
}

/*
 * Run `make' from a freshly initialised FPU, save the result into `img'
 * and reinitialise, all in one statement: on i386 the compiler's own
 * floating point uses the x87 stack between statements.  %[cw] is the
 * x87 control word with the divide-by-zero exception unmasked.
 */
#define CAPTURE(make, img, c)						\
	do {								\
		if ((c)->xcr0 != 0)					\
			__asm__ volatile("fninit\n\t" make		\
			    "xsave" ASM_W64 " (%0)\n\tfninit" : : "r" (img), \
			    "a" ((uint32_t)(c)->xcr0),			\
			    "d" ((uint32_t)((c)->xcr0 >> 32)),		\
			    [cw] "m" (cw_unmasked)			\
			    : X87_CLOBBERS, "memory" XMM_CLOBBERS);	\
		else							\
			__asm__ volatile("fninit\n\t" make		\
			    "fxsave (%0)\n\tfninit" : : "r" (img),	\
			    [cw] "m" (cw_unmasked)			\
			    : X87_CLOBBERS, "memory" XMM_CLOBBERS);	\
	} while (0)

static const uint16_t cw_unmasked = 0x037f & ~0x0004;

/* Six 1.0, a 0.0 and 1.0 / 0.0 = +Inf: the seed's second loaded state. */
#define MAKE_INF							\
	".rept 6\n\tfld1\n\t.endr\n\tfldz\n\tfld1\n\tfdiv %%st(1), %%st\n\t"
/*
 * Unmasking ZM after the divide set ZE leaves the exception pending for
 * the next waiting x87 instruction, which never comes.
 */
#define MAKE_UNMASKED	MAKE_INF "fldcw %[cw]\n\t"
#define MAKE_YMM							\
	".irp r," VREGS "\n\tvpcmpeqd %%ymm\\r, %%ymm\\r, %%ymm\\r\n\t.endr\n\t"
#define MAKE_ZMM							\
	".irp r," ZREGS "\n\t"						\
	"vpternlogd $0xff, %%zmm\\r, %%zmm\\r, %%zmm\\r\n\t.endr\n\t"	\
	".irp r,1,2,3,4,5,6,7\n\tkxnorw %%k\\r, %%k\\r, %%k\\r\n\t.endr\n\t"

#define MAKER(st, make)							\
static void								\
make_##st(const struct fpu_ctx *c, unsigned char *img)			\
{									\
	CAPTURE(make, img, c);						\
}

MAKER(fresh, "")
MAKER(ones, ".rept 8\n\tfld1\n\t.endr\n\t")
MAKER(inf, MAKE_INF)
MAKER(inf_unmasked, MAKE_UNMASKED)
MAKER(avx_clean, MAKE_YMM "vzeroupper\n\t")
MAKER(avx_dirty, MAKE_YMM)
MAKER(zmm_dirty, MAKE_ZMM)

struct fpu_state {
	void		(*make)(const struct fpu_ctx *, unsigned char *);
	uint64_t	  keep;		/* components the state uses */
	int		  zero_xmm;
};

static const struct fpu_state st_fresh = { make_fresh, 0, 0 };
static const struct fpu_state st_ones = { make_ones, XC_X87 | XC_SSE, 1 };
static const struct fpu_state st_inf = { make_inf, XC_X87 | XC_SSE, 1 };
static const struct fpu_state st_inf_unmasked = { make_inf_unmasked,
	XC_X87 | XC_SSE, 1 };
static const struct fpu_state st_avx_clean = { make_avx_clean,
	XC_SSE | XC_AVX, 0 };
static const struct fpu_state st_avx_dirty = { make_avx_dirty,
	XC_SSE | XC_AVX, 0 };
static const struct fpu_state st_zmm_dirty = { make_zmm_dirty,
	XC_SSE | XC_AVX | XC_AVX512, 0 };

/* Bytes XSAVE (standard form) and XSAVEC (compacted) may write. */
static size_t
area_size(void)
{
	uint32_t r[4];
	size_t n = FX_SIZE + 64;

	if (!(arch_cpu_features() & CB_CPU_XSAVE))
		return (n);
	arch_cpuid(0xd, 0, r);
	if (r[1] > n)
		n = r[1];
	arch_cpuid(0xd, 1, r);
	if (r[1] > n)
		n = r[1];
	return ((n + 63) & ~(size_t)63);
}

static void
mark_state(const struct fpu_ctx *c, const struct fpu_state *s,
    unsigned char *img)
{
	uint64_t bv;

	if (s->zero_xmm)
		memset(img + XMM_OFF, 0, XMM_BYTES);
	if (c->xcr0 == 0)
		return;
	memcpy(&bv, img + XSAVE_HDR, sizeof(bv));
	bv &= s->keep;
	memcpy(img + XSAVE_HDR, &bv, sizeof(bv));
}

static int
fpu_setup(const struct fpu_state *s, void **ctx, char *why, size_t len)
{
	struct fpu_ctx *c;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		goto nomem;
	c->size = area_size();
	if ((c->image = aligned_alloc(64, 3 * c->size)) == NULL) {
		free(c);
		goto nomem;
	}
	memset(c->image, 0, 3 * c->size);
	c->clean = c->image + c->size;
	c->area = c->clean + c->size;
	c->xcr0 = arch_xcr0();
	make_fresh(c, c->clean);
	mark_state(c, &st_fresh, c->clean);
	s->make(c, c->image);
	mark_state(c, s, c->image);
	state_load(c, c->clean);
	*ctx = c;
	return (0);
nomem:
	snprintf(why, len, "out of memory for the FPU images");
	return (CB_SETUP_ERROR);
}

static void
fpu_free(void *ctx)
{
	struct fpu_ctx *c = ctx;

	free(c->image);
	free(c);
}

/* The mask XSAVE used and the bytes it may write, for the JSON. */
static void
fpu_report(void *ctx, struct cb_result *r)
{
	const struct fpu_ctx *c = ctx;

	cb_result_extra(r, "xcr0", (double)c->xcr0);
	cb_result_extra(r, "area_bytes", (double)c->size);
}

#define STATE_SETUP(st)							\
static int								\
setup_##st(void **ctx, char *why, size_t len)				\
{									\
	return (fpu_setup(&st_##st, ctx, why, len));			\
}

STATE_SETUP(fresh)
STATE_SETUP(ones)
STATE_SETUP(inf)
STATE_SETUP(inf_unmasked)
STATE_SETUP(avx_clean)
STATE_SETUP(avx_dirty)
STATE_SETUP(zmm_dirty)

/*
 * One save/restore pair per iteration, restore reading what save wrote;
 * the XSAVE family with EDX:EAX = XCR0, every enabled component.
 */
#define SAVE_BODY(v, pair)						\
static void								\
save_##v(uint64_t iters, void *ctx)					\
{									\
	struct fpu_ctx *c = ctx;					\
									\
	state_load(c, c->image);					\
	do								\
		__asm__ volatile(pair : : [a] "r" (c->area),		\
		    "a" ((uint32_t)c->xcr0),				\
		    "d" ((uint32_t)(c->xcr0 >> 32)) : "memory");	\
	while (--iters);						\
	state_load(c, c->clean);					\
}

SAVE_BODY(fxsave, "fxsave (%[a])\n\tfxrstor (%[a])")
SAVE_BODY(fnsave, "fnsave (%[a])\n\tfrstor (%[a])")
SAVE_BODY(xsave, "xsave" ASM_W64 " (%[a])\n\txrstor" ASM_W64 " (%[a])")
SAVE_BODY(xsaveopt, "xsaveopt" ASM_W64 " (%[a])\n\txrstor" ASM_W64
    " (%[a])")
SAVE_BODY(xsavec, "xsavec" ASM_W64 " (%[a])\n\txrstor" ASM_W64 " (%[a])")

static void
push_pop_all(uint64_t iters, void *ctx)
{
	(void)ctx;
	do
		__asm__ volatile(ASM_STACK_ENTER ".rept 10\n\t" ASM_PUSH_ALL
		    ASM_POP_ALL ".endr\n\t" ASM_STACK_LEAVE : : : "memory");
	while (--iters);
}

/* pushes and pops of %ds holding `sel', the caller's %ds put back after. */
static void
push_pop_ds(uint64_t iters, uint16_t sel)
{
	uint16_t saved = SEG_READ("ds");

	SEG_WRITE("ds", sel);
	do
		__asm__ volatile(ASM_STACK_ENTER ".rept 10\n\t"
		    ASM_PUSH_SEG("ds") ASM_POP_SEG("ds") ".endr\n\t"
		    ASM_STACK_LEAVE : : : "eax", "memory");
	while (--iters);
	SEG_WRITE("ds", saved);
}

/* The user data selector, which %ss always holds. */
static void
push_pop_ds_user(uint64_t iters, void *ctx)
{
	(void)ctx;
	push_pop_ds(iters, SEG_READ("ss"));
}

REPEAT_BODY(fninit, 100, "fninit", X87_CLOBBERS)

static void
stmxcsr(uint64_t iters, void *ctx)
{
	uint32_t m;

	(void)ctx;
	do
		__asm__ volatile(".rept 100\n\tstmxcsr %0\n\t.endr"
		    : "=m" (m));
	while (--iters);
}

/* Loads back the value already there: only the instruction's own cost. */
static void
ldmxcsr(uint64_t iters, void *ctx)
{
	uint32_t m;

	(void)ctx;
	__asm__ volatile("stmxcsr %0" : "=m" (m));
	do
		__asm__ volatile(".rept 100\n\tldmxcsr %0\n\t.endr"
		    : : "m" (m));
	while (--iters);
}

REPEAT_BODY(vzeroupper, 100, "vzeroupper", "memory")

static int
kernel_only(void **ctx, char *why, size_t len)
{
	(void)ctx;
	snprintf(why, len, "xsaves/xrstors are privileged (CPL 0): only the "
	    "kernel can run them, for its own context switches");
	return (CB_SETUP_SKIP);
}

#define N_fresh		"fresh"
#define N_ones		"ones"
#define N_inf		"inf"
#define N_inf_unmasked	"inf-unmasked"
#define N_avx_clean	"avx-clean"
#define N_avx_dirty	"avx-dirty"
#define N_zmm_dirty	"zmm-dirty"
#define F_fresh		0
#define F_ones		0
#define F_inf		0
#define F_inf_unmasked	0
#define F_avx_clean	CB_CPU_AVX
#define F_avx_dirty	CB_CPU_AVX
#define F_zmm_dirty	(CB_CPU_AVX | CB_CPU_AVX512F)

#define SAVE_ROW(v, st, feat, d) { .name = "fpu/" #v, .mode = CB_LATENCY, \
	.ops = 1, .body = save_##v, .setup = setup_##st,		\
	.teardown = fpu_free, .report = fpu_report,			\
	.cpu_features = CB_CPU_FXSR | (feat) | F_##st, .desc = d,	\
	.params = { { "state", N_##st } } }
#define X87_ROWS(v, feat, d)						\
	SAVE_ROW(v, fresh, feat, d), SAVE_ROW(v, ones, feat, d),	\
	SAVE_ROW(v, inf, feat, d), SAVE_ROW(v, inf_unmasked, feat, d)
#define ALL_ROWS(v, feat, d)						\
	X87_ROWS(v, feat, d), SAVE_ROW(v, avx_clean, feat, d),		\
	SAVE_ROW(v, avx_dirty, feat, d), SAVE_ROW(v, zmm_dirty, feat, d)

#if defined(__x86_64__)
SAVE_BODY(fxsave64, "fxsave64 (%[a])\n\tfxrstor64 (%[a])")

/*
 * The null selector, which 64-bit Linux leaves in %ds.  (On i386 %ds is
 * never null in user space: the next data access would fault.)
 */
static void
push_pop_ds_null(uint64_t iters, void *ctx)
{
	(void)ctx;
	push_pop_ds(iters, 0);
}

#define FXSAVE64_ROWS	X87_ROWS(fxsave64, 0, "fxsave64; fxrstor64: the "  \
	"REX.W form a 64-bit kernel uses (64-bit FPU pointers); the "	\
	"seed's fxsave; fxrstor took 105 cycles, 187 with DIVZ "	\
	"unmasked"),
#define PUSH_ALL_DESC	"15 pushes and 15 pops of the general registers, "  \
	"x86-64's pushal; popal (the seed: 9 cycles)"
#define PUSH_DS_DESC	"mov %ds,%eax; push %rax; pop %rax; mov %eax,%ds: "  \
	"x86-64 cannot push %ds (the seed's pushl %ds; popl %ds: 21 cycles)"
#define PUSH_DS_NULL_ROW						\
	{ .name = "fpu/push-pop-ds", .mode = CB_LATENCY, .ops = 10,	\
	  .body = push_pop_ds_null, .params = { { "ds", "null" } },	\
	  .desc = PUSH_DS_DESC ", %ds null as 64-bit Linux has it" },
#elif defined(__i386__)
#define FXSAVE64_ROWS	/* 64-bit mode only */
#define PUSH_ALL_DESC	"pushal; popal, the seed's sequence (9 cycles)"
#define PUSH_DS_DESC	"pushl %ds; popl %ds, the seed's sequence (21 cycles)"
#define PUSH_DS_NULL_ROW
#endif

static const struct cb_bench fpu[] = {
	{ .name = "fpu/pushall-popall", .mode = CB_LATENCY, .ops = 10,
	  .body = push_pop_all, .desc = PUSH_ALL_DESC },
	{ .name = "fpu/push-pop-ds", .mode = CB_LATENCY, .ops = 10,
	  .body = push_pop_ds_user, .params = { { "ds", "user-ds" } },
	  .desc = PUSH_DS_DESC ", %ds = the user data selector" },
	PUSH_DS_NULL_ROW
	FXSAVE64_ROWS
	X87_ROWS(fxsave, 0, "fxsave; fxrstor, the plain form with 32-bit "
	    "FPU pointers (the seed: 105 cycles, 187 with DIVZ unmasked)"),
	X87_ROWS(fnsave, 0, "fnsave; frstor: the pre-SSE pair, 108 bytes "
	    "(the seed: 264 cycles)"),
	ALL_ROWS(xsave, CB_CPU_XSAVE, "xsave; xrstor of every component "
	    "XCR0 enables, standard form"),
	ALL_ROWS(xsaveopt, CB_CPU_XSAVEOPT, "xsaveopt; xrstor: skips "
	    "components in their initial state or unchanged since the "
	    "last xrstor from the same area"),
	ALL_ROWS(xsavec, CB_CPU_XSAVEC, "xsavec; xrstor: compacted form, "
	    "skips components in their initial state"),
	{ .name = "fpu/xsaves", .mode = CB_LATENCY, .ops = 1,
	  .setup = kernel_only,
	  .desc = "xsaves; xrstors: what Linux uses to switch FPU state" },
	{ .name = "fpu/fninit", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = fninit, .desc = "fninit back to back" },
	{ .name = "fpu/stmxcsr", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = stmxcsr, .cpu_features = CB_CPU_SSE2,
	  .desc = "stmxcsr to memory, back to back" },
	{ .name = "fpu/ldmxcsr", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = ldmxcsr, .cpu_features = CB_CPU_SSE2,
	  .desc = "ldmxcsr of the value MXCSR already holds, back to back" },
	{ .name = "fpu/vzeroupper", .mode = CB_THROUGHPUT, .ops = 100,
	  .body = vzeroupper, .cpu_features = CB_CPU_AVX,
	  .desc = "vzeroupper back to back (upper halves already clean)" },
};

CB_SUITE(suite_fpu, "fpu", "Seed 003: what do the parts of a context "
    "switch cost: pushing registers, segment registers, and saving and "
    "restoring FPU state under different FPU contents?  Columns: the FPU "
    "state saved.", fpu);
