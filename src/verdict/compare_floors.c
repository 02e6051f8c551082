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

/* The quiet probe reading of a file: any result's, all share the run's. */
static double
file_floor(const struct rs_file *f)
{
	size_t i;

	for (i = 0; i < f->nresults; i++)
		if (isfinite(f->results[i].probe_floor))
			return (f->results[i].probe_floor);
	return (NAN);
}

double
cmp_files_floor(const struct rs_file *f, size_t n)
{
	double fl = NAN, own;
	size_t i;

	for (i = 0; i < n; i++)
		if (!isnan(own = file_floor(&f[i])) && !(fl <= own))
			fl = own;
	return (fl);
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
		t->inputs[i].probe_floor = cmp_files_floor(t->inputs[i].f,
		    t->inputs[i].nfiles);
		t->inputs[i].ref_floor = t->inputs[i].probe_floor;
		for (k = 0; k < t->inputs[i].nfiles; k++) {
			f = &t->inputs[i].f[k];
			own = fl = file_floor(f);
			for (j = 0; j < t->ninputs; j++)
				for (l = 0; l < t->inputs[j].nfiles; l++) {
					g = &t->inputs[j].f[l];
					if (same_cpu(f, g) &&
					    file_floor(g) < fl)
						fl = file_floor(g);
				}
			if (fl < t->inputs[i].ref_floor)
				t->inputs[i].ref_floor = fl;
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
