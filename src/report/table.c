/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The table a person reads: one row per benchmark, the cost per operation
 * in core cycles (the figure over rounds and the fastest sample), the
 * time, the precision of the figure, the spread of the samples, the
 * rounds, and every reason to doubt the number; under a row, its levels
 * and its quiet figure when it has them.  The legend saying how the
 * figures were obtained is apart (report_legend): a command prints it
 * once, under all it draws, on a terminal or when asked.
 *
 * On a terminal the table fits its width: columns go in the order of
 * run_cols' steps (report.h says them, cyclebench(1) too) and a note
 * says which.  Into a pipe, or with --wide, it is printed whole; as
 * markdown, whole, for a post or a pull request.  Quiet (-q): the
 * column heads and the rows, nothing above or under them.
 *
 * A row is first made a table_row, the neutral form a results file could
 * give as well, so that printing does not depend on where results came
 * from; the figure a row shows is made in one place (cycles_text).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/engine.h"
#include "core/flags.h"
#include "core/names.h"
#include "core/registry.h"
#include "os/term.h"
#include "report/grid.h"
#include "report/report.h"
#include "report/wrap.h"

#define NAME_WIDTH	34
#define LEGEND_WIDTH	80

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

int
report_style_width(const struct report_style *st, FILE *fp)
{

	if (st != NULL && st->term != NULL)
		fp = st->term;
	if (st == NULL)
		return (term_width(fp));
	if (st->format != REPORT_TEXT || st->wide)
		return (0);
	return (term_width(fp));
}

/* The columns, and the steps at which a narrow terminal loses them. */
enum { C_NAME, C_MODE, C_CYCLES, C_MIN, C_TIME, C_CI, C_CV, C_ROUNDS,
    C_METHOD, C_FLAGS, NCOLS };

static const struct grid_col run_cols[NCOLS] = {
	[C_NAME] =	{ "benchmark", GRID_LEFT, 0, 0, 0 },
	[C_MODE] =	{ "mode", GRID_LEFT, 0, 3, 0 },
	[C_CYCLES] =	{ "cycles", GRID_POINT, 0, 0, 0 },
	[C_MIN] =	{ "min", GRID_POINT, 2, 0, 0 },
	[C_TIME] =	{ "time", GRID_RIGHT, 7, 0, 0 },
	[C_CI] =	{ "+-ci95", GRID_POINT, 0, 0, 0 },
	[C_CV] =	{ "cv", GRID_RIGHT, 6, 0, 0 },
	[C_ROUNDS] =	{ "rounds", GRID_RIGHT, 5, 0, 0 },
	[C_METHOD] =	{ "method", GRID_LEFT, 1, 0, 0 },
	[C_FLAGS] =	{ "flags", GRID_LEFT, 0, 0, 4 },
};

#define NAMES_BELOW_STEP	8

/* A mode as a narrow table abbreviates it. */
static const char *
mode_brief(const char *mode)
{

	if (strcmp(mode, "latency") == 0)
		return ("lat");
	if (strcmp(mode, "throughput") == 0)
		return ("thr");
	return (mode);
}

/*
 * The lines under a row: its levels, and where its figure comes from when
 * contention moved it (any contended share, with `verbose').
 */
static void
row_notes(const struct cb_result *r, int verbose, char *buf, size_t len)
{
	char levels[256];
	size_t used = 0;

	buf[0] = '\0';
	if (r->nlevels >= 2) {
		report_levels_text(levels, sizeof(levels), r->levels,
		    r->nlevels, r->scattered);
		used += (size_t)snprintf(buf, len, "levels %s", levels);
	}
	if (used >= len || !((r->flags & CB_FLAG_CONTENDED) || (verbose &&
	    r->contended > FLAGS_CONTENDED_SHARE)))
		return;
	if (r->quiet)
		snprintf(buf + used, len - used, "%squiet figure: %.0f%% of "
		    "samples ran while the core was shared and are left out%s",
		    used ? "\n" : "", 100 * r->contended,
		    r->flags & CB_FLAG_CONTENDED ? "; with them the figure "
		    "differs by more than the precision asked for" : "");
	else
		snprintf(buf + used, len - used, "%sno quiet figure: the core "
		    "was shared for %.0f%% of samples, too few rounds were quiet",
		    used ? "\n" : "", 100 * r->contended);
}

