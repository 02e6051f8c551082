/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The study of `history''s change points (verdict/changes.c) on series
 * whose truth is known: generated runs at a level with a relative spread
 * (normal, or with 3% of runs disturbed 10% slower), flat, with one or
 * two 5% steps at random places, or drifting.  For each family: how many
 * shifts it calls that are not there (per 100 series), how many of the
 * true ones it finds within +-3 runs (power), and how far from the truth
 * those are.  A markdown table on stdout; seeded, so the same every time.
 *
 * --quick runs the families the targets are set on, fewer series, and
 * the time of one history, and exits 1 if a target is missed: at most 1
 * false shift per 100 flat series of 100 runs at 2% spread, a 5% step
 * found in 90% of such series.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/stats.h"
#include "verdict/changes.h"

#define MAX_RUNS	10000
#define RUN_WIDTH	0.003	/* a run's own interval: its median +- 0.3% */
#define OUTLIERS	0.03	/* heavy: the share of runs disturbed */
#define OUTLIER_SIZE	0.10	/* ... and how much slower they are */
#define NEAR		3	/* a found shift within 3 runs is the true one */

/* A series is flat, steps up (and back), or drifts up linearly. */
enum shape { FLAT, STEP, TWO_STEPS, DRIFT };

struct family {
	const char	*name;
	enum shape	 shape;
	size_t		 n;		/* runs a series */
	double		 spread;	/* relative sd of a run's figure */
	int		 heavy;		/* some runs disturbed */
	double		 size;		/* of a step, or the whole drift */
	unsigned	 series, quick;	/* how many; with --quick (0: not run) */
	double		 max_false;	/* targets (false per 100; NAN: none) */
	double		 min_power;
};

static const struct family families[] = {
	{ "flat", FLAT, 100, 0.02, 0, 0, 2000, 600, 1, NAN },
	{ "flat, heavy-tailed", FLAT, 100, 0.02, 1, 0, 2000, 600, 1, NAN },
	{ "flat", FLAT, 100, 0.01, 0, 0, 1000, 0, 1, NAN },
	{ "flat", FLAT, 30, 0.02, 0, 0, 2000, 0, 1, NAN },
	{ "flat", FLAT, 10, 0.02, 0, 0, 2000, 0, 1, NAN },
	{ "flat", FLAT, 1000, 0.02, 0, 0, 200, 0, NAN, NAN },
	{ "5% step", STEP, 100, 0.02, 0, 0.05, 1000, 300, NAN, 0.90 },
	{ "5% step, heavy-tailed", STEP, 100, 0.02, 1, 0.05, 1000, 300, NAN,
	    0.90 },
	{ "5% step", STEP, 100, 0.01, 0, 0.05, 1000, 0, NAN, NAN },
	{ "2% step", STEP, 100, 0.02, 0, 0.02, 1000, 0, NAN, NAN },
	{ "5% step", STEP, 30, 0.02, 0, 0.05, 1000, 0, NAN, NAN },
	{ "5% step", STEP, 20, 0.02, 0, 0.05, 1000, 0, NAN, NAN },
	{ "5% step", STEP, 10, 0.02, 0, 0.05, 1000, 0, NAN, NAN },
	{ "5% up, 5% back", TWO_STEPS, 100, 0.02, 0, 0.05, 1000, 0, NAN, NAN },
	{ "5% drift", DRIFT, 100, 0.02, 0, 0.05, 1000, 0, NAN, NAN },
};

#define NFAMILIES	(sizeof(families) / sizeof(families[0]))

struct tally {
	unsigned	 series, falses, truths, found;
	double		 err;
};

static struct stats_rng rng;

static double
uniform(void)
{

	return ((double)(stats_rng_next(&rng) >> 11) / (double)(1ULL << 53));
}

/* A standard normal deviate (Box-Muller). */
static double
normal(void)
{
	double u;

	do
		u = uniform();
	while (u == 0);
	return (sqrt(-2 * log(u)) * cos(2 * M_PI * uniform()));
}

/* A place in [a, b]. */
static size_t
between(size_t a, size_t b)
{

	return (a + (size_t)stats_rng_below(&rng, b - a + 1));
}

/* A series of family f in p; the true shifts' first runs in at[].
   Returns how many true shifts. */
static size_t
generate(const struct family *f, struct cp_point *p, size_t *at)
{
	size_t i, nt = 0, n = f->n, tenth = n / 10 > 2 ? n / 10 : 2;
	double level;

	if (f->shape == STEP)
		at[nt++] = between(tenth, n - tenth);
	else if (f->shape == TWO_STEPS) {
		at[nt++] = between(tenth, 4 * tenth);
		at[nt++] = between(6 * tenth, n - tenth);
	}
	for (i = 0; i < n; i++) {
		level = 100;
		if (f->shape == STEP && i >= at[0])
			level *= 1 + f->size;
		if (f->shape == TWO_STEPS && i >= at[0] && i < at[1])
			level *= 1 + f->size;
		if (f->shape == DRIFT)
			level *= 1 + f->size * (double)i / (double)(n - 1);
		p[i].value = level * (1 + f->spread * normal());
		if (f->heavy && uniform() < OUTLIERS)
			p[i].value *= 1 + OUTLIER_SIZE;
		p[i].lo = p[i].value * (1 - RUN_WIDTH);
		p[i].hi = p[i].value * (1 + RUN_WIDTH);
	}
	return (nt);
}

/* Match the shifts found to the true ones, nearest first, within NEAR. */
static void
score(const struct cp_segment *seg, size_t nseg, const size_t *at,
    size_t nt, struct tally *t)
{
	char used[MAX_RUNS / CP_MIN_RUNS + 1];
	size_t i, j, best;
	long d, bd;

	memset(used, 0, nseg);
	for (j = 0; j < nt; j++) {
		best = 0;
		bd = NEAR + 1;
		for (i = 1; i < nseg; i++) {
			d = labs((long)seg[i].start - (long)at[j]);
			if (!used[i] && d < bd) {
				bd = d;
				best = i;
			}
		}
		if (best > 0) {
			used[best] = 1;
			t->found++;
			t->err += (double)bd;
		}
	}
	t->truths += nt;
	for (i = 1; i < nseg; i++)
		t->falses += !used[i];
	t->series++;
}

static void
run_family(const struct family *f, unsigned nseries, uint64_t seed,
    struct tally *t)
{
	static struct cp_point p[MAX_RUNS];
	static struct cp_segment seg[MAX_RUNS];
	size_t at[2], nt;
	unsigned s;

	memset(t, 0, sizeof(*t));
	stats_rng_seed(&rng, seed);
	for (s = 0; s < nseries; s++) {
		nt = generate(f, p, at);
		score(seg, changes_find(p, f->n, CP_MIN_SHIFT, seg), at, nt, t);
	}
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ((double)ts.tv_sec + (double)ts.tv_nsec * 1e-9);
}

/* The median time of 5 histories of n runs at 2% spread, seconds. */
static double
history_time(enum shape shape, size_t n, double size)
{
	static struct cp_point p[MAX_RUNS];
	static struct cp_segment seg[MAX_RUNS];
	const struct family f = { "", shape, n, 0.02, 0, size, 1, 1, NAN,
	    NAN };
	double t[5], t0;
	size_t at[2];
	int i;

	stats_rng_seed(&rng, 7);
	for (i = 0; i < 5; i++) {
		generate(&f, p, at);
		t0 = now();
		(void)changes_find(p, n, CP_MIN_SHIFT, seg);
		t[i] = now() - t0;
	}
	return (stats_median(t, 5));
}

int
main(int argc, char **argv)
{
	const struct family *f;
	struct tally t;
	double falses, power, secs;
	size_t i;
	unsigned nseries;
	unsigned missed = 0;
	int quick;

	quick = argc > 1 && strcmp(argv[1], "--quick") == 0;
	printf("| family | runs | spread | series | false shifts per 100 "
	    "series | power | mean position error |\n"
	    "|---|---:|---:|---:|---:|---:|---:|\n");
	for (i = 0; i < NFAMILIES; i++) {
		f = &families[i];
		if ((nseries = quick ? f->quick : f->series) == 0)
			continue;
		run_family(f, nseries, 1000 + i, &t);
		falses = 100.0 * t.falses / t.series;
		power = t.truths ? (double)t.found / t.truths : NAN;
		printf("| %s | %zu | %.0f%% | %u | %.1f |", f->name, f->n,
		    f->spread * 100, t.series, falses);
		if (t.truths)
			printf(" %.3f |", power);
		else
			printf(" - |");
		if (t.found)
			printf(" %.2f |\n", t.err / t.found);
		else
			printf(" - |\n");
		if (falses > f->max_false || power < f->min_power)
			missed |= 1u << i;
	}
	for (i = 0; i < NFAMILIES; i++)
		if (missed & 1u << i)
			printf("\nTarget missed: %s, %zu runs at %.0f%%.\n",
			    families[i].name, families[i].n,
			    families[i].spread * 100);
	secs = history_time(STEP, 100, 0.05);
	printf("\nOne history with a 5%% step, of 100 runs: %.1f ms", secs *
	    1e3);
	if (!quick)
		printf("; of 1000 runs: %.1f ms; of 10000 runs: %.0f ms; of "
		    "10000 runs drifting 20%%: %.0f ms",
		    history_time(STEP, 1000, 0.05) * 1e3,
		    history_time(STEP, MAX_RUNS, 0.05) * 1e3,
		    history_time(DRIFT, MAX_RUNS, 0.2) * 1e3);
	printf(" (median of 5).\n");
	if (secs > 0.25) {
		printf("Target missed: a history of 100 runs in 250 ms.\n");
		missed |= 1;
	}
	return (missed != 0);
}
