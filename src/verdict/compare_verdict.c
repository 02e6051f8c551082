/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Judging cells (verdict/compare_verdict.h).  A cell's alternatives are
 * its figure and, where both sides settle on as many levels, its levels
 * (below): a change of the code moves the levels, each by
 * its own ratio where it adds a fixed cost, while the host moves the
 * time spent at each.  The cell's p of a change is the lesser of the
 * figure's and the levels' times two (Bonferroni); its p of equivalence
 * is the greatest (every alternative must be shown within the margin),
 * and 1 where levels cannot be paired.  Then Benjamini-Hochberg across the
 * compare's tested cells, once for changes and once for equivalences.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/levels.h"
#include "core/stats.h"
#include "verdict/compare_verdict.h"

/* Tested, waiting for its verdict: what cmp_decide looks at. */
#define TESTED(c)	((c)->verdict == CMP_UNKNOWN && isfinite((c)->p))

/* Contended without a quiet figure: its figure is the host's phase. */
static int
contended_only(const struct cmp_side *d)
{
	return (!d->e.quiet && d->e.contended > CMP_CONTENDED);
}

/*
 * How far a mixture's figure may move from run to run as the time at
 * each level moves, as a log sd: a quarter of the span of its levels, or
 * of the 10th to 90th percentiles where most samples are in none.  What
 * one run a side cannot show and runs a side would.
 */
static double
mixture_sd(const struct cmp_side *d)
{
	struct stats_rounds sel;
	double *x, sd = 0;
	size_t n;
	void *mem;

	if (d->e.nlevels >= 2)
		return (log(d->e.levels[d->e.nlevels - 1].l.value /
		    d->e.levels[0].l.value) / 4);
	if (!(d->e.scattered >= CMP_SCATTERED) || contended_only(d) ||
	    est_select(&d->in, d->e.basis, -INFINITY, INFINITY, &sel,
	    &mem) != 0)
		return (0);
	n = stats_rounds_total(&sel);
	if (n >= 2) {
		x = mem;	/* est_select puts sel.x first in mem */
		stats_sort(x, n);
		sd = log(stats_quantile_sorted(x, n, 0.9) /
		    stats_quantile_sorted(x, n, 0.1)) / 4;
	}
	free(mem);
	return (isfinite(sd) ? sd : 0);
}

/* One alternative: x's runs against a's within their windows. */
static int
alternative(const struct cmp_side *a, const double wa[2],
    const struct cmp_side *x, const double wx[2],
    const struct cmp_prior *prior, double threshold, int figure,
    struct cmp_alt *alt)
{
	double *buf;
	struct cmp_reps ra, rx;
	size_t na = a->nruns + 1, nx = x->nruns + 1;
	int rc = -1;

	if ((buf = calloc(3 * (na + nx), sizeof(*buf))) == NULL) {
		alt->why = "out of memory";
		return (-1);
	}
	ra = (struct cmp_reps){ .v = buf, .se = buf + na };
	rx = (struct cmp_reps){ .v = buf + 2 * na, .se = buf + 2 * na + nx };
	ra.n = cmp_run_values(a, wa[0], wa[1], buf, buf + na,
	    buf + 2 * na + 2 * nx);
	rx.n = cmp_run_values(x, wx[0], wx[1], buf + 2 * na,
	    buf + 2 * na + nx, buf + 2 * na + 2 * nx + na);
	ra.se_df = buf[2 * na + 2 * nx];
	rx.se_df = buf[2 * na + 2 * nx + na];
	ra.bias = log(a->inflation);
	rx.bias = log(x->inflation);
	ra.mix = figure ? mixture_sd(a) : 0;
	rx.mix = figure ? mixture_sd(x) : 0;
	rc = cmp_test(&ra, &rx, prior, threshold, alt);
	free(buf);
	return (rc);
}

static void
take(struct cmp_cell *c, const struct cmp_alt *alt)
{
	c->tested = exp(alt->d);
	c->d = alt->d;
	c->se = alt->se;
	c->df = alt->df;
	c->bias_up = alt->bias_up;
	c->bias_down = alt->bias_down;
	c->basis = alt->basis;
	c->spread = alt->spread;
}

