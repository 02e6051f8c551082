/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results files with a known answer, for the verdict study
 * (tests/study/verdict_study.c).  A noisy host is modelled as nested
 * multiplicative effects on a row's true cost: a run's host phase (per
 * row) and calibration error (common to every row of the run), a
 * round's effect, a sample's noise; the separate levels a cost settles
 * on, with shares that move from run to run and round to round; rare
 * levels that a whole round sits on; contention, which raises the probe
 * above its floor by 10-60% and slows the sample by up to as much; a
 * slow drift from pass to pass that moves both sides alike; and
 * rounding to whole cycles.  Side B's changed rows differ from side A's
 * by a known ratio, or by cycles added at every level; every other
 * difference between the sides is noise.  The text is a schema-2
 * results file (docs/results-schema.md) that rs_load_text reads.
 */
#ifndef CB_SIM_RESULTS_H
#define CB_SIM_RESULTS_H

#include <stddef.h>
#include <stdint.h>

#define SIM_ROWS	80	/* results in a file: rows of a compare */
#define SIM_MAX_LEVELS	3

/* The host and the benchmark: what both sides share. */
struct sim_model {
	unsigned runs;		/* files a side */
	unsigned rounds;	/* rounds a file */
	unsigned samples;	/* samples a round */
	double	 sigma_sample;	/* relative sd of a sample */
	double	 sigma_round;	/* of a round's effect */
	double	 sigma_run;	/* of a run's host phase, per row */
	double	 cal_err;	/* of a run's calibration, all rows */
	size_t	 nlevels;	/* 0 or 1: one level */
	double	 level[SIM_MAX_LEVELS];	/* over the lowest, level[0] 1 */
	double	 share[SIM_MAX_LEVELS];	/* of samples, on average */
	double	 share_sd;	/* how much a share moves from run to run */
	double	 rare;		/* chance a round sits at rare_level */
	double	 rare_level;
	double	 contended[2];	/* share of samples contended, side A, B
				   (1: throughout) */
	double	 drift;		/* relative change of cost per pass */
	int	 quantise;	/* samples are whole cycles */
	double	 base_lo, base_hi; /* the rows' costs, spread geometrically */
};

/* What differs on side B, in the changed rows. */
struct sim_change {
	double	 ratio;		/* cost times this (1: none) */
	double	 add;		/* cycles added at every level */
	double	 rows;		/* share of rows changed (0: a null family) */
	unsigned of_rounds;	/* changed in rounds of every 10 (0: all) */
};

/* Row i's cost on side A (its lowest level); whole when quantised. */
double	sim_base(const struct sim_model *m, size_t row);

/* The ratio row i truly changed by: B's cost over A's, 1 when not. */
double	sim_truth(const struct sim_model *m, const struct sim_change *c,
	    size_t row);

/*
 * Run `run' (the pass it was taken in) of side `side' (0: A, 1: B) as
 * the text of a results file, malloc'ed, *len bytes and a NUL; every
 * random draw is from `seed'.  NULL when out of memory.
 */
char	*sim_file(const struct sim_model *m, const struct sim_change *c,
	    int side, unsigned run, uint64_t seed, size_t *len);

#endif
