/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Robust statistics over samples: quantiles, summaries with a bootstrap
 * confidence interval of the median, and least-squares line fits.
 */
#ifndef CB_STATS_H
#define CB_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "cyclebench.h"

struct stats_fit {
	double	slope;
	double	intercept;
	double	r2;		/* coefficient of determination, 1 when exact */
};

/* Quantile q in [0,1] of sorted x[0..n-1], linear interpolation (R type 7). */
double	stats_quantile_sorted(const double *sorted, size_t n, double q);

/* Sort x in place, ascending. */
void	stats_sort(double *x, size_t n);

/* qsort's comparator of doubles, a total order with NaN last. */
int	stats_cmp_double(const void *pa, const void *pb);

/*
 * Median of x (order of x is not changed), in stats_sort()'s order where
 * a NaN sorts last: the very double stats_quantile_sorted() gives at 0.5
 * once x is sorted.
 */
double	stats_median(const double *x, size_t n);

/*
 * Fill every field of s from x[0..n-1]: min, p10, median, p90, p99, max,
 * mean, cv (sample stddev / mean; 0 when n < 2) and the bootstrap 95%
 * confidence interval of the median from `resamples' resamples drawn with
 * a generator seeded by `seed' (deterministic).  n == 0 gives all NAN.
 */
void	stats_summarize(const double *x, size_t n, unsigned resamples,
	    uint64_t seed, struct cb_summary *s);

/* Percentile bootstrap 95% CI of the median. */
void	stats_bootstrap_median_ci(const double *x, size_t n,
	    unsigned resamples, uint64_t seed, double *lo, double *hi);

/*
 * Samples taken in rounds: x holds round after round, count[r] of them in
 * round r (a round may keep none).  A round is a short burst in a process
 * of its own, at its own moment: what repeats independently on a shared
 * machine, where samples of one round share its host's phase.
 */
struct stats_rounds {
	const double	*x;
	const size_t	*count;
	size_t		 nrounds;
};

/* Samples in all rounds together. */
size_t	stats_rounds_total(const struct stats_rounds *s);

/*
 * The centre of rounds: the median of the round medians, each round
 * weighing the same however many samples it kept.  NAN when no round
 * kept a sample.
 */
double	stats_rounds_centre(const struct stats_rounds *s);

/*
 * Hierarchical percentile bootstrap 95% CI of stats_rounds_centre():
 * rounds are drawn with replacement, then each drawn round's samples,
 * and the median of the drawn rounds' medians is the resampled centre.
 * With one round it is the plain bootstrap of its median.  Above
 * STATS_HIER_WORK draws (samples times resamples) the second stage is
 * left out: with so many samples a round's median hardly moves, and the
 * spread between rounds is the interval.
 */
#define STATS_HIER_WORK	(40L * 1000 * 1000)
void	stats_rounds_ci(const struct stats_rounds *s, unsigned resamples,
	    uint64_t seed, double *lo, double *hi);

/* Least-squares line through (x[i], y[i]); -1 if n < 2 or x is constant. */
int	stats_linear_fit(const double *x, const double *y, size_t n,
	    struct stats_fit *f);

/*
 * The Hodges-Lehmann estimate of the centre of d[0..n-1] (the median of
 * the n(n+1)/2 Walsh averages (d[i] + d[j]) / 2, i <= j) and its 95%
 * confidence interval from the Wilcoxon signed-rank distribution: exact
 * up to STATS_SIGNED_RANK_EXACT values, the normal approximation beyond.
 * For paired measurements d[i] = a[i] - b[i] it is the shift between a
 * and b, robust to outliers and to a slow drift that moves both.
 * Returns -1 (all NAN) when n < 6: no interval can reach 95%.
 */
#define STATS_SIGNED_RANK_EXACT	400
int	stats_hodges_lehmann(const double *d, size_t n, double *est,
	    double *lo, double *hi);

/*
 * Student's t CDF with df > 0 degrees of freedom, whole or not (Welch's);
 * df == INFINITY is the standard normal.  Tails keep ~1e-10 relative
 * accuracy down to 1e-12 and below (df up to 1e6; 1e-12 within 1e5).
 * NAN in (t, df or df <= 0), NAN out.
 */
double	stats_t_cdf(double t, double df);

/*
 * Its inverse: the t with stats_t_cdf(t, df) == p, 0 < p < 1, to ~1e-9
 * relative (near t = 0, to 1e-15 or so: what p next to 1/2 holds);
 * -INFINITY and INFINITY at p 0 and 1, NAN for p outside.
 */
double	stats_t_quantile(double p, double df);

/* The sample variance of x[0..n-1] (n - 1 in the divisor; NAN when n < 2),
   its mean into *mean (NAN when n is 0). */
double	stats_mean_var(const double *x, size_t n, double *mean);

/*
 * Benjamini-Hochberg adjusted p-values (q-values) of p[0..n-1] into
 * adj[0..n-1]: adj[i] = min(1, min over p[j] >= p[i] of p[j] m / rank j),
 * m the number of finite p-values, ranks in ascending order; a p-value
 * that is not finite gets NAN and does not count in m.  Tied p-values
 * get the same adj.  Should memory run out, every finite p gets 1: the
 * conservative answer, nothing declared.
 */
void	stats_bh_adjust(const double *p, size_t n, double *adj);

/* A small, fast, seeded generator (xoshiro256** or similar). */
struct stats_rng {
	uint64_t s[4];
};
void	 stats_rng_seed(struct stats_rng *g, uint64_t seed);
uint64_t stats_rng_next(struct stats_rng *g);
/* Uniform integer in [0, bound). */
uint64_t stats_rng_below(struct stats_rng *g, uint64_t bound);

#endif
