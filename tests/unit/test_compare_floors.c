/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for verdict/compare_floors.c: a side's probe floor is the
 * lowest of its own runs, whatever the other sides; a run whose own floor
 * is well above that of a run on the same kind of CPU, on any side, may
 * have run contended throughout and is warned of; runs on another CPU,
 * or without a probe, are no measure of it.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "near.h"
#include "core/estimate.h"
#include "results_fixture.h"
#include "verdict/compare_floors.h"

/* Sides of sides[k] consecutive files of f. */
static void
table(struct cmp_table *t, const struct rs_file *f, const size_t *sides,
    size_t n)
{
	size_t i, at;

	memset(t, 0, sizeof(*t));
	t->inputs = calloc(n, sizeof(*t->inputs));
	assert_non_null(t->inputs);
	t->ninputs = n;
	for (i = at = 0; i < n; at += sides[i++]) {
		t->inputs[i].f = &f[at];
		t->inputs[i].nfiles = sides[i];
	}
}

static void
set_floor(struct rs_file *f, double floor)
{
	size_t i;

	for (i = 0; i < f->nresults; i++)
		f->results[i].probe_floor = floor;
}

static void
test_lowest_on_the_cpu(void **state)
{
	static const size_t sides[] = { 1, 2 };
	struct cmp_table t;
	struct rs_file f[3], g[3], old;
	double low;

	(void)state;
	load(&f[0], RES "rounds-cpu0.json");
	load(&f[1], RES "rounds-cpu1.json");
	load(&f[2], RES "rounds-lfence.json");
	low = f[0].results[0].probe_floor;
	assert_true(low > 0);
	/*
	 * Each side its own lowest, so its figures never hang on the other
	 * files given; within the margin of A's, no warning.
	 */
	set_floor(&f[1], low * (1 + EST_PROBE_MARGIN / 2));
	set_floor(&f[2], low * 1.5);
	table(&t, f, sides, 2);
	assert_int_equal(cmp_probe_floors(&t), 0);
	assert_true(t.inputs[0].probe_floor == low);
	assert_double_equal(t.inputs[1].probe_floor,
	    low * (1 + EST_PROBE_MARGIN / 2));
	assert_int_equal(t.nwarnings, 1);
	assert_non_null(strstr(t.warnings[0], "rounds-lfence.json: its "
	    "contention probe never read below"));
	assert_non_null(strstr(t.warnings[0], "may have run with the core "
	    "shared throughout"));
	cmp_free(&t);
	/* A file without a probe gives no floor, before or after one. */
	load(&old, RES "basic-cpu0.json");
	g[0] = f[0];
	g[1] = f[1];
	g[2] = old;
	table(&t, g, sides, 2);
	assert_int_equal(cmp_probe_floors(&t), 0);
	assert_double_equal(t.inputs[1].probe_floor,
	    low * (1 + EST_PROBE_MARGIN / 2));
	cmp_free(&t);
	g[1] = old;
	g[2] = f[1];
	table(&t, g, sides, 2);
	assert_int_equal(cmp_probe_floors(&t), 0);
	assert_double_equal(t.inputs[1].probe_floor,
	    low * (1 + EST_PROBE_MARGIN / 2));
	cmp_free(&t);
	rs_free(&old);

	/* Another model of CPU is no measure of this one's floor. */
	f[2].machine.cpu_model++;
	table(&t, f, sides, 2);
	assert_int_equal(cmp_probe_floors(&t), 0);
	assert_int_equal(t.nwarnings, 0);
	assert_double_equal(t.inputs[1].probe_floor,
	    low * (1 + EST_PROBE_MARGIN / 2));
	cmp_free(&t);
	/* Alone on its CPU, a side keeps its own floor. */
	table(&t, &f[2], (const size_t[]){ 1 }, 1);
	assert_int_equal(cmp_probe_floors(&t), 0);
	assert_double_equal(t.inputs[0].probe_floor, low * 1.5);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
	rs_free(&f[2]);
}

/* Files from before the probe have no floor, nor give one. */
static void
test_no_probe(void **state)
{
	static const size_t sides[] = { 1, 1 };
	struct cmp_table t;
	struct rs_file f[2];

	(void)state;
	load(&f[0], RES "basic-cpu0.json");
	load(&f[1], RES "basic-cpu1.json");
	table(&t, f, sides, 2);
	assert_int_equal(cmp_probe_floors(&t), 0);
	assert_true(isnan(t.inputs[0].probe_floor));
	assert_true(isnan(t.inputs[1].probe_floor));
	assert_true(isnan(cmp_files_floor(f, 2)));
	assert_int_equal(t.nwarnings, 0);
	cmp_free(&t);
	rs_free(&f[0]);
	rs_free(&f[1]);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lowest_on_the_cpu),
		cmocka_unit_test(test_no_probe),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
