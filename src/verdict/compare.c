/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Matching runs and judging differences, over rounds (verdict/compare.h).
 * The rounds of a side pool from all its files; the estimate of each
 * side is the one the run printed, computed again here from the samples
 * the files keep.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/estimate.h"
#include "core/stats.h"
#include "verdict/compare.h"

static int
warn(struct cmp_table *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
warn(struct cmp_table *t, const char *fmt, ...)
{
	char **w;
	va_list ap;
	int rc;

	w = realloc(t->warnings, (t->nwarnings + 1) * sizeof(*w));
	if (w == NULL)
		return (-1);
	t->warnings = w;
	va_start(ap, fmt);
	rc = vasprintf(&w[t->nwarnings], fmt, ap);
	va_end(ap);
	if (rc < 0)
		return (-1);
	t->nwarnings++;
	return (0);
}

/* FNV-1a: a seed per row, so a verdict does not depend on row order. */
static uint64_t
seed_of(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (h);
}

/* One side's rounds of one row, pooled from its files, and its estimate. */
struct side {
	struct est_input in;
	struct est	 e;
	double		*x, *probe;
	size_t		*count;
	int		 estimated;
	int		 below_resolution;
	double		 inflation;	/* how much slower the probe ran when
					   contended: 90th percentile */
};

static void
side_free(struct side *d)
{
	if (d->estimated)
		est_free(&d->e);
	free(d->x);
	free(d->probe);
	free(d->count);
	memset(d, 0, sizeof(*d));
}

/* The first result of side `in' for `key' in each of its files. */
static const struct rs_result *
find_in(const struct rs_file *f, const char *key)
{
	size_t j;

	for (j = 0; j < f->nresults; j++)
		if (strcmp(f->results[j].key, key) == 0)
			return (&f->results[j]);
	return (NULL);
}

static int
has_flag(const char *flags, const char *flag)
{
	size_t n = strlen(flag);
	const char *p;

	for (p = flags; (p = strstr(p, flag)) != NULL; p += n)
		if ((p == flags || p[-1] == ',') && (p[n] == '\0' ||
		    p[n] == ','))
			return (1);
	return (0);
}

/* Add the flags of `more' to the cell's list, each once. */
static void
add_flags(struct cmp_cell *c, const char *more)
{
	char word[64];
	size_t n, used;

	while (*more != '\0') {
		n = strcspn(more, ",");
		snprintf(word, sizeof(word), "%.*s", (int)n, more);
		used = strlen(c->flags);
		if (word[0] != '\0' && !has_flag(c->flags, word))
			snprintf(c->flags + used, sizeof(c->flags) - used,
			    "%s%s", used ? "," : "", word);
		more += n + (more[n] == ',');
	}
}

/*
 * How much contention slowed the probe on this side: the 90th percentile
 * of its contended readings over the floor (1 when none).  Contention
 * slows nothing more than it slows the front end, so a contended figure
 * may be inflated by up to this much, and no more.
 */
static double
inflation(const struct est_input *in)
{
	double *r, f = 1;
	size_t i, n = 0, total;

	total = stats_rounds_total(&in->s);
	if (in->probe == NULL || !isfinite(in->probe_floor) ||
	    (r = malloc((total + 1) * sizeof(*r))) == NULL)
		return (1);
	for (i = 0; i < total; i++)
		if (est_contended(in->probe[i], in->probe_floor))
			r[n++] = in->probe[i] / in->probe_floor;
	if (n > 0) {
		stats_sort(r, n);
		f = stats_quantile_sorted(r, n, 0.9);
	}
	free(r);
	return (f);
}

/*
 * Pool the side's ok results for `key' into d and estimate them; the
 * cell gets its figure.  A side where the row failed in any file is
 * not ok: that result stands for it.
 */
static int
side_build(const struct cmp_input *in, const char *key, struct cmp_cell *c,
    struct side *d)
{
	const struct rs_result *r;
	size_t i, k, n = 0, rounds = 0, at = 0, ra = 0;
	double contended;

	memset(d, 0, sizeof(*d));
	for (i = 0; i < in->nfiles; i++) {
		if ((r = find_in(&in->f[i], key)) == NULL)
			continue;
		if (c->r == NULL || (c->r->ok && !r->ok))
			c->r = r;
		add_flags(c, r->flags);
		n += r->nsamples;
		rounds += r->nrounds;
	}
	if (c->r == NULL || !c->r->ok)
		return (0);
	d->x = malloc((n + 1) * sizeof(double));
	d->probe = malloc((n + 1) * sizeof(double));
	d->count = calloc(rounds + 1, sizeof(size_t));
	if (d->x == NULL || d->probe == NULL || d->count == NULL)
		return (-1);
	for (i = 0; i < in->nfiles; i++) {
		if ((r = find_in(&in->f[i], key)) == NULL)
			continue;
		if (r->nsamples > 0)
			memcpy(d->x + at, r->samples,
			    r->nsamples * sizeof(double));
		for (k = 0; k < r->nsamples; k++)
			d->probe[at + k] = r->probe != NULL ? r->probe[k] : NAN;
		at += r->nsamples;
		for (k = 0; k < r->nrounds; k++)
			d->count[ra++] = r->count[k];
	}
	d->in.s.x = d->x;
	d->in.s.count = d->count;
	d->in.s.nrounds = rounds;
	d->in.probe = d->probe;
	d->in.probe_floor = in->probe_floor;
	d->below_resolution = has_flag(c->flags, "below-resolution");
	if (estimate(&d->in, 0, 0, &d->e) != 0)
		return (-1);
	d->estimated = 1;
	d->inflation = inflation(&d->in);
	/*
	 * A quiet figure on too few rounds to test is no use here: judge
	 * the side on all its samples, as contended (a mixture).
	 */
	if (d->e.quiet && d->e.rounds < CMP_QUIET_ROUNDS) {
		contended = d->e.contended;
		est_free(&d->e);
		d->estimated = 0;
		d->in.probe = NULL;
		if (estimate(&d->in, 0, 0, &d->e) != 0)
			return (-1);
		d->estimated = 1;
		d->e.contended = contended;
	}
	c->median = d->e.centre;
	c->rounds = d->e.rounds;
	c->quiet = d->e.quiet;
	c->contended = d->e.contended;
	c->nlevels = 0;
	if (d->e.nlevels >= 2) {
		for (k = 0; k < d->e.nlevels; k++) {
			c->levels[k].value = d->e.levels[k].l.value;
			c->levels[k].share = d->e.levels[k].l.share;
		}
		c->nlevels = d->e.nlevels;
		c->scattered = d->e.scattered;
	}
	return (0);
}

/* Contended without a quiet figure: its figure is the host's phase. */
static int
contended_only(const struct side *d)
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
mixture(const struct side *d)
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
level_pair(const struct side *a, const struct est_level *la,
    const struct side *x, const struct est_level *lx, double threshold,
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
below_floor(const struct side *d)
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
judge_levels(const struct side *a, const struct side *x, double threshold,
    uint64_t seed, struct cmp_cell *c)
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
test_windows(const struct side *a, const double wa[2], const struct side *x,
    const double wx[2], double threshold, uint64_t seed, struct cmp_cell *c,
    double span[4])
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
side_inflation(const struct side *d)
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
judge_bounded(const struct side *a, const struct side *x, double threshold,
    uint64_t seed, struct cmp_cell *c)
{
	const struct side *d[2] = { a, x };
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
judge_apart(const struct side *a, const struct side *x, double threshold,
    uint64_t seed, struct cmp_cell *c)
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

static void
judge(const struct side *a, const struct cmp_cell *base, const struct side *x,
    struct cmp_cell *c, double threshold, uint64_t seed)
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

static struct cmp_row *
find_row(struct cmp_table *t, const char *key)
{
	size_t i;

	/*
	 * rows[0..nrows) all have first set: match() sets it as it counts
	 * the row.  The analyzer loses nrows == 0 across cmp_build's calls.
	 */
	for (i = 0; i < t->nrows; i++)
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		if (strcmp(t->rows[i].first->key, key) == 0)
			return (&t->rows[i]);
	return (NULL);
}

/* Warn once per file about a row it lists twice: the first is used. */
static int
duplicates(struct cmp_table *t, const struct rs_file *f, char letter)
{
	size_t i, j;

	for (i = 0; i < f->nresults; i++)
		for (j = 0; j < i; j++)
			if (strcmp(f->results[i].key, f->results[j].key) == 0) {
				if (warn(t, "%c has %s%s%s more than once; the "
				    "first is used", letter,
				    f->results[i].name,
				    f->results[i].params[0] ? " " : "",
				    f->results[i].params) != 0)
					return (-1);
				break;
			}
	return (0);
}

/* Rows in order of first appearance: the baseline's order, then extras. */
static int
match(struct cmp_table *t)
{
	const struct cmp_input *in;
	const struct rs_result *r;
	struct cmp_row *row;
	struct side base, other;
	size_t i, j, k, cap = 0;

	for (i = 0; i < t->ninputs; i++)
		for (k = 0; k < t->inputs[i].nfiles; k++)
			cap += t->inputs[i].f[k].nresults;
	if (cap == 0)
		return (0);
	if ((t->rows = calloc(cap, sizeof(*t->rows))) == NULL)
		return (-1);
	for (i = 0; i < t->ninputs; i++) {
		in = &t->inputs[i];
		for (k = 0; k < in->nfiles; k++) {
			if (duplicates(t, &in->f[k], CMP_LETTER(i)) != 0)
				return (-1);
			for (j = 0; j < in->f[k].nresults; j++) {
				r = &in->f[k].results[j];
				if (find_row(t, r->key) != NULL)
					continue;
				row = &t->rows[t->nrows++];
				row->first = r;
				row->cells = calloc(t->ninputs,
				    sizeof(*row->cells));
				if (row->cells == NULL)
					return (-1);
			}
		}
	}
	for (i = 0; i < t->nrows; i++) {
		row = &t->rows[i];
		for (j = 0; j < t->ninputs; j++)
			row->cells[j].median = NAN;
		if (side_build(&t->inputs[0], row->first->key, &row->cells[0],
		    &base) != 0) {
			side_free(&base);
			return (-1);
		}
		judge(&base, NULL, &base, &row->cells[0], t->threshold, 0);
		if (row->cells[0].verdict == CMP_UNTESTED)
			row->cells[0].verdict = CMP_BASELINE;
		for (j = 1; j < t->ninputs; j++) {
			if (side_build(&t->inputs[j], row->first->key,
			    &row->cells[j], &other) != 0) {
				side_free(&other);
				side_free(&base);
				return (-1);
			}
			judge(&base, &row->cells[0], &other, &row->cells[j],
			    t->threshold, seed_of(row->first->key) + j);
			side_free(&other);
		}
		side_free(&base);
	}
	return (0);
}

/* The quiet probe reading of a file: any result's, all share the run's. */
static double
file_floor(const struct rs_file *f)
{
	size_t i;

	for (i = 0; i < f->nresults; i++)
		if (isfinite(f->results[i].probe_floor))
			return (f->results[i].probe_floor);
	return (NAN);
}

static int
same_cpu(const struct rs_file *a, const struct rs_file *b)
{
	return (strcmp(a->machine.cpu_brand, b->machine.cpu_brand) == 0 &&
	    a->machine.cpu_family == b->machine.cpu_family &&
	    a->machine.cpu_model == b->machine.cpu_model);
}

/*
 * Every side's probe floor: the lowest reading of any file on the same
 * kind of CPU.  A run that was contended from start to end has a floor
 * above the quiet one, and only another run's floor can show it: judged
 * by the lower floor, its samples are seen as contended, not as quiet.
 */
static int
probe_floors(struct cmp_table *t)
{
	const struct rs_file *f, *g;
	size_t i, j, k, l;
	double fl, own;

	for (i = 0; i < t->ninputs; i++) {
		t->inputs[i].probe_floor = NAN;
		for (k = 0; k < t->inputs[i].nfiles; k++) {
			f = &t->inputs[i].f[k];
			own = fl = file_floor(f);
			for (j = 0; j < t->ninputs; j++)
				for (l = 0; l < t->inputs[j].nfiles; l++) {
					g = &t->inputs[j].f[l];
					if (same_cpu(f, g) &&
					    file_floor(g) < fl)
						fl = file_floor(g);
				}
			if (fl < own * (1 - EST_PROBE_MARGIN) && warn(t,
			    "%s: its contention probe never read below %.3f "
			    "cycles where a run on the same CPU read %.3f: it "
			    "ran with the core shared throughout",
			    f->path, own, fl) != 0)
				return (-1);
			if (!(t->inputs[i].probe_floor <= fl))
				t->inputs[i].probe_floor = fl;
		}
	}
	return (0);
}

/* What shapes the numbers besides the CPU: the machine keys to check. */
static const struct {
	const char	*what;
	size_t		 off;
} shaping[] = {
	{ "cycle method",	offsetof(struct rs_machine, cycle_method) },
	{ "kernel",		offsetof(struct rs_machine, kernel) },
	{ "hypervisor",		offsetof(struct rs_machine, hypervisor) },
	{ "microcode",		offsetof(struct rs_machine, microcode) },
};

static const char *
machine_str(const struct rs_file *f, size_t off)
{
	const char *s;

	s = *(const char *const *)(const void *)((const char *)&f->machine +
	    off);
	return (s[0] != '\0' ? s : "unknown");
}

/* "A x; B y" over all inputs, into a warning. */
static int
warn_values(struct cmp_table *t, const char *what, const char **vals)
{
	char *list, *next;
	size_t i;
	int rc;

	if ((list = strdup("")) == NULL)
		return (-1);
	for (i = 0; i < t->ninputs; i++) {
		if (asprintf(&next, "%s%s%c %s", list, i ? "; " : "",
		    CMP_LETTER(i), vals[i]) < 0) {
			free(list);
			return (-1);
		}
		free(list);
		list = next;
	}
	rc = warn(t, "%s differs: %s", what, list);
	free(list);
	return (rc);
}

static int
differ(const char **vals, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(vals[i], vals[0]) != 0)
			return (1);
	return (0);
}

/* The object of name -> value a warning compares: mitigations, context. */
typedef json_t *keyed_fn(const struct rs_file *f);

static json_t *
mitigations_of(const struct rs_file *f)
{

	return (f->machine.mitigations);
}

static json_t *
context_of(const struct rs_file *f)
{

	return (f->context);
}

/* One name's value in one file: a string, unknown (null) or absent. */
static const char *
keyed_value(json_t *o, const char *name, const char *absent)
{
	json_t *v;

	v = json_object_get(o, name);
	if (v == NULL)
		return (absent);
	return (json_is_string(v) ? json_string_value(v) : "unknown");
}

/* A warning for each name whose value differs; each name once, in the
   first input that has it. */
static int
keyed_warnings(struct cmp_table *t, keyed_fn *obj, const char *what,
    const char *absent)
{
	const char *vals[CMP_MAX_INPUTS], *name;
	char label[96];
	size_t i, j;
	json_t *v;

	for (j = 0; j < t->ninputs; j++)
		json_object_foreach(obj(t->inputs[j].f), name, v) {
			for (i = 0; i < j; i++)
				if (json_object_get(obj(t->inputs[i].f),
				    name) != NULL)
					break;
			if (i < j)
				continue;
			for (i = 0; i < t->ninputs; i++)
				vals[i] = keyed_value(obj(t->inputs[i].f),
				    name, absent);
			snprintf(label, sizeof(label), "%s %s", what, name);
			if (differ(vals, t->ninputs) &&
			    warn_values(t, label, vals) != 0)
				return (-1);
		}
	return (0);
}

static int
machine_warnings(struct cmp_table *t)
{
	const char *vals[CMP_MAX_INPUTS];
	size_t i, k;

	for (k = 0; k < sizeof(shaping) / sizeof(shaping[0]); k++) {
		for (i = 0; i < t->ninputs; i++)
			vals[i] = machine_str(t->inputs[i].f, shaping[k].off);
		if (differ(vals, t->ninputs) &&
		    warn_values(t, shaping[k].what, vals) != 0)
			return (-1);
	}
	if (keyed_warnings(t, mitigations_of, "mitigation", "not listed") !=
	    0 || keyed_warnings(t, context_of, "context", "not given") != 0)
		return (-1);
	for (i = 0; i < t->ninputs; i++)
		for (k = 0; k < t->inputs[i].nfiles; k++)
			if (t->inputs[i].f[k].partial && warn(t, "%c: %s is a "
			    "partial run: it was interrupted", CMP_LETTER(i),
			    t->inputs[i].f[k].path) != 0)
				return (-1);
	return (0);
}

/* The file name without directories or ".json". */
static void
file_label(const char *path, char *buf, size_t len)
{
	const char *base;
	size_t n;

	base = strrchr(path, '/');
	base = base != NULL && base[1] != '\0' ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	snprintf(buf, len, "%.*s", (int)n, base);
}

static int
same_label(const struct cmp_table *t, size_t i)
{
	size_t j;

	for (j = 0; j < t->ninputs; j++)
		if (j != i && strcmp(t->inputs[j].label,
		    t->inputs[i].label) == 0)
			return (1);
	return (0);
}

/*
 * The CPU names a column when the machines differ; the file names it
 * when they are the same machine (before and after a change).
 */
static int
make_labels(struct cmp_table *t, const char *const *labels, char *err,
    size_t errlen)
{
	char auto_label[CMP_MAX_INPUTS] = { 0 };
	size_t i;

	for (i = 0; i < t->ninputs; i++) {
		auto_label[i] = labels == NULL || labels[i] == NULL;
		if (!auto_label[i])
			snprintf(t->inputs[i].label, CMP_LABEL_MAX, "%s",
			    labels[i]);
		else
			rs_short_brand(t->inputs[i].f->machine.cpu_brand,
			    t->inputs[i].label, CMP_LABEL_MAX);
	}
	/* Decide for all before changing any: a rename can end a clash. */
	for (i = 0; i < t->ninputs; i++)
		auto_label[i] = auto_label[i] && same_label(t, i);
	for (i = 0; i < t->ninputs; i++)
		if (auto_label[i])
			file_label(t->inputs[i].f->path, t->inputs[i].label,
			    CMP_LABEL_MAX);
	/* The same file twice (a check that nothing differs): add letters. */
	for (i = 0; i < t->ninputs; i++)
		auto_label[i] = auto_label[i] && same_label(t, i);
	for (i = 0; i < t->ninputs; i++)
		if (auto_label[i])
			snprintf(t->inputs[i].label + strnlen(t->inputs[i].label,
			    CMP_LABEL_MAX - 5), 5, " (%c)", CMP_LETTER(i));
	for (i = 0; i < t->ninputs; i++)
		if (same_label(t, i)) {
			snprintf(err, errlen, "two inputs are labelled '%s'; "
			    "name them apart with --label",
			    t->inputs[i].label);
			return (-1);
		}
	return (0);
}

int
cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
    const size_t *sides, size_t nsides, const char *const *labels,
    double threshold, char *err, size_t errlen)
{
	size_t i, at;

	memset(t, 0, sizeof(*t));
	if (sides == NULL)
		nsides = n;
	if (n == 0 || nsides == 0 || nsides > CMP_MAX_INPUTS) {
		snprintf(err, errlen, "compare takes 1 to %d sides",
		    CMP_MAX_INPUTS);
		return (-1);
	}
	t->threshold = threshold;
	if ((t->inputs = calloc(nsides, sizeof(*t->inputs))) == NULL)
		goto oom;
	t->ninputs = nsides;
	for (i = at = 0; i < nsides; at += t->inputs[i++].nfiles) {
		t->inputs[i].nfiles = sides != NULL ? sides[i] : 1;
		if (t->inputs[i].nfiles == 0 || at + t->inputs[i].nfiles > n) {
			cmp_free(t);
			snprintf(err, errlen, "side %c has no results files",
			    CMP_LETTER(i));
			return (-1);
		}
		t->inputs[i].f = &files[at];
	}
	if (make_labels(t, labels, err, errlen) != 0) {
		cmp_free(t);
		return (-1);
	}
	if (machine_warnings(t) != 0 || probe_floors(t) != 0 ||
	    match(t) != 0)
		goto oom;
	return (0);
oom:
	cmp_free(t);
	snprintf(err, errlen, "out of memory");
	return (-1);
}

void
cmp_free(struct cmp_table *t)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		free(t->rows[i].cells);
	for (i = 0; i < t->nwarnings; i++)
		free(t->warnings[i]);
	free(t->rows);
	free(t->warnings);
	free(t->inputs);
	memset(t, 0, sizeof(*t));
}

