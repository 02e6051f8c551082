/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * From samples taken in rounds to the figure a row reports, its 95%
 * interval, its levels and its quiet figure.  The run computes it on the
 * samples it took; compare and report compute it again, with this same
 * code, on the samples a results file keeps.
 *
 * Contention: next to every sample the engine times a probe, a block of
 * nops whose throughput only the front end limits; another thread on the
 * core (an SMT sibling on the host) takes a share of the front end and
 * slows it at once.  Its fastest reading over the run is the floor; a
 * sample taken while the probe read more than EST_PROBE_MARGIN above the
 * floor is contended.  Where at least EST_QUIET_MIN_ROUNDS rounds kept
 * quiet samples, the figure rests on the quiet samples alone (the quiet
 * figure), and the share of contended samples is reported beside it.
 * The probe feels a tenant far less than a kernel path does: on a
 * 2-vCPU KVM guest a probe 4-8% above its floor came with a null system
 * call 25% slow, and those samples, quiet at EST_PROBE_MARGIN, moved the
 * quiet figure from run to run by as much.  So the quiet samples are
 * those within the tightest margin, from EST_PROBE_MARGIN halved
 * EST_MARGIN_STEPS - 1 times (1%) and doubled, at which
 * EST_QUIET_MIN_ROUNDS rounds have them: the quietest the run saw enough
 * of.
 *
 * The basis (quiet samples, or all when there is no quiet figure) gives:
 * the figure, the median of the round medians; its interval, the
 * hierarchical bootstrap over rounds (core/stats.h); and the levels
 * (core/levels.h), each with an interval of its own over the rounds that
 * visited it.
 */
#ifndef CB_ESTIMATE_H
#define CB_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "core/levels.h"
#include "core/stats.h"

#define EST_PROBE_MARGIN	0.08	/* above the floor: contended */
#define EST_MARGIN_STEPS	4	/* quiet margins tried: 1, 2, 4, 8% */
#define EST_QUIET_MIN_ROUNDS	3	/* rounds with quiet samples */
#define EST_QUIET_MIN_SAMPLES	2	/* quiet samples that make a round */
#define EST_RESAMPLES		1000

struct est_input {
	struct stats_rounds s;		/* the kept samples, by round */
	const double	*probe;		/* per sample, NAN where none; or NULL */
	double		 probe_floor;	/* NAN: no probe */
};

struct est_level {
	struct level	 l;
	double		 ci_low, ci_high;	/* over the rounds in it */
	unsigned	 rounds;		/* rounds with samples in it */
};

struct est {
	double		 centre;	/* the figure */
	double		 ci_low, ci_high;
	int		 quiet;		/* the figure is the quiet figure */
	double		 contended;	/* share of samples; NAN: no probe */
	unsigned	 rounds;	/* rounds the figure rests on */
	size_t		 nlevels;
	struct est_level levels[LEVELS_MAX];
	double		 scattered;	/* share of the basis in no level */
	unsigned char	*basis;		/* per sample: 1 if the figure uses it */
	size_t		 nbasis;
};

/*
 * Fill e from in.  e->basis is allocated (free with est_free()); on
 * failure -1, with e->centre NAN.
 */
int	estimate(const struct est_input *in, unsigned resamples, uint64_t seed,
	    struct est *e);
void	est_free(struct est *e);

/*
 * Whether e may end the rounds: it rests on `rounds' rounds at least and
 * its interval is within `precision' of it either way, and it is not a
 * contended figure standing in for a quiet one that too few rounds have
 * yet (contended samples, but no quiet figure): a host busy for a second
 * or two would otherwise end a row's rounds on a figure 40% high, while
 * the rounds of the other rows saw it quiet.
 */
int	est_settled(const struct est *e, unsigned rounds, double precision);

/* Whether a probe reading says the core was shared. */
int	est_contended(double probe, double floor);

/*
 * The per-round medians of the basis samples within [lo, hi] (-INFINITY
 * and INFINITY for all) into out[0..nrounds-1]; returns how many rounds
 * had any.  These are the replicates compare tests.
 */
size_t	est_round_values(const struct est_input *in, const struct est *e,
	    double lo, double hi, double *out);

/*
 * The rounds of the basis within [lo, hi] as a new stats_rounds, with x
 * and count allocated in one block at *mem (free it).  -1 on failure.
 */
int	est_select(const struct est_input *in, const unsigned char *basis,
	    double lo, double hi, struct stats_rounds *out, void **mem);

#endif