/*
 * The samples that belong to level i of e: those nearer it than any
 * other level (in logs), as far out on the open side as to the nearest
 * level.  Not the level's own span, which the data chose: values taken
 * within it lose their tails and look steadier than they are.
 */
static void
level_window(const struct est *e, size_t i, double w[2])
{
	const struct est_level *l = e->levels;
	size_t n = e->nlevels;

	w[0] = i > 0 ? sqrt(l[i - 1].l.value * l[i].l.value) :
	    l[0].l.value * sqrt(l[0].l.value / l[1].l.value);
	w[1] = i + 1 < n ? sqrt(l[i].l.value * l[i + 1].l.value) :
	    l[i].l.value * sqrt(l[i].l.value / l[i - 1].l.value);
}

/*
 * Whether the levels pair in order for sure: no level of one side sits
 * where a level of the other side of another rank does (within two
 * half-widths).  Where it does, that level stayed and the host moved the
 * time spent at the others, and pairing in order would pair it with its
 * neighbour; where none does, every level moved, as a change of the code
 * moves them, by one ratio or by one added cost.
 */
static int
sure_pairs(const struct est *a, const struct est *x)
{
	size_t i, j;

	for (i = 0; i < a->nlevels; i++)
		for (j = 0; j < a->nlevels; j++)
			if (j != i && fabs(log(x->levels[i].l.value /
			    a->levels[j].l.value)) <= 2 * LEVEL_HALF_WIDTH)
				return (0);
	return (1);
}

/*
 * The levels alternative, where both sides settle on as many levels, at
 * least two, each nearer its partner than any other (sure_pairs): a change only where every pair moved the
 * same way (an intersection-union test: its p is the greatest of the
 * pairs' one-sided p, and needs no correction), for a change of the code
 * moves every level, while a pairing the host confused moves one.  Its
 * change is the least of the pairs'.  Returns 1 when tested, 0 when
 * there are no levels, -1 when levels are there and cannot be paired.
 */
static int
levels(const struct cmp_side *a, const struct cmp_side *x,
    const struct cmp_prior *prior, double threshold, struct cmp_alt *out,
    double *p_same)
{
	struct cmp_alt alt, up, down;
	double wa[2], wx[2];
	size_t i;

	if (a->e.nlevels < 2 && x->e.nlevels < 2)
		return (0);
	if (a->e.nlevels != x->e.nlevels || !sure_pairs(&a->e, &x->e))
		return (-1);
	for (i = 0; i < a->e.nlevels; i++) {
		level_window(&a->e, i, wa);
		level_window(&x->e, i, wx);
		if (alternative(a, wa, x, wx, prior, threshold, 0, &alt) != 0)
			return (-1);
		*p_same = fmax(*p_same, alt.p_same);
		if (i == 0 || alt.p_up > up.p_up ||
		    (alt.p_up == up.p_up && alt.d < up.d))
			up = alt;
		if (i == 0 || alt.p_down > down.p_down ||
		    (alt.p_down == down.p_down && alt.d > down.d))
			down = alt;
	}
	*out = up.p_up <= down.p_down ? up : down;
	out->p = fmin(1, 2 * fmin(up.p_up, down.p_down));
	return (1);
}

