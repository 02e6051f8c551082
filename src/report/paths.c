/*
 * The distribution view of kernel-path results, printed after the main
 * table: a path's cost is a peak with a tail, so one median is not the
 * whole answer, and the first call of a fresh process pays for cold
 * caches and page faults the steady state never sees.  The CPU
 * vulnerability mitigations head the table because they change what
 * every kernel entry and exit costs, several-fold.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/registry.h"
#include "report/report.h"

#define MITIGATION_WIDTH	20

/* Shown whatever their state: page-table isolation and Spectre v2. */
static const char *const headline[] = { "meltdown", "spectre_v2" };

static int
is_headline(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(headline) / sizeof(headline[0]); i++)
		if (strcmp(name, headline[i]) == 0)
			return (1);
	return (0);
}

static const char *
mitigation_state(const struct machine *m, const char *name)
{
	int i;

	for (i = 0; i < m->nmitigations && i < MACHINE_MAX_MITIGATIONS; i++)
		if (strcmp(m->mitigations[i].name, name) == 0)
			return (m->mitigations[i].state);
	return (NULL);
}

/* The headline two, then every other one that is not "Not affected". */
static void
mitigations(FILE *fp, const struct machine *m)
{
	const struct machine_mitigation *mi;
	const char *state;
	size_t i;
	int k;

	if (m->nmitigations == 0) {
		fprintf(fp, "Mitigations: not visible (no /sys/devices/system/"
		    "cpu/vulnerabilities); they shape every number below.\n");
		return;
	}
	fprintf(fp, "Mitigations in effect; they shape every number below "
	    "(all: cyclebench info)\n");
	for (i = 0; i < sizeof(headline) / sizeof(headline[0]); i++) {
		state = mitigation_state(m, headline[i]);
		fprintf(fp, "  %-*s %s\n", MITIGATION_WIDTH, headline[i],
		    state != NULL ? state : "(not reported)");
	}
	for (k = 0; k < m->nmitigations && k < MACHINE_MAX_MITIGATIONS; k++) {
		mi = &m->mitigations[k];
		if (!is_headline(mi->name) &&
		    strncmp(mi->state, "Not affected", 12) != 0)
			fprintf(fp, "  %-*s %s\n", MITIGATION_WIDTH, mi->name,
			    mi->state);
	}
}

/* A whole number prints whole: traps=3000000, not 3e+06. */
static int
is_count(double v)
{
	return (fabs(v) < 1e15 && v == floor(v));
}

static void
row(FILE *fp, const struct cb_result *r, int width)
{
	char label[160], v[6][24];
	const double *src[6] = { &r->cycles.median, &r->cycles.p90,
	    &r->cycles.p99, &r->cycles.max, &r->first_call, &r->batched };
	unsigned i;

	for (i = 0; i < 6; i++)
		report_cost_text(v[i], sizeof(v[i]), *src[i]);
	fprintf(fp, "%-*s %8s %8s %8s %8s %8s %8s %6zu",
	    width, registry_label(r->bench, label, sizeof(label)), v[0], v[1],
	    v[2], v[3], v[4], v[5], r->nsamples);
	for (i = 0; i < r->nextras && i < CB_MAX_EXTRAS; i++)
		fprintf(fp, is_count(r->extras[i].value) ? " %s=%.0f" :
		    " %s=%.6g", r->extras[i].key, r->extras[i].value);
	fputc('\n', fp);
}

static int
is_path(const struct cb_result *r)
{
	return (r->status == CB_OK && r->bench != NULL &&
	    r->bench->mode == CB_PATH);
}

void
report_paths(FILE *fp, const struct machine *m, const struct cb_result *r,
    size_t n)
{
	size_t i, paths = 0;
	int width;

	for (i = 0; i < n; i++)
		paths += is_path(&r[i]);
	if (paths == 0)
		return;
	width = report_label_width(r, n);
	fprintf(fp, "\nKernel paths: core cycles per call\n");
	mitigations(fp, m);
	fprintf(fp, "\n%-*s %8s %8s %8s %8s %8s %8s %6s %s\n", width,
	    "benchmark", "p50", "p90", "p99", "max", "first", "batched",
	    "calls", "extras");
	for (i = 0; i < n; i++)
		if (is_path(&r[i]))
			row(fp, &r[i], width);
	fprintf(fp, "\np50..max: quantiles over single calls, each timed "
	    "on its own less the time\nstamps' cost; first: the first call "
	    "in a fresh process, cold; batched: the\nfitted slope over calls "
	    "back to back, a cross-check (for -delivery and\n-return rows, "
	    "the whole round trip); calls: calls kept; extras: figures the\n"
	    "benchmark adds itself.  Histograms are in the JSON (--json).\n");
}
