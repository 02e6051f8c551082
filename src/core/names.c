/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The one place that spells mode, status, method, flag and CPU feature
 * names; every output format goes through here so they cannot disagree.
 */
#include <stddef.h>
#include <string.h>

#include "cyclebench.h"
#include "core/names.h"

const struct cb_summary_key cb_summary_keys[CB_NSUMMARY_KEYS] = {
	{ "min",	offsetof(struct cb_summary, min) },
	{ "p10",	offsetof(struct cb_summary, p10) },
	{ "median",	offsetof(struct cb_summary, median) },
	{ "p90",	offsetof(struct cb_summary, p90) },
	{ "p99",	offsetof(struct cb_summary, p99) },
	{ "max",	offsetof(struct cb_summary, max) },
	{ "mean",	offsetof(struct cb_summary, mean) },
	{ "cv",		offsetof(struct cb_summary, cv) },
	{ "ci95_low",	offsetof(struct cb_summary, ci95_low) },
	{ "ci95_high",	offsetof(struct cb_summary, ci95_high) },
};

struct bit_name {
	unsigned	 bit;
	const char	*name;
};

/*
 * Keyed by value, not position, so reordering the header cannot shift
 * them.  A class is what the flag asks of the reader; clock-drift and
 * disturbed are informative because no figure rests on what they
 * describe: each sample is converted under the clock timed around it,
 * and a sample across which the clock moved, or that was preempted, is
 * dropped, not kept.
 */
const struct cb_flag_info cb_flag_table[] = {
	{ CB_FLAG_POOR_FIT, "poor-fit", FLAG_DISTRUST, "The median r2 of the "
	    "samples' line fits over the iteration counts is below 0.99: the "
	    "time did not grow in proportion to the work.  Not for path "
	    "benchmarks." },
	{ CB_FLAG_CLOCK_DRIFT, "clock-drift", FLAG_INFO, "The core cycles per "
	    "TSC tick at the start of the first round and at the end of the "
	    "last differ by more than 2%: the core clock moved during the "
	    "measurement, as with boost or frequency scaling.  Each sample is "
	    "converted under the clock timed around it, so this moves no "
	    "figure." },
	{ CB_FLAG_DISTURBED, "disturbed", FLAG_INFO, "More than 10% of the "
	    "samples taken (kept plus dropped) were dropped as disturbed.  "
	    "Only the kept samples make the figure; too few of them is "
	    "few-samples." },
	{ CB_FLAG_NOISY, "noisy", FLAG_DISTRUST, "The spread of the kept "
	    "samples, (p90 - p10) / median in cycles, is above 5%.  Not for "
	    "path benchmarks, whose single calls vary by nature." },
	{ CB_FLAG_FEW_SAMPLES, "few-samples", FLAG_DISTRUST, "Fewer than 10 "
	    "samples were kept." },
	{ CB_FLAG_BELOW_RESOLUTION, "below-resolution", FLAG_DISTRUST, "The "
	    "cost of one loop iteration (the per-operation median times the "
	    "operations per iteration) is less than twice the cost of an "
	    "empty loop iteration: the operation is too cheap to be told "
	    "apart from the loop around it.  Not for path benchmarks, nor for "
	    "the empty loop itself." },
	{ CB_FLAG_MULTILEVEL, "multilevel", FLAG_DISTRUST, "The samples "
	    "settle on two or more separate levels, printed under the row: "
	    "the figure alone would hide one." },
	{ CB_FLAG_CONTENDED, "contended", FLAG_ACT, "More than a quarter of "
	    "the samples ran while the contention probe saw the core shared "
	    "(see METHOD in cyclebench(1)), and that moved the figure: too few "
	    "rounds were quiet for a quiet figure, or the quiet figure and the "
	    "figure of all samples differ by more than the precision asked "
	    "for.  Measure again where the core is not shared." },
	{ CB_FLAG_MISCALIBRATED, "miscalibrated", FLAG_DISTRUST, "Cycles are "
	    "calibrated, and a dependent multiply, timed once in each round "
	    "the figure rests on, reads above a whole number of cycles: the "
	    "95% interval of its median is more than 1% over the nearest "
	    "whole number the architecture allows.  The multiply was slowed "
	    "or the clock moved between the add chain the cycles are "
	    "calibrated on and the multiply, and the figure may be off by "
	    "about as much." },
	{ CB_FLAG_UNSETTLED, "unsettled", FLAG_DISTRUST, "A round's time ran "
	    "out before any of its samples passed the checks for disturbance, "
	    "as under an emulator or on a very busy host: rather than no "
	    "figure, the figure rests on the samples taken while something "
	    "disturbed them, and is rough." },
	{ CB_FLAG_EMULATED, "emulated", FLAG_DISTRUST, "Measured under a "
	    "user-mode emulator (qemu-user, seen as the program the kernel "
	    "runs): the figures are the emulator's cost, not the emulated "
	    "CPU's cycles." },
	{ CB_FLAG_CLOCK_SLOWED, "clock-slowed", FLAG_INFO, "The core ran "
	    "at a lower clock while the body ran than in the add chain timed "
	    "around each sample, as an Intel core does under 512-bit "
	    "floating-point and multiply instructions: a one-cycle chain run "
	    "beside one copy of the body (characterize's clock witness) took "
	    "2% or more over a cycle a link.  The cycles are converted under "
	    "the clock the witness read; its cycles a link are the "
	    "clock_witness extra." },
	{ CB_FLAG_RECALIBRATED, "recalibrated", FLAG_DISTRUST, "Cycles are "
	    "calibrated, and a dependent multiply, timed once in each round "
	    "the figure rests on, read more than 1% below the nearest whole "
	    "number of cycles the architecture allows: something sharing the "
	    "core slowed the add chain the cycles are calibrated on, which "
	    "lost cycles the multiply did not.  Every cycle figure is under "
	    "the multiply's clock, multiplied by the whole number over its "
	    "reading (the estimate's recalibration); a body on the units the "
	    "add chain uses was slowed with it and may read high by up to as "
	    "much." },
};

