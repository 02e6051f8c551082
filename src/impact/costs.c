/* SPDX-License-Identifier: BSD-2-Clause */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/clock.h"
#include "core/machine.h"
#include "core/registry.h"
#include "impact/costs.h"
#include "results/results.h"

static double
positive(json_t *o, const char *key)
{
	json_t *v;

	v = json_object_get(o, key);
	if (!json_is_number(v) || !isfinite(json_number_value(v)) ||
	    json_number_value(v) <= 0)
		return (NAN);
	return (json_number_value(v));
}

json_t *
costs_load(const char *path, struct impact_clock *clk, char *err, size_t len)
{
	json_t *doc, *machine, *v;

	/* The limits on what a results file may make us read are rs_'s. */
	if ((doc = rs_read_json(path, err, len)) == NULL)
		return (NULL);
	v = json_object_get(doc, "schema_version");
	machine = json_object_get(doc, "machine");
	if (!json_is_integer(v) || !json_is_array(json_object_get(doc,
	    "results")) || !json_is_object(machine)) {
		snprintf(err, len, "%s is not a cyclebench results file (it "
		    "needs schema_version, machine and results; see "
		    "docs/results-schema.md)", path);
		goto bad;
	}
	if (json_integer_value(v) > CB_SCHEMA_VERSION || json_integer_value(v)
	    < 1) {
		snprintf(err, len, "%s has schema_version %lld; this "
		    "cyclebench reads 1 to %d", path,
		    (long long)json_integer_value(v), CB_SCHEMA_VERSION);
		goto bad;
	}
	clk->tsc_hz = positive(machine, "tsc_hz");
	clk->cycles_per_tick = positive(machine, "cycles_per_tick");
	if (isnan(clk->tsc_hz) || isnan(clk->cycles_per_tick)) {
		snprintf(err, len, "%s lacks a positive machine.tsc_hz and "
		    "machine.cycles_per_tick: its cycles cannot be turned into "
		    "seconds", path);
		goto bad;
	}
	snprintf(clk->source, sizeof(clk->source), "machine.tsc_hz and "
	    "machine.cycles_per_tick of %s", path);
	return (doc);
bad:
	json_decref(doc);
	return (NULL);
}

/* A parameter value is written as a JSON number when it looks like one. */
static int
param_matches(json_t *v, const char *want)
{
	char buf[64];

	if (json_is_string(v))
		return (strcmp(json_string_value(v), want) == 0);
	if (json_is_integer(v)) {
		snprintf(buf, sizeof(buf), "%lld",
		    (long long)json_integer_value(v));
		return (strcmp(buf, want) == 0);
	}
	if (json_is_real(v))
		return (json_real_value(v) == strtod(want, NULL));
	return (0);
}

static size_t
nparams(const struct cb_bench *b)
{
	size_t n = 0;

	while (n < CB_MAX_PARAMS && b->params[n].key != NULL)
		n++;
	return (n);
}

/* The same benchmark: same name, the same parameters and no others. */
static int
result_matches(json_t *r, const struct cb_bench *want)
{
	json_t *name, *params;
	size_t i, n;

	name = json_object_get(r, "name");
	params = json_object_get(r, "params");
	if (!json_is_string(name) ||
	    strcmp(json_string_value(name), want->name) != 0)
		return (0);
	n = nparams(want);
	if (n == 0)
		return (params == NULL || json_object_size(params) == 0);
	if (!json_is_object(params) || json_object_size(params) != n)
		return (0);
	for (i = 0; i < n; i++)
		if (!param_matches(json_object_get(params,
		    want->params[i].key), want->params[i].value))
			return (0);
	return (1);
}

int
costs_from_file(json_t *doc, const char *path, const struct impact_event *e,
    struct impact_cost *c)
{
	json_t *r, *status;
	char label[160];
	const char *st = NULL;
	size_t i;
	double v;

	registry_label(&e->bench, label, sizeof(label));
	json_array_foreach(json_object_get(doc, "results"), i, r) {
		if (!result_matches(r, &e->bench))
			continue;
		status = json_object_get(r, "status");
		if (!json_is_string(status) ||
		    strcmp(json_string_value(status), "ok") != 0) {
			st = json_is_string(status) ?
			    json_string_value(status) : "without a status";
			continue;
		}
		v = positive(json_object_get(r, "cycles"), "median");
		if (isnan(v)) {
			st = "without a positive cycles.median";
			continue;
		}
		c->known = 1;
		c->cycles = v;
		snprintf(c->source, sizeof(c->source), "%s, cycles.median in "
		    "%s", label, path);
		return (0);
	}
	c->known = 0;
	if (st != NULL)
		snprintf(c->source, sizeof(c->source), "%s's result for %s is "
		    "%s", path, label, st);
	else
		snprintf(c->source, sizeof(c->source), "%s has no result for "
		    "%s", path, label);
	return (-1);
}

static int
same_params(const struct cb_bench *a, const struct cb_bench *b)
{
	size_t i, n;

	if ((n = nparams(a)) != nparams(b))
		return (0);
	for (i = 0; i < n; i++)
		if (strcmp(a->params[i].key, b->params[i].key) != 0 ||
		    strcmp(a->params[i].value, b->params[i].value) != 0)
			return (0);
	return (1);
}

/* By name and parameters, whatever flags would hide it from a pattern. */
const struct cb_bench *
costs_bench(const struct impact_event *e)
{
	const struct cb_suite *const *s;
	const struct cb_bench *b;
	size_t i;

	if (e->bench.name == NULL)
		return (NULL);
	for (s = registry_suites; *s != NULL; s++)
		for (i = 0; i < (*s)->count; i++) {
			b = &(*s)->benches[i];
			if (strcmp(b->name, e->bench.name) == 0 &&
			    same_params(b, &e->bench))
				return (b);
		}
	return (NULL);
}

void
costs_measure(const struct cb_bench *b, const struct cb_options *o,
    struct impact_cost *c)
{
	struct cb_result r;
	char label[160];

	registry_label(b, label, sizeof(label));
	if (cb_measure(b, o, &r) == CB_OK && isfinite(r.cycles.median) &&
	    r.cycles.median > 0) {
		c->known = 1;
		c->cycles = r.cycles.median;
		snprintf(c->source, sizeof(c->source), "%s, median of %zu "
		    "samples measured now (%s)", label, r.nsamples,
		    cb_method_name(r.method));
	} else {
		c->known = 0;
		snprintf(c->source, sizeof(c->source), "%s could not be "
		    "measured: %s: %s", label, cb_status_name(r.status),
		    r.reason[0] ? r.reason : "no positive median");
	}
	cb_result_free(&r);
}

void
costs_this_clock(struct impact_clock *clk)
{
	struct machine m;

	memset(&m, 0, sizeof(m));
	clock_describe(&m);
	clk->tsc_hz = m.ref_hz;
	clk->cycles_per_tick = m.cycles_per_tick;
	snprintf(clk->source, sizeof(clk->source), "this machine's clock: "
	    "TSC %.1f MHz (%s) x %.4f core cycles per tick (%s: %s)",
	    m.ref_hz / 1e6, m.ref_source, m.cycles_per_tick,
	    cb_method_name(m.cycle_method), m.cycle_source);
}
