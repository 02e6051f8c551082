/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The report a person reads, on stderr after the command's own output:
 * what ran, what was counted and from where, what it cost, what a
 * different cost would change.
 */
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "impact/impact.h"
#include "report/impact_out.h"
#include "util/fixed.h"
#include "util/redact.h"

/* Seconds in the unit that keeps three decimals meaningful. */
static const char *
fmt_time(double s, int sign, char *buf, size_t len)
{
	static const struct {
		double		 scale;
		const char	*unit;
	} units[] = { { 1, "s" }, { 1e-3, "ms" }, { 1e-6, "us" },
	    { 1e-9, "ns" } };
	char unit[8];
	size_t i;

	if (isnan(s)) {
		snprintf(buf, len, "-");
		return (buf);
	}
	for (i = 0; i < sizeof(units) / sizeof(units[0]) - 1; i++)
		if (fabs(s) >= units[i].scale || s == 0)
			break;
	snprintf(unit, sizeof(unit), " %s", units[i].unit);
	fixed_text(buf, len, s / units[i].scale, 3, sign, unit);
	return (buf);
}

static const char *
fmt_share(double s, double base, int sign, char *buf, size_t len)
{
	if (isnan(s) || !(base > 0))
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, sign ? "%+.3g%%" : "%.3g%%",
		    100 * s / base);
	return (buf);
}

/* As a shell would need it typed, so the line can be run again. */
static void
print_arg(FILE *fp, const char *a)
{
	const char *p;

	if (*a != '\0' && strpbrk(a, " \t\n'\"\\$`;&|<>*?[]#~(){}!") == NULL) {
		fprintf(fp, " %s", a);
		return;
	}
	fputs(" '", fp);
	for (p = a; *p != '\0'; p++)
		if (*p == '\'')
			fputs("'\\''", fp);
		else
			fputc(*p, fp);
	fputc('\'', fp);
}

static void
header(FILE *fp, const struct impact *im)
{
	char *const *a, *word;
	int st = im->run.status;

	fprintf(fp, "\ncyclebench impact:");
	/* The workload's words may hold a password as well as ours. */
	for (a = im->argv; *a != NULL; a++) {
		word = redact(*a);
		print_arg(fp, word != NULL ? word : "***");
		free(word);
	}
	if (WIFSIGNALED(st))
		fprintf(fp, "\n  killed by signal %d (SIG%s): exit status %d",
		    WTERMSIG(st), sigabbrev_np(WTERMSIG(st)) ?
		    sigabbrev_np(WTERMSIG(st)) : "?", 128 + WTERMSIG(st));
	else
		fprintf(fp, "\n  exit status %d", WEXITSTATUS(st));
	fprintf(fp, "; wall %.3f s, user %.3f s, system %.3f s "
	    "(it and the descendants reaped)\n",
	    impact_base_seconds(im, IMPACT_WALL),
	    impact_base_seconds(im, IMPACT_USER),
	    impact_base_seconds(im, IMPACT_SYSTEM));
	if (im->run.left_running)
		fprintf(fp, "  descendants still ran when it exited: their "
		    "times and getrusage counts are missing\n");
}

static void
count_row(FILE *fp, const char *what, const struct impact_count *c)
{
	if (c->available) {
		fprintf(fp, "  %-22s %12llu  %s\n", what,
		    (unsigned long long)c->value, c->source);
		if (c->note[0] != '\0')
			fprintf(fp, "  %-22s %12s    not perf: %s\n", "", "",
			    c->note);
	} else
		fprintf(fp, "  %-22s %12s  not counted: %s\n", what, "-",
		    c->note);
}

/*
 * getrusage's split of the context switches.  Beside perf's count it
 * need not add up: getrusage counts from fork, perf from exec, and
 * getrusage misses descendants nobody waited for (impact/counters.c).
 */
static void
ctxsw_split(FILE *fp, const struct impact_counts *k)
{
	const struct impact_count *c = &k->c[IMPACT_CTXSW];

	fprintf(fp, "    %-20s %12ld  getrusage ru_nvcsw\n"
	    "    %-20s %12ld  getrusage ru_nivcsw\n", "voluntary",
	    k->voluntary, "involuntary", k->involuntary);
	if (c->available && c->note[0] == '\0' &&
	    (uint64_t)(k->voluntary + k->involuntary) != c->value)
		fprintf(fp, "    %-20s %12s  getrusage counts from the fork, "
		    "perf from the exec, and\n    %-20s %12s  perf counts "
		    "descendants nobody waited for: they differ\n", "", "", "",
		    "");
}

static void
counted(FILE *fp, const struct impact *im)
{
	const struct impact_counts *k = &im->counts;
	int i;

	fprintf(fp, "\n  %-22s %12s  %s\n", "counted", "count", "source");
	for (i = 0; i < IMPACT_NCOUNTERS; i++) {
		count_row(fp, counter_what((enum impact_counter)i), &k->c[i]);
		if (i == IMPACT_CTXSW)
			ctxsw_split(fp, k);
	}
}

