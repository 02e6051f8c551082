/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench: measure what low-level code costs in CPU cycles.
 *
 * A benchmark is a body function that runs a counted loop around an
 * unrolled block of operations.  The engine times the body at several
 * iteration counts, fits a line and reports the slope per operation in
 * core cycles, reference ticks and nanoseconds, with the spread over many
 * samples and how the cycles were obtained (counted or calibrated).  The
 * reference counter is the one the architecture reads at a constant rate
 * from user space: the TSC on x86, CNTVCT_EL0 on arm64.
 *
 * Minimal use:
 *
 *	static void
 *	imul_chain(uint64_t iters, void *ctx)
 *	{
 *		uint64_t x = 1;
 *		do
 *			__asm__ volatile(".rept 100\n\timul %0,%0\n\t.endr"
 *			    : "+r" (x));
 *		while (--iters);
 *	}
 *	static const struct cb_bench b = { .name = "me/imul", .mode =
 *	    CB_LATENCY, .ops = 100, .body = imul_chain };
 *	struct cb_result r;
 *	cb_measure(&b, NULL, &r);
 *	printf("%.2f cycles\n", r.cycles.median);
 *	cb_print_results(stdout, &r, 1);	(or the whole table)
 *	cb_result_free(&r);
 *
 * Build with: cc prog.c $(pkg-config --cflags --libs cyclebench).
 * docs/api.md walks through it; examples/ has two complete programs.
 */
#ifndef CYCLEBENCH_H
#define CYCLEBENCH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CB_VERSION		"0.2.0"
#define CB_SCHEMA_VERSION	2	/* of every JSON document written */
#define CB_FORMAT_RESULTS	"cyclebench-results"
#define CB_FORMAT_COMPARE	"cyclebench-compare"
#define CB_FORMAT_IMPACT	"cyclebench-impact"
#define CB_MAX_PARAMS		4
#define CB_MAX_EXTRAS		8
#define CB_MAX_LEVELS		4
#define CB_REASON_MAX		256

/*
 * What cb_options accepts, as the command line does (--repetitions,
 * --timeout, --rounds, --precision as a fraction); 0 is the default in
 * repetitions, rounds and precision.
 */
#define CB_MIN_REPETITIONS	5
#define CB_MAX_REPETITIONS	100000
#define CB_MIN_TIMEOUT		0.1
#define CB_MAX_TIMEOUT		86400
#define CB_MAX_ROUNDS		1000
#define CB_MIN_PRECISION	0.0001
#define CB_MAX_PRECISION	0.5

/* What a number answers: a dependent chain, independent copies, or one call. */
enum cb_mode {
	CB_LATENCY,
	CB_THROUGHPUT,
	CB_PATH
};

enum cb_status {
	CB_OK,
	CB_SKIPPED,
	CB_ERROR
};

/* Where the core-cycle figures come from. */
enum cb_cycle_method {
	CB_CYCLES_CALIBRATED,	/* reference ticks times a measured
				   cycles/tick ratio */
	CB_CYCLES_COUNTED	/* a hardware cycle counter */
};

/*
 * CPU features a benchmark may require, checked the architecture's way
 * (CPUID on x86, the kernel's HWCAP on arm64): each exists on one
 * architecture and is never offered on another.
 */
enum cb_cpu_feature {
	CB_CPU_RDTSCP		= 1u << 0,
	CB_CPU_SSE2		= 1u << 1,
	CB_CPU_AVX		= 1u << 2,
	CB_CPU_AVX512F		= 1u << 3,
	CB_CPU_XSAVE		= 1u << 4,
	CB_CPU_XSAVEOPT		= 1u << 5,
	CB_CPU_XSAVEC		= 1u << 6,
	CB_CPU_FXSR		= 1u << 7,
	CB_CPU_CX8		= 1u << 8,
	CB_CPU_CX16		= 1u << 9,
	CB_CPU_RDPID		= 1u << 10,
	CB_CPU_FSGSBASE		= 1u << 11,
	CB_CPU_SERIALIZE	= 1u << 12,
	CB_CPU_CLFLUSHOPT	= 1u << 13,
	/* arm64 */
	CB_CPU_LSE		= 1u << 16,	/* LDADD, SWP, CAS (ARMv8.1) */
	CB_CPU_LRCPC		= 1u << 17,	/* LDAPR (ARMv8.3) */
	CB_CPU_SB		= 1u << 18,	/* SB, speculation barrier */
	CB_CPU_SVE		= 1u << 19
};

