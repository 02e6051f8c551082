/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Study of core/levels.c on generated samples whose truth is known.
 *
 * One level (the null): every round's centre moves by N(0, s/2) around a
 * base drawn log-uniform in [3, 300]; its samples spread by s around it:
 * normal, lognormal, normal with a 5% share of outliers up to +30%, and
 * normal rounded to whole numbers or to eighths (counted cycles).  The
 * false-split rate is the share of inputs given two levels or more; the
 * target is LEVEL_FALSE_SPLIT in every family.
 *
 * Two levels (the power): 6.4 and 8.3, or 6.4 and 7.04 (10% apart), the
 * lower holding a share of 20% to 80%, either by process (whole rounds
 * at one level, that share of the rounds) or mixed within each round;
 * spread s, round centres moved by N(0, s/2) as above.  Found means two
 * levels, each within 2.5 s of a true value; the target is POWER_TARGET
 * where rounds hold 15 samples or more and the levels lie more than
 * POWER_SPREADS spreads apart (6.4 and 7.04 at 2% are not: the table
 * shows what is found there, and no target is set).
 *
 * Seeds are fixed: the table is the same on every run.  --quick runs a
 * subset in seconds and exits 1 if a target is missed there.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/levels.h"
#include "core/stats.h"
#include "draws.h"

#define POWER_TARGET	0.95
#define POWER_SPREADS	5	/* log distance of the levels, in spreads */
#define MAX_ROUNDS	20
#define MAX_SAMPLES	50
#define FOUND_TOL	2.5	/* a found level within 2.5 spreads of the truth */

enum dist { NORMAL, LOGNORMAL, OUTLIERS, WHOLE, EIGHTHS, NDIST };
static const char *const dist_name[] = { "normal", "lognormal",
    "outliers 5%", "whole numbers", "eighths" };

struct tally {
	unsigned	trials, hits;
};

/* One sample of the null family d around c with spread s. */
static double
null_sample(struct stats_rng *g, enum dist d, double c, double s)
{
	double x;

	if (d == LOGNORMAL)
		return (c * exp(s * gauss(g)));
	x = c * (1 + s * gauss(g));
	switch (d) {
	case OUTLIERS:
		if (uniform(g) < 0.05)
			x *= 1 + 0.3 * uniform(g);
		break;
	case WHOLE:
		x = fmax(1, round(x));
		break;
	case EIGHTHS:
		x = fmax(0.125, round(8 * x) / 8);
		break;
	default:
		break;
	}
	return (x);
}

static size_t
run_levels(const double *x, size_t *count, size_t rounds, struct level *out)
{
	struct stats_rounds s = { x, count, rounds };
	double scattered;

	return (levels_find(&s, out, &scattered));
}

static void
null_family(enum dist d, double s, size_t rounds, size_t n,
    unsigned trials, uint64_t seed, struct tally *t)
{
	double x[MAX_ROUNDS * MAX_SAMPLES], base, c;
	size_t count[MAX_ROUNDS], r, i;
	struct level out[LEVELS_MAX];
	struct stats_rng g;
	unsigned k;

	stats_rng_seed(&g, seed);
	for (k = 0; k < trials; k++) {
		base = 3 * pow(100, uniform(&g));
		for (r = 0; r < rounds; r++) {
			count[r] = n;
			c = base * (1 + s / 2 * gauss(&g));
			for (i = 0; i < n; i++)
				x[r * n + i] = null_sample(&g, d, c, s);
		}
		t->trials++;
		t->hits += run_levels(x, count, rounds, out) >= 2;
	}
}

/*
 * Whether out[0..m-1] is the two levels lo and hi (spread s): a level by
 * process sits where its few rounds moved it.
 */
static int
found(const struct level *out, size_t m, double lo, double hi, double s)
{
	return (m == 2 && fabs(out[0].value / lo - 1) <= FOUND_TOL * s &&
	    fabs(out[1].value / hi - 1) <= FOUND_TOL * s);
}

static void
power_family(double lo, double hi, double share, int by_process, double s,
    size_t rounds, size_t n, unsigned trials, uint64_t seed, struct tally *t)
{
	double x[MAX_ROUNDS * MAX_SAMPLES], shift, v;
	size_t count[MAX_ROUNDS], r, i, low_rounds;
	struct level out[LEVELS_MAX];
	struct stats_rng g;
	unsigned k;

	/* By process: that share of the rounds, and each level in one. */
	low_rounds = (size_t)lround(share * (double)rounds);
	low_rounds = low_rounds < 1 ? 1 : low_rounds >= rounds ?
	    rounds - 1 : low_rounds;
	stats_rng_seed(&g, seed);
	for (k = 0; k < trials; k++) {
		for (r = 0; r < rounds; r++) {
			count[r] = n;
			shift = 1 + s / 2 * gauss(&g);
			for (i = 0; i < n; i++) {
				if (by_process)
					v = r < low_rounds ? lo : hi;
				else
					v = uniform(&g) < share ? lo : hi;
				x[r * n + i] = v * shift * (1 + s * gauss(&g));
			}
		}
		t->trials++;
		t->hits += found(out, run_levels(x, count, rounds, out), lo,
		    hi, s);
	}
}

static double
rate(const struct tally *t)
{
	return (t->trials ? (double)t->hits / t->trials : 0);
}

/* The grid of a table: each axis's values, and how many of them. */
struct axis {
	const double	*v;
	size_t		 n;
};
#define AXIS(a)		{ a, sizeof(a) / sizeof((a)[0]) }

/* Index k of the product of axes a[0..naxes-1] as one value from each. */
static void
grid_point(const struct axis *a, size_t naxes, size_t k, double *v)
{
	size_t i;

	for (i = naxes; i-- > 0; k /= a[i].n)
		v[i] = a[i].v[k % a[i].n];
}

