/*
 * The table a person reads: one row per benchmark, the cost per operation
 * in core cycles (the figure over rounds and the fastest sample),
 * nanoseconds, the spread, the rounds, and every reason to doubt the
 * number; under a row, its levels and its quiet figure when it has them;
 * then a legend saying how the cycles were obtained.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/names.h"
#include "core/registry.h"
#include "report/report.h"

#define NAME_WIDTH	34

/* Enough digits to read, never more than the noise supports. */
void
report_cost_text(char *buf, size_t len, double v)
{
	if (!isfinite(v))
		snprintf(buf, len, "-");
	else if (fabs(v) < 10)
		snprintf(buf, len, "%.2f", v);
	else if (fabs(v) < 1000)
		snprintf(buf, len, "%.1f", v);
	else
		snprintf(buf, len, "%.0f", v);
}

int
report_label_width(const struct cb_result *r, size_t n)
{
	char label[160];
	size_t i, w = NAME_WIDTH;

	for (i = 0; i < n; i++) {
		if (r[i].bench == NULL)
			continue;
		registry_label(r[i].bench, label, sizeof(label));
		if (strlen(label) > w)
			w = strlen(label);
	}
	return ((int)w);
}

/* "8.30 (60%) | 6.40 (40%) | scattered 12%": every level, never averaged. */
void
report_levels_text(char *buf, size_t len, const struct cb_level *l,
    size_t n, double scattered)
{
	char v[24];
	size_t used = 0, i;

	buf[0] = '\0';
	for (i = 0; i < n && i < CB_MAX_LEVELS && used < len; i++) {
		report_cost_text(v, sizeof(v), l[i].value);
		used += (size_t)snprintf(buf + used, len - used, "%s%s (%.0f%%)",
		    i ? " | " : "", v, 100 * l[i].share);
	}
	if (used < len && scattered >= REPORT_SCATTERED_SHOWN)
		snprintf(buf + used, len - used, " | scattered %.0f%%",
		    100 * scattered);
}

/* The lines under a row: its levels, and where its figure comes from. */
static void
row_notes(FILE *fp, const struct cb_result *r, int width)
{
	char levels[256];

	if (r->nlevels >= 2) {
		report_levels_text(levels, sizeof(levels), r->levels,
		    r->nlevels, r->scattered);
		fprintf(fp, "%*s levels %s\n", width, "", levels);
	}
	if (r->quiet && (r->flags & CB_FLAG_CONTENDED))
		fprintf(fp, "%*s quiet figure: %.0f%% of samples ran while the "
		    "core was shared and are left out\n", width, "",
		    100 * r->contended);
	else if ((r->flags & CB_FLAG_CONTENDED) && !r->quiet)
		fprintf(fp, "%*s no quiet figure: the core was shared for "
		    "%.0f%% of samples, too few rounds were quiet\n", width, "",
		    100 * r->contended);
}

static void
row(FILE *fp, const struct cb_result *r, int width)
{
	char label[160], med[24], min[24], ns[24], ci[24], flags[160];
	const struct cb_bench *b = r->bench;

	registry_label(b, label, sizeof(label));
	if (r->status != CB_OK) {
		fprintf(fp, "%-*s %-10s %s: %s\n", width, label,
		    cb_mode_name(b->mode), cb_status_name(r->status),
		    r->reason);
		return;
	}
	report_cost_text(med, sizeof(med), r->cycles.median);
	report_cost_text(min, sizeof(min), r->cycles.min);
	report_cost_text(ns, sizeof(ns), r->ns.median);
	report_cost_text(ci, sizeof(ci),
	    (r->cycles.ci95_high - r->cycles.ci95_low) / 2);
	cb_flags_string(r->flags, flags, sizeof(flags));
	fprintf(fp, "%-*s %-10s %8s %8s %8s %7s %5.1f%% %6zu %-10s %s",
	    width, label, cb_mode_name(b->mode), med, min, ns, ci,
	    isfinite(r->cycles.cv) ? r->cycles.cv * 100 : 0.0, r->nrounds,
	    cb_method_name(r->method), flags);
	if (r->disturbed)
		fprintf(fp, "%s%u dropped", flags[0] ? " " : "", r->disturbed);
	fputc('\n', fp);
	row_notes(fp, r, width);
}

void
report_table(FILE *fp, const struct machine *m, const struct cb_result *r,
    size_t n)
{
	size_t i;
	int cpu = n ? r[0].cpu : -1, width = report_label_width(r, n);
	char warning[512];

	fprintf(fp, "cyclebench %s on %s (family %u model %u)", CB_VERSION,
	    m->cpu_brand, m->cpu_family, m->cpu_model);
	if (cpu >= 0)
		fprintf(fp, ", CPU %d", cpu);
	if (cpu >= 0 && machine_core_type(m, cpu) != NULL)
		fprintf(fp, " (%s)", machine_core_type(m, cpu));
	fprintf(fp, "%s%s\n", m->hypervisor[0] ? ", under " : "",
	    m->hypervisor);
	fprintf(fp, "cycles %s: %.4f core cycles per %s tick (%s); "
	    "%s %.1f MHz\n", cb_method_name(m->cycle_method),
	    m->cycles_per_tick, machine_ref_name(m), m->cycle_source,
	    machine_ref_name(m), m->tsc_hz / 1e6);
	if (machine_cycle_warning(m, warning, sizeof(warning))[0] != '\0')
		fprintf(fp, "WARNING: %s\n", warning);
	fputc('\n', fp);
	fprintf(fp, "%-*s %-10s %8s %8s %8s %7s %6s %6s %-10s %s\n", width,
	    "benchmark", "mode", "cycles", "min", "ns", "+-ci95", "cv",
	    "rounds", "method", "flags");
	for (i = 0; i < n; i++)
		row(fp, &r[i], width);
	fprintf(fp, "\ncycles: core cycles per operation, the median of the "
	    "rounds' medians (a round\nis a short burst in a fresh process; "
	    "rounds of all benchmarks interleave in\ntime); min: the fastest "
	    "sample; ns: the same from %s ticks; +-ci95: half\nthe 95%% "
	    "interval, bootstrapped over rounds then samples; cv: spread of "
	    "the\nsamples.  Where the contention probe saw the core shared, "
	    "the figure rests on\nthe quiet samples; levels are the separate "
	    "values a row's samples settle on.\nLatency and throughput samples "
	    "are fitted slopes over 8 loop sizes; path\nsamples are single "
	    "calls.  Flags are explained in cyclebench(1).\n",
	    machine_ref_name(m));
}