/*
 * What this release renamed keeps its old name for one more release, with
 * a warning where it is used.
 */
#if defined(__GNUC__) || defined(__clang__)
#define CB_DEPRECATED(use)	__attribute__((__deprecated__("use " use)))
#else
#define CB_DEPRECATED(use)
#endif

/* Benchmark flags. */
#define CB_BENCH_HIDDEN		0x1u	/* only when named exactly (test-only) */
#define CB_BENCH_EXPLICIT	0x2u	/* listed, but run only when named */
#define CB_BENCH_SWITCHES	0x4u	/* the path itself switches tasks on its
					   CPU: an involuntary context switch is
					   part of it, not a disturbance */

/* Result flags: why a number deserves caution. */
#define CB_FLAG_POOR_FIT	0x01u	/* R^2 of the iteration-count fit < 0.99 */
#define CB_FLAG_CLOCK_DRIFT	0x02u	/* cycles/tick moved > 2% across the run */
#define CB_FLAG_DISTURBED	0x04u	/* more than 10% of samples dropped */
#define CB_FLAG_NOISY		0x08u	/* (p90 - p10) / median > 5% */
#define CB_FLAG_FEW_SAMPLES	0x10u	/* fewer than 10 clean samples */
#define CB_FLAG_BELOW_RESOLUTION 0x20u	/* per-op cost below twice the loop
					   overhead */
#define CB_FLAG_MULTILEVEL	0x40u	/* samples settle on two or more
					   separate levels */
#define CB_FLAG_CONTENDED	0x80u	/* over a quarter of the samples ran
					   while the probe saw the core shared,
					   and that moved the figure */
#define CB_FLAG_MISCALIBRATED	0x100u	/* a dependent multiply timed in its
					   rounds read off a whole number of
					   calibrated cycles */
#define CB_FLAG_UNSETTLED	0x200u	/* a round's time ran out before any
					   sample passed the disturbance checks:
					   the figure rests on disturbed ones */
#define CB_FLAG_EMULATED	0x400u	/* measured under an emulator
					   (qemu-user): its cycles, not a CPU's */
#define CB_FLAG_CLOCK_SLOWED	0x800u	/* the core clock was lower while the
					   body ran than around it: cycles are
					   under the clock a witness chain beside
					   the body read (characterize) */
#define CB_FLAG_RECALIBRATED	0x1000u	/* the multiply read more than 1% below
					   a whole number: cycles are under its
					   clock, the add chain's was slowed */

/*
 * The body: run `iters' (>= 1) iterations of the measured block.  `ctx' is
 * what setup() left in *ctx (which starts as the bench's arg), or arg
 * itself when there is no setup.  For CB_PATH benchmarks iters is always
 * 1 when each call is timed on its own.
 */
typedef void cb_body_fn(uint64_t iters, void *ctx);

/*
 * setup() runs in the measuring process before the body, with *ctx set to
 * the benchmark's `arg'; what it leaves in *ctx is the body's ctx.  It
 * returns 0, or CB_SETUP_SKIP / CB_SETUP_ERROR with a reason in why.
 */
#define CB_SETUP_SKIP	1
#define CB_SETUP_ERROR	2
typedef int cb_setup_fn(void **ctx, char *why, size_t whylen);
typedef void cb_teardown_fn(void *ctx);

/*
 * A CB_PATH body that times itself, for costs that start or end where the
 * caller cannot put a stamp (inside a signal handler, in another thread):
 * run one operation and return the reference ticks of the part that
 * counts, stamped with cb_ref_begin()/cb_ref_end().  The engine converts
 * ticks to cycles with the clock it tracks around each batch.
 */
typedef uint64_t cb_timed_fn(void *ctx);

struct cb_result;
/* Called in the measuring process after sampling, to add named figures. */
typedef void cb_report_fn(void *ctx, struct cb_result *r);

/*
 * Reference-counter time stamps for a cb_timed_fn, serialised as the
 * engine's own are: begin waits for earlier instructions before reading,
 * end waits for the timed ones to finish.
 */
uint64_t	 cb_ref_begin(void);
uint64_t	 cb_ref_end(void);
/* Their names before 0.2.0. */
uint64_t	 cb_tsc_begin(void) CB_DEPRECATED("cb_ref_begin");
uint64_t	 cb_tsc_end(void) CB_DEPRECATED("cb_ref_end");

struct cb_param {
	const char	*key;
	const char	*value;		/* written as a JSON number if numeric */
};

