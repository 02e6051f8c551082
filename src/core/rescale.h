/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A result's cycles under another clock.  Calibrated cycles are reference
 * ticks times the core cycles per tick an add chain timed around each
 * sample read; where something shows that the core ran at another clock
 * than that chain read (the multiply check of every round, below;
 * characterize's clock witness while the body ran), every cycle figure of
 * the result is multiplied by the same factor: the summary, the samples,
 * the rounds' medians and the levels.  Ticks and nanoseconds, the probe (timed
 * outside the body) and the cycles per tick stay as measured.  The same
 * for one summary turns the rounds' ticks into nanoseconds.
 */
#ifndef CB_CORE_RESCALE_H
#define CB_CORE_RESCALE_H

#include "cyclebench.h"

void	result_rescale_cycles(struct cb_result *r, double factor);

/*
 * Calibrated cycles under the faster of two clocks.  The add chain the
 * cycles are calibrated on and the dependent multiply timed in each round
 * (the check, r->imul_check) each lose cycles to whatever shares the
 * core, and neither ever gains one: the faster is the truer clock.  The
 * add chain is the more easily slowed (a sibling thread on the host's
 * core slowed it 2.7% while the multiply held: every vector figure read
 * 2.5% low, FMA 3.90 cycles).  So where the check reads below the whole
 * number of cycles the architecture allows, every cycle figure of r, the
 * check's too, is multiplied by that number over the check, and the
 * figure's interval widened in quadrature by the check's own, up to
 * the whole number (a reading above it converts nothing).  Returns
 * the factor, also r->recalibration (1: nothing; NAN where cycles are
 * counted or there is no check).
 */
double	result_recalibrate(struct cb_result *r);

/* A summary's figures times f, but its cv, which is relative. */
void	summary_rescale(struct cb_summary *s, double f);

/*
 * The interval *lo..*hi around `centre' widened on each side by `by' in
 * quadrature: for an error the interval's resampling could not see (a
 * conversion under another clock).
 */
void	interval_widen(double centre, double *lo, double *hi, double by);

#endif
