/* SPDX-License-Identifier: BSD-2-Clause */
/* --what-if EVENT=CYCLES: a change in what one event costs. */
#ifndef CB_IMPACT_WHATIF_H
#define CB_IMPACT_WHATIF_H

#include <stddef.h>

#include "impact/events.h"

struct impact_whatif {
	const struct impact_event *event;
	int		 relative;	/* +N or -N: a change per event */
	double		 cycles;	/* the change, or the new cost */
};

/*
 * Parse "ctxsw=+264" (relative), "ctxsw=-30" or "ctxsw=264" (the new
 * cost per event).  Returns 0, or -1 with a message in err.
 */
int	whatif_parse(const char *arg, struct impact_whatif *w, char *err,
	    size_t len);

#endif