const size_t cb_nflags = sizeof(cb_flag_table) / sizeof(cb_flag_table[0]);

static const struct bit_name feature_names[] = {
	{ CB_CPU_RDTSCP,	"rdtscp" },
	{ CB_CPU_SSE2,		"sse2" },
	{ CB_CPU_AVX,		"avx" },
	{ CB_CPU_AVX512F,	"avx512f" },
	{ CB_CPU_XSAVE,		"xsave" },
	{ CB_CPU_XSAVEOPT,	"xsaveopt" },
	{ CB_CPU_XSAVEC,	"xsavec" },
	{ CB_CPU_FXSR,		"fxsr" },
	{ CB_CPU_CX8,		"cx8" },
	{ CB_CPU_CX16,		"cx16" },
	{ CB_CPU_RDPID,		"rdpid" },
	{ CB_CPU_FSGSBASE,	"fsgsbase" },
	{ CB_CPU_SERIALIZE,	"serialize" },
	{ CB_CPU_CLFLUSHOPT,	"clflushopt" },
	{ CB_CPU_LSE,		"lse" },
	{ CB_CPU_LRCPC,		"lrcpc" },
	{ CB_CPU_SB,		"sb" },
	{ CB_CPU_SVE,		"sve" },
};

static const char *const mode_names[] = {
	[CB_LATENCY]	= "latency",
	[CB_THROUGHPUT]	= "throughput",
	[CB_PATH]	= "path",
};

static const char *const status_names[] = {
	[CB_OK]		= "ok",
	[CB_SKIPPED]	= "skipped",
	[CB_ERROR]	= "error",
};

static const char *const method_names[] = {
	[CB_CYCLES_CALIBRATED]	= "calibrated",
	[CB_CYCLES_COUNTED]	= "counted",
};

static const char *const stop_names[] = {
	[CB_STOP_PRECISION]	= "precision",
	[CB_STOP_ROUNDS]	= "rounds",
	[CB_STOP_TIME]		= "time",
	[CB_STOP_FAILED]	= "failed",
	[CB_STOP_INTERRUPTED]	= "interrupted",
};

