/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The clock witness: a snippet measured at a core clock lower than the
 * one its cycles were converted under is converted again (witness.c says
 * how).  `asm' and `characterize' witness what they measure.
 */
#ifndef CB_SNIPPET_WITNESS_H
#define CB_SNIPPET_WITNESS_H

#include "cyclebench.h"
#include "snippet/snippet.h"

#define WITNESS_SHADOW		3	/* chain links a cycle of the body */
#define WITNESS_MIN_LINKS	24
#define WITNESS_MAX_LINKS	3000	/* a body of up to 1,000 cycles */
#define WITNESS_SLOWER		0.02	/* the clock's drop that is corrected */
#define WITNESS_ROUNDS		3
#define WITNESS_SAMPLES		5	/* a round's */
#define WITNESS_EXTRA		"clock_witness"	/* the result's extra */

/*
 * The witness of `s', whose copy of the body took `copy' cycles (r's
 * median times its per_copy): a snippet to measure with WITNESS_ROUNDS
 * rounds, or NULL when the body cannot lower the clock, is too long for
 * one, or names every register its chain could use.
 */
struct snippet *snippet_witness(const struct snippet *s, double copy);

/* The cycles a copy of `s' took in `r'. */
double	snippet_copy_cycles(const struct snippet *s, const struct cb_result *r);

/*
 * Convert r under the clock its witness's result w read (w measured, else
 * nothing): w's cycles a link become r's clock_witness extra, and when
 * snippet_witness_factor() says so every cycle figure of r is divided by
 * them, r's interval widened by the reading's relative error (in
 * quadrature) and r flagged clock-slowed.  Returns that error (the larger
 * side of w's 95% interval over its median), 0 when nothing was
 * converted.
 */
double	snippet_witness_apply(struct cb_result *r, const struct cb_result *w);

/*
 * Measure s's witness with o's options but WITNESS_ROUNDS rounds of
 * WITNESS_SAMPLES samples (snippet_witness_options), where
 * s's body may have run under a lower clock, and apply it to r, s's
 * result: what snippet_witness_apply() returns.
 */
double	snippet_witness_measure(const struct snippet *s,
	    const struct cb_options *o, struct cb_result *r);

/* o, as a witness is measured. */
struct cb_options snippet_witness_options(const struct cb_options *o);

/* r's witness's cycles a link (its clock_witness extra); NAN: none. */
double	snippet_witness_reading(const struct cb_result *r);

/*
 * The factor to multiply a result's cycles by, from its witness's cycles
 * a link (median and the low end of its 95% interval): 1 / median when
 * the median is WITNESS_SLOWER or more over one cycle and the interval's
 * low end three quarters of that, and the median under 1 + 1 / (2 *
 * WITNESS_SHADOW), which a body run in series with the chain reaches;
 * else 1.
 */
double	snippet_witness_factor(double median, double ci_low);

#endif
