/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Simulated results files (sim_results.h).  Every row of a run is drawn
 * from one generator seeded by the caller, so a file is a function of
 * its seed.  The cost of a sample is
 *
 *	(base * level * ratio + add) * phase * cal * drift * round
 *	    * (1 + sigma_sample * N) * slow,
 *
 * ratio and add only in side B's changed rows (and rounds); phase the
 * run's host phase for the row, cal the run's calibration error, drift
 * (1 + drift * pass), round the round's effect, slow the contention's
 * (1 + c * U) where the probe read (1 + c) times its floor, c uniform
 * in 10-60%.  The level is drawn per sample from shares that move by
 * run and by round; a rare level holds a whole round.  The file's probe
 * floor is what a run computes: the 2nd percentile of its readings.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "sim_results.h"

static double
uniform(struct stats_rng *g)
{
	return ((double)(stats_rng_next(g) >> 11) * 0x1p-53);
}

/* A standard normal draw (Box-Muller; the second value is dropped). */
static double
normal(struct stats_rng *g)
{
	double u = uniform(g), v = uniform(g);

	return (sqrt(-2 * log(1 - u)) * cos(2 * M_PI * v));
}

/* Quantised, a cost is whole cycles: a change by one is then exact. */
double
sim_base(const struct sim_model *m, size_t row)
{
	double b = m->base_lo * pow(m->base_hi / m->base_lo,
	    (double)row / (SIM_ROWS - 1));

	return (m->quantise ? round(b) : b);
}

/* Changed rows are spread evenly over the rows (and their costs). */
static int
changed(const struct sim_change *c, size_t row)
{
	return (floor((double)(row + 1) * c->rows) > floor((double)row *
	    c->rows));
}

double
sim_truth(const struct sim_model *m, const struct sim_change *c,
    size_t row)
{
	double b = sim_base(m, row);

	return (changed(c, row) ? (b * c->ratio + c->add) / b : 1);
}

/* This run's shares of the levels, moved by sd and normalised. */
static void
move_shares(const double *share, size_t n, double sd, struct stats_rng *g,
    double *out)
{
	double sum = 0;
	size_t j;

	for (j = 0; j < n; j++) {
		out[j] = fmax(0.02, share[j] + sd * normal(g));
		sum += out[j];
	}
	for (j = 0; j < n; j++)
		out[j] /= sum;
}

static size_t
pick_level(const double *share, size_t n, struct stats_rng *g)
{
	double u = uniform(g);
	size_t j;

	for (j = 0; j + 1 < n; j++)
		if ((u -= share[j]) < 0)
			break;
	return (j);
}

/* One round's samples (and probe readings) of row i into x and p. */
static void
draw_round(const struct sim_model *m, const struct sim_change *c,
    int side, unsigned rd, size_t row, double scale,
    const double *run_share, struct stats_rng *g, double *x, double *p)
{
	double share[SIM_MAX_LEVELS], cost, lev, k, eff;
	size_t n = m->nlevels > 1 ? m->nlevels : 1;
	int chg;
	unsigned s;

	chg = side == 1 && changed(c, row) && (c->of_rounds == 0 ||
	    rd % 10 < c->of_rounds);
	move_shares(run_share, n, m->share_sd / 2, g, share);
	eff = scale * (1 + m->sigma_round * normal(g));
	lev = m->rare > 0 && uniform(g) < m->rare ? m->rare_level : 0;
	for (s = 0; s < m->samples; s++) {
		cost = sim_base(m, row) * (lev > 0 ? lev : n > 1 ?
		    m->level[pick_level(share, n, g)] : 1);
		if (chg)
			cost = cost * c->ratio + c->add;
		x[s] = cost * eff * (1 + m->sigma_sample * normal(g));
		p[s] = 1 + fabs(0.004 * normal(g));
		if (m->contended[side] > 0 && uniform(g) < m->contended[side]) {
			k = 0.1 + 0.5 * uniform(g);
			p[s] = 1 + k;
			x[s] *= 1 + k * uniform(g);
		}
		if (m->quantise)
			x[s] = fmax(1, round(x[s]));
	}
}

static void
put_array(FILE *fp, const char *key, const double *v, size_t n)
{
	size_t i;

	fprintf(fp, "\"%s\":[", key);
	for (i = 0; i < n; i++)
		fprintf(fp, "%s%.9g", i ? "," : "", v[i]);
	fprintf(fp, "],");
}

/* The cycles summary: the reader wants its keys, compare its samples. */
static void
put_summary(FILE *fp, const double *x, size_t n)
{
	double *s, mean = 0;
	size_t i;

	if ((s = malloc(n * sizeof(*s))) == NULL)
		return;
	memcpy(s, x, n * sizeof(*s));
	stats_sort(s, n);
	for (i = 0; i < n; i++)
		mean += s[i] / (double)n;
	fprintf(fp, "\"cycles\":{\"min\":%.17g,\"p10\":%.17g,"
	    "\"median\":%.17g,\"p90\":%.17g,\"p99\":%.17g,\"max\":%.17g,"
	    "\"mean\":%.17g,\"cv\":null,\"ci95_low\":null,\"ci95_high\":null},",
	    s[0], stats_quantile_sorted(s, n, 0.1),
	    stats_quantile_sorted(s, n, 0.5), stats_quantile_sorted(s, n, 0.9),
	    stats_quantile_sorted(s, n, 0.99), s[n - 1], mean);
	free(s);
}

