/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What one event costs in core cycles, and how to turn cycles into
 * seconds: from a results file (--costs) or measured now through the
 * registry.
 */
#ifndef CB_IMPACT_COSTS_H
#define CB_IMPACT_COSTS_H

#include <stddef.h>

#include <jansson.h>

#include "cyclebench.h"
#include "impact/events.h"

struct impact_clock {
	double	tsc_hz;
	double	cycles_per_tick;	/* core cycles per TSC tick */
	char	source[256];
};

struct impact_cost {
	int	known;
	int	from_whatif;	/* priced by --what-if EVENT=CYCLES */
	double	cycles;		/* per event */
	char	source[512];	/* or, when not known, why */
};

/*
 * Read and check a results file (docs/results-schema.md): its clock into
 * clk.  Returns the document, or NULL with a message in err.
 */
json_t	*costs_load(const char *path, struct impact_clock *clk, char *err,
	    size_t len);

/* e's cost from a loaded file; 0, or -1 with the reason in c->source. */
int	costs_from_file(json_t *doc, const char *path,
	    const struct impact_event *e, struct impact_cost *c);

/* The benchmark in this build that prices e, or NULL. */
const struct cb_bench *costs_bench(const struct impact_event *e);

/* Measure b now; c->known tells whether it gave a cost. */
void	costs_measure(const struct cb_bench *b, const struct cb_options *o,
	    struct impact_cost *c);

/* This machine's clock, for costs measured now. */
void	costs_this_clock(struct impact_clock *clk);

#endif
