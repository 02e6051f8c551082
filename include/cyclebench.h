/*
 * cyclebench: measure what low-level code costs in CPU cycles.
 *
 * A benchmark is a body function that runs a counted loop around an
 * unrolled block of operations.  The engine times the body at several
 * iteration counts, fits a line and reports the slope per operation in
 * core cycles, TSC ticks and nanoseconds, with the spread over many
 * samples and how the cycles were obtained (counted or calibrated).
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

#define CB_VERSION		"0.1.0"
#define CB_SCHEMA_VERSION	1	/* of every JSON document written */
#define CB_FORMAT_RESULTS	"cyclebench-results"
#define CB_FORMAT_COMPARE	"cyclebench-compare"
#define CB_FORMAT_IMPACT	"cyclebench-impact"
#define CB_MAX_PARAMS		4
#define CB_MAX_EXTRAS		8
#define CB_REASON_MAX		256

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
	CB_CYCLES_CALIBRATED,	/* TSC ticks times a measured cycles/tick ratio */
	CB_CYCLES_COUNTED	/* a hardware cycle counter */
};

/* CPU features a benchmark may require; checked through CPUID. */
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
	CB_CPU_CLFLUSHOPT	= 1u << 13
};

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
#define CB_FLAG_BELOW_RESOLUTION 0x20u	/* an iteration under twice an empty
					   loop's */

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
 * run one operation and return the TSC ticks of the part that counts,
 * stamped with cb_tsc_begin()/cb_tsc_end().  The engine converts ticks to
 * cycles with the clock it tracks around each batch.
 */
typedef uint64_t cb_timed_fn(void *ctx);

struct cb_result;
/* Called in the measuring process after sampling, to add named figures. */
typedef void cb_report_fn(void *ctx, struct cb_result *r);

/*
 * TSC time stamps for a cb_timed_fn, serialised as the engine's own are:
 * begin waits for earlier instructions before reading, end waits for the
 * timed ones to finish.
 */
uint64_t	 cb_tsc_begin(void);
uint64_t	 cb_tsc_end(void);

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

/* One statistic set, per operation. */
struct cb_summary {
	double	min, p10, median, p90, p99, max, mean, cv;
	double	ci95_low, ci95_high;	/* bootstrap 95% CI of the median */
};

struct cb_result {
	const struct cb_bench *bench;
	enum cb_status	 status;
	char		 reason[CB_REASON_MAX];
	enum cb_cycle_method method;
	struct cb_summary cycles, tsc, ns;
	double		 r2;		/* median R^2 of the per-sample fits */
	double		 loop_overhead;	/* empty-loop cycles per op (cross-check) */
	double		 first_call;	/* CB_PATH: cycles of the cold call */
	double		 batched;	/* CB_PATH: fitted cycles per op */
	double		 ratio_before;	/* core cycles per TSC tick */
	double		 ratio_after;
	unsigned	 disturbed;	/* samples dropped as disturbed */
	unsigned	 flags;		/* CB_FLAG_* */
	int		 cpu;		/* the CPU it ran on */
	double		 seconds;	/* wall time spent measuring */
	size_t		 nsamples;
	double		*samples;	/* core cycles per operation */
	double		*samples_tsc;	/* TSC ticks per operation */
	struct cb_extra {		/* figures a benchmark adds itself */
		char	 key[32];	/* e.g. "real_seconds" */
		double	 value;
	}		 extras[CB_MAX_EXTRAS];
	unsigned	 nextras;
};

/* Add a named figure to r (from a cb_report_fn); ignored when full. */
void		 cb_result_extra(struct cb_result *r, const char *key,
		    double value);

struct cb_options {
	int		 cpu;		/* -1: choose */
	unsigned	 repetitions;	/* samples to keep; 0: default */
	double		 timeout;	/* seconds per benchmark in its child */
	int		 isolate;	/* run in a child process */
	int		 quick;
};

/* Fill `o' with the defaults. */
void		 cb_options_default(struct cb_options *o);

/*
 * Measure one benchmark.  Never returns without filling `r'; a failure is
 * reported as r->status CB_ERROR with r->reason.  Returns r->status.
 */
enum cb_status	 cb_measure(const struct cb_bench *b, const struct cb_options *o,
		    struct cb_result *r);
/* Free the samples cb_measure() allocated in r (r itself is the caller's). */
void		 cb_result_free(struct cb_result *r);

/*
 * Ask a cb_measure() in progress to stop: its child is killed and it
 * returns CB_ERROR with reason "interrupted".  Async-signal-safe, for a
 * SIGINT/SIGTERM handler; it stays set (cb_interrupted()).
 */
void		 cb_interrupt(void);
int		 cb_interrupted(void);

const char	*cb_mode_name(enum cb_mode m);
const char	*cb_status_name(enum cb_status s);
const char	*cb_method_name(enum cb_cycle_method m);
/*
 * The names the table and the results files use ("latency", "ok",
 * "calibrated", ...) and, for flags, comma-separated into buf (returns buf).
 */
const char	*cb_flags_string(unsigned flags, char *buf, size_t len);

/*
 * Print results as `cyclebench run' does: a header with the machine and
 * how cycles are obtained, one row per result, then the legend.  The
 * machine fingerprint is read on the first call of this or
 * cb_write_json() and kept (it calibrates the clock: about 20 ms).  Not
 * thread-safe.
 */
void		 cb_print_results(FILE *fp, const struct cb_result *r,
		    size_t n);

/*
 * Save results as a `cyclebench run --json' file (docs/results-schema.md):
 * the machine fingerprint, argv[0..argc-1] under "run" (argc 0: none), the
 * time of the process's first cb_measure() as "started_at", every result
 * with its raw samples.  Written atomically: on failure the file is left
 * as it was.  Returns 0, or -1 with the reason in err.
 */
int		 cb_write_json(const char *path, const struct cb_result *r,
		    size_t n, int argc, char **argv, char *err, size_t errlen);

#endif /* CYCLEBENCH_H */
