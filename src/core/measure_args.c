/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The checks, in the order a reader of the header meets the fields.  The
 * limits are the command line's (cli/measure_opts.c), from cyclebench.h,
 * so the library and the tool accept the same.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/measure_args.h"
#include "os/cpuset.h"

static int
check_params(const struct cb_bench *b, char *why, size_t len)
{
	size_t i, j;

	for (i = 0; i < CB_MAX_PARAMS; i++) {
		if (b->params[i].key == NULL) {
			if (b->params[i].value != NULL) {
				snprintf(why, len, "parameter %zu has a value "
				    "but no key", i);
				return (-1);
			}
			continue;
		}
		if (b->params[i].key[0] == '\0' || b->params[i].value == NULL) {
			snprintf(why, len, "parameter %zu needs a key and a "
			    "value", i);
			return (-1);
		}
		for (j = 0; j < i; j++)
			if (b->params[j].key != NULL &&
			    strcmp(b->params[i].key, b->params[j].key) == 0) {
				snprintf(why, len, "parameter '%s' is given "
				    "twice", b->params[i].key);
				return (-1);
			}
	}
	return (0);
}

static int
check_bench(const struct cb_bench *b, char *why, size_t len)
{
	if (b->name == NULL || b->name[0] == '\0') {
		snprintf(why, len, "the benchmark has no name");
		return (-1);
	}
	if (b->mode != CB_LATENCY && b->mode != CB_THROUGHPUT &&
	    b->mode != CB_PATH) {
		snprintf(why, len, "mode %d is none of CB_LATENCY, "
		    "CB_THROUGHPUT and CB_PATH", (int)b->mode);
		return (-1);
	}
	if (b->ops == 0) {
		snprintf(why, len, "ops is 0: a body runs at least one "
		    "operation per iteration");
		return (-1);
	}
	/* A row only its setup may decide about (skip, why) has none. */
	if (b->body == NULL && b->setup == NULL) {
		snprintf(why, len, "the benchmark has no body");
		return (-1);
	}
	if (b->timed != NULL && b->mode != CB_PATH) {
		snprintf(why, len, "a timed callback is for CB_PATH benchmarks "
		    "only");
		return (-1);
	}
	if (!(b->timeout >= 0 && b->timeout <= CB_MAX_TIMEOUT)) {
		snprintf(why, len, "the benchmark's timeout %g is not 0 or a "
		    "number of seconds up to %d", b->timeout, CB_MAX_TIMEOUT);
		return (-1);
	}
	return (check_params(b, why, len));
}

static int
check_options(const struct cb_options *o, char *why, size_t len)
{
	if (o->repetitions != 0 && (o->repetitions < CB_MIN_REPETITIONS ||
	    o->repetitions > CB_MAX_REPETITIONS)) {
		snprintf(why, len, "repetitions %u is not 0 (the default) or "
		    "%d to %d", o->repetitions, CB_MIN_REPETITIONS,
		    CB_MAX_REPETITIONS);
		return (-1);
	}
	if (!(o->timeout >= CB_MIN_TIMEOUT && o->timeout <= CB_MAX_TIMEOUT)) {
		snprintf(why, len, "timeout %g is not %g to %d seconds (start "
		    "from cb_options_default())", o->timeout, CB_MIN_TIMEOUT,
		    CB_MAX_TIMEOUT);
		return (-1);
	}
	if (o->rounds > CB_MAX_ROUNDS) {
		snprintf(why, len, "rounds %u is not 0 (adaptive) or 1 to %d",
		    o->rounds, CB_MAX_ROUNDS);
		return (-1);
	}
	if (o->precision != 0 && !(o->precision >= CB_MIN_PRECISION &&
	    o->precision <= CB_MAX_PRECISION)) {
		snprintf(why, len, "precision %g is not 0 (the default) or %g "
		    "to %g", o->precision, CB_MIN_PRECISION, CB_MAX_PRECISION);
		return (-1);
	}
	if (o->cpu != -1 && (o->cpu < 0 || !cpuset_allowed(o->cpu))) {
		snprintf(why, len, "CPU %d is not one this process may run on",
		    o->cpu);
		return (-1);
	}
	if ((o->isolate != 0 && o->isolate != 1) || (o->quick != 0 &&
	    o->quick != 1)) {
		snprintf(why, len, "isolate and quick are 0 or 1");
		return (-1);
	}
	return (0);
}

int
measure_args_check(const struct cb_bench *b, const struct cb_options *o,
    char *why, size_t len)
{
	if (b == NULL) {
		snprintf(why, len, "no benchmark (NULL)");
		return (-1);
	}
	if (check_bench(b, why, len) != 0)
		return (-1);
	return (o != NULL ? check_options(o, why, len) : 0);
}
