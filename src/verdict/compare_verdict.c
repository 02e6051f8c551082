/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Judging a cell (verdict/compare_verdict.h), over rounds: the unit of
 * replication is the round, never the sample.  A plain side is tested on
 * its round medians: the exact rank-sum test, the bootstrap interval of
 * the ratio of medians and the threshold must all agree.  A side that
 * is a mixture is tested level by level where its levels pair surely;
 * one contended throughout is bounded by how much contention slowed its
 * probe; and mixtures whose levels tell nothing are real only where every
 * round of one side lies beyond every round of the other.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/levels.h"
#include "core/stats.h"
#include "verdict/compare_verdict.h"

/* Contended without a quiet figure: its figure is the host's phase. */
static int
contended_only(const struct cmp_side *d)
{
	return (!d->e.quiet && d->e.contended > CMP_CONTENDED);
}

/*
 * Whether a side's figure is a mixture that moves with the share of time
 * at each level rather than with the code: several levels, contention
 * without a quiet figure, or most samples in no level at all (a
 * contended continuum that a file without a probe cannot name).
 */
static int
mixture(const struct cmp_side *d)
{
	return (d->e.nlevels >= 2 || contended_only(d) ||
	    d->e.scattered >= CMP_SCATTERED);
}

/*
 * The test of one pair of replicate sets: rank-sum p, the ratio of
 * medians and its interval; 1 (real), 0 (not shown), -1 (not testable).
 */
static int
test_rounds(const double *a, size_t na, const double *x, size_t nx,
    double threshold, uint64_t seed, struct cmp_cell *c)
{
	double u, ma, mx;

	if (na < CMP_MIN_ROUNDS || nx < CMP_MIN_ROUNDS ||
	    stats_rank_sum_min_p(na, nx) >= CMP_ALPHA)
		return (-1);
	ma = stats_median(a, na);
	mx = stats_median(x, nx);
	if (!(ma > 0))
		return (-1);
	c->tested = mx / ma;
	stats_mann_whitney_exact(a, na, x, nx, &u, &c->p);
	stats_bootstrap_ratio_ci(a, na, x, nx, CMP_RESAMPLES, seed,
	    &c->ci_low, &c->ci_high);
	if (isnan(c->p) || isnan(c->ci_low))
		return (-1);
	return (c->p < CMP_ALPHA && (c->ci_low > 1 || c->ci_high < 1) &&
	    fabs(c->tested - 1) >= threshold);
}

/* A level against its counterpart: the test of their rounds; 1: real. */
static int
level_pair(const struct cmp_side *a, const struct est_level *la,
    const struct cmp_side *x, const struct est_level *lx, double threshold,
    uint64_t seed, double *ra, double *rx, struct cmp_cell *pair)
{
	size_t na, nx;

	memset(pair, 0, sizeof(*pair));
	pair->tested = pair->p = pair->ci_low = pair->ci_high = NAN;
	na = est_round_values(&a->in, &a->e, la->l.lo, la->l.hi, ra);
	nx = est_round_values(&x->in, &x->e, lx->l.lo, lx->l.hi, rx);
	return (test_rounds(ra, na, rx, nx, threshold, seed, pair) == 1);
}

/* The share of a side's basis below its lowest level (strays only?). */
static double
below_floor(const struct cmp_side *d)
{
	struct stats_rounds sel;
	double share;
	void *mem;

	if (d->e.nbasis == 0 || est_select(&d->in, d->e.basis, -INFINITY,
	    d->e.levels[0].l.lo * (1 - 1e-12), &sel, &mem) != 0)
		return (1);
	share = (double)stats_rounds_total(&sel) / (double)d->e.nbasis;
	free(mem);
	return (share);
}

/*
 * Level by level.  A level that one side visited and the other did not
 * is a change in the time spent at each level, which a host's phases
 * make from run to run (by process as well as by time); what a change of
 * the code makes is every level moving by one ratio.  So levels are
 * paired only where the pairing is sure: both sides settle on the same
 * number of levels, at least two, and they pair in order; or each side's
 * lowest level is its floor, with nothing below it but strays (the
 * samples above a floor are contention, which only slows), and the two
 * floors pair.  The difference is real when every pair differs for
 * real, all by one ratio (to within two level half-widths).  The cell
 * shows the change of the largest level paired.
 */
