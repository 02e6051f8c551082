/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Probe floors (verdict/compare_floors.h).  A run's probe floor is its
 * quietest reading of the contention probe; a side takes the lowest of
 * its own files, so that its figure never depends on the other files
 * given.  A run contended from start to end has a floor above the quiet
 * one, which only another run can show: where another side's file on the
 * same kind of CPU (brand, family and model) read much lower, a warning
 * says so, and the reader weighs that side's figures.
 */
#include <math.h>
#include <string.h>

#include "core/estimate.h"
#include "verdict/compare_floors.h"
#include "verdict/compare_warn.h"

double
cmp_file_floor(const struct rs_file *f)
{
	size_t i;

	for (i = 0; i < f->nresults; i++)
		if (isfinite(f->results[i].probe_floor))
			return (f->results[i].probe_floor);
	return (NAN);
}

static int
same_cpu(const struct rs_file *a, const struct rs_file *b)
{
	return (strcmp(a->machine.cpu_brand, b->machine.cpu_brand) == 0 &&
	    a->machine.cpu_family == b->machine.cpu_family &&
	    a->machine.cpu_model == b->machine.cpu_model);
}

int
cmp_probe_floors(struct cmp_table *t)
{
	const struct rs_file *f, *g;
	size_t i, j, k, l;
	double fl, own;

	for (i = 0; i < t->ninputs; i++) {
		t->inputs[i].probe_floor = NAN;
		for (k = 0; k < t->inputs[i].nfiles; k++) {
			f = &t->inputs[i].f[k];
			own = fl = cmp_file_floor(f);
			if (!(t->inputs[i].probe_floor <= own))
				t->inputs[i].probe_floor = own;
			for (j = 0; j < t->ninputs; j++)
				for (l = 0; l < t->inputs[j].nfiles; l++) {
					g = &t->inputs[j].f[l];
					if (same_cpu(f, g) &&
					    cmp_file_floor(g) < fl)
						fl = cmp_file_floor(g);
				}
			if (fl < own * (1 - EST_PROBE_MARGIN) && cmp_warn(t,
			    "%s: its contention probe never read below %.3f "
			    "cycles where a run on the same CPU read %.3f: it "
			    "may have run with the core shared throughout, "
			    "and its figures be high by as much",
			    f->path, own, fl) != 0)
				return (-1);
		}
	}
	return (0);
}
