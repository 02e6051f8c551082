/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The verdict study: how often compare's verdict is right on results
 * whose truth is known.  For each family of simulated results
 * (sim_results.h) it writes a side A and a side B of `runs' files each,
 * loads them with rs_load_text and judges them with cmp_build, the code
 * `cyclebench compare' runs, at the default threshold (1%); then counts,
 * over every compare of 80 rows, the null rows called changed (false
 * alarms, by row and by compare), the changed rows called changed the
 * right way (power), called the same (false "same") and left unknown.
 * Rows changed by less than the threshold count in neither.
 *
 *	verdict_study [--quick] [--compares N] [--why]
 *
 * prints a markdown table and, below it, the targets missed; --quick
 * runs a few compares of each family (seconds) and exits 1 when a
 * target is missed; --why tells each wrong call on standard error, with
 * the cell's test and why.  Every draw is from a seed made of the family's
 * name and the compare's, side's and run's numbers: the same table
 * every time.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results/results.h"
#include "sim_results.h"
#include "verdict/compare.h"

#define THRESHOLD	0.01	/* compare's default --threshold */
#define FULL_COMPARES	25	/* 2000 rows a family: minutes in all */

/* What a cell says, whatever the verdict's names. */
enum study_call { CALL_UP, CALL_DOWN, CALL_SAME, CALL_UNKNOWN };

/* The one place that reads the verdict: B slower, faster, same, unknown. */
static enum study_call
study_call(const struct cmp_cell *c)
{
	if (c->verdict == CMP_SLOWER || c->verdict == CMP_FASTER)
		return (c->verdict == CMP_SLOWER ? CALL_UP : CALL_DOWN);
	if (c->verdict == CMP_SAME)
		return (CALL_SAME);
	return (CALL_UNKNOWN);
}

/* The targets, where a family is held to them. */
#define T_NULL		0x1	/* <= 1% of rows, <= 5% of compares */
#define T_FIVE		0x2	/* power >= 95% */
#define T_ONE_RUN	0x4	/* power >= 80%, or no "same" among the
				   changed rows */
/* Every family: a change of 10% or more is never called "same". */
#define BIG		0.10

struct family {
	const char	*name;
	struct sim_model m;
	struct sim_change c;
	unsigned	 quick;		/* compares in --quick; 0: not run */
	unsigned	 targets;
};

/* The noisy host: runs x rounds of 15 samples, 0.3% round effect. */
#define HOST(k, r, ss, srun, lo, hi) .runs = (k), .rounds = (r), \
	.samples = 15, .sigma_sample = (ss), .sigma_round = 0.003, \
	.sigma_run = (srun), .cal_err = 0.001, .base_lo = (lo), \
	.base_hi = (hi)
#define NOISY(k, r)	HOST(k, r, 0.01, 0.01, 10, 500)
#define TWO	.nlevels = 2, .level = { 1, 1.25 }, .share = { 0.6, 0.4 }, \
	.share_sd = 0.15
#define THREE	.nlevels = 3, .level = { 1, 1.2, 1.5 }, \
	.share = { 0.5, 0.3, 0.2 }, .share_sd = 0.1
#define RARE	.rare = 0.15, .rare_level = 1.3
#define NONE	{ .ratio = 1 }
#define TIMES(x) { .ratio = (x), .rows = 1 }