static void
judge_levels(const struct cmp_side *a, const struct cmp_side *x,
    double threshold, uint64_t seed, struct cmp_cell *c)
{
	const struct est_level *main = NULL;
	struct cmp_cell pair;
	double *ra, *rx, lo = INFINITY, hi = -INFINITY;
	size_t i, npairs;
	int real = 1;

	c->verdict = CMP_SAME;
	c->why = "levels";
	if (a->e.nlevels == 0 || x->e.nlevels == 0) {
		c->why = "no level holds";
		return;
	}
	if (a->e.nlevels >= 2 && a->e.nlevels == x->e.nlevels)
		npairs = x->e.nlevels;
	else if (below_floor(a) < CMP_FLOOR_STRAYS &&
	    below_floor(x) < CMP_FLOOR_STRAYS) {
		npairs = 1;
		c->why = "floors";
	} else {
		c->why = "levels that cannot be paired";
		return;
	}
	ra = calloc(a->in.s.nrounds + 1, sizeof(double));
	rx = calloc(x->in.s.nrounds + 1, sizeof(double));
	for (i = 0; ra != NULL && rx != NULL && i < npairs; i++) {
		real &= level_pair(a, &a->e.levels[i], x, &x->e.levels[i],
		    threshold, seed + i, ra, rx, &pair);
		lo = fmin(lo, pair.tested);
		hi = fmax(hi, pair.tested);
		if (main == NULL || x->e.levels[i].l.share > main->l.share) {
			main = &x->e.levels[i];
			c->tested = pair.tested;
			c->p = pair.p;
			c->ci_low = pair.ci_low;
			c->ci_high = pair.ci_high;
		}
	}
	free(ra);
	free(rx);
	if (main == NULL)
		c->verdict = CMP_UNTESTED;
	else if (real && hi / lo - 1 <= 2 * LEVEL_HALF_WIDTH)
		c->verdict = CMP_DIFFERENT;
}

/*
 * The test of a's rounds against x's, each side's round values taken
 * over its samples in a window [w[0], w[1]]; 1 (real), 0, -1 (not
 * testable).  span, when not NULL, gets the extremes of the round values:
 * a's least and greatest, then x's.
 */
static int
test_windows(const struct cmp_side *a, const double wa[2],
    const struct cmp_side *x, const double wx[2], double threshold,
    uint64_t seed, struct cmp_cell *c, double span[4])
{
	double *ra, *rx;
	size_t na, nx;
	int rc = -1;

	ra = calloc(a->in.s.nrounds + 1, sizeof(double));
	rx = calloc(x->in.s.nrounds + 1, sizeof(double));
	if (ra != NULL && rx != NULL) {
		na = est_round_values(&a->in, &a->e, wa[0], wa[1], ra);
		nx = est_round_values(&x->in, &x->e, wx[0], wx[1], rx);
		rc = test_rounds(ra, na, rx, nx, threshold, seed, c);
		if (rc >= 0 && span != NULL) {
			stats_sort(ra, na);
			stats_sort(rx, nx);
			span[0] = ra[0];
			span[1] = ra[na - 1];
			span[2] = rx[0];
			span[3] = rx[nx - 1];
		}
	}
	free(ra);
	free(rx);
	return (rc);
}

/* How much contention may have slowed a side's figure: 1 when quiet. */
static double
side_inflation(const struct cmp_side *d)
{
	return (contended_only(d) ? d->inflation : 1);
}

/*
 * A side contended throughout, against a quiet side or another such.
 * Contention only slows, and by no more than the probe was slowed (its
 * inflation): a contended side's figure overstates its cost by at most
 * that.  Each contended side is taken at its floor (its lowest level, or
 * all its rounds where no level holds), and the difference is real only
 * where it survives both bounds: slower beyond the slower side's
 * inflation, or faster beyond the baseline's.
 */
