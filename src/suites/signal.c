/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * signal: what a signal costs (seed 001).  A trap -- divide by zero, a
 * load from a PROT_NONE page, ud2, int3 -- or a signal sent to oneself
 * goes to a handler that steps over the trapping instruction by moving the
 * saved program counter, and returns through rt_sigreturn.  The round
 * trip is stamped around the trap; -delivery rows stop the clock at the
 * handler's first instruction, -return rows start it at the handler's
 * last and stop it where the interrupted code resumes.
 *
 * The vector state is put in its init state before every trap, so the
 * rows do not depend on what libc last left in the AVX-512 registers;
 * variants leave it in use instead.  Other variants add SA_SIGINFO, an
 * alternate signal stack, and a hardware watchpoint armed on the thread
 * (the debug-register write of the seed).  Every row reports the bytes of
 * stack the kernel's frame took (frame_bytes) and which XSAVE components
 * it saved as in use (xstate_bv), read from the frame itself.
 *
 * On arm64 the traps are a load from a PROT_NONE page, udf and brk
 * (integer division by zero does not trap there), and the variants that
 * concern x86 state (the vector components, RFLAGS.RF) have no
 * counterpart; the rest is the same code.
 */
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "arch/arch.h"
#include "suites/macro.h"
#include "suites/suites.h"
#include "suites/watchpoint.h"

#define STR(...)	#__VA_ARGS__
#define XSTR(...)	STR(__VA_ARGS__)
#define INSN(...)	{ __VA_ARGS__ },				\
			sizeof((unsigned char[]){ __VA_ARGS__ })

#if defined(__x86_64__) || defined(__i386__)
#define X86		1
#ifdef __x86_64__
#define REG_PC	REG_RIP
#define REG_SP	REG_RSP
#define REG_FL	REG_EFL
#else
#define REG_PC	REG_EIP
#define REG_SP	REG_ESP
#define REG_FL	REG_EFL
#endif
#define UC_PC(uc)	((uc)->uc_mcontext.gregs[REG_PC])
#define UC_SP(uc)	((uc)->uc_mcontext.gregs[REG_SP])
#define X86_RF	0x10000		/* RFLAGS.RF, which a fault's frame carries */

/* Fixed encodings, so the handler knows exactly what to step over. */
#define DIV_ECX		0xf7, 0xf1	/* div %ecx */
#define LOAD_EAX	0x8b, 0x00	/* mov (%rax), %eax */
#define UD2		0x0f, 0x0b
#define INT3		0xcc
#define ASM_LOAD	".byte " XSTR(LOAD_EAX)
#define LOAD_REG	"+a"
#define TRAP_PAST	1	/* int3 reports the PC after itself */

#elif defined(__aarch64__)
#define X86		0
#define UC_PC(uc)	((uc)->uc_mcontext.pc)
#define UC_SP(uc)	((uc)->uc_mcontext.sp)

/* The same, little-endian words: ldr w0, [x0]; udf #0; brk #0. */
#define LOAD_W0		0x00, 0x00, 0x40, 0xb9
#define UDF		0x00, 0x00, 0x00, 0x00
#define BRK		0x00, 0x00, 0x20, 0xd4
#define LOAD_EAX	LOAD_W0
#define UD2		UDF
#define INT3		BRK
#define ASM_LOAD	".inst 0xb9400000"
#define LOAD_REG	"+r"
#define TRAP_PAST	0	/* brk reports its own PC */
#endif

/*
 * Where the frame's XSAVE area says what it holds: FP_XSTATE_MAGIC1 in the
 * FXSAVE area's software-reserved bytes, then the XSAVE header.
 */
#define FP_SW_MAGIC_OFFSET	464
#define FP_XSTATE_BV_OFFSET	512

#define SIG_SELF	SIGUSR1		/* what rows signalling oneself send */
#define ALTSTACK_MIN	(64 * 1024)
#define MACRO_TRAPS	3000000		/* the seed's run */
#define MACRO_TIMEOUT	900.0		/* at 100 us a trap on a busy VM */