static const struct family families[] = {
	{ "unimodal, 0.1% noise", { HOST(3, 10, 0.001, 0.003, 10, 500) },
	    NONE, 1, T_NULL },
	{ "unimodal, 1% noise", { HOST(3, 10, 0.01, 0.005, 10, 500) },
	    NONE, 1, T_NULL },
	{ "unimodal, 5% noise", { HOST(3, 10, 0.05, 0.02, 10, 500) },
	    NONE, 1, T_NULL },
	{ "noisy host, 1 run", { NOISY(1, 10) }, NONE, 1, T_NULL },
	{ "noisy host, 3 runs", { NOISY(3, 10) }, NONE, 1, T_NULL },
	{ "noisy host, 5 runs", { NOISY(5, 10) }, NONE, 1, T_NULL },
	{ "noisy host, 2 runs of 5 rounds", { NOISY(2, 5) }, NONE, 1, T_NULL },
	{ "noisy host, 1 run of 20 rounds", { NOISY(1, 20) },
	    NONE, 1, T_NULL },
	{ "noisy host, 5 runs of 3 rounds", { NOISY(5, 3) }, NONE, 1, T_NULL },
	{ "noisy host, 2% run phase", { HOST(3, 10, 0.01, 0.02, 10, 500) },
	    NONE, 1, T_NULL },
	{ "two levels, shares move", { NOISY(3, 10), TWO }, NONE, 1, T_NULL },
	{ "three levels, shares move", { NOISY(3, 10), THREE },
	    NONE, 1, T_NULL },
	{ "rare level (1.5 rounds in 10)", { NOISY(3, 10), RARE },
	    NONE, 1, T_NULL },
	{ "contention in 10% of samples", { NOISY(3, 10),
	    .contended = { 0.1, 0.1 } }, NONE, 1, T_NULL },
	{ "B contended throughout", { NOISY(3, 10), .contended = { 0, 1 } },
	    NONE, 1, T_NULL },
	{ "both contended throughout", { NOISY(3, 10),
	    .contended = { 1, 1 } }, NONE, 1, T_NULL },
	{ "drift 1% a pass", { NOISY(5, 10), .drift = 0.01 },
	    NONE, 1, T_NULL },
	{ "quantised, 4-40 cycles", { HOST(3, 10, 0.01, 0.01, 4, 40),
	    .quantise = 1 }, NONE, 1, T_NULL },

	{ "noisy host, 5 runs, +5%", { NOISY(5, 10) }, TIMES(1.05), 2,
	    T_FIVE },
	{ "noisy host, 1 run, +5%", { NOISY(1, 10) }, TIMES(1.05), 2,
	    T_ONE_RUN },
	{ "noisy host, 5 runs, +10%", { NOISY(5, 10) }, TIMES(1.10), 1, 0 },
	{ "noisy host, 5 runs, +20%", { NOISY(5, 10) }, TIMES(1.20), 1, 0 },
	{ "noisy host, 5 runs, -30%", { NOISY(5, 10) }, TIMES(0.70), 1, 0 },
	{ "noisy host, 1 run, +10%", { NOISY(1, 10) }, TIMES(1.10), 1, 0 },
	{ "noisy host, 5 runs of 3 rounds, +10%", { NOISY(5, 3) },
	    TIMES(1.10), 1, 0 },
	{ "noisy host, 1 run of 3 rounds, +10%", { NOISY(1, 3) },
	    TIMES(1.10), 1, 0 },
	{ "+10% in a quarter of the rows", { NOISY(3, 10) },
	    { .ratio = 1.10, .rows = 0.25 }, 1, 0 },
	{ "+30% in 6 of 10 rounds", { NOISY(3, 10) },
	    { .ratio = 1.30, .rows = 1, .of_rounds = 6 }, 1, 0 },
	{ "two levels, +10%", { NOISY(3, 10), TWO }, TIMES(1.10), 1, 0 },
	{ "two levels, +1 cycle", { NOISY(3, 10), TWO },
	    { .ratio = 1, .add = 1, .rows = 1 }, 1, 0 },
	{ "three levels, +10%", { NOISY(3, 10), THREE }, TIMES(1.10), 1, 0 },
	{ "rare level, +10%", { NOISY(3, 10), RARE }, TIMES(1.10), 1, 0 },
	{ "contention in 10% of samples, +10%", { NOISY(3, 10),
	    .contended = { 0.1, 0.1 } }, TIMES(1.10), 1, 0 },
	{ "B contended throughout, +20%", { NOISY(3, 10),
	    .contended = { 0, 1 } }, TIMES(1.20), 1, 0 },
	{ "both contended throughout, +20%", { NOISY(3, 10),
	    .contended = { 1, 1 } }, TIMES(1.20), 1, 0 },
	{ "drift 1% a pass, +5%", { NOISY(5, 10), .drift = 0.01 },
	    TIMES(1.05), 1, 0 },
	{ "quantised, +1 cycle", { HOST(3, 10, 0.01, 0.01, 4, 40),
	    .quantise = 1 }, { .ratio = 1, .add = 1, .rows = 1 }, 1, 0 },
};

