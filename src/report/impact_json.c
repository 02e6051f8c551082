/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The impact report as JSON (--json FILE), impact's reporter with the
 * text (impact_text.c); the layout is in docs/impact.md.
 * Unknown figures are null, never 0: a count nobody could take is not a
 * count of none.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include <jansson.h>

#include "impact/impact.h"
#include "report/escape.h"
#include "report/impact_out.h"
#include "report/report.h"
#include "results/json_text.h"

/* A failed insertion is remembered, not returned: one check at the end. */
static void
put(json_t *o, const char *key, json_t *v, int *bad)
{
	if (json_object_set_new(o, key, v) != 0)
		*bad = 1;
}

static void
put_shares(json_t *o, const struct impact *im, double s, int *bad)
{
	char key[32];
	double base;
	int b;

	for (b = 0; b < IMPACT_NBASES; b++) {
		base = impact_base_seconds(im, (enum impact_base)b);
		snprintf(key, sizeof(key), "share_%s", impact_base_names[b]);
		put(o, key, results_json_num(base > 0 ? s / base : NAN), bad);
	}
}

static json_t *
command_json(const struct impact *im, int *bad)
{
	json_t *o, *argv;
	char *const *a;
	int st = im->run.status;

	o = json_object();
	argv = json_array();
	for (a = im->argv; *a != NULL; a++)
		if (json_array_append_new(argv, results_json_text(*a)) != 0)
			*bad = 1;
	put(o, "argv", argv, bad);
	put(o, "exit_status", json_integer(spawn_exit_code(&im->run)), bad);
	put(o, "signal", WIFSIGNALED(st) ? json_integer(WTERMSIG(st)) :
	    json_null(), bad);
	put(o, "wall_seconds", results_json_num(impact_base_seconds(im,
	    IMPACT_WALL)), bad);
	put(o, "user_seconds", results_json_num(impact_base_seconds(im,
	    IMPACT_USER)), bad);
	put(o, "system_seconds", results_json_num(impact_base_seconds(im,
	    IMPACT_SYSTEM)), bad);
	put(o, "descendants_left_running", json_boolean(im->run.left_running),
	    bad);
	return (o);
}

static json_t *
count_json(const struct impact_count *c, int *bad)
{
	json_t *o;

	o = json_object();
	put(o, "value", c->available ? json_integer((json_int_t)c->value) :
	    json_null(), bad);
	put(o, "source", c->available ? results_json_opt_text(c->source) :
	    json_null(), bad);
	put(o, "note", results_json_opt_text(c->note), bad);
	return (o);
}

static json_t *
counts_json(const struct impact *im, int *bad)
{
	json_t *o;
	int i;

	o = json_object();
	for (i = 0; i < IMPACT_NCOUNTERS; i++)
		put(o, counter_key((enum impact_counter)i),
		    count_json(&im->counts.c[i], bad), bad);
	put(o, "ctxsw_voluntary", json_integer(im->counts.voluntary), bad);
	put(o, "ctxsw_involuntary", json_integer(im->counts.involuntary), bad);
	return (o);
}

/* The benchmark that prices an event, as results files name one. */
static json_t *
bench_json(const struct cb_bench *b, int *bad)
{
	json_t *o;

	if (b->name == NULL)
		return (json_null());
	o = json_object();
	put(o, "name", results_json_text(b->name), bad);
	put(o, "params", results_json_params(b), bad);
	return (o);
}