enum sig_source { SEGV, ILL, TRAP, KILL, TGKILL, SIGQUEUE, DIVZERO };
enum part { ROUND_TRIP, DELIVERY, RETURN };
enum vector { VEC_CLEAN, VEC_AVX, VEC_AVX512 };

#define OPT_SIGINFO	0x1u
#define OPT_ALTSTACK	0x2u
#define OPT_WATCH	0x4u
#define OPT_CLEAR_RF	0x8u	/* return with RFLAGS.RF clear */

/* One row: the bench's arg. */
struct sig_case {
	enum sig_source	 src;
	enum part	 part;
	enum vector	 vec;
	unsigned	 opts;		/* OPT_* */
	unsigned	 macro;		/* traps in a macro run; 0: none */
};

struct sig_run;

struct trap_source {
	int		 signo;
	unsigned char	 insn[4];	/* at the reported PC, or just before */
	size_t		 len;		/* 0: asynchronous, no PC to move */
	int		 past;		/* the kernel reports the PC after it */
	void		(*raise)(struct sig_run *);
};

/* A row being measured; the handler finds it through `active'. */
struct sig_run {
	const struct sig_case *c;
	const struct trap_source *s;
	volatile int	 split;		/* stamp inside the handler */
	uint64_t	 before, after;
	volatile uint64_t in, out;
	volatile uint64_t delivered;
	volatile uintptr_t frame_bytes;
	volatile uint64_t xstate_bv;	/* components the frame holds in use */
	uintptr_t	 alt_top;	/* the alternate stack's top, or 0 */
	void		*guard;		/* the PROT_NONE page */
	void		*altstack;
	size_t		 altsize;
	pid_t		 pid, tid;
	siginfo_t	 info;		/* what sigqueue sends */
	int		 watch_fd;
};

static struct sig_run *active;

#if X86
static void
raise_divzero(struct sig_run *r)
{
	uint32_t a = 1, d = 0;

	(void)r;
	__asm__ volatile(".byte " XSTR(DIV_ECX) : "+a" (a), "+d" (d) :
	    "c" (0) : "memory");
}

static void
raise_segv(struct sig_run *r)
{
	uintptr_t p = (uintptr_t)r->guard;

	__asm__ volatile(ASM_LOAD : LOAD_REG (p) : : "memory");
}
#else
static void
raise_segv(struct sig_run *r)
{
	register uintptr_t p __asm__("x0") = (uintptr_t)r->guard;

	__asm__ volatile(ASM_LOAD : LOAD_REG (p) : : "memory");
}
#endif

static void
raise_ill(struct sig_run *r)
{
	(void)r;
	__asm__ volatile(".byte " XSTR(UD2) : : : "memory");
}

static void
raise_trap(struct sig_run *r)
{
	(void)r;
	__asm__ volatile(".byte " XSTR(INT3) : : : "memory");
}

static void
raise_kill(struct sig_run *r)
{
	syscall(SYS_kill, r->pid, SIG_SELF);
}

static void
raise_tgkill(struct sig_run *r)
{
	syscall(SYS_tgkill, r->pid, r->tid, SIG_SELF);
}

static void
raise_sigqueue(struct sig_run *r)
{
	syscall(SYS_rt_sigqueueinfo, r->pid, SIG_SELF, &r->info);
}

static const struct trap_source sources[] = {
#if X86
	[DIVZERO] = { SIGFPE, INSN(DIV_ECX), 0, raise_divzero },
#endif
	[SEGV] = { SIGSEGV, INSN(LOAD_EAX), 0, raise_segv },
	[ILL] = { SIGILL, INSN(UD2), 0, raise_ill },
	[TRAP] = { SIGTRAP, INSN(INT3), TRAP_PAST, raise_trap },
	[KILL] = { SIG_SELF, { 0 }, 0, 0, raise_kill },
	[TGKILL] = { SIG_SELF, { 0 }, 0, 0, raise_tgkill },
	[SIGQUEUE] = { SIG_SELF, { 0 }, 0, 0, raise_sigqueue },
};

