/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * One side of one row of a comparison (verdict/compare.h): its results
 * for the row pooled from all the side's files, round by round, and the
 * estimate the run printed (core/estimate.h) computed again from them.
 * What compare_verdict.c judges.
 */
#ifndef CB_COMPARE_SIDE_H
#define CB_COMPARE_SIDE_H

#include "core/estimate.h"
#include "verdict/compare.h"

/*
 * Runs that started within CMP_SESSION_GAP of the run before them on a
 * side share the host's phase (phases outlast a pass of back-to-back
 * runs): they are one session, whose rounds pool, and the session is
 * the replicate.  A run without a start time joins the session before.
 */
#define CMP_SESSION_GAP	300	/* seconds */

/* When a run started, in seconds since the epoch; NAN: not known. */
double	cmp_started(const struct rs_file *f);

/* Where one run's samples and rounds lie in the pooled arrays. */
struct cmp_run {
	size_t		 sample, round, nrounds;
	const char	*method;	/* its cycles: "counted", "calibrated" */
	int		 new_session;	/* starts a session of its own */
};

/* One side's rounds of one row, pooled from its files, and its estimate. */
struct cmp_side {
	struct est_input in;
	struct est	 e;
	double		*x, *probe;
	size_t		*count;
	struct cmp_run	*runs;		/* one per file with the row */
	size_t		 nruns, nsessions;
	int		 estimated;
	int		 below_resolution;
	int		 path;		/* a kernel path: its own spread */
	double		 inflation;	/* how much contention may have slowed
					   the figure: 1 when quiet */
};

/*
 * Pool the side's ok results for `key' into d and estimate them; the
 * cell gets its figure, its first result and its files' flags.  A side
 * where the row failed in any file is not ok: that result stands for it,
 * and d is left without an estimate.  -1: out of memory (d still wants
 * cmp_side_free).
 */
int	cmp_side_build(const struct cmp_input *in, const char *key,
	    struct cmp_cell *c, struct cmp_side *d);
void	cmp_side_free(struct cmp_side *d);

/*
 * Each session's value of the side's figure over its basis samples
 * within [lo, hi]: the log of the median of its round medians into v,
 * the standard error of that from its rounds into se (NAN with one
 * round), and the rounds less one into se_df; v, se and se_df hold
 * d->nruns.  Returns how many sessions had samples there.
 */
size_t	cmp_run_values(const struct cmp_side *d, double lo, double hi,
	    double *v, double *se, double *se_df);

#endif
