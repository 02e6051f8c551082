/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Study of the calibration check's recalibration (core/rescale.c) and
 * its flag (core/flags.c) on generated rows whose truth is known.
 *
 * A row's figure is calibrated on an add chain; each of its rounds also
 * times a dependent multiply, 3 cycles.  Here the truth is an add chain
 * slowed by 0% (the null), 0.5%, 1%, 2%, 2.7% (the busy Zen 5 guest) or
 * 4%, which reads the multiply and a body the chain does not share
 * (a vector add, 2 cycles) low by as much.  A row has ROUNDS rounds;
 * each round's check is 3 over the slowing, times its noise, and its
 * figure 2 over it with NOISE_FIGURE of its own.  Noise families of the
 * check, at spreads of 0.1% (this guest's quiet rounds: quartiles 2.9988
 * and 3.0014), 0.3% and 1%: normal; lognormal; outliers, a round in ten
 * whose multiply was itself slowed by up to 5% (reading high); phases,
 * the chain slowed in each round with probability one half (a stretch
 * that covers some rounds of the row).
 *
 * Flagged means recalibrated.  Targets: at the null, at most
 * FALSE_TARGET of rows flagged in every family at spreads up to 0.3%;
 * at slowings of 2% or more, at least POWER_TARGET flagged at those
 * spreads, but in phases (where the median round may be a quiet one).
 * The error is the median of |figure / 2 - 1| before and after: the
 * figure as the add chain read it against the figure under the clock
 * the check gave, and at the null the median signed error after (the
 * bias of taking the faster clock).
 *
 * Seeds are fixed; --quick runs fewer rows and exits 1 when a target is
 * missed.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/flags.h"
#include "core/rescale.h"
#include "core/stats.h"
#include "draws.h"

#define ROUNDS		5	/* characterize --quick's */
#define TRUTH		2.0	/* the body's cycles */
#define NOISE_FIGURE	0.001
#define FALSE_TARGET	0.01
#define POWER_TARGET	0.95

enum family { NORMAL, LOGNORMAL, OUTLIERS, PHASES, NFAMILY };
static const char *const family_name[] = { "normal", "lognormal",
    "outliers 10%", "phases" };
static const double spreads[] = { 0.001, 0.003, 0.01 };
static const double slowings[] = { 0, 0.005, 0.01, 0.02, 0.027, 0.04 };
#define NSPREAD	(sizeof(spreads) / sizeof(spreads[0]))
#define NSLOW	(sizeof(slowings) / sizeof(slowings[0]))

static void
body(uint64_t iters, void *ctx)
{
	(void)iters;
	(void)ctx;
}

static const struct cb_bench lat = { .name = "study/vector-add",
    .mode = CB_LATENCY, .ops = 1, .body = body };

static double
noise(struct stats_rng *g, enum family f, double s)
{
	switch (f) {
	case LOGNORMAL:
		return (exp(s * gauss(g)));
	case OUTLIERS:
		return ((1 + s * gauss(g)) * (uniform(g) < 0.1 ?
		    1 + 0.05 * uniform(g) : 1));
	default:
		return (1 + s * gauss(g));
	}
}

/* One row through the engine's own steps; *raw, its figure before. */
static struct cb_result
row(struct stats_rng *g, enum family f, double slowing, double s,
    struct cb_round *rounds, double *raw)
{
	double check[ROUNDS], fig[ROUNDS], slow;
	struct flag_facts facts = { .loop_cycles = 0.01, .precision = 0.01 };
	struct cb_result r;
	size_t k;

	memset(&r, 0, sizeof(r));
	for (k = 0; k < ROUNDS; k++) {
		slow = f == PHASES && uniform(g) < 0.5 ? 0 : slowing;
		check[k] = 3 / (1 + slow) * noise(g, f, s);
		fig[k] = TRUTH / (1 + slow) * (1 + NOISE_FIGURE * gauss(g));
		rounds[k] = (struct cb_round){ .median = fig[k],
		    .imul_check = check[k], .nsamples = 1 };
	}
	r.bench = &lat;
	r.status = CB_OK;
	r.method = CB_CYCLES_CALIBRATED;
	r.rounds = rounds;
	r.nrounds = ROUNDS;
	r.r2 = 1;
	r.ratio_before = r.ratio_after = 1;
	*raw = stats_median(fig, ROUNDS);
	r.samples = fig;	/* a sample a round is enough here */
	r.nsamples = ROUNDS;
	r.cycles = (struct cb_summary){ .min = *raw, .p10 = *raw,
	    .median = *raw, .p90 = *raw, .ci95_low = *raw,
	    .ci95_high = *raw };
	flags_median_ci(check, ROUNDS, &r.imul_check, &r.imul_low,
	    &r.imul_high);
	result_recalibrate(&r);
	facts.all_centre = r.cycles.median;
	r.flags = flags_of(&r, &facts);
	return (r);
}

int
main(int argc, char **argv)
{
	struct cb_round rounds[ROUNDS];
	struct stats_rng g;
	struct cb_result r;
	double *before, *after, *signed_after, raw, rate, bias = 0;
	size_t d, v, t, trials, flagged;
	int quick = argc > 1 && strcmp(argv[1], "--quick") == 0, missed = 0;
	enum family fam;

	trials = quick ? 1000 : 10000;
	if ((before = calloc(3 * trials, sizeof(*before))) == NULL)
		return (2);
	after = before + trials;
	signed_after = after + trials;
	printf("%-12s %6s", "family", "spread");
	for (v = 0; v < NSLOW; v++)
		printf("  %4.1f%% flag  before after", slowings[v] * 100);
	printf("  bias at 0\n");
	for (fam = 0; fam < NFAMILY; fam++) {
		for (d = 0; d < NSPREAD; d++) {
			printf("%-12s %5.1f%%", family_name[fam],
			    spreads[d] * 100);
			for (v = 0; v < NSLOW; v++) {
				stats_rng_seed(&g, 1000 * fam + 100 * d + v);
				for (t = flagged = 0; t < trials; t++) {
					r = row(&g, fam, slowings[v],
					    spreads[d], rounds, &raw);
					flagged += (r.flags &
					    CB_FLAG_RECALIBRATED) != 0;
					before[t] = fabs(raw / TRUTH - 1);
					signed_after[t] = r.cycles.median /
					    TRUTH - 1;
					after[t] = fabs(signed_after[t]);
				}
				rate = (double)flagged / (double)trials;
				printf("  %9.3f %6.4f %6.4f", rate,
				    stats_median(before, trials),
				    stats_median(after, trials));
				if (spreads[d] <= 0.003 && ((v == 0 &&
				    rate > FALSE_TARGET) || (fam != PHASES &&
				    slowings[v] >= 0.02 &&
				    rate < POWER_TARGET))) {
					printf(" MISSED");
					missed = 1;
				}
				if (v == 0)
					bias = stats_median(signed_after,
					    trials);
			}
			printf("  %+8.5f\n", bias);
		}
	}
	free(before);
	printf("%zu rows of %d rounds a cell; flag: share flagged "
	    "recalibrated; before, after: median error of the figure\n",
	    trials, ROUNDS);
	return (quick && missed ? 1 : 0);
}