static const char *
cost_text(const struct impact *im, size_t i, char *buf, size_t len)
{
	const struct impact_event *e = &impact_events[i];

	if (isnan(impact_count(im, i)))
		snprintf(buf, len, "not counted (above)");
	else if (im->cost[i].known || e->bench.name != NULL)
		snprintf(buf, len, "%s", im->cost[i].source);
	else
		snprintf(buf, len, "no benchmark%s%s; --what-if %s=CYCLES "
		    "prices it", e->note ? ": " : "", e->note ? e->note : "",
		    e->name);
	return (buf);
}

static void
shares(FILE *fp, const struct impact *im, double s, int sign)
{
	char buf[32];
	int b;

	for (b = 0; b < IMPACT_NBASES; b++)
		fprintf(fp, " %8s", fmt_share(s, impact_base_seconds(im,
		    (enum impact_base)b), sign, buf, sizeof(buf)));
}

static void
priced(FILE *fp, const struct impact *im)
{
	char t[32], cost[512], cyc[32], cnt[32];
	double s, total = NAN;
	size_t i;

	fprintf(fp, "\n  cycles to seconds: %.4f GHz core clock, from %s\n",
	    im->clock.tsc_hz * im->clock.cycles_per_tick / 1e9,
	    im->clock.source);
	fprintf(fp, "  %-10s %12s %12s %11s %8s %8s %8s  %s\n", "event",
	    "count", "cycles/evt", "time", "%wall", "%user", "%system",
	    "cost per event");
	for (i = 0; i < impact_nevents; i++) {
		if (!impact_shown(im, i))
			continue;
		s = impact_event_seconds(im, i);
		if (!isnan(s) && !im->cost[i].from_whatif &&
		    !(impact_events[i].flags & IMPACT_EVENT_ON_REQUEST))
			total = isnan(total) ? s : total + s;
		snprintf(cnt, sizeof(cnt), isnan(impact_count(im, i)) ? "-" :
		    "%.0f", impact_count(im, i));
		snprintf(cyc, sizeof(cyc), im->cost[i].known ? "%.1f" : "-",
		    im->cost[i].cycles);
		fprintf(fp, "  %-10s %12s %12s %11s", impact_events[i].name,
		    cnt, cyc, fmt_time(s, 0, t, sizeof(t)));
		shares(fp, im, s, 0);
		fprintf(fp, "  %s\n", cost_text(im, i, cost, sizeof(cost)));
		if (impact_events[i].note != NULL &&
		    impact_events[i].bench.name != NULL && !isnan(s))
			fprintf(fp, "  %-10s %12s %12s %11s %8s %8s %8s  (%s)\n",
			    "", "", "", "", "", "", "", impact_events[i].note);
	}
	fprintf(fp, "  %-10s %12s %12s %11s", "total", "", "",
	    fmt_time(total, 0, t, sizeof(t)));
	shares(fp, im, total, 0);
	fprintf(fp, "  measured costs only\n");
}

static void
whatifs(FILE *fp, const struct impact *im)
{
	const struct impact_whatif *w;
	struct impact_change ch;
	char t[32], s[3][32];
	size_t k;
	int b;

	if (im->nwhatif == 0)
		return;
	fprintf(fp, "\n  what if\n");
	for (k = 0; k < im->nwhatif; k++) {
		w = &im->whatif[k];
		impact_change(im, w, &ch);
		fprintf(fp, "  %s=%s%g", w->event->name,
		    w->relative && w->cycles >= 0 ? "+" : "", w->cycles);
		if (ch.why != NULL) {
			fprintf(fp, ": %s\n", ch.why);
			continue;
		}
		if (ch.whole)
			fprintf(fp, " (no measured cost: the total at it)");
		else if (!w->relative)
			fprintf(fp, " (now %.1f)", im->cost[w->event -
			    impact_events].cycles);
		for (b = 0; b < IMPACT_NBASES; b++)
			fmt_share(ch.seconds, impact_base_seconds(im,
			    (enum impact_base)b), !ch.whole, s[b],
			    sizeof(s[b]));
		fprintf(fp, ": %.0f x %+g cycles = %+.10g cycles = %s: "
		    "%s of wall, %s of user, %s of system time\n",
		    impact_count(im, (size_t)(w->event - impact_events)),
		    ch.per_event, ch.cycles, fmt_time(ch.seconds, !ch.whole, t,
		    sizeof(t)), s[0], s[1], s[2]);
	}
}

void
impact_report_text(FILE *fp, const struct impact *im)
{
	header(fp, im);
	counted(fp, im);
	priced(fp, im);
	whatifs(fp, im);
	fflush(fp);
}

/* The text as impact's reporter has it (impact_json.c). */
int
impact_text(FILE *fp, const void *data, const struct report_style *st)
{

	(void)st;
	impact_report_text(fp, data);
	return (0);
}