/* Whether the PC is where this source traps. */
static int
at_trap(const struct trap_source *s, const unsigned char *pc)
{
	if (s->len == 0)
		return (1);
	return (memcmp(s->past ? pc - s->len : pc, s->insn, s->len) == 0);
}

#if X86
/* XSTATE_BV of the frame's XSAVE area: the components saved as in use. */
static uint64_t
frame_xstate_bv(const ucontext_t *uc)
{
	const char *fp = (const char *)uc->uc_mcontext.fpregs;
	uint32_t magic;
	uint64_t bv;

	if (fp == NULL)
		return (0);
	memcpy(&magic, fp + FP_SW_MAGIC_OFFSET, sizeof(magic));
	if (magic != FP_XSTATE_MAGIC1)
		return (0);
	memcpy(&bv, fp + FP_XSTATE_BV_OFFSET, sizeof(bv));
	return (bv);
}

/* Where the kernel's frame starts: its return address, below uc. */
#define FRAME_BELOW_UC	sizeof(void *)
#else
/* No XSAVE: the FP/SIMD registers are always saved. */
static uint64_t
frame_xstate_bv(const ucontext_t *uc)
{
	(void)uc;
	return (0);
}

/* arm64's rt_sigframe: the siginfo, then uc. */
#define FRAME_BELOW_UC	sizeof(siginfo_t)
#endif

/* The vector state as the row asks (arch/arch.h; nothing on arm64). */
static void
prepare_vector(enum vector v)
{
	if (v == VEC_AVX512) {
		arch_xstate_dirty_avx512();
		return;
	}
	arch_xstate_clean();
	if (v == VEC_AVX)
		arch_xstate_dirty_avx();
}

/*
 * One handler for both kinds of sigaction: x86-64 passes the siginfo and
 * ucontext addresses in %rsi and %rdx to every handler (see
 * arch/x86/kernel/signal_64.c), arm64 in x1 and x2 (setup_return() in
 * arch/arm64/kernel/signal.c); without SA_SIGINFO the siginfo is merely
 * not filled in, and it is not read here.
 */
static void
on_signal(int sig, siginfo_t *si, void *ucp)
{
	struct sig_run *r = active;
	ucontext_t *uc = ucp;
	uint64_t t = 0;

	if (r->split)
		t = arch_ref_end();
	(void)si;
	if (sig != r->s->signo ||
	    !at_trap(r->s, (unsigned char *)(uintptr_t)UC_PC(uc))) {
		/* Not ours: let it end the process as it would have. */
		signal(sig, SIG_DFL);
		return;
	}
	if (!r->s->past)
		UC_PC(uc) += r->s->len;
#if X86
	if (r->c->opts & OPT_CLEAR_RF)
		uc->uc_mcontext.gregs[REG_FL] &= ~(greg_t)X86_RF;
#endif
	if (r->frame_bytes == 0) {
		r->frame_bytes = (r->alt_top ? r->alt_top :
		    (uintptr_t)UC_SP(uc)) - ((uintptr_t)uc - FRAME_BELOW_UC);
		r->xstate_bv = frame_xstate_bv(uc);
	}
	r->in = t;
	r->delivered++;
	if (r->split)
		r->out = arch_ref_begin();
}

static void
sig_body(uint64_t iters, void *ctx)
{
	struct sig_run *r = ctx;
	int split = r->split;

	r->split = 0;
	prepare_vector(r->c->vec);
	do
		r->s->raise(r);
	while (--iters);
	r->split = split;
}