struct cb_bench {
	const char	*name;		/* "group/variant", unique with params */
	const char	*desc;
	enum cb_mode	 mode;
	unsigned	 ops;		/* operations per iteration of body */
	cb_body_fn	*body;
	cb_setup_fn	*setup;		/* optional */
	cb_teardown_fn	*teardown;	/* optional */
	cb_timed_fn	*timed;		/* optional, CB_PATH only: replaces body
					   for the per-call samples */
	cb_report_fn	*report;	/* optional */
	unsigned	 cpu_features;	/* enum cb_cpu_feature bits required */
	unsigned	 flags;		/* CB_BENCH_* */
	struct cb_param	 params[CB_MAX_PARAMS];
	const void	*arg;		/* optional: what setup() finds in *ctx,
					   or the ctx itself without setup, so
					   one body or setup serves many rows */
	double		 timeout;	/* optional: seconds its child may take
					   when that is more than the run's */
};

/*
 * One statistic set, per operation, over the samples the figure rests on
 * (the quiet ones where there is a quiet figure).  The median is the
 * median of the round medians; its 95% interval is bootstrapped over
 * rounds, then samples within them.
 */
struct cb_summary {
	double	min, p10, median, p90, p99, max, mean, cv;
	double	ci95_low, ci95_high;	/* 95% CI of the median */
};

/*
 * A round: one short burst of samples in a fresh child process.  Rounds
 * of all the benchmarks of a run are interleaved in time, so a phase of
 * the host touches each benchmark a little, not one entirely.
 */
struct cb_round {
	double		 start;		/* seconds after the run began */
	double		 seconds;	/* its child's wall time */
	double		 median;	/* cycles per op over its kept samples */
	double		 contended;	/* share of its samples; NAN: no probe */
	double		 imul_check;	/* a dependent multiply timed in it, in
					   calibrated cycles; NAN: counted */
	size_t		 nsamples;	/* kept; they follow the previous
					   rounds' in samples[] */
	unsigned	 disturbed;
	int		 cpu;
};

/* A separate value the samples settle on (core/levels.h). */
struct cb_level {
	double		 value;		/* cycles per op */
	double		 low, high;	/* the span of its samples */
	double		 share;		/* of the samples, rounds weighing alike */
	double		 ci95_low, ci95_high;
	unsigned	 rounds;	/* rounds with samples in it */
};

/* Why a benchmark took no more rounds. */
enum cb_stop {
	CB_STOP_PRECISION,	/* its interval was narrow enough */
	CB_STOP_ROUNDS,		/* it had the most rounds allowed */
	CB_STOP_TIME,		/* its time was up */
	CB_STOP_FAILED,		/* a round failed or it was skipped */
	CB_STOP_INTERRUPTED
};

struct cb_result {
	const struct cb_bench *bench;
	enum cb_status	 status;
	char		 reason[CB_REASON_MAX];
	enum cb_cycle_method method;
	struct cb_summary cycles;
	union {
		struct cb_summary ref;	/* reference ticks */
		struct cb_summary tsc CB_DEPRECATED("ref");
	};
	struct cb_summary ns;
	double		 r2;		/* median R^2 of the per-sample fits */
	double		 loop_overhead;	/* empty-loop cycles per op (cross-check) */
	double		 first_call;	/* CB_PATH: cycles of the cold call */
	double		 batched;	/* CB_PATH: fitted cycles per op */
	double		 ratio_before;	/* core cycles per reference tick */
	double		 ratio_after;
	double		 imul_check;	/* calibrated: a dependent multiply's
					   cycles over the rounds the figure
					   rests on (a round's, in a round);
					   NAN: counted */
	double		 imul_low;	/* its 95% interval */
	double		 imul_high;
	double		 recalibration;	/* calibrated: what every cycle figure
					   was multiplied by for the check
					   (1: nothing); NAN: counted */
	unsigned	 disturbed;	/* samples dropped as disturbed */
	unsigned	 flags;		/* CB_FLAG_* */
	int		 cpu;		/* the CPU it ran on */
	double		 seconds;	/* wall time spent measuring */
	size_t		 nsamples;
	double		*samples;	/* core cycles per operation, round
					   after round, in the order taken */
	union {
		double	*samples_ref;	/* reference ticks per operation */
		double	*samples_tsc CB_DEPRECATED("samples_ref");
	};
	double		*probe;		/* the contention probe beside each
					   sample, cycles per nop; NAN: none */
	struct cb_round	*rounds;
	size_t		 nrounds;
	double		 probe_floor;	/* the probe's quiet reading */
	int		 quiet;		/* cycles rest on the quiet samples */
	double		 contended;	/* share of samples; NAN: no probe */
	unsigned	 basis_rounds;	/* rounds cycles rest on */
	struct cb_level	 levels[CB_MAX_LEVELS];
	unsigned	 nlevels;
	double		 scattered;	/* share of samples in no level */
	enum cb_stop	 stop;
	struct cb_extra {		/* figures a benchmark adds itself */
		char	 key[32];	/* e.g. "real_seconds" */
		double	 value;
	}		 extras[CB_MAX_EXTRAS];
	unsigned	 nextras;
};