static json_t *
events_json(const struct impact *im, int *bad)
{
	const struct impact_cost *c;
	json_t *a, *o;
	size_t i;

	a = json_array();
	for (i = 0; i < impact_nevents; i++) {
		if (!impact_shown(im, i))
			continue;
		c = &im->cost[i];
		o = json_object();
		put(o, "name", json_string(impact_events[i].name), bad);
		put(o, "counter", json_string(counter_key(
		    impact_events[i].counter)), bad);
		put(o, "benchmark", bench_json(&impact_events[i].bench, bad),
		    bad);
		put(o, "count", isnan(impact_count(im, i)) ? json_null() :
		    json_integer((json_int_t)impact_count(im, i)), bad);
		put(o, "cycles_per_event", c->known ?
		    results_json_num(c->cycles) : json_null(), bad);
		put(o, "cost_source", c->known ? results_json_opt_text(c->source) :
		    json_null(), bad);
		put(o, "cost_missing", c->known ? json_null() :
		    results_json_opt_text(c->source), bad);
		put(o, "seconds", results_json_num(impact_event_seconds(im, i)),
		    bad);
		put_shares(o, im, impact_event_seconds(im, i), bad);
		if (json_array_append_new(a, o) != 0)
			*bad = 1;
	}
	return (a);
}

static json_t *
whatif_json(const struct impact *im, int *bad)
{
	const struct impact_whatif *w;
	struct impact_change ch;
	json_t *a, *o;
	size_t k;

	a = json_array();
	for (k = 0; k < im->nwhatif; k++) {
		w = &im->whatif[k];
		impact_change(im, w, &ch);
		o = json_object();
		put(o, "event", json_string(w->event->name), bad);
		put(o, "relative", json_boolean(w->relative), bad);
		put(o, "cycles", results_json_num(w->cycles), bad);
		put(o, "total_at_cost", json_boolean(ch.whole), bad);
		put(o, "cycles_per_event_change", results_json_num(ch.per_event),
		    bad);
		put(o, "cycles_change", results_json_num(ch.cycles), bad);
		put(o, "seconds_change", results_json_num(ch.seconds), bad);
		put_shares(o, im, ch.seconds, bad);
		put(o, "note", results_json_opt_text(ch.why), bad);
		if (json_array_append_new(a, o) != 0)
			*bad = 1;
	}
	return (a);
}

/* The report as JSON on fp; -1 when out of memory. */
static int
impact_json(FILE *fp, const void *data, const struct report_style *st)
{
	const struct impact *im = data;
	json_t *doc, *tool, *clock;
	char *dump;
	int bad = 0;

	(void)st;
	doc = json_object();
	put(doc, "format", json_string(CB_FORMAT_IMPACT), &bad);
	put(doc, "schema_version", json_integer(CB_SCHEMA_VERSION), &bad);
	tool = json_object();
	put(tool, "name", json_string("cyclebench"), &bad);
	put(tool, "version", json_string(CB_VERSION), &bad);
	put(doc, "tool", tool, &bad);
	put(doc, "command", command_json(im, &bad), &bad);
	if (im->context != NULL && im->context->n > 0)
		put(doc, "context", context_json(im->context), &bad);
	clock = json_object();
	put(clock, "tsc_hz", results_json_num(im->clock.tsc_hz), &bad);
	put(clock, "cycles_per_tick",
	    results_json_num(im->clock.cycles_per_tick), &bad);
	put(clock, "source", results_json_opt_text(im->clock.source), &bad);
	put(doc, "clock", clock, &bad);
	put(doc, "counts", counts_json(im, &bad), &bad);
	put(doc, "events", events_json(im, &bad), &bad);
	put(doc, "what_if", whatif_json(im, &bad), &bad);
	dump = bad ? NULL : json_dumps(doc, JSON_INDENT(2));
	json_decref(doc);
	if (dump == NULL)
		return (-1);
	fprintf(fp, "%s\n", dump);
	free(dump);
	return (0);
}

const struct reporter impact_reporter = { {
	[REPORT_TEXT] = impact_text,
	[REPORT_JSON] = impact_json,
} };

int
impact_report_json(const char *path, const struct impact *im, char *err,
    size_t len)
{
	static const struct report_style json = { .format = REPORT_JSON };

	return (report_render_file(&impact_reporter, path, im, &json, err,
	    len));
}