void
cmp_judge(const struct cmp_side *a, const struct cmp_cell *base,
    const struct cmp_side *x, const struct cmp_prior *prior,
    double threshold, struct cmp_cell *c)
{
	static const double all[2] = { -INFINITY, INFINITY };
	struct cmp_alt fig, lv;
	int paired;

	c->ratio = c->tested = c->ci_low = c->ci_high = NAN;
	c->p = c->q = c->p_same = c->q_same = NAN;
	c->d = c->se = c->df = c->spread = NAN;
	c->bias_up = c->bias_down = 0;
	c->basis = CMP_BASIS_NONE;
	c->why = "";
	if (c->r == NULL) {
		c->verdict = CMP_MISSING;
		return;
	}
	if (!c->r->ok) {
		c->verdict = CMP_NOT_OK;
		return;
	}
	c->verdict = CMP_UNKNOWN;
	if (base == NULL) {
		c->verdict = CMP_BASELINE;
		return;
	}
	if (base->r == NULL || !base->r->ok || !(base->median > 0)) {
		c->why = "no baseline";
		return;
	}
	c->ratio = c->median / base->median;
	if (a->below_resolution || x->below_resolution) {
		c->why = cmp_why_resolution;
		return;
	}
	if (alternative(a, all, x, all, prior, threshold, 1, &fig) != 0) {
		c->why = fig.why;
		return;
	}
	take(c, &fig);
	c->p = fig.p;
	c->p_same = fig.p_same;
	paired = levels(a, x, prior, threshold, &lv, &c->p_same);
	if (paired < 0) {
		c->p_same = 1;
		c->why = "levels that cannot be paired";
	} else if (paired > 0) {
		/* Two alternatives: Bonferroni. */
		if (lv.p < fig.p)
			take(c, &lv);
		c->p = fmin(1, 2 * fmin(fig.p, lv.p));
	}
}

const char cmp_why_resolution[] = "below the loop's resolution";
const char cmp_why_assumed[] = "one session a side, its between-session "
    "spread assumed: more sessions a side or --noise may tell";

/* Why a tested cell is unknown. */
static const char *
unknown_why(const struct cmp_cell *c, int changed)
{
	if (c->why[0] != '\0')
		return (c->why);
	if (changed)
		return ("a change shown, not shown to reach the threshold");
	if (c->basis == CMP_BASIS_ASSUMED)
		return (cmp_why_assumed);
	return ("the interval spans the threshold: more runs a side may "
	    "tell");
}

int
cmp_decide(struct cmp_table *t)
{
	struct cmp_cell **cell;
	double *p, *q, *ps, *qs, m, alpha;
	size_t i, j, n = 0;
	int changed, past;

	for (i = 0; i < t->nrows; i++)
		for (j = 1; j < t->ninputs; j++)
			n += TESTED(&t->rows[i].cells[j]);
	t->ntested = n;
	t->nchanged = 0;
	if (n == 0)
		return (0);
	cell = calloc(n, sizeof(struct cmp_cell *));
	p = calloc(4 * n, sizeof(*p));
	if (cell == NULL || p == NULL) {
		free(cell);
		free(p);
		return (-1);
	}
	q = p + n;
	ps = p + 2 * n;
	qs = p + 3 * n;
	for (i = n = 0; i < t->nrows; i++)
		for (j = 1; j < t->ninputs; j++)
			if (TESTED(&t->rows[i].cells[j])) {
				cell[n] = &t->rows[i].cells[j];
				p[n] = cell[n]->p;
				ps[n] = cell[n]->p_same;
				n++;
			}
	stats_bh_adjust(p, n, q);
	stats_bh_adjust(ps, n, qs);
	m = log1p(t->threshold);
	for (i = 0; i < n; i++) {
		cell[i]->q = q[i];
		cell[i]->q_same = qs[i];
		changed = q[i] <= CMP_FDR;
		past = cell[i]->d - cell[i]->bias_up >= m ? 1 :
		    cell[i]->d + cell[i]->bias_down <= -m ? -1 : 0;
		if (changed && past != 0) {
			cell[i]->verdict = past > 0 ? CMP_SLOWER : CMP_FASTER;
			t->nchanged++;
		} else if (qs[i] <= CMP_FDR)
			cell[i]->verdict = CMP_SAME;
		else
			cell[i]->why = unknown_why(cell[i], changed);
	}
	/* Intervals that keep their coverage among the cells picked out. */
	alpha = 1 - cmp_ci_level(t);
	for (i = 0; i < n; i++)
		cmp_alt_interval(cell[i]->d, cell[i]->se, cell[i]->df,
		    cell[i]->bias_up, cell[i]->bias_down, alpha,
		    &cell[i]->ci_low, &cell[i]->ci_high);
	free(cell);
	free(p);
	return (0);
}

double
cmp_ci_level(const struct cmp_table *t)
{
	if (t->ntested == 0)
		return (1 - CMP_FDR);
	return (1 - CMP_FDR * (double)(t->nchanged > 0 ? t->nchanged : 1) /
	    (double)t->ntested);
}
