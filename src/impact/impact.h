/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * `cyclebench impact': a command's kernel events times what each one
 * costs, as a share of the command's own time.  The state of one run and
 * the arithmetic every report (text, JSON) shares.
 */
#ifndef CB_IMPACT_H
#define CB_IMPACT_H

#include <stdio.h>

#include "impact/costs.h"
#include "impact/counters.h"
#include "impact/events.h"
#include "impact/spawn.h"
#include "impact/whatif.h"
#include "results/context.h"

#define IMPACT_MAX_WHATIF	32

struct impact {
	char *const		*argv;		/* the command */
	struct impact_run	 run;
	struct impact_counts	 counts;
	struct impact_clock	 clock;
	struct impact_cost	 cost[IMPACT_MAX_EVENTS];	/* as impact_events */
	struct impact_whatif	 whatif[IMPACT_MAX_WHATIF];
	size_t			 nwhatif;
	const struct run_context *context;	/* --context; NULL: none */
};

/* The command's times that a cost is a share of. */
enum impact_base {
	IMPACT_WALL,
	IMPACT_USER,
	IMPACT_SYSTEM,
	IMPACT_NBASES
};

extern const char *const impact_base_names[IMPACT_NBASES];

double	impact_base_seconds(const struct impact *im, enum impact_base b);

/* Core cycles to seconds with the clock the costs came with. */
double	impact_seconds(const struct impact *im, double cycles);

/* Is event i in the cost table (not on request, or named by --what-if)? */
int	impact_shown(const struct impact *im, size_t i);

/* Should event i get a cost, and is that cost indispensable? */
int	impact_wants_cost(const struct impact *im, size_t i);
int	impact_needs_cost(const struct impact *im, size_t i);

/* Give unknown costs the first absolute --what-if naming them. */
void	impact_price_by_whatif(struct impact *im);

/* Event i's count and what it cost; NAN where unknown. */
double	impact_count(const struct impact *im, size_t i);
double	impact_event_seconds(const struct impact *im, size_t i);

/* What a --what-if changes over the whole command. */
struct impact_change {
	const char	*why;		/* NULL, or why it cannot be priced */
	int		 whole;		/* no measured cost: the total at it */
	double		 per_event;	/* cycles added per event */
	double		 cycles;	/* over the command */
	double		 seconds;
};

void	impact_change(const struct impact *im, const struct impact_whatif *w,
	    struct impact_change *ch);

/*
 * Would the change w take a known cost below zero?  A cost per event
 * cannot be negative: such a what-if is refused, not priced.
 */
int	impact_whatif_below_zero(const struct impact *im,
	    const struct impact_whatif *w);

#endif
