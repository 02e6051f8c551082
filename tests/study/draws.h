/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Draws for the studies: uniform on (0, 1), never 0 (a logarithm takes
 * it), and standard normal by Box-Muller.
 */
#ifndef CB_STUDY_DRAWS_H
#define CB_STUDY_DRAWS_H

#include <math.h>

#include "core/stats.h"

static inline double
uniform(struct stats_rng *g)
{
	return (((double)(stats_rng_next(g) >> 11) + 0.5) * 0x1p-53);
}

static inline double
gauss(struct stats_rng *g)
{
	return (sqrt(-2 * log(uniform(g))) * cos(2 * M_PI * uniform(g)));
}

#endif