static uint64_t
sig_timed(void *ctx)
{
	struct sig_run *r = ctx;
	uint64_t n = r->delivered;

	prepare_vector(r->c->vec);
	r->before = arch_ref_begin();
	r->s->raise(r);
	r->after = arch_ref_end();
	if (r->delivered != n + 1) {
		fprintf(stderr, "signal %d was not delivered on time\n",
		    r->s->signo);
		abort();
	}
	switch (r->c->part) {
	case DELIVERY:
		return (r->in - r->before);
	case RETURN:
		return (r->after - r->out);
	default:
		return (r->after - r->before);
	}
}

static int
altstack_set(struct sig_run *r, char *why, size_t len)
{
	stack_t ss;

	r->altsize = 4 * getauxval(AT_MINSIGSTKSZ);
	if (r->altsize < ALTSTACK_MIN)
		r->altsize = ALTSTACK_MIN;
	r->altstack = mmap(NULL, r->altsize, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (r->altstack == MAP_FAILED) {
		r->altstack = NULL;
		snprintf(why, len, "mmap alternate stack: %s",
		    strerror(errno));
		return (CB_SETUP_ERROR);
	}
	ss.ss_sp = r->altstack;
	ss.ss_size = r->altsize;
	ss.ss_flags = 0;
	if (sigaltstack(&ss, NULL) != 0) {
		snprintf(why, len, "sigaltstack: %s", strerror(errno));
		return (CB_SETUP_ERROR);
	}
	r->alt_top = (uintptr_t)r->altstack + r->altsize;
	return (0);
}

static int
sig_setup(void **ctx, char *why, size_t len)
{
	const struct sig_case *c = *ctx;
	struct sigaction sa;
	struct sig_run *r;
	int rc;

#ifdef __i386__
	snprintf(why, len, "the handler reads x86-64 signal frames");
	return (CB_SETUP_SKIP);
#endif
	if ((r = calloc(1, sizeof(*r))) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	*ctx = r;
	r->c = c;
	r->s = &sources[c->src];
	r->split = c->part != ROUND_TRIP;
	r->watch_fd = -1;
	r->pid = getpid();
	r->tid = (pid_t)syscall(SYS_gettid);
	r->info.si_signo = SIG_SELF;
	r->info.si_code = SI_QUEUE;
	r->info.si_pid = r->pid;
	r->info.si_uid = getuid();
	r->guard = mmap(NULL, (size_t)getpagesize(), PROT_NONE,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (r->guard == MAP_FAILED) {
		r->guard = NULL;
		snprintf(why, len, "mmap PROT_NONE page: %s", strerror(errno));
		return (CB_SETUP_ERROR);
	}
	if ((c->opts & OPT_ALTSTACK) && (rc = altstack_set(r, why, len)))
		return (rc);
	if ((c->opts & OPT_WATCH) && (rc = watchpoint_arm(&r->watch_fd, why, len)))
		return (rc);
	memset(&sa, 0, sizeof(sa));
	sigemptyset(&sa.sa_mask);
	if (c->opts & OPT_SIGINFO) {
		sa.sa_sigaction = on_signal;
		sa.sa_flags = SA_SIGINFO;
	} else
		sa.sa_handler = (void (*)(int))(void (*)(void))on_signal;
	if (c->opts & OPT_ALTSTACK)
		sa.sa_flags |= SA_ONSTACK;
	active = r;
	if (sigaction(r->s->signo, &sa, NULL) != 0) {
		snprintf(why, len, "sigaction: %s", strerror(errno));
		return (CB_SETUP_ERROR);
	}
	return (0);
}

static void
sig_teardown(void *ctx)
{
	struct sig_run *r = ctx;
	stack_t ss = { .ss_flags = SS_DISABLE };

	signal(r->s->signo, SIG_DFL);
	if (r->altstack != NULL) {
		sigaltstack(&ss, NULL);
		munmap(r->altstack, r->altsize);
	}
	if (r->guard != NULL)
		munmap(r->guard, (size_t)getpagesize());
	if (r->watch_fd >= 0)
		close(r->watch_fd);
	active = NULL;
	free(r);
}

static void
sig_report(void *ctx, struct cb_result *res)
{
	struct sig_run *r = ctx;

	cb_result_extra(res, "frame_bytes", (double)r->frame_bytes);
	if (X86)
		cb_result_extra(res, "xstate_bv", (double)r->xstate_bv);
	if (r->c->macro != 0)
		macro_run(sig_body, r, r->c->macro, "traps", "cycles_per_trap",
		    res);
}

#define CASE(...)	(&(const struct sig_case){ __VA_ARGS__ })

/*
 * The trailing designated fields may come from a macro naming several.
 * The rows impact prices (signal/kill-self) and every base row have no
 * params; a variant's one param says what differs from its base row.
 */
#define SIGNAL_ROW(n, cs, d, ...) { .name = "signal/" n,		\
	.mode = CB_PATH, .ops = 1, .body = sig_body, .timed = sig_timed, \
	.setup = sig_setup, .teardown = sig_teardown, .report = sig_report, \
	.arg = cs, .desc = d, __VA_ARGS__ }
#define SIG(n, cs, d)		SIGNAL_ROW(n, cs, d, .flags = 0)
#define WITH(feat, k, v)	.cpu_features = feat, .params = { { k, v } }
#define VARIANT(cs, more, d)	SIGNAL_ROW("divzero", cs, "as divzero, " d, \
	more)
#define MACRO_RUN	.flags = CB_BENCH_EXPLICIT, .timeout = MACRO_TIMEOUT

/* Signals sent to oneself: the same rows on every architecture. */
#define SELF_ROWS							\
	SIG("kill-self", CASE(.src = KILL), "syscall(SYS_kill) of "	\
	    "SIGUSR1 to this process, delivered on the way out, "	\
	    "handler, rt_sigreturn"),					\
	SIG("kill-self-delivery", CASE(.src = KILL, .part = DELIVERY),	\
	    "syscall(SYS_kill) to the handler's first instruction: "	\
	    "the system call, then the frame (batched: whole round "	\
	    "trip)"),							\
	SIG("kill-self-return", CASE(.src = KILL, .part = RETURN),	\
	    "the handler's last instruction back into the caller of "	\
	    "kill: rt_sigreturn (batched: whole round trip)"),		\
	SIG("tgkill-self", CASE(.src = TGKILL), "syscall(SYS_tgkill) "	\
	    "of SIGUSR1 to this thread, delivered on the way out, "	\
	    "handler, rt_sigreturn"),					\
	SIG("sigqueue-self", CASE(.src = SIGQUEUE), "syscall("		\
	    "SYS_rt_sigqueueinfo) of SIGUSR1 to this process, as "	\
	    "sigqueue() sends it, handler, rt_sigreturn")

#if X86
static const struct cb_bench signal_benches[] = {
	SIG("divzero", CASE(.src = DIVZERO), "div by zero to a SIGFPE "
	    "handler that steps over the div, and back: exception, frame, "
	    "handler, rt_sigreturn"),
	SIG("divzero-delivery", CASE(.src = DIVZERO, .part = DELIVERY),
	    "div by zero to the SIGFPE handler's first instruction: "
	    "exception entry, signal frame with the XSAVE area (batched: "
	    "whole round trip)"),
	SIG("divzero-return", CASE(.src = DIVZERO, .part = RETURN),
	    "the SIGFPE handler's last instruction to the one after the "
	    "div: rt_sigreturn with XRSTOR (batched: whole round trip)"),
	SIG("segv", CASE(.src = SEGV), "load from a PROT_NONE page: page "
	    "fault to a SIGSEGV handler that steps over the load, and back"),
	SIG("ud2", CASE(.src = ILL), "ud2: invalid-opcode exception to a "
	    "SIGILL handler that steps over it, and back"),
	SIG("int3", CASE(.src = TRAP), "int3: breakpoint exception to a "
	    "SIGTRAP handler, and back"),
	SELF_ROWS,
	VARIANT(CASE(.src = DIVZERO, .opts = OPT_SIGINFO),
	    WITH(0, "siginfo", "yes"),
	    "with SA_SIGINFO: the kernel also copies a siginfo"),
	VARIANT(CASE(.src = DIVZERO, .opts = OPT_ALTSTACK),
	    WITH(0, "stack", "alt"),
	    "the handler on an alternate signal stack (SA_ONSTACK)"),
	VARIANT(CASE(.src = DIVZERO, .vec = VEC_AVX),
	    WITH(CB_CPU_AVX, "avx", "dirty"),
	    "with the YMM upper halves in use"),
	VARIANT(CASE(.src = DIVZERO, .vec = VEC_AVX512),
	    WITH(CB_CPU_AVX512F, "avx", "dirty512"),
	    "with every AVX-512 register component in use"),
	VARIANT(CASE(.src = DIVZERO, .opts = OPT_CLEAR_RF),
	    WITH(0, "rf", "cleared"), "the handler clearing RFLAGS.RF, "
	    "which the CPU sets in a fault's saved flags and rt_sigreturn "
	    "restores"),
	VARIANT(CASE(.src = DIVZERO, .opts = OPT_WATCH),
	    WITH(0, "watchpoint", "armed"), "with a hardware write "
	    "watchpoint armed on the thread (perf_event_open "
	    "PERF_TYPE_BREAKPOINT): DR7 live"),
	SIGNAL_ROW("divzero-3m", CASE(.src = DIVZERO, .macro = MACRO_TRAPS),
	    "the seed's macro run: 3,000,000 divide-by-zero round trips, "
	    "real, user and system seconds (extras)", MACRO_RUN),
};
#else
/*
 * arm64: no trap on division by zero (udiv returns 0), so the variants
 * hang off segv; the kernel's frame holds the FP/SIMD registers always
 * (and SVE's when live), with no XSAVE-style components to choose.
 */
#define SEGV_VARIANT(cs, more, d) SIGNAL_ROW("segv", cs, "as segv, " d, \
	more)

