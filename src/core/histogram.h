/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Histograms of per-call samples.  A kernel path's samples are a narrow
 * peak with a tail that reaches tens of times further (an interrupt, a
 * preemption, a cold cache), so the bins are spaced geometrically: equal
 * ratios, not equal widths, keep the peak resolved and the tail in view.
 */
#ifndef CB_HISTOGRAM_H
#define CB_HISTOGRAM_H

#include <stddef.h>

#define HISTOGRAM_MAX_BINS	32

struct histogram {
	int	 log;				/* 1: geometric edges */
	size_t	 nbins;				/* 0: nothing to bin */
	double	 edges[HISTOGRAM_MAX_BINS + 1];	/* non-decreasing */
	size_t	 counts[HISTOGRAM_MAX_BINS];
};

/*
 * Bin the finite values of x[0..n-1] into at most `nbins' bins (fewer
 * when there are fewer values, one when they are all equal) spanning
 * their minimum to their maximum.  Edges are geometric when the minimum
 * is positive, else linear.  Bin i holds edges[i] <= v < edges[i + 1];
 * the last bin also holds the maximum.  Returns how many values were
 * binned.
 */
size_t	histogram_build(const double *x, size_t n, size_t nbins,
	    struct histogram *h);

#endif
