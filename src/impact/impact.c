/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stddef.h>

#include "impact/impact.h"

const char *const impact_base_names[IMPACT_NBASES] = {
	"wall", "user", "system"
};

static double
tv_seconds(const struct timeval *tv)
{
	return (tv->tv_sec + tv->tv_usec / 1e6);
}

double
impact_base_seconds(const struct impact *im, enum impact_base b)
{
	switch (b) {
	case IMPACT_WALL:
		return (im->run.wall);
	case IMPACT_USER:
		return (tv_seconds(&im->run.ru.ru_utime));
	case IMPACT_SYSTEM:
		return (tv_seconds(&im->run.ru.ru_stime));
	default:
		return (NAN);
	}
}

double
impact_seconds(const struct impact *im, double cycles)
{
	return (cycles / (im->clock.tsc_hz * im->clock.cycles_per_tick));
}

static int
named(const struct impact *im, size_t i, int absolute_only)
{
	size_t k;

	for (k = 0; k < im->nwhatif; k++)
		if (im->whatif[k].event == &impact_events[i] &&
		    (!absolute_only || !im->whatif[k].relative))
			return (1);
	return (0);
}

int
impact_shown(const struct impact *im, size_t i)
{
	return (!(impact_events[i].flags & IMPACT_EVENT_ON_REQUEST) ||
	    named(im, i, 0));
}

int
impact_wants_cost(const struct impact *im, size_t i)
{
	return (impact_events[i].bench.name != NULL && impact_shown(im, i) &&
	    im->counts.c[impact_events[i].counter].available);
}

/*
 * An event priced on request only gets its row from a --what-if, which
 * answers without the cost; an absolute --what-if stands in for one.
 */
int
impact_needs_cost(const struct impact *im, size_t i)
{
	return (impact_wants_cost(im, i) &&
	    !(impact_events[i].flags & IMPACT_EVENT_ON_REQUEST) &&
	    !named(im, i, 1));
}

void
impact_price_by_whatif(struct impact *im)
{
	const struct impact_whatif *w;
	struct impact_cost *c;
	size_t k;

	for (k = 0; k < im->nwhatif; k++) {
		w = &im->whatif[k];
		c = &im->cost[w->event - impact_events];
		if (w->relative || c->known)
			continue;
		c->known = c->from_whatif = 1;
		c->cycles = w->cycles;
		snprintf(c->source, sizeof(c->source), "--what-if %s=%g "
		    "(no measured cost)", w->event->name, w->cycles);
	}
}

double
impact_count(const struct impact *im, size_t i)
{
	const struct impact_count *c;

	c = &im->counts.c[impact_events[i].counter];
	return (c->available ? (double)c->value : NAN);
}

double
impact_event_seconds(const struct impact *im, size_t i)
{
	if (!im->cost[i].known)
		return (NAN);
	return (impact_seconds(im, impact_count(im, i) * im->cost[i].cycles));
}

void
impact_change(const struct impact *im, const struct impact_whatif *w,
    struct impact_change *ch)
{
	const struct impact_cost *c;
	size_t i;
	double n;

	i = (size_t)(w->event - impact_events);
	c = &im->cost[i];
	n = impact_count(im, i);
	ch->why = NULL;
	ch->whole = !w->relative && (!c->known || c->from_whatif);
	ch->per_event = w->relative || ch->whole ? w->cycles :
	    w->cycles - c->cycles;
	if (isnan(n))
		ch->why = "not counted here";
	ch->cycles = n * ch->per_event;
	ch->seconds = impact_seconds(im, ch->cycles);
	if (impact_whatif_below_zero(im, w)) {
		ch->why = "refused: it would take the cost below 0 cycles per "
		    "event";
		ch->cycles = ch->seconds = NAN;
	}
}

int
impact_whatif_below_zero(const struct impact *im,
    const struct impact_whatif *w)
{
	const struct impact_cost *c = &im->cost[w->event - impact_events];

	return (w->relative && c->known && c->cycles + w->cycles < 0);
}