static void
put_result(FILE *fp, const struct sim_model *m, size_t row, const double *x,
    const double *p, double pfloor)
{
	size_t n = (size_t)m->rounds * m->samples;
	unsigned r;

	fprintf(fp, "%s{\"name\":\"sim/row-%02zu\",\"group\":\"sim\","
	    "\"params\":{},\"mode\":\"latency\",\"status\":\"ok\","
	    "\"reason\":null,\"method\":\"calibrated\",", row ? "," : "", row);
	put_summary(fp, x, n);
	fprintf(fp, "\"ns\":{\"min\":null,\"p10\":null,\"median\":null,"
	    "\"p90\":null,\"p99\":null,\"max\":null,\"mean\":null,\"cv\":null,"
	    "\"ci95_low\":null,\"ci95_high\":null},");
	put_array(fp, "samples", x, n);
	put_array(fp, "probe", p, n);
	fprintf(fp, "\"rounds\":[");
	for (r = 0; r < m->rounds; r++)
		fprintf(fp, "%s{\"samples\":%u}", r ? "," : "", m->samples);
	fprintf(fp, "],\"estimate\":{\"probe_floor\":%.17g,\"scattered\":0},"
	    "\"levels\":[],\"flags\":[]}", pfloor);
}

/* Each run an hour after the one before: its own session, as each run
   has a host phase of its own here (verdict/compare_side.h). */
static void
put_head(FILE *fp, int side, unsigned run)
{
	fprintf(fp, "{\"format\":\"cyclebench-results\",\"schema_version\":2,"
	    "\"tool\":{\"name\":\"cyclebench\",\"version\":\"0.2.0\"},"
	    "\"machine\":{\"cpu_vendor\":\"GenuineIntel\","
	    "\"cpu_brand\":\"Simulated CPU\",\"cpu_family\":6,"
	    "\"cpu_model\":207,\"cpu_stepping\":2,\"codename\":null,"
	    "\"microcode\":\"0x1\",\"tsc_hz\":2.3e9,\"tsc_source\":null,"
	    "\"cycles_per_tick\":1.3,\"cycle_method\":\"calibrated\","
	    "\"cycle_source\":null,\"os\":\"Linux\",\"kernel\":\"6.1\","
	    "\"arch\":\"x86_64\",\"mitigations\":{},\"hypervisor\":\"KVM\"},"
	    "\"run\":{\"started_at\":\"2026-12-%02uT%02u:00:00Z\","
	    "\"argv\":[\"sim\",\"%c%u\"],\"partial\":false},"
	    "\"results\":[", 1 + (unsigned)side, run % 24, 'A' + side, run);
}

char *
sim_file(const struct sim_model *m, const struct sim_change *c, int side,
    unsigned run, uint64_t seed, size_t *len)
{
	size_t per = (size_t)m->rounds * m->samples, all = SIM_ROWS * per;
	double share[SIM_MAX_LEVELS] = { 1 }, cal, scale, pfloor, *x, *p, *q;
	struct stats_rng g;
	size_t i, n = m->nlevels > 1 ? m->nlevels : 1;
	unsigned r;
	char *out = NULL;
	FILE *fp;

	x = malloc(all * sizeof(*x));
	p = malloc(all * sizeof(*p));
	q = malloc(all * sizeof(*q));
	if (x == NULL || p == NULL || q == NULL)
		goto done;
	stats_rng_seed(&g, seed);
	cal = 1 + m->cal_err * normal(&g);
	if (n > 1)
		move_shares(m->share, n, m->share_sd, &g, share);
	for (i = 0; i < SIM_ROWS; i++) {
		scale = cal * (1 + m->drift * run) *
		    (1 + m->sigma_run * normal(&g));
		for (r = 0; r < m->rounds; r++)
			draw_round(m, c, side, r, i, scale, share, &g,
			    x + i * per + r * m->samples,
			    p + i * per + r * m->samples);
	}
	memcpy(q, p, all * sizeof(*q));
	stats_sort(q, all);
	pfloor = stats_quantile_sorted(q, all, 0.02);
	if ((fp = open_memstream(&out, len)) == NULL)
		goto done;
	put_head(fp, side, run);
	for (i = 0; i < SIM_ROWS; i++)
		put_result(fp, m, i, x + i * per, p + i * per, pfloor);
	fprintf(fp, "]}\n");
	if (fclose(fp) != 0) {
		free(out);
		out = NULL;
	}
done:
	free(x);
	free(p);
	free(q);
	return (out);
}