void
table_row_of(const struct cb_result *r, int verbose, struct table_row *t,
    struct table_row_text *text)
{
	double below, above;

	memset(t, 0, sizeof(*t));
	t->label = registry_label(r->bench, text->label, sizeof(text->label));
	t->mode = cb_mode_name(r->bench->mode);
	t->ok = r->status == CB_OK;
	t->status = cb_status_name(r->status);
	t->reason = r->reason;
	t->cycles = r->cycles.median;
	t->min = r->cycles.min;
	t->ns = r->ns.median;
	t->ci_half = (r->cycles.ci95_high - r->cycles.ci95_low) / 2;
	t->cv = r->cycles.cv;
	t->rounds = r->nrounds;
	t->method = cb_method_name(r->method);
	t->flags = cb_flags_string(verbose ? r->flags : flags_shown(r->flags),
	    text->flags, sizeof(text->flags));
	t->dropped = verbose ? r->disturbed : 0;
	if (t->ok && (r->flags & CB_FLAG_MISCALIBRATED)) {
		flags_cal_error(r->imul_check, r->imul_check, &below, &above);
		t->cal_off = fmax(below, above);
	}
	row_notes(r, verbose, text->notes, sizeof(text->notes));
	t->notes = text->notes;
}

/* The figure a row stands for, in cycles. */
static void
cycles_text(const struct table_row *t, char *buf, size_t len)
{

	report_cycles_text(buf, len, t->cycles);
}

static void
add_row(struct grid *g, const struct table_row *t, int quiet)
{
	char buf[64], note[CB_REASON_MAX + 32], flags[192];

	grid_row(g);
	grid_set(g, C_NAME, t->label, NULL);
	grid_set(g, C_MODE, t->mode, mode_brief(t->mode));
	if (!t->ok) {
		snprintf(note, sizeof(note), "%s: %s", t->status, t->reason);
		grid_span(g, C_CYCLES, note);
		return;
	}
	cycles_text(t, buf, sizeof(buf));
	grid_set(g, C_CYCLES, buf, NULL);
	report_cycles_text(buf, sizeof(buf), t->min);
	grid_set(g, C_MIN, buf, NULL);
	report_time_text(buf, sizeof(buf), t->ns);
	grid_set(g, C_TIME, buf, NULL);
	report_ci_text(buf, sizeof(buf), t->ci_half);
	grid_set(g, C_CI, buf, NULL);
	snprintf(buf, sizeof(buf), "%.1f%%", isfinite(t->cv) ? t->cv * 100 :
	    0.0);
	grid_set(g, C_CV, buf, NULL);
	snprintf(buf, sizeof(buf), "%zu", t->rounds);
	grid_set(g, C_ROUNDS, buf, NULL);
	grid_set(g, C_METHOD, t->method, NULL);
	snprintf(flags, sizeof(flags), "%s", t->flags);
	if (t->dropped)
		snprintf(flags + strlen(flags), sizeof(flags) - strlen(flags),
		    "%s%u dropped", flags[0] ? " " : "", t->dropped);
	grid_set(g, C_FLAGS, flags, NULL);
	if (!quiet)
		grid_note(g, t->notes);
}

