/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Results of several runs side by side: rows matched by benchmark name
 * and parameters, the first side the baseline, and for every other side
 * a verdict on its difference from the baseline.  A side is one results
 * file or several runs of the same thing.  The model is built once and
 * printed by report/compare_*.c or drawn by report/html.c.
 *
 * The unit of replication is the run: host phases outlast a run, so the
 * rounds inside one are not independent of each other.  Each side's
 * figure, quiet basis and levels come from core/estimate.h over all its
 * runs, with a probe floor from its own files alone.  A cell is tested on
 * the log of each run's figure (compare_test.c): with two or more runs a
 * side by Welch's t over the runs; with one run a side, the between-run
 * spread comes from repeated runs given as a noise model (--noise), or
 * is assumed (CMP_ASSUMED_SPREAD, CMP_ASSUMED_PATH_SPREAD) and the cell
 * says so.  Where a side settles on levels, each pair of levels is a
 * further alternative to the figure (Bonferroni within the cell).  A
 * side that ran contended throughout carries the bound of how much that
 * may have slowed it.  Across the compare's cells, p-values are adjusted
 * by Benjamini-Hochberg at CMP_FDR, and:
 *
 *   slower/faster  a change shown: adjusted p <= CMP_FDR and the change,
 *                  past the contention bound, at least the threshold;
 *   same           equivalence shown: two one-sided tests (TOST) put the
 *                  change inside +-threshold, adjusted likewise;
 *   unknown        neither, with the reason.
 *
 * Intervals are at the false-coverage-adjusted level 1 - CMP_FDR R / m
 * (Benjamini-Yekutieli), R cells called changed of m tested.
 */
#ifndef CB_COMPARE_H
#define CB_COMPARE_H

#include <stdio.h>

#include "core/engine.h"
#include "results/results.h"

#define CMP_FDR		0.01	/* false discovery rate across cells */
#define CMP_ASSUMED_SPREAD	0.01	/* between-run sd of an instruction
					   row's log figure, when no runs
					   show it */
#define CMP_ASSUMED_PATH_SPREAD	0.10	/* the same for a kernel path */
#define CMP_CALIBRATION_SD	ENGINE_CALIBRATION_SD /* a calibrated
					   run's cycles-per-tick error */
#define CMP_QUIET_ROUNDS	5	/* a quiet figure on fewer rounds is set
					   aside: five a side is the least that
					   can show a difference */
#define CMP_CONTENDED	0.25	/* share of contended samples, without a
				   quiet figure, that makes a mixture */
#define CMP_SCATTERED	0.5	/* share in no level that makes one */
#define CMP_LABEL_MAX	48

enum cmp_verdict {
	CMP_BASELINE,		/* the baseline's own cell */
	CMP_SLOWER,		/* a slowdown shown */
	CMP_FASTER,		/* a speed-up shown */
	CMP_SAME,		/* equivalence shown, within +-threshold */
	CMP_UNKNOWN,		/* cannot tell (see why) */
	CMP_MISSING,		/* not in this input */
	CMP_NOT_OK		/* skipped or failed in this input */
};

/* Where a test's between-run spread came from. */
enum cmp_basis {
	CMP_BASIS_NONE,		/* not tested */
	CMP_BASIS_RUNS,		/* the runs given, two or more a side */
	CMP_BASIS_NOISE,	/* repeated runs given with --noise */
	CMP_BASIS_ASSUMED	/* one run a side: assumed */
};

struct cmp_cell {
	const struct rs_result *r;	/* the side's first; NULL: missing */
	enum cmp_verdict verdict;
	double		 median;	/* the side's figure; NAN unless ok */
	double		 ratio;		/* figure over the baseline's; NAN if
					   none */
	double		 tested;	/* the ratio the verdict rests on: of
					   the figures, or of a level pair */
	double		 ci_low, ci_high; /* its interval (see above) */
	double		 p;		/* of a change, within the cell */
	double		 q;		/* p adjusted across cells (BH) */
	double		 p_same, q_same; /* of equivalence (TOST) */
	unsigned	 rounds;	/* the side's rounds */
	unsigned	 runs;		/* the side's runs with this row */
	enum cmp_basis	 basis;
	double		 spread;	/* the between-run sd the test used */
	int		 quiet;		/* the figure rests on quiet samples */
	double		 contended;	/* share of samples; NAN: no probe */
	double		 inflation;	/* how much contention may have slowed
					   the figure: 1 when quiet */
	const char	*why;		/* how it was judged; "" plainly */
	/* The side's levels where it has two or more (nlevels 0: one). */
	struct cb_level	 levels[CB_MAX_LEVELS];
	size_t		 nlevels;
	double		 scattered;	/* share of samples in no level */
	char		 flags[160];	/* the side's files' flags, joined */
	/* The tested change, in logs, for the adjusted interval. */
	double		 d, se, df, bias_up, bias_down;
};