#define NITEMS(a)	(sizeof(a) / sizeof((a)[0]))

/* An enum from a corrupted or newer result must not index past a table. */
static const char *
enum_name(const char *const *names, size_t n, unsigned v)
{

	if (v >= n || names[v] == NULL)
		return ("unknown");
	return (names[v]);
}

static const char *
bit_name(const struct bit_name *t, size_t n, unsigned bit)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (t[i].bit == bit)
			return (t[i].name);
	return (NULL);
}

const char *
cb_mode_name(enum cb_mode m)
{

	return (enum_name(mode_names, NITEMS(mode_names), m));
}

const char *
cb_status_name(enum cb_status s)
{

	return (enum_name(status_names, NITEMS(status_names), s));
}

const char *
cb_method_name(enum cb_cycle_method m)
{

	return (enum_name(method_names, NITEMS(method_names), m));
}

const char *
cb_stop_name(enum cb_stop s)
{

	return (enum_name(stop_names, NITEMS(stop_names), s));
}

const char *
cb_flag_name(unsigned bit)
{
	size_t i;

	for (i = 0; i < cb_nflags; i++)
		if (cb_flag_table[i].bit == bit)
			return (cb_flag_table[i].name);
	return (NULL);
}

const char *
flag_class_name(enum flag_class c)
{
	static const char *const names[] = {
		[FLAG_INFO] = "info",
		[FLAG_ACT] = "act",
		[FLAG_DISTRUST] = "distrust",
	};

	return (enum_name(names, NITEMS(names), c));
}

unsigned
flags_shown(unsigned flags)
{
	size_t i;

	for (i = 0; i < cb_nflags; i++)
		if (cb_flag_table[i].cls == FLAG_INFO)
			flags &= ~cb_flag_table[i].bit;
	return (flags);
}

int
flag_class_of(const char *name, size_t n)
{
	size_t i;

	for (i = 0; i < cb_nflags; i++)
		if (strlen(cb_flag_table[i].name) == n &&
		    strncmp(cb_flag_table[i].name, name, n) == 0)
			return ((int)cb_flag_table[i].cls);
	return (-1);
}

const char *
flags_shown_names(const char *in, char *out, size_t len)
{
	size_t n, used = 0;

	if (out == NULL || len == 0)
		return (out);
	out[0] = '\0';
	for (; in != NULL && *in != '\0'; in += n + (in[n] == ',')) {
		n = strcspn(in, ",");
		if (n == 0 || flag_class_of(in, n) == FLAG_INFO)
			continue;
		if (used + n + (used > 0) >= len)
			break;
		if (used > 0)
			out[used++] = ',';
		memcpy(out + used, in, n);
		used += n;
		out[used] = '\0';
	}
	return (out);
}

const char *
cb_feature_name(unsigned bit)
{

	return (bit_name(feature_names, NITEMS(feature_names), bit));
}

size_t
cb_feature_names(unsigned features, const char **out, size_t max)
{
	size_t i, n;

	n = 0;
	for (i = 0; i < NITEMS(feature_names); i++) {
		if ((features & feature_names[i].bit) == 0)
			continue;
		if (n < max)
			out[n] = feature_names[i].name;
		n++;
	}
	return (n);
}

/*
 * Only whole names go in: a cut-off "poor-f" would read as a flag that
 * does not exist, while a missing trailing name is merely incomplete.
 */
const char *
cb_flags_string(unsigned flags, char *buf, size_t len)
{
	size_t i, used, n;

	if (buf == NULL || len == 0)
		return (buf);
	buf[0] = '\0';
	used = 0;
	for (i = 0; i < cb_nflags; i++) {
		if ((flags & cb_flag_table[i].bit) == 0)
			continue;
		n = strlen(cb_flag_table[i].name);
		if (used + n + (used > 0 ? 1 : 0) >= len)
			break;
		if (used > 0)
			buf[used++] = ',';
		memcpy(buf + used, cb_flag_table[i].name, n + 1);
		used += n;
	}
	return (buf);
}
