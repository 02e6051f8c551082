/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The noise model (verdict/compare_noise.h).  Given repeated runs of one
 * build (--noise), a row's between-run spread is the sd of the log of
 * their figures, each taken as compare takes a side's run, with degrees
 * of freedom one less than their number.  Without them it is assumed:
 * CMP_ASSUMED_SPREAD for an instruction, CMP_ASSUMED_PATH_SPREAD for a
 * kernel path (whole runs of one sit at different levels of the host),
 * and a calibrated run's conversion adds CMP_CALIBRATION_SD.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "verdict/compare_floors.h"
#include "verdict/compare_noise.h"
#include "verdict/compare_warn.h"

/* The spread the noise runs show for key; NAN: fewer than two have it. */
static int
measured(const struct cmp_table *t, const char *key, double *sd,
    double *df)
{
	struct cmp_input in;
	struct cmp_cell c;
	struct cmp_side d;
	double *v, mean;
	size_t n;

	*sd = *df = NAN;
	memset(&in, 0, sizeof(in));
	memset(&c, 0, sizeof(c));
	in.f = t->noise;
	in.nfiles = t->nnoise;
	in.probe_floor = cmp_files_floor(t->noise, t->nnoise);
	in.ref_floor = in.probe_floor;
	if (cmp_side_build(&in, key, &c, &d) != 0 ||
	    (v = calloc(3 * (d.nruns + 1), sizeof(*v))) == NULL) {
		cmp_side_free(&d);
		return (-1);
	}
	n = c.r != NULL && c.r->ok ? cmp_run_values(&d, -INFINITY, INFINITY,
	    v, v + d.nruns + 1, v + 2 * (d.nruns + 1)) : 0;
	if (n >= 2) {
		*sd = sqrt(stats_mean_var(v, n, &mean));
		*df = (double)n - 1;
	}
	free(v);
	cmp_side_free(&d);
	return (0);
}

int
cmp_noise_prior(const struct cmp_table *t, const char *key,
    const struct cmp_side *d, struct cmp_prior *prior)
{
	double sd, df;

	if (t->nnoise >= 2) {
		if (measured(t, key, &sd, &df) != 0)
			return (-1);
		if (isfinite(sd)) {
			*prior = (struct cmp_prior){ CMP_BASIS_NOISE, sd, df,
			    0 };
			return (0);
		}
	}
	prior->basis = CMP_BASIS_ASSUMED;
	prior->sd = d->path ? CMP_ASSUMED_PATH_SPREAD : CMP_ASSUMED_SPREAD;
	prior->df = INFINITY;
	prior->calibration = d->nruns > 0 && d->runs[0].method != NULL &&
	    strcmp(d->runs[0].method, "calibrated") == 0 ?
	    CMP_CALIBRATION_SD : 0;
	return (0);
}

int
cmp_noise_warn(struct cmp_table *t)
{
	double lo = INFINITY, hi = -INFINITY, s;
	size_t i;

	for (i = 0; i < t->nnoise; i++)
		if (isfinite(s = cmp_started(&t->noise[i]))) {
			lo = fmin(lo, s);
			hi = fmax(hi, s);
		}
	if (t->nnoise < 2 || hi - lo > CMP_SESSION_GAP)
		return (0);
	return (cmp_warn(t, "the %zu --noise runs started within %d seconds "
	    "of each other: one session, which shows no spread between "
	    "sessions; the spread is assumed instead (run them spread over "
	    "time)", t->nnoise, CMP_SESSION_GAP));
}