/* "method and min" and the rest of what a narrow terminal cost. */
static void
fit_note(FILE *fp, const struct grid_fit *fit, int width)
{
	char line[512];
	size_t used = 0;
	int i, n;

	for (n = 0; fit->dropped[n] >= 0; n++)
		;
	if (n == 0 && !fit->briefed && !fit->below && !fit->label_below)
		return;
	fputc('\n', fp);
	used += (size_t)snprintf(line, sizeof(line), "To fit %d columns:",
	    width);
	for (i = 0; i < n; i++)
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    "%s%s", i == 0 ? " " : i + 1 == n ? " and " : ", ",
		    run_cols[fit->dropped[i]].head);
	if (n > 0)
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    " left out");
	if (fit->briefed)
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    "%s modes abbreviated (lat, thr)", n > 0 ? ";" : "");
	if (fit->below)
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    "%s flags under their rows", n > 0 || fit->briefed ? ";" :
		    "");
	if (fit->label_below)
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    "; names above their figures");
	if (used < sizeof(line))
		snprintf(line + used, sizeof(line) - used, ".  --wide shows "
		    "every column.");
	wrap_text(fp, 0, 0, line, width);
}

int
report_legend_wanted(const struct report_style *st, FILE *fp)
{
	FILE *term = st != NULL && st->term != NULL ? st->term : fp;

	if (st != NULL && (st->quiet || st->format != REPORT_TEXT))
		return (0);
	return ((st != NULL && st->legend) || isatty(fileno(term)));
}

void
report_legend(FILE *fp, const char *ref, int width)
{
	char text[1024];
	int w = width > 0 && width < LEGEND_WIDTH ? width : LEGEND_WIDTH;

	fputc('\n', fp);
	snprintf(text, sizeof(text), "cycles: core cycles per operation, the "
	    "median of the rounds' medians (a round is a short burst in a "
	    "fresh process; rounds of all benchmarks interleave in time), k "
	    "and M for thousands and millions; min: the fastest sample; time: "
	    "the same from %s ticks, in ns, \u00b5s or ms; rounds: how many.",
	    ref);
	wrap_text(fp, 0, 0, text, w);
	snprintf(text, sizeof(text), "+-ci95 says how well the figure is known, "
	    "in cycles like it (half its 95%% interval, bootstrapped over "
	    "rounds then samples, with the calibration's error added where "
	    "cycles are calibrated: %g%%, or as far off as the multiply check "
	    "in the row's rounds reads), cv how much the samples spread: "
	    "many scattered samples give a tight +-ci95 beside a large cv.",
	    ENGINE_CALIBRATION_SD * 100);
	wrap_text(fp, 0, 0, text, w);
	wrap_text(fp, 0, 0, "Where the contention probe saw the core shared, "
	    "the figure rests on the quiet samples; levels are the separate "
	    "values a row's samples settle on.  Latency and throughput samples "
	    "are fitted slopes over 8 loop sizes; path samples are single "
	    "calls.  'cyclebench list --flags' says what each flag means; the "
	    "table shows those that ask to act or to distrust the figure, "
	    "--verbose the rest.", w);
}

/*
 * The calibration's warning, from the rows it casts doubt on: those
 * whose own rounds timed a dependent multiply above a whole number of
 * cycles (core/flags.h).  Nothing when no row is.
 */
static void
cycle_warning(const struct table_row *t, size_t n, char *buf, size_t len)
{
	size_t i, bad = 0;
	double off = 0;

	for (i = 0; i < n; i++)
		if (t[i].cal_off > 0) {
			bad++;
			off = fmax(off, t[i].cal_off);
		}
	flags_cal_warning(bad, n, off, buf, len);
}