double
cmp_worst_slowdown(const struct cmp_table *t, size_t *row, size_t *side)
{
	const struct cmp_cell *c;
	double worst = 1;
	size_t i, j;

	for (i = 0; i < t->nrows; i++)
		for (j = 1; j < t->ninputs; j++) {
			c = &t->rows[i].cells[j];
			if (c->verdict == CMP_DIFFERENT && c->tested > worst) {
				worst = c->tested;
				*row = i;
				*side = j;
			}
		}
	return (worst);
}

void
cmp_change_text(double ratio, char *buf, size_t len)
{
	double pct = (ratio - 1) * 100;

	if (!isfinite(ratio))
		snprintf(buf, len, "?");
	else if (fabs(pct) < 9.95)
		snprintf(buf, len, "%+.1f%%", pct);
	else if (pct < 999.5)
		snprintf(buf, len, "%+.0f%%", pct);
	else
		snprintf(buf, len, "x%.0f", ratio);
}

const char *
cmp_mark(enum cmp_verdict v)
{

	switch (v) {
	case CMP_DIFFERENT:
		return ("*");
	case CMP_SAME:
		return ("~");
	case CMP_UNTESTED:
		return ("?");
	default:
		return ("");
	}
}

void
cmp_method_text(const struct cmp_table *t, FILE *fp)
{

	fprintf(fp,
	    "cycles: each side's figure, the median of its rounds' medians "
	    "(quiet samples\nwhere it has a quiet figure); change: over the "
	    "baseline's (%c), minus 1, so +\nmeans more cycles (slower).  A "
	    "round is a burst in a fresh process; a\nside's rounds pool from "
	    "all its files, and a file from before rounds is one.\n"
	    "*  a real difference: the exact rank-sum test over the two sides' "
	    "round\n   medians gives p < %g (two-sided), the bootstrap 95%% "
	    "interval of the\n   ratio of their medians (%d resamples) "
	    "excludes 1, and the change is at\n   least %g%% (--threshold).  "
	    "Where a side's figure is a mixture (several\n   levels, "
	    "contention without a quiet figure, mostly scattered), levels "
	    "are\n   paired where that is sure (as many on each side, or two "
	    "floors) and\n   every pair must have moved, by one ratio.\n"
	    "~  not shown to differ by those tests.\n"
	    "?  not tested: fewer than %d rounds a side, below the loop's "
	    "resolution,\n   or no baseline (see the notes).  A side that "
	    "never ran quiet is slower\n   for real only beyond how much "
	    "contention slowed its probe.\n", CMP_LETTER(0), CMP_ALPHA,
	    CMP_RESAMPLES,
	    t->threshold * 100, CMP_MIN_ROUNDS);
}