struct cmp_row {
	const struct rs_result *first;	/* name, params, mode: from here */
	struct cmp_cell	*cells;		/* one per input */
};

struct cmp_input {
	const struct rs_file *f;	/* the side's first file */
	size_t		 nfiles;	/* f[0..nfiles-1] are the side's */
	double		 probe_floor;	/* its quiet probe reading */
	double		 ref_floor;	/* the lowest of any file on its CPU,
					   every side's: the quiet reading */
	char		 label[CMP_LABEL_MAX];
};

struct cmp_table {
	struct cmp_input *inputs;
	size_t		 ninputs;
	struct cmp_row	*rows;
	size_t		 nrows;
	char		**warnings;	/* machine differences and the like */
	size_t		 nwarnings;
	double		 threshold;	/* the change that matters, +-: the
					   equivalence margin and the least
					   change called slower or faster */
	const struct rs_file *noise;	/* repeated runs: the noise model */
	size_t		 nnoise;
	size_t		 ntested;	/* cells tested (m) */
	size_t		 nchanged;	/* called slower or faster (R) */
};

/*
 * Match the results of files[0..n-1] (n >= 1) and judge every cell.  The
 * files form nsides sides, sides[k] consecutive files in side k (sides
 * NULL: a file a side).  labels[k] may be NULL for the automatic label
 * (the short CPU brand, or the file name where brands repeat).  Returns
 * -1 with err on failure.
 */
int	cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
	    const size_t *sides, size_t nsides, const char *const *labels,
	    double threshold, char *err, size_t errlen);

/*
 * The same with a noise model: noise[0..nnoise-1] are repeated runs of
 * one build on the machine (nnoise >= 2), whose spread stands for the
 * between-run spread of a row where a side has one run.
 */
int	cmp_build_noise(struct cmp_table *t, const struct rs_file *files,
	    size_t n, const size_t *sides, size_t nsides,
	    const char *const *labels, double threshold,
	    const struct rs_file *noise, size_t nnoise, char *err,
	    size_t errlen);

/*
 * The slowdown a gate sees: the greatest lower bound of the interval of
 * a cell called slower, as a ratio (1.07: at least 7% slower), with its
 * row and side; 1 when no cell is slower.
 */
double	cmp_worst_slowdown(const struct cmp_table *t, size_t *row,
	    size_t *side);

/*
 * How many cells are unknown that more runs might tell (not those below
 * the loop's resolution): what a strict gate fails on.
 */
size_t	cmp_unknowns(const struct cmp_table *t, size_t *row, size_t *side);
void	cmp_free(struct cmp_table *t);

/* The letter of input i in legends and warnings: 'A' + i. */
#define CMP_LETTER(i)	((char)('A' + (i)))
#define CMP_MAX_INPUTS	26

/* "+12%", "-0.4%", "x25": the change a ratio means, for tables. */
void	cmp_change_text(double ratio, char *buf, size_t len);

/* The marks of the text and markdown tables. */
const char *cmp_mark(enum cmp_verdict v);

/* The confidence level of the cells' intervals: 1 - CMP_FDR R / m. */
double	cmp_ci_level(const struct cmp_table *t);

/*
 * The reason most unknowns share (one run a side, the spread assumed):
 * the method text says it once, so tables need not say it per cell.
 */
extern const char cmp_why_assumed[];

/* An unknown no number of runs can tell, which a strict gate passes. */
extern const char cmp_why_resolution[];

/* How the verdicts were reached, for under a table; lines end in '\n'. */
void	cmp_method_text(const struct cmp_table *t, FILE *fp);

#endif