/* Add a named figure to r (from a cb_report_fn); ignored when full, or
   when r or key is NULL. */
void		 cb_result_extra(struct cb_result *r, const char *key,
		    double value);

struct cb_options {
	int		 cpu;		/* -1: choose */
	unsigned	 repetitions;	/* samples per round; 0: default */
	double		 timeout;	/* seconds per round in its child */
	int		 isolate;	/* run in a child process */
	int		 quick;
	unsigned	 rounds;	/* 0: adaptive, from min to max rounds */
	double		 precision;	/* relative half-width of the 95%
					   interval that ends the rounds;
					   0: 1% (loops), 3% (paths) */
};

/* Fill `o' with the defaults. */
void		 cb_options_default(struct cb_options *o);

/*
 * Measure one benchmark.  Never returns without filling `r'; a failure is
 * reported as r->status CB_ERROR with r->reason.  Returns r->status.
 * Every field of `b' and `o' is checked first: a benchmark without a name
 * or a body, an unknown mode, ops 0, a timed callback outside CB_PATH, a
 * parameter without a key or value or given twice, repetitions other
 * than 0 or CB_MIN_REPETITIONS to CB_MAX_REPETITIONS, a timeout outside
 * CB_MIN_TIMEOUT to CB_MAX_TIMEOUT seconds (a zeroed cb_options has 0:
 * start from cb_options_default()), or a CPU this process may not use is
 * CB_ERROR with the reason, and nothing runs.  `b' NULL is such an error
 * too; with `r' NULL there is nowhere to say so, and CB_ERROR is all.
 */
enum cb_status	 cb_measure(const struct cb_bench *b, const struct cb_options *o,
		    struct cb_result *r);
/*
 * Free what cb_measure() allocated in r: samples, probe readings and
 * rounds (r itself is the caller's); r NULL does nothing.
 */
void		 cb_result_free(struct cb_result *r);

/*
 * Ask a cb_measure() in progress to stop: its child is killed and it
 * returns CB_ERROR with reason "interrupted".  Async-signal-safe, for a
 * SIGINT/SIGTERM handler; it stays set (cb_interrupted()).
 */
void		 cb_interrupt(void);
int		 cb_interrupted(void);

/*
 * The version of the library in use, which may be newer than the
 * CB_VERSION a program was compiled with (a shared library updated since).
 */
const char	*cb_version(void);

const char	*cb_mode_name(enum cb_mode m);
const char	*cb_status_name(enum cb_status s);
const char	*cb_method_name(enum cb_cycle_method m);
const char	*cb_stop_name(enum cb_stop s);
/*
 * The names the table and the results files use ("latency", "ok",
 * "calibrated", ...) and, for flags, comma-separated into buf (returns buf).
 */
const char	*cb_flags_string(unsigned flags, char *buf, size_t len);

/*
 * Print results as `cyclebench run' does: a header with the machine and
 * how cycles are obtained, one row per result, then, when fp is a
 * terminal, the legend.  The
 * machine fingerprint is read on the first call of this or
 * cb_write_json() and kept (it calibrates the clock: about 20 ms).  Not
 * thread-safe.  Nothing is printed with fp NULL.
 */
void		 cb_print_results(FILE *fp, const struct cb_result *r,
		    size_t n);

/*
 * Save results as a `cyclebench run --json' file (docs/results-schema.md):
 * the machine fingerprint, argv[0..argc-1] under "run" (argc 0: none), the
 * time of the process's first cb_measure() as "started_at", every result
 * with its raw samples.  Written atomically: on failure the file is left
 * as it was.  path "-" is standard output; a symbolic link is written
 * through, a FIFO or device in place.  A result whose benchmark
 * cb_measure() would refuse is not written.  Returns 0, or -1 with the
 * reason in err.
 */
int		 cb_write_json(const char *path, const struct cb_result *r,
		    size_t n, int argc, char **argv, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif /* CYCLEBENCH_H */
