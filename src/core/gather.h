/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A round's raw samples while the engine (core/engine.h) gathers them:
 * per operation, in reference ticks and cycles, with the contention
 * probe beside each, the disturbed ones counted, and the fits' r2.
 *
 * Spares: a sample the guard says was disturbed is dropped, but until
 * the round has one clean sample, the disturbed ones that are whole (a
 * fitted slope, a call with its time) are kept in the clean ones' place.
 * The first clean sample replaces them.  A round whose time runs out
 * with nothing clean, as every round does under an emulator or on a host
 * too busy to spare one, so ends with its spares, and says so (the
 * unsettled flag), rather than with no figure at all.
 */
#ifndef CB_GATHER_H
#define CB_GATHER_H

#include <stddef.h>

#include "cyclebench.h"
#include "core/timing.h"

struct gather {
	double	*ref;
	double	*cyc;		/* counted cycles, NAN when calibrated */
	double	*probe;
	size_t	 n, cap;
	int	 spares;	/* the n samples are disturbed ones */
	unsigned disturbed;	/* dropped, spares included */
	double	 r2[TIMING_SIZES * 64];
	size_t	 nr2;
};

/* Room for cap samples; -1 when out of memory (gather_free() it still). */
int	gather_init(struct gather *s, size_t cap);
void	gather_free(struct gather *s);

/*
 * A sample, `clean' or disturbed; a disturbed one that is `whole' is
 * kept as a spare while there is no clean one.  Beyond cap, dropped.
 */
void	gather_add(struct gather *s, int clean, int whole, double ref,
	    double cyc, double probe_cycles);

/* A clean fit's r2 (the first TIMING_SIZES * 64). */
void	gather_r2(struct gather *s, double r2);

/* The clean samples held. */
size_t	gather_clean(const struct gather *s);

/*
 * At the round's end: 1 when the samples held are spares, which are then
 * kept (no longer counted as dropped), else 0.
 */
int	gather_keep_spares(struct gather *s);

/*
 * The rounds' side (core/rounds.c): round rd (its flags carry
 * CB_FLAG_UNSETTLED when its samples are spares) is about to be folded
 * into result r, whose samples are spares when *unsettled.  A result's
 * samples are all clean or all spares: rd's spares are dropped when r
 * has clean samples, and r's spares (from every round so far) when rd
 * brings clean ones; what is dropped is counted disturbed.  Returns how
 * many of rd's samples to fold in, and updates *unsettled.
 */
size_t	gather_settle(struct cb_result *r, int *unsettled,
	    struct cb_result *rd);

#endif
