/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A result's cycles under another clock.  Calibrated cycles are reference
 * ticks times the core cycles per tick timed around each sample; where
 * something shows that the core ran at another clock while the body ran
 * (characterize's clock witness), every cycle figure of the result is
 * multiplied by the same factor: the summary, the samples, the rounds'
 * medians and the levels.  Ticks and nanoseconds, the probe (timed
 * outside the body) and the cycles per tick stay as measured.  The same
 * for one summary turns the rounds' ticks into nanoseconds.
 */
#ifndef CB_CORE_RESCALE_H
#define CB_CORE_RESCALE_H

#include "cyclebench.h"

void	result_rescale_cycles(struct cb_result *r, double factor);

/* A summary's figures times f, but its cv, which is relative. */
void	summary_rescale(struct cb_summary *s, double f);

/*
 * The interval *lo..*hi around `centre' widened on each side by `by' in
 * quadrature: for an error the interval's resampling could not see (a
 * conversion under another clock).
 */
void	interval_widen(double centre, double *lo, double *hi, double by);

#endif