struct tally {
	size_t	 rows, tested;
	size_t	 null_rows, null_changed;
	size_t	 compares, compares_any;
	size_t	 changed;		/* rows changed by >= THRESHOLD */
	size_t	 found, wrong, same, unknown;
	size_t	 big_same;		/* rows changed >= BIG called same */
};

/* FNV-1a of the family's name: its seeds do not move with the table. */
static uint64_t
name_seed(const char *s)
{
	uint64_t h = 14695981039346656037ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return (h);
}

/* --why: each wrong call on standard error, with how it was reached. */
static int why;

static void
tell(const struct family *fam, size_t i, double truth,
    const struct cmp_cell *c, const char *what)
{
	if (why)
		fprintf(stderr, "%s: row %zu (truth %.4f) %s: tested %.4f "
		    "[%.4f, %.4f] p %.3g, %u rounds; %s\n", fam->name, i, truth,
		    what, c->tested, c->ci_low, c->ci_high, c->p, c->rounds,
		    c->why);
}

static void
count_row(const struct family *fam, const struct cmp_row *row,
    struct tally *t, int *any)
{
	const struct cmp_cell *c = &row->cells[1];
	enum study_call call = study_call(c);
	size_t i;
	double truth;

	if (sscanf(row->first->name, "sim/row-%zu", &i) != 1 ||
	    i >= SIM_ROWS) {
		fprintf(stderr, "verdict_study: a row %s\n", row->first->name);
		exit(2);
	}
	truth = sim_truth(&fam->m, &fam->c, i);
	t->rows++;
	t->tested += call != CALL_UNKNOWN;
	if (truth == 1) {
		t->null_rows++;
		if (call == CALL_UP || call == CALL_DOWN) {
			t->null_changed++;
			*any = 1;
			tell(fam, i, truth, c, "null called changed");
		}
		return;
	}
	if (fabs(truth - 1) < THRESHOLD)
		return;
	t->changed++;
	t->found += call == (truth > 1 ? CALL_UP : CALL_DOWN);
	t->wrong += call == (truth > 1 ? CALL_DOWN : CALL_UP);
	t->same += call == CALL_SAME;
	t->unknown += call == CALL_UNKNOWN;
	t->big_same += call == CALL_SAME && fabs(truth - 1) >= BIG;
	if (call != (truth > 1 ? CALL_UP : CALL_DOWN))
		tell(fam, i, truth, c, call == CALL_SAME ? "called the same" :
		    call == CALL_UNKNOWN ? "unknown" : "called the wrong way");
}

/* One compare of the family: its files made, loaded, judged, counted. */
static void
one_compare(const struct family *fam, unsigned n, struct tally *t)
{
	struct rs_file files[10];
	struct cmp_table tab;
	size_t sides[2] = { fam->m.runs, fam->m.runs }, i, len;
	char err[1024], name[32], *text;
	unsigned k = fam->m.runs, side, run;
	int any = 0;

	for (side = 0; side < 2; side++)
		for (run = 0; run < k; run++) {
			text = sim_file(&fam->m, &fam->c, (int)side, run,
			    name_seed(fam->name) + n * 1000 + side * 100 + run,
			    &len);
			snprintf(name, sizeof(name), "%c%u.json", 'A' + side,
			    run);
			if (text == NULL || rs_load_text(name, text, len,
			    &files[side * k + run], err, sizeof(err)) != 0) {
				fprintf(stderr, "verdict_study: %s: %s\n",
				    fam->name, text ? err : "out of memory");
				exit(2);
			}
			free(text);
		}
	if (cmp_build(&tab, files, 2 * k, sides, 2, NULL, THRESHOLD, err,
	    sizeof(err)) != 0) {
		fprintf(stderr, "verdict_study: %s: %s\n", fam->name, err);
		exit(2);
	}
	for (i = 0; i < tab.nrows; i++)
		count_row(fam, &tab.rows[i], t, &any);
	t->compares++;
	t->compares_any += any;
	cmp_free(&tab);
	for (i = 0; i < 2 * k; i++)
		rs_free(&files[i]);
}