/* The machine and the clock, each a line (wrapped on a terminal). */
static void
machine_lines(FILE *fp, const struct machine *m, int cpu, int markdown,
    int width, const char *warning)
{
	char line[1024];
	size_t used;

	used = (size_t)snprintf(line, sizeof(line), "%scyclebench %s%s on %s "
	    "(family %u model %u)", markdown ? "**" : "", CB_VERSION,
	    markdown ? "**" : "", m->cpu_brand, m->cpu_family, m->cpu_model);
	if (cpu >= 0 && used < sizeof(line))
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    ", CPU %d", cpu);
	if (cpu >= 0 && machine_core_type(m, cpu) != NULL && used < sizeof(line))
		used += (size_t)snprintf(line + used, sizeof(line) - used,
		    " (%s)", machine_core_type(m, cpu));
	if (m->hypervisor[0] != '\0' && used < sizeof(line))
		snprintf(line + used, sizeof(line) - used, ", under %s",
		    m->hypervisor);
	wrap_text(fp, 0, 2, line, width);
	if (markdown)
		fputc('\n', fp);
	snprintf(line, sizeof(line), "cycles %s: %.4f core cycles per %s "
	    "tick (%s); %s %.1f MHz", cb_method_name(m->cycle_method),
	    m->cycles_per_tick, machine_ref_name(m), m->cycle_source,
	    machine_ref_name(m), m->ref_hz / 1e6);
	wrap_text(fp, 0, 2, line, width);
	if (warning[0] != '\0') {
		snprintf(line, sizeof(line), "%sWARNING: %s", markdown ?
		    "\n" : "", warning);
		wrap_text(fp, 0, 2, line, width);
	}
	fputc('\n', fp);
}

void
report_table_rows(FILE *fp, const struct machine *m, int cpu,
    const struct table_row *t, size_t n, const struct report_style *st)
{
	struct grid_col cols[NCOLS];
	struct grid_fit fit;
	struct grid g;
	char warning[512];
	size_t i;
	int width, markdown, quiet;

	markdown = st != NULL && st->format == REPORT_MARKDOWN;
	quiet = st != NULL && st->quiet;
	width = report_style_width(st, fp);
	memcpy(cols, run_cols, sizeof(cols));
	/* method goes only when the header line says it for every row */
	for (i = 0; i < n; i++)
		if (t[i].ok && strcmp(t[i].method,
		    cb_method_name(m->cycle_method)) != 0)
			cols[C_METHOD].drop_at = 0;
	grid_init(&g, cols, NCOLS);
	g.label_below_at = NAMES_BELOW_STEP;
	for (i = 0; i < n; i++)
		add_row(&g, &t[i], quiet);
	cycle_warning(t, n, warning, sizeof(warning));
	if (!quiet)
		machine_lines(fp, m, cpu, markdown, width, warning);
	if (markdown ? grid_markdown(fp, &g) != 0 :
	    grid_print(fp, &g, width, &fit) != 0)
		fprintf(fp, "(out of memory: no table)\n");
	else if (!markdown && !quiet)
		fit_note(fp, &fit, width);
	grid_free(&g);
}

void
report_table(FILE *fp, const struct machine *m, const struct cb_result *r,
    size_t n, const struct report_style *st)
{
	struct table_row_text *text;
	struct table_row *t;
	size_t i;

	t = calloc(n + 1, sizeof(*t));
	text = calloc(n + 1, sizeof(*text));
	if (t == NULL || text == NULL) {
		fprintf(fp, "(out of memory: no table)\n");
		goto out;
	}
	for (i = 0; i < n; i++)
		table_row_of(&r[i], st != NULL && st->verbose, &t[i],
		    &text[i]);
	report_table_rows(fp, m, n ? r[0].cpu : -1, t, n, st);
out:
	free(t);
	free(text);
}

/* asm's reporter: text and markdown are the same table in a style. */
static int
table_render(FILE *fp, const void *data, const struct report_style *st)
{
	const struct report_results *d = data;

	report_table(fp, d->m, d->r, d->n, st);
	if (report_legend_wanted(st, fp))
		report_legend(fp, machine_ref_name(d->m),
		    report_style_width(st, fp));
	return (0);
}

const struct reporter report_table_reporter = { {
	[REPORT_TEXT] = table_render,
	[REPORT_MARKDOWN] = table_render,
} };
