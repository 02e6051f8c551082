/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * When a result is flagged (core/names.h names the flags and says which
 * a table shows): the rules, on the figures rounds.c made, and the check
 * of the calibration behind them.
 *
 * The check: a dependent multiply takes a whole number of cycles, so its
 * calibrated cycles, timed once in every round beside the samples, say
 * how far the clock the round converted them with was off.  On a guest
 * whose core another thread shares, the add chain the cycles are
 * calibrated on loses cycles and every calibrated figure reads low by as
 * much: on a 2-vCPU bhyve guest, rounds the contention probe saw shared
 * read 2.90 to 2.94 cycles for 3, quiet rounds 2.993 to 3.006.  A row's
 * check is the median of its rounds' readings with its 95% interval
 * (order statistics).  A check below the nearest whole number the
 * architecture allows puts every figure of the row under the multiply's
 * clock (core/rescale.h); more than FLAGS_CAL_TOLERANCE below, the row
 * is flagged recalibrated, as a body on the add chain's units was slowed
 * with it and may read high by up to as much.  A check above says
 * nothing of the clock (the multiply itself was slowed, or the clock
 * moved between the chain and the check): the figure is miscalibrated
 * when the whole interval lies more than FLAGS_CAL_TOLERANCE from the
 * whole number.  Short of that, its own interval grows by as far as the
 * check's median is from it: a single round read off moves the median of
 * the round medians no more than it moves the check's.
 */
#ifndef CB_FLAGS_H
#define CB_FLAGS_H

#include <stddef.h>

#include "cyclebench.h"
#include "core/estimate.h"

#define FLAGS_POOR_FIT_R2	0.99
#define FLAGS_NOISY_SPREAD	0.05	/* (p90 - p10) / median */
#define FLAGS_DISTURBED_SHARE	0.10
#define FLAGS_CONTENDED_SHARE	0.25
#define FLAGS_MIN_SAMPLES	10
#define FLAGS_CAL_TOLERANCE	0.01	/* of the whole number */

/* What the rules read besides the result itself. */
struct flag_facts {
	double	loop_cycles;	/* an empty loop iteration, core cycles */
	double	all_centre;	/* the figure on all samples, quiet or not */
	double	precision;	/* relative, the rounds were asked for */
};

/* The CB_FLAG_* bits r earns, with r's figures, levels and check set. */
unsigned	flags_of(const struct cb_result *r, const struct flag_facts *f);

/*
 * The median of v[0..n-1] (NANs left out; v is reordered) into *med and
 * its 95% interval, order statistics, into *lo and *hi: the widest there
 * is, the smallest and largest, when fewer than 6 values leave no 95%
 * one.  All NAN when no value is finite.
 */
void		flags_median_ci(double *v, size_t n, double *med, double *lo,
		    double *hi);

/*
 * The relative error of the calibration that check interval [lo, hi] (a
 * point when lo is hi) shows either way, into *below (the figure may be
 * low by) and *above (high by): how far the interval reaches from the
 * nearest whole number of cycles the architecture allows.  0 and 0 when
 * lo or hi is NAN.
 */
void		flags_cal_error(double lo, double hi, double *below,
		    double *above);

/*
 * The row's check over the rounds of r marked in used[], the median and
 * interval of their readings, into r->imul_check, imul_low and imul_high;
 * returns the figure on all of in's samples, quiet or not (NAN without
 * memory).
 */
double		flags_check_and_all(struct cb_result *r,
		    const struct est_input *in, const unsigned char *used);

/*
 * The run's warning when `bad' of its n rows are miscalibrated, the
 * furthest by `off' (relative); "" when none is.  Returns buf.
 */
const char	*flags_cal_warning(size_t bad, size_t n, double off, char *buf,
		    size_t len);

#endif
