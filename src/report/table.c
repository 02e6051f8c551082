/*
 * The table a person reads: one row per benchmark, the cost per operation
 * in core cycles (median and fastest sample), nanoseconds, the spread, and
 * every reason to doubt the number, then a legend saying how the cycles
 * were obtained.
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
	fprintf(fp, "%-*s %-10s %8s %8s %8s %7s %5.1f%% %-10s %s",
	    width, label, cb_mode_name(b->mode), med, min, ns, ci,
	    isfinite(r->cycles.cv) ? r->cycles.cv * 100 : 0.0,
	    cb_method_name(r->method), flags);
	if (r->disturbed)
		fprintf(fp, "%s%u dropped", flags[0] ? " " : "", r->disturbed);
	fputc('\n', fp);
}

void
report_table(FILE *fp, const struct machine *m, const struct cb_result *r,
    size_t n)
{
	size_t i, nsamp = 0;
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
	fprintf(fp, "%-*s %-10s %8s %8s %8s %7s %6s %-10s %s\n", width,
	    "benchmark", "mode", "cycles", "min", "ns", "+-ci95", "cv",
	    "method", "flags");
	for (i = 0; i < n; i++) {
		row(fp, &r[i], width);
		if (r[i].nsamples > nsamp)
			nsamp = r[i].nsamples;
	}
	fprintf(fp, "\ncycles: median core cycles per operation over the "
	    "samples (up to %zu each);\nmin: the fastest sample; ns: median "
	    "from %s ticks; +-ci95: half the bootstrap\n95%% interval of the "
	    "median; cv: spread of the samples.  Latency and\nthroughput "
	    "samples are fitted slopes over 8 loop sizes; path samples are\n"
	    "single calls.  Flags are explained in cyclebench(1).\n", nsamp,
	    machine_ref_name(m));
}
