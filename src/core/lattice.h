/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The reference clock's step.  Some virtual machines scale the TSC so it
 * moves in steps of many ticks (26 ticks, 10 ns, on a 2-vCPU KVM guest),
 * so every interval read off it is a whole number of steps: a null system
 * call of 22 steps reads 21, 22 or 23, and a median over such readings
 * can only land on a step.  Which one it lands on flips from run to run
 * by a whole step (6% of that call), more than anything else moves it.
 *
 * The step is the largest whole number of ticks that nearly every one of
 * a set of intervals of many lengths is a multiple of, where two
 * intervals one step apart were seen; a clock that moves tick by tick
 * has a step of 1.  Spreading: a reading of v stands for a time anywhere
 * within half a step of v (the start fell anywhere within a step, so
 * readings are unbiased on average but not one by one), so the readings
 * tied at v are spread evenly over [v - step/2, v + step/2], in an order
 * that jumps about (no trend in time).  Their
 * median is then the median of grouped data, interpolated within the
 * step, and moves smoothly with the calls' times instead of by steps.
 */
#ifndef CB_CORE_LATTICE_H
#define CB_CORE_LATTICE_H

#include <stddef.h>

#define LATTICE_MAX_STEP	64	/* ticks; larger is not a scaled TSC */
#define LATTICE_SHARE		0.99	/* of intervals that are multiples */

/* The step of intervals d[0..n-1] (whole ticks), or 1. */
unsigned	lattice_step(const double *d, size_t n);

/*
 * Spread each group of equal readings ref[] over its step (`step' in the
 * readings' unit; no change when it is 1 or less), and scale cyc[] with
 * them where not NULL: cycles converted from those ticks.  Readings
 * whose step would reach 0 are left as they are.  0, or -1 out of memory.
 */
int	lattice_spread(double *ref, double *cyc, size_t n, double step);

#endif
