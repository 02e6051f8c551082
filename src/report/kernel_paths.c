/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The distribution view of kernel-path results, printed after the main
 * table: a path's cost is a peak with a tail, so one median is not the
 * whole answer, and the first call of a fresh process pays for cold
 * caches and page faults the steady state never sees.  The CPU
 * vulnerability mitigations head the table because they change what
 * every kernel entry and exit costs, several-fold.
 *
 * On a narrow terminal the table gives way in this order: the extras
 * move under their rows, then calls, batched and p90 go, then the names
 * go above their figures.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "core/registry.h"
#include "report/grid.h"
#include "report/report.h"
#include "report/wrap.h"

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
/* One mitigation: its name, its state wrapped under the state column. */
static void
mitigation_line(FILE *fp, const char *item, const char *name,
    const char *state, int width)
{
	int col;

	col = fprintf(fp, "%s%-*s ", item, MITIGATION_WIDTH, name);
	wrap_text(fp, col, (int)strlen(item) + MITIGATION_WIDTH + 1, state,
	    width);
}

static void
mitigations(FILE *fp, const struct machine *m, int markdown, int width)
{
	const struct machine_mitigation *mi;
	const char *state, *item = markdown ? "- " : "  ";
	size_t i;
	int k;

	if (m->nmitigations == 0) {
		wrap_text(fp, 0, 0, "Mitigations: not visible (no /sys/devices/"
		    "system/cpu/vulnerabilities); they shape every number below.",
		    width);
		return;
	}
	wrap_text(fp, 0, 0, "Mitigations in effect; they shape every number "
	    "below (all: cyclebench info)", width);
	if (markdown)
		fputc('\n', fp);
	for (i = 0; i < sizeof(headline) / sizeof(headline[0]); i++) {
		state = mitigation_state(m, headline[i]);
		mitigation_line(fp, item, headline[i], state != NULL ? state :
		    "(not reported)", width);
	}
	for (k = 0; k < m->nmitigations && k < MACHINE_MAX_MITIGATIONS; k++) {
		mi = &m->mitigations[k];
		if (!is_headline(mi->name) &&
		    strncmp(mi->state, "Not affected", 12) != 0)
			mitigation_line(fp, item, mi->name, mi->state, width);
	}
}

/* A whole number prints whole: traps=3000000, not 3e+06. */
static int
is_count(double v)
{
	return (fabs(v) < 1e15 && v == floor(v));
}

enum { P_NAME, P_P50, P_P90, P_P99, P_MAX, P_FIRST, P_BATCHED, P_CALLS,
    P_EXTRAS, NPCOLS };

static const struct grid_col path_cols[NPCOLS] = {
	[P_NAME] =	{ "benchmark", GRID_LEFT, 0, 0, 0 },
	[P_P50] =	{ "p50", GRID_RIGHT, 0, 0, 0 },
	[P_P90] =	{ "p90", GRID_RIGHT, 4, 0, 0 },
	[P_P99] =	{ "p99", GRID_RIGHT, 0, 0, 0 },
	[P_MAX] =	{ "max", GRID_RIGHT, 0, 0, 0 },
	[P_FIRST] =	{ "first", GRID_RIGHT, 0, 0, 0 },
	[P_BATCHED] =	{ "batched", GRID_RIGHT, 3, 0, 0 },
	[P_CALLS] =	{ "calls", GRID_RIGHT, 2, 0, 0 },
	[P_EXTRAS] =	{ "extras", GRID_LEFT, 0, 0, 1 },
};

#define PATH_NAMES_BELOW_STEP	5

static void
add_row(struct grid *g, const struct cb_result *r)
{
	static const size_t cols[] = { P_P50, P_P90, P_P99, P_MAX, P_FIRST,
	    P_BATCHED };
	const double v[] = { r->cycles.median, r->cycles.p90, r->cycles.p99,
	    r->cycles.max, r->first_call, r->batched };
	char label[160], buf[32], extras[512];
	size_t used = 0;
	unsigned i;

	grid_row(g);
	grid_set(g, P_NAME, registry_label(r->bench, label, sizeof(label)),
	    NULL);
	for (i = 0; i < sizeof(cols) / sizeof(cols[0]); i++) {
		report_cycles_text(buf, sizeof(buf), v[i]);
		grid_set(g, cols[i], buf, NULL);
	}
	snprintf(buf, sizeof(buf), "%zu", r->nsamples);
	grid_set(g, P_CALLS, buf, NULL);
	extras[0] = '\0';
	for (i = 0; i < r->nextras && i < CB_MAX_EXTRAS && used < sizeof(extras);
	    i++)
		used += (size_t)snprintf(extras + used, sizeof(extras) - used,
		    is_count(r->extras[i].value) ? "%s%s=%.0f" : "%s%s=%.6g",
		    used ? " " : "", r->extras[i].key, r->extras[i].value);
	grid_set(g, P_EXTRAS, extras, NULL);
}

static int
is_path(const struct cb_result *r)
{
	return (r->status == CB_OK && r->bench != NULL &&
	    r->bench->mode == CB_PATH);
}

void
report_paths(FILE *fp, const struct machine *m, const struct cb_result *r,
    size_t n, const struct report_style *st)
{
	struct grid_fit fit;
	struct grid g;
	size_t i, paths = 0;
	int width, markdown;

	for (i = 0; i < n; i++)
		paths += is_path(&r[i]);
	if (paths == 0)
		return;
	markdown = st != NULL && st->format == REPORT_MARKDOWN;
	width = report_style_width(st, fp);
	grid_init(&g, path_cols, NPCOLS);
	g.label_below_at = PATH_NAMES_BELOW_STEP;
	for (i = 0; i < n; i++)
		if (is_path(&r[i]))
			add_row(&g, &r[i]);
	fprintf(fp, "\n%sKernel paths: core cycles per call%s\n",
	    markdown ? "**" : "", markdown ? "**\n" : "");
	mitigations(fp, m, markdown, width);
	fputc('\n', fp);
	if (markdown ? grid_markdown(fp, &g) != 0 :
	    grid_print(fp, &g, width, &fit) != 0)
		fprintf(fp, "(out of memory: no table)\n");
	grid_free(&g);
	if (!markdown && (fit.dropped[0] >= 0 || fit.below ||
	    fit.label_below)) {
		fputc('\n', fp);
		wrap_text(fp, 0, 0, "To fit the terminal some columns were "
		    "left out or moved under their rows; --wide shows every "
		    "column.", width);
	}
}

void
report_paths_legend(FILE *fp, const struct cb_result *r, size_t n,
    int width)
{
	size_t i, paths = 0;

	for (i = 0; i < n; i++)
		paths += is_path(&r[i]);
	if (paths == 0)
		return;
	fputc('\n', fp);
	wrap_text(fp, 0, 0, "Kernel paths: p50..max: quantiles over single "
	    "calls, each timed on its own less the time stamps' cost; first: "
	    "the first call in a fresh process, cold; batched: the fitted "
	    "slope over calls back to back, a cross-check (for -delivery and "
	    "-return rows, the whole round trip); calls: calls kept; extras: "
	    "figures the benchmark adds itself.  k and M: thousands and "
	    "millions of cycles.  Histograms are in the JSON (--json) and the "
	    "HTML report.", width > 0 && width < 80 ? width : 80);
}