static void
judge_bounded(const struct cmp_side *a, const struct cmp_side *x,
    double threshold, uint64_t seed, struct cmp_cell *c)
{
	const struct cmp_side *d[2] = { a, x };
	double w[2][2];
	size_t k;
	int rc;

	for (k = 0; k < 2; k++) {
		w[k][0] = -INFINITY;
		w[k][1] = INFINITY;
		if (contended_only(d[k]) && d[k]->e.nlevels > 0) {
			w[k][0] = d[k]->e.levels[0].l.lo;
			w[k][1] = d[k]->e.levels[0].l.hi;
		}
	}
	rc = test_windows(a, w[0], x, w[1], threshold, seed, c, NULL);
	c->verdict = CMP_UNTESTED;
	c->why = "contended throughout, too few rounds at its floor";
	if (rc < 0)
		return;
	c->verdict = rc == 1 && (c->tested / side_inflation(x) > 1 ||
	    c->tested * side_inflation(a) < 1) ? CMP_DIFFERENT : CMP_SAME;
	c->why = c->verdict == CMP_DIFFERENT ?
	    "contended: beyond what contention explains" : rc == 1 ?
	    "contended: within what contention explains" :
	    "contended: floors";
}

/*
 * Mixtures whose levels tell nothing can still have moved apart: every
 * round of one side beyond every round of the other, by more than the
 * threshold after the contention bounds.  No change in the time spent
 * at each level does that; new levels do.
 */
static void
judge_apart(const struct cmp_side *a, const struct cmp_side *x,
    double threshold, uint64_t seed, struct cmp_cell *c)
{
	static const double all[2] = { -INFINITY, INFINITY };
	double span[4];

	if (test_windows(a, all, x, all, threshold, seed, c, span) != 1)
		return;
	if (span[2] / side_inflation(x) > span[1] * (1 + threshold) ||
	    span[3] < span[0] / side_inflation(a) * (1 - threshold)) {
		c->verdict = CMP_DIFFERENT;
		c->why = "every round apart";
	}
}


void
cmp_judge(const struct cmp_side *a, const struct cmp_cell *base,
    const struct cmp_side *x, struct cmp_cell *c, double threshold,
    uint64_t seed)
{
	static const double all[2] = { -INFINITY, INFINITY };
	struct cmp_cell other;
	int rc;

	c->ratio = c->tested = c->ci_low = c->ci_high = c->p = NAN;
	c->why = "";
	if (c->r == NULL) {
		c->verdict = CMP_MISSING;
		return;
	}
	if (!c->r->ok) {
		c->verdict = CMP_NOT_OK;
		return;
	}
	c->verdict = CMP_UNTESTED;
	if (base == NULL || base->r == NULL || !base->r->ok ||
	    !(base->median > 0))
		return;
	c->ratio = c->median / base->median;
	if (a->below_resolution || x->below_resolution) {
		c->why = "below the loop's resolution";
		return;
	}
	if (a->e.rounds < CMP_MIN_ROUNDS || x->e.rounds < CMP_MIN_ROUNDS ||
	    stats_rank_sum_min_p(a->e.rounds, x->e.rounds) >= CMP_ALPHA) {
		c->why = "too few rounds to show a difference (a file from "
		    "before rounds is one round; give several runs a side)";
		return;
	}
	if ((a->e.quiet && contended_only(x)) ||
	    (x->e.quiet && contended_only(a))) {
		judge_bounded(a, x, threshold, seed, c);
		return;
	}
	if (mixture(a) || mixture(x)) {
		judge_levels(a, x, threshold, seed, c);
		/* Levels that tell nothing: the bounds, or the rounds, may. */
		if (c->verdict == CMP_DIFFERENT)
			return;
		other = *c;
		if (contended_only(a) && contended_only(x))
			judge_bounded(a, x, threshold, seed, &other);
		if (other.verdict != CMP_DIFFERENT) {
			other = *c;
			judge_apart(a, x, threshold, seed, &other);
		}
		if (other.verdict == CMP_DIFFERENT)
			*c = other;
		return;
	}
	rc = test_windows(a, all, x, all, threshold, seed, c, NULL);
	c->verdict = rc < 0 ? CMP_UNTESTED : rc ? CMP_DIFFERENT : CMP_SAME;
}
