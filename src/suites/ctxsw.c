/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ctxsw: what switching between tasks costs (seed 003).
 *
 * Ping-pong: the measuring thread sends one byte (or a futex wake) to a
 * partner, thread or process, started in setup, and waits for the answer.
 * A round trip is two switches, there and back, and the figures are per
 * switch, half a round trip.  They include one pipe write and one read per
 * switch (extra pipe_rw_cycles measures that pair without a switch,
 * switch_less_pipe is what remains, as lmbench's lat_ctx reports).  On two
 * CPUs no task is switched out for another: each side goes idle and is
 * woken from the other CPU, and the figure is that wake-up.
 *
 * A side meant to be clean has its AVX and AVX-512 state reset to the
 * initial, unused form (libc's string functions leave zmm16-31 and the
 * mask registers live): the partner when it starts, the measuring thread
 * before each call, outside the stamps.  fpu=one: the partner writes
 * ymm0-15 (vaddps) after every wake-up, so its AVX state is live whenever
 * it is switched out; fpu=both: the measuring thread too.  That is the
 * FPU switch cost seed 003 reasons about.  Those variants are x86's: an
 * arm64 task's FP/SIMD registers are live whenever it has used them
 * (which the C library's string functions see to), and Linux drops SVE
 * state at every system call, so a pipe partner could not keep any.
 *
 * Partners die with the measuring process (a thread does; a process is
 * killed by PR_SET_PDEATHSIG), so a hang ends with the time limit and
 * leaves nothing behind.
 *
 * Thread and process creation are timed by suites/tasks.c.
 */
#include <errno.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "arch/arch.h"
#include "core/isolate.h"
#include "os/cpuset.h"
#include "suites/kpath.h"
#include "suites/tasks.h"
#include "suites/suites.h"

#define START_TIMEOUT_MS	5000

enum side {
	SIDE_THREAD,
	SIDE_PROCESS
};

enum fpu {
	FPU_NONE,
	FPU_ONE,
	FPU_BOTH
};

struct pingpong {
	int		 to[2];		/* measuring thread -> partner */
	int		 from[2];	/* partner -> measuring thread */
	int		 futex;		/* ping-pong on futexes, not pipes */
	enum fpu	 fpu;
	int		 cpu;		/* the partner's */
	pid_t		 tid;		/* a partner thread's, once started */
	pthread_t	 thread;
	int		 have_thread;
	pid_t		 pid;
	uint32_t	 ping, pong;	/* futex words */
	int		 stop;
};

#if defined(__x86_64__) || defined(__i386__)
#define FPU_VARIANTS	1
/*
 * The vector registers the asm below writes, as far as the compiler may
 * use them: none on an i386 target without SSE.
 */
#if defined(__x86_64__)
#define VECTOR_CLOBBERS							\
	, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6",	\
	"xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13",	\
	"xmm14", "xmm15"
#elif defined(__SSE__)
#define VECTOR_CLOBBERS							\
	, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7"
#else
#define VECTOR_CLOBBERS
#endif

static const float one = 1.0f;

/* Leave live AVX state: the upper halves of the ymm registers written. */
static inline void
dirty_ymm(void)
{
	__asm__ volatile("vbroadcastss %0, %%ymm0\n\t"
	    "vaddps %%ymm0, %%ymm1, %%ymm1\n\t"
	    "vaddps %%ymm0, %%ymm2, %%ymm2\n\t"
	    "vaddps %%ymm0, %%ymm3, %%ymm3\n\t"
	    "vaddps %%ymm0, %%ymm4, %%ymm4\n\t"
	    "vaddps %%ymm0, %%ymm5, %%ymm5\n\t"
	    "vaddps %%ymm0, %%ymm6, %%ymm6\n\t"
	    "vaddps %%ymm0, %%ymm7, %%ymm7\n\t"
#ifdef __x86_64__
	    "vaddps %%ymm0, %%ymm8, %%ymm8\n\t"
	    "vaddps %%ymm0, %%ymm9, %%ymm9\n\t"
	    "vaddps %%ymm0, %%ymm10, %%ymm10\n\t"
	    "vaddps %%ymm0, %%ymm11, %%ymm11\n\t"
	    "vaddps %%ymm0, %%ymm12, %%ymm12\n\t"
	    "vaddps %%ymm0, %%ymm13, %%ymm13\n\t"
	    "vaddps %%ymm0, %%ymm14, %%ymm14\n\t"
	    "vaddps %%ymm0, %%ymm15, %%ymm15\n\t"
#endif
	    : : "m" (one) : "memory" VECTOR_CLOBBERS);
}

/*
 * Put the AVX, mask and zmm components (XCR0 bits 2, 5-7) back in their
 * initial state: XRSTOR of a header whose XSTATE_BV is 0, MXCSR (loaded
 * with AVX) at its default.
 */
static void
fpu_clean(void)
{
	static const uint32_t init[576 / 4] __attribute__((aligned(64))) = {
		[6] = 0x1f80		/* MXCSR */
	};
	uint32_t lo, hi;

	if (!(arch_cpu_features() & CB_CPU_XSAVE))
		return;
	__asm__ volatile("xgetbv" : "=a" (lo), "=d" (hi) : "c" (0));
	__asm__ volatile("xrstor %0" : : "m" (init), "a" (lo & 0xe4), "d" (0)
	    : "memory" VECTOR_CLOBBERS);
}
#else	/* no FPU variants: nothing to dirty or clean */
#define FPU_VARIANTS	0
static inline void
dirty_ymm(void)
{
}

static inline void
fpu_clean(void)
{
}
#endif

static long
futex(uint32_t *word, int op, uint32_t val)
{
	return (syscall(SYS_futex, word, op, val, NULL, NULL, 0));
}

/* Wait until *word is non-zero, then clear it. */
static void
futex_take(uint32_t *word)
{
	while (__atomic_load_n(word, __ATOMIC_ACQUIRE) == 0)
		futex(word, FUTEX_WAIT_PRIVATE, 0);
	__atomic_store_n(word, 0, __ATOMIC_RELAXED);
}

static void
futex_give(uint32_t *word)
{
	__atomic_store_n(word, 1, __ATOMIC_RELEASE);
	futex(word, FUTEX_WAKE_PRIVATE, 1);
}

/* One byte over a pipe; 0 at end of file (the other side is gone). */
static int
pipe_read(int fd)
{
	char c;

	return (read(fd, &c, 1) == 1);
}

static int
pipe_write(int fd)
{
	char c = 0;

	return (write(fd, &c, 1) == 1);
}

/* The partner's side, in a thread or a child process. */
static void
partner(struct pingpong *p)
{
	char c, why[CB_REASON_MAX];

	c = cpuset_pin(p->cpu, why, sizeof(why)) == 0 ? 'k' : 'e';
	p->tid = gettid();
	fpu_clean();
	if (write(p->from[1], &c, 1) != 1 || c != 'k')
		return;
	if (p->futex) {
		for (;;) {
			futex_take(&p->ping);
			if (__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE))
				return;
			futex_give(&p->pong);
		}
	}
	while (pipe_read(p->to[0])) {
		if (p->fpu != FPU_NONE)
			dirty_ymm();
		if (!pipe_write(p->from[1]))
			return;
	}
}

static void *
partner_thread(void *arg)
{
	partner(arg);
	return (NULL);
}

static void
round_trip(struct pingpong *p)
{
	if (p->futex) {
		futex_give(&p->ping);
		futex_take(&p->pong);
		return;
	}
	if (!pipe_write(p->to[1]))
		kpath_die("ping-pong: write");
	if (p->fpu == FPU_BOTH)
		dirty_ymm();
	if (!pipe_read(p->from[0])) {
		errno = errno ? errno : EPIPE;
		kpath_die("ping-pong: the partner is gone");
	}
}

/*
 * The engine's own code between calls may leave vector state live (libc
 * does), so a side meant to be clean is cleaned before every call.
 */
static void
pp_body(uint64_t iters, void *ctx)
{
	struct pingpong *p = ctx;

	if (p->fpu != FPU_BOTH)
		fpu_clean();
	do
		round_trip(p);
	while (--iters);
}

static uint64_t
pp_timed(void *ctx)
{
	struct pingpong *p = ctx;
	uint64_t t0;

	if (p->fpu != FPU_BOTH)
		fpu_clean();
	t0 = cb_ref_begin();
	round_trip(p);
	return (cb_ref_end() - t0);
}

static void
close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void
pp_teardown(void *ctx)
{
	struct pingpong *p = ctx;

	if (p == NULL)
		return;
	kpath_reap(p->pid);
	/* A thread partner sees end of file, or a wake-up with `stop'. */
	close_fd(&p->to[1]);
	__atomic_store_n(&p->stop, 1, __ATOMIC_RELEASE);
	futex_give(&p->ping);
	if (p->have_thread)
		pthread_join(p->thread, NULL);
	close_fd(&p->to[0]);
	close_fd(&p->from[0]);
	close_fd(&p->from[1]);
	free(p);
}

/* Start the partner and wait until it runs on its CPU. */
static int
pp_start(struct pingpong *p, enum side side, char *why, size_t len)
{
	struct pollfd pf = { .fd = p->from[0], .events = POLLIN };
	char c = 0;
	int rc;

	if (side == SIDE_PROCESS) {
		if ((p->pid = kpath_fork()) == 0) {
			close(p->to[1]);
			close(p->from[0]);
			partner(p);
			_exit(0);
		}
		rc = p->pid < 0 ? errno : 0;
		close_fd(&p->to[0]);
		close_fd(&p->from[1]);
	} else
		p->have_thread = (rc = pthread_create(&p->thread, NULL,
		    partner_thread, p)) == 0;
	if (rc != 0) {
		snprintf(why, len, "cannot start the partner: %s",
		    strerror(rc));
		return (CB_SETUP_ERROR);
	}
	if (poll(&pf, 1, START_TIMEOUT_MS) == 1 &&
	    read(p->from[0], &c, 1) == 1 && c == 'k') {
		/* Its waits for a CPU are the path's disturbances too. */
		isolate_watch_partner(side == SIDE_PROCESS ? p->pid : p->tid);
		return (0);
	}
	if (c == 'e')
		snprintf(why, len, "cannot pin the partner to CPU %d", p->cpu);
	else
		snprintf(why, len, "the partner did not start within %d ms",
		    START_TIMEOUT_MS);
	return (CB_SETUP_ERROR);
}

static int
pp_setup(void **ctx, char *why, size_t len, enum side side, int futexes,
    int cpus, enum fpu fpu)
{
	struct pingpong *p;
	int me, rc;

	me = sched_getcpu();
	if (cpus == 2 && cpuset_other_cpu(me) < 0) {
		snprintf(why, len, "cpus=2 needs a second CPU, and only CPU "
		    "%d may be used", me);
		return (CB_SETUP_SKIP);
	}
	if ((p = calloc(1, sizeof(*p))) == NULL) {
		snprintf(why, len, "out of memory");
		return (CB_SETUP_ERROR);
	}
	p->to[0] = p->to[1] = p->from[0] = p->from[1] = -1;
	p->futex = futexes;
	p->fpu = fpu;
	p->cpu = cpus == 2 ? cpuset_other_cpu(me) : me;
	if (pipe(p->to) != 0 || pipe(p->from) != 0) {
		snprintf(why, len, "pipe: %s", strerror(errno));
		pp_teardown(p);
		return (CB_SETUP_ERROR);
	}
	if ((rc = pp_start(p, side, why, len)) != 0) {
		pp_teardown(p);
		return (rc);
	}
	*ctx = p;
	return (0);
}

/*
 * A one-byte write and read on a pipe of this thread's own, no switch:
 * what each switch's figure holds besides the switch.  The best of 21 runs.
 */
static void
pipe_report(void *ctx, struct cb_result *r)
{
	enum { PAIRS = 100, RUNS = 21 };
	uint64_t t0, t1, best = UINT64_MAX;
	int fd[2], i, k;
	double rw;

	(void)ctx;
	if (pipe(fd) != 0)
		return;
	for (k = 0; k < RUNS; k++) {
		t0 = cb_ref_begin();
		for (i = 0; i < PAIRS; i++)
			if (!pipe_write(fd[1]) || !pipe_read(fd[0]))
				break;
		t1 = cb_ref_end();
		if (i == PAIRS && t1 - t0 < best)
			best = t1 - t0;
	}
	close(fd[0]);
	close(fd[1]);
	if (best == UINT64_MAX)
		return;
	rw = (double)best / PAIRS * (r->ratio_before + r->ratio_after) / 2;
	cb_result_extra(r, "pipe_rw_cycles", rw);
	cb_result_extra(r, "switch_less_pipe", r->cycles.median - rw);
}

#define SIDE_threads	SIDE_THREAD
#define SIDE_procs	SIDE_PROCESS
#define FPU_none	FPU_NONE
#define FPU_one		FPU_ONE
#define FPU_both	FPU_BOTH
#define PARTNER_threads	"thread"
#define PARTNER_procs	"process"
#define WHERE_1		"both on the measuring CPU"
#define WHERE_2		"the partner on another CPU"
#define AVX_none	0
#define AVX_one		CB_CPU_AVX
#define AVX_both	CB_CPU_AVX

/* Every pipe ping-pong variant of a side: X(side, cpus, fpu). */
#if FPU_VARIANTS
#define PIPES(X, side)							\
	X(side, 1, none) X(side, 1, one) X(side, 1, both)		\
	X(side, 2, none) X(side, 2, one) X(side, 2, both)
#define FPU_DESC	"; fpu: which sides keep live AVX state"
#define PIPE_PARAMS(cpus, fpu)	{ { "cpus", #cpus }, { "fpu", #fpu } }
#else
#define PIPES(X, side)	X(side, 1, none) X(side, 2, none)
#define FPU_DESC	""
#define PIPE_PARAMS(cpus, fpu)	{ { "cpus", #cpus } }
#endif

/* setup() knows only its own name: one per variant. */
#define PIPE_SETUP(side, cpus, fpu)					\
static int								\
setup_##side##_##cpus##_##fpu(void **ctx, char *why, size_t len)	\
{									\
	return (pp_setup(ctx, why, len, SIDE_##side, 0, cpus,		\
	    FPU_##fpu));						\
}
PIPES(PIPE_SETUP, threads)
PIPES(PIPE_SETUP, procs)

#define FUTEX_SETUP(cpus)						\
static int								\
setup_futex_##cpus(void **ctx, char *why, size_t len)			\
{									\
	return (pp_setup(ctx, why, len, SIDE_THREAD, 1, cpus,		\
	    FPU_NONE));							\
}
FUTEX_SETUP(1)
FUTEX_SETUP(2)

#define PIPE_ENTRY(side, cpus, fpu) {					\
	.name = "ctxsw/pipe-" #side, .mode = CB_PATH, .ops = 2,		\
	.body = pp_body, .timed = pp_timed,				\
	.setup = setup_##side##_##cpus##_##fpu,				\
	.teardown = pp_teardown, .report = pipe_report,			\
	.flags = CB_BENCH_SWITCHES, .cpu_features = AVX_##fpu,		\
	.desc = "one switch (half a round trip) of a 1-byte pipe "	\
	    "ping-pong with a partner " PARTNER_##side ", "		\
	    WHERE_##cpus FPU_DESC, .params = PIPE_PARAMS(cpus, fpu) },

#define FUTEX_ENTRY(cpus) {						\
	.name = "ctxsw/futex-threads", .mode = CB_PATH, .ops = 2,	\
	.body = pp_body, .timed = pp_timed,				\
	.setup = setup_futex_##cpus,					\
	.teardown = pp_teardown, .flags = CB_BENCH_SWITCHES,		\
	.desc = "one switch (half a round trip) of a futex wake/wait "	\
	    "ping-pong with a partner thread, " WHERE_##cpus,		\
	.params = { { "cpus", #cpus } } },

static const struct cb_bench ctxsw[] = {
	PIPES(PIPE_ENTRY, threads)
	PIPES(PIPE_ENTRY, procs)
	FUTEX_ENTRY(1)
	FUTEX_ENTRY(2)
	{ .name = "ctxsw/thread-create-join", .mode = CB_PATH, .ops = 1,
	  .body = spawn_thread_body, .flags = CB_BENCH_SWITCHES,
	  .desc = "pthread_create of a thread that returns at once, "
	    "pthread_join; both on the measuring CPU" },
	{ .name = "ctxsw/fork-exit-wait", .mode = CB_PATH, .ops = 1,
	  .body = spawn_body, .flags = CB_BENCH_SWITCHES,
	  .desc = "fork, the child _exit(0)s, waitpid; both on the "
	    "measuring CPU" },
	{ .name = "ctxsw/fork-exec-wait", .mode = CB_PATH, .ops = 1,
	  .body = spawn_body, .setup = spawn_setup_exec, .teardown = spawn_free,
	  .flags = CB_BENCH_SWITCHES,
	  .desc = "fork, the child execs " EXEC_HELPER " (static, only "
	    "exits), waitpid; both on the measuring CPU" },
};

#if FPU_VARIANTS
#define WITH_AVX	", with and without live AVX state"
#else
#define WITH_AVX	""
#endif

CB_SUITE(suite_ctxsw, "ctxsw", "Context switches: pipe and futex "
    "ping-pong between threads and processes on one and two CPUs"
    WITH_AVX "; thread and process creation.", ctxsw);