static void
pct(char *buf, size_t len, size_t num, size_t den)
{
	if (den == 0)
		snprintf(buf, len, "-");
	else
		snprintf(buf, len, "%.1f%%", 100.0 * (double)num /
		    (double)den);
}

static void
print_row(const struct family *fam, const struct tally *t)
{
	char c[7][16];

	pct(c[0], sizeof(c[0]), t->tested, t->rows);
	pct(c[1], sizeof(c[1]), t->null_changed, t->null_rows);
	pct(c[2], sizeof(c[2]), t->compares_any, t->null_rows ?
	    t->compares : 0);
	pct(c[3], sizeof(c[3]), t->found, t->changed);
	pct(c[4], sizeof(c[4]), t->same, t->changed);
	pct(c[5], sizeof(c[5]), t->unknown, t->changed);
	pct(c[6], sizeof(c[6]), t->wrong, t->changed);
	printf("| %s | %u x %u | %zu | %s | %s | %s | %s | %s | %s | %s |\n",
	    fam->name, fam->m.runs, fam->m.rounds, t->compares, c[0], c[1],
	    c[2], c[3], c[4], c[5], c[6]);
}

/* The targets this family misses, printed; how many. */
static int
missed(const struct family *fam, const struct tally *t)
{
	double fa, any, power;
	int n = 0;

	fa = t->null_rows ? (double)t->null_changed / (double)t->null_rows : 0;
	any = (double)t->compares_any / (double)t->compares;
	power = t->changed ? (double)t->found / (double)t->changed : 1;
	if ((fam->targets & T_NULL) && (fa > 0.01 || any > 0.05)) {
		printf("- missed: %s: %.1f%% of null rows called changed "
		    "(target <= 1%%), %.0f%% of compares with any (<= 5%%)\n",
		    fam->name, 100 * fa, 100 * any);
		n++;
	}
	if (t->big_same > 0) {
		printf("- missed: %s: %zu rows changed by 10%% or more called "
		    "the same (target: none)\n", fam->name, t->big_same);
		n++;
	}
	if ((fam->targets & T_FIVE) && power < 0.95) {
		printf("- missed: %s: power %.1f%% (target >= 95%%)\n",
		    fam->name, 100 * power);
		n++;
	}
	if ((fam->targets & T_ONE_RUN) && power < 0.80 && t->same > 0) {
		printf("- missed: %s: power %.1f%% (target >= 80%%) and %zu "
		    "changed rows called the same (else unknown)\n",
		    fam->name, 100 * power, t->same);
		n++;
	}
	return (n);
}

int
main(int argc, char **argv)
{
	struct tally *t;
	size_t nfam = sizeof(families) / sizeof(families[0]), f;
	unsigned compares = FULL_COMPARES, n, want;
	int quick = 0, i, nmissed = 0;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0)
			quick = 1;
		else if (strcmp(argv[i], "--why") == 0)
			why = 1;
		else if (strcmp(argv[i], "--compares") == 0 && i + 1 < argc)
			compares = (unsigned)strtoul(argv[++i], NULL, 10);
		else {
			fprintf(stderr, "usage: verdict_study [--quick] "
			    "[--compares N] [--why]\n");
			return (2);
		}
	}
	if ((t = calloc(nfam, sizeof(*t))) == NULL)
		return (2);
	printf("| family | runs x rounds a side | compares | rows tested | "
	    "null rows called changed | compares with any | power | "
	    "false \"same\" | unknown | wrong way |\n"
	    "|---|---|---|---|---|---|---|---|---|---|\n");
	for (f = 0; f < nfam; f++) {
		want = quick ? families[f].quick : compares;
		if (want == 0)
			continue;
		for (n = 0; n < want; n++)
			one_compare(&families[f], n, &t[f]);
		print_row(&families[f], &t[f]);
		fflush(stdout);
	}
	printf("\n");
	for (f = 0; f < nfam; f++)
		if (t[f].compares > 0)
			nmissed += missed(&families[f], &t[f]);
	printf("%d target%s missed\n", nmissed, nmissed == 1 ? "" : "s");
	free(t);
	return (quick && nmissed > 0);
}