static size_t
grid_size(const struct axis *a, size_t naxes)
{
	size_t i, n = 1;

	for (i = 0; i < naxes; i++)
		n *= a[i].n;
	return (n);
}

static const double dists[] = { NORMAL, LOGNORMAL, OUTLIERS, WHOLE, EIGHTHS };
static const double spreads[] = { 0.001, 0.005, 0.01, 0.02, 0.03, 0.05 };
static const double nrounds[] = { 3, 5, 10, 20 };
static const double nsamples[] = { 5, 15, 50 };
static const struct axis null_full[] = { AXIS(dists), AXIS(spreads),
    AXIS(nrounds), AXIS(nsamples) };
static const double q_spreads[] = { 0.005, 0.05 };
static const double q_rounds[] = { 3, 10 };
static const double q_samples[] = { 5, 50 };
static const struct axis null_quick[] = { AXIS(dists), AXIS(q_spreads),
    AXIS(q_rounds), AXIS(q_samples) };

static const double pairs[] = { 8.3, 7.04 };	/* the upper; the lower 6.4 */
static const double shares[] = { 0.2, 0.35, 0.5, 0.65, 0.8 };
static const double modes[] = { 1, 0 };		/* by process, mixed */
static const double p_spreads[] = { 0.005, 0.01, 0.02 };
static const double p_rounds[] = { 5, 10, 20 };
static const struct axis power_full[] = { AXIS(pairs), AXIS(shares),
    AXIS(modes), AXIS(p_spreads), AXIS(p_rounds), AXIS(nsamples) };
static const double q_shares[] = { 0.2, 0.8 };
static const double q_pspreads[] = { 0.01 };
static const double q_prounds[] = { 5 };
static const double q_psamples[] = { 15 };
static const struct axis power_quick[] = { AXIS(pairs), AXIS(q_shares),
    AXIS(modes), AXIS(q_pspreads), AXIS(q_prounds), AXIS(q_psamples) };

/* The null table; returns the worst family's rate. */
static double
null_table(int quick, uint64_t *seed)
{
	const struct axis *ax = quick ? null_quick : null_full;
	unsigned trials = quick ? 150 : 1000;
	struct tally t, all = { 0, 0 };
	double v[4], worst = 0;
	size_t k;

	printf("## One level: share of inputs given two levels or more "
	    "(target <= %.1f%%)\n\n", 100 * LEVEL_FALSE_SPLIT);
	printf("| distribution | spread | rounds | samples | trials | "
	    "false splits |\n|---|---|---|---|---|---|\n");
	for (k = 0; k < grid_size(ax, 4); k++) {
		grid_point(ax, 4, k, v);
		t = (struct tally){ 0, 0 };
		null_family((enum dist)v[0], v[1], (size_t)v[2], (size_t)v[3],
		    trials, (*seed)++, &t);
		printf("| %s | %.1f%% | %.0f | %.0f | %u | %.2f%% |\n",
		    dist_name[(int)v[0]], 100 * v[1], v[2], v[3], t.trials,
		    100 * rate(&t));
		worst = fmax(worst, rate(&t));
		all.trials += t.trials;
		all.hits += t.hits;
	}
	printf("\nAll: %.2f%% of %u inputs; worst family %.2f%%\n\n",
	    100 * rate(&all), all.trials, 100 * worst);
	return (worst);
}

/* The power table; returns the worst rate of the families with a target. */
static double
power_table(int quick, uint64_t *seed)
{
	const struct axis *ax = quick ? power_quick : power_full;
	unsigned trials = quick ? 100 : 400;
	struct tally t, all = { 0, 0 };
	double v[6], worst = 1;
	size_t k;

	printf("## Two levels: share of inputs where both are found "
	    "(target >= %.0f%% with >= 15 samples a round and the levels "
	    "more than %d spreads apart)\n\n", 100 * POWER_TARGET,
	    POWER_SPREADS);
	printf("| levels | lower's share | by | spread | rounds | samples | "
	    "trials | found |\n|---|---|---|---|---|---|---|---|\n");
	for (k = 0; k < grid_size(ax, 6); k++) {
		grid_point(ax, 6, k, v);
		t = (struct tally){ 0, 0 };
		power_family(6.4, v[0], v[1], v[2] != 0, v[3], (size_t)v[4],
		    (size_t)v[5], trials, (*seed)++, &t);
		printf("| 6.40, %.2f | %.0f%% | %s | %.1f%% | %.0f | %.0f | "
		    "%u | %.1f%% |\n", v[0], 100 * v[1],
		    v[2] != 0 ? "process" : "mixed", 100 * v[3], v[4], v[5],
		    t.trials, 100 * rate(&t));
		if (v[5] >= 15 && log(v[0] / 6.4) > POWER_SPREADS * v[3])
			worst = fmin(worst, rate(&t));
		all.trials += t.trials;
		all.hits += t.hits;
	}
	printf("\nAll: %.1f%% of %u inputs; worst family with a target "
	    "%.1f%%\n", 100 * rate(&all), all.trials, 100 * worst);
	return (worst);
}

int
main(int argc, char **argv)
{
	int quick = argc == 2 && strcmp(argv[1], "--quick") == 0;
	uint64_t seed = 1;
	double fs, power;

	if (argc > 2 || (argc == 2 && !quick)) {
		fprintf(stderr, "usage: levels_study [--quick]\n");
		return (2);
	}
	fs = null_table(quick, &seed);
	power = power_table(quick, &seed);
	if (fs <= LEVEL_FALSE_SPLIT && power >= POWER_TARGET)
		return (0);
	printf("\nTarget missed: worst false splits %.2f%%, worst power "
	    "%.1f%%\n", 100 * fs, 100 * power);
	return (1);
}