static const struct cb_bench signal_benches[] = {
	SIG("segv", CASE(.src = SEGV), "ldr from a PROT_NONE page: data "
	    "abort to a SIGSEGV handler that steps over the load, and back: "
	    "exception, frame with the FP/SIMD record, handler, "
	    "rt_sigreturn"),
	SIG("segv-delivery", CASE(.src = SEGV, .part = DELIVERY), "ldr from "
	    "a PROT_NONE page to the SIGSEGV handler's first instruction: "
	    "abort, fault handling, signal frame (batched: whole round "
	    "trip)"),
	SIG("segv-return", CASE(.src = SEGV, .part = RETURN), "the SIGSEGV "
	    "handler's last instruction to the one after the load: "
	    "rt_sigreturn (batched: whole round trip)"),
	SIG("udf", CASE(.src = ILL), "udf #0: undefined-instruction "
	    "exception to a SIGILL handler that steps over it, and back"),
	SIG("brk", CASE(.src = TRAP), "brk #0: breakpoint exception to a "
	    "SIGTRAP handler that steps over it, and back"),
	SELF_ROWS,
	SEGV_VARIANT(CASE(.src = SEGV, .opts = OPT_SIGINFO),
	    WITH(0, "siginfo", "yes"),
	    "with SA_SIGINFO: the kernel also copies a siginfo"),
	SEGV_VARIANT(CASE(.src = SEGV, .opts = OPT_ALTSTACK),
	    WITH(0, "stack", "alt"),
	    "the handler on an alternate signal stack (SA_ONSTACK)"),
	SEGV_VARIANT(CASE(.src = SEGV, .opts = OPT_WATCH),
	    WITH(0, "watchpoint", "armed"), "with a hardware write "
	    "watchpoint armed on the thread (perf_event_open "
	    "PERF_TYPE_BREAKPOINT): a DBGWVR/DBGWCR pair live"),
};
#endif

CB_SUITE(suite_signal, "signal", "Signals and traps: delivery to a handler "
    "and return, per call (seed 001).", signal_benches);
