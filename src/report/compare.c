/*
 * Matching runs and judging differences.  A difference is called real
 * only when three things agree: the Mann-Whitney U test rejects "same
 * distribution" at CMP_ALPHA, the bootstrap interval of the ratio of
 * medians excludes 1, and the medians differ by at least the threshold.
 * The first two guard against noise, the last against differences that
 * are real but too small to matter: with thousands of samples a 0.1%
 * drift of the calibration is "significant" and still not news.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/stats.h"
#include "report/compare.h"

static int
warn(struct cmp_table *t, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int
warn(struct cmp_table *t, const char *fmt, ...)
{
	char **w;
	va_list ap;
	int rc;

	w = realloc(t->warnings, (t->nwarnings + 1) * sizeof(*w));
	if (w == NULL)
		return (-1);
	t->warnings = w;
	va_start(ap, fmt);
	rc = vasprintf(&w[t->nwarnings], fmt, ap);
	va_end(ap);
	if (rc < 0)
		return (-1);
	t->nwarnings++;
	return (0);
}

/* FNV-1a: a seed per row, so a verdict does not depend on row order. */
static uint64_t
seed_of(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return (h);
}

static void
judge(const struct rs_result *base, struct cmp_cell *c, double threshold)
{
	const struct rs_result *r = c->r;
	double u;

	c->median = c->ratio = c->ci_low = c->ci_high = c->p = NAN;
	if (r == NULL) {
		c->verdict = CMP_MISSING;
		return;
	}
	if (!r->ok) {
		c->verdict = CMP_NOT_OK;
		return;
	}
	c->median = r->cycles.median;
	c->verdict = CMP_UNTESTED;
	if (base == NULL || !base->ok || !(base->cycles.median > 0))
		return;
	c->ratio = c->median / base->cycles.median;
	if (base->nsamples < CMP_MIN_SAMPLES || r->nsamples < CMP_MIN_SAMPLES)
		return;
	stats_mann_whitney(base->samples, base->nsamples, r->samples,
	    r->nsamples, &u, &c->p);
	stats_bootstrap_ratio_ci(base->samples, base->nsamples, r->samples,
	    r->nsamples, CMP_RESAMPLES, seed_of(r->key), &c->ci_low,
	    &c->ci_high);
	if (isnan(c->p) || isnan(c->ci_low))
		return;
	c->verdict = c->p < CMP_ALPHA && (c->ci_low > 1 || c->ci_high < 1) &&
	    fabs(c->ratio - 1) >= threshold ? CMP_DIFFERENT : CMP_SAME;
}

static struct cmp_row *
find_row(struct cmp_table *t, const char *key)
{
	size_t i;

	/*
	 * rows[0..nrows) all have first set: match() sets it as it counts
	 * the row.  The analyzer loses nrows == 0 across cmp_build's calls.
	 */
	for (i = 0; i < t->nrows; i++)
		/* NOLINTNEXTLINE(clang-analyzer-core.NullDereference) */
		if (strcmp(t->rows[i].first->key, key) == 0)
			return (&t->rows[i]);
	return (NULL);
}

/* Rows in order of first appearance: the baseline's order, then extras. */
static int
match(struct cmp_table *t, const struct rs_file *files, size_t n)
{
	const struct rs_result *r;
	struct cmp_row *row;
	size_t i, j, cap;

	cap = 0;
	for (i = 0; i < n; i++)
		cap += files[i].nresults;
	if (cap == 0)
		return (0);
	if ((t->rows = calloc(cap, sizeof(*t->rows))) == NULL)
		return (-1);
	for (i = 0; i < n; i++) {
		for (j = 0; j < files[i].nresults; j++) {
			r = &files[i].results[j];
			if ((row = find_row(t, r->key)) == NULL) {
				row = &t->rows[t->nrows++];
				row->first = r;
				row->cells = calloc(n, sizeof(*row->cells));
				if (row->cells == NULL)
					return (-1);
			}
			if (row->cells[i].r == NULL)
				row->cells[i].r = r;
			else if (warn(t, "%c has %s more than once; the first "
			    "is used", CMP_LETTER(i), r->key) != 0)
				return (-1);
		}
	}
	for (i = 0; i < t->nrows; i++)
		for (j = 0; j < n; j++) {
			row = &t->rows[i];
			judge(j == 0 ? NULL : row->cells[0].r, &row->cells[j],
			    t->threshold);
			if (j == 0 && row->cells[0].verdict == CMP_UNTESTED)
				row->cells[0].verdict = CMP_BASELINE;
		}
	return (0);
}

/* What shapes the numbers besides the CPU: the machine keys to check. */
static const struct {
	const char	*what;
	size_t		 off;
} shaping[] = {
	{ "cycle method",	offsetof(struct rs_machine, cycle_method) },
	{ "kernel",		offsetof(struct rs_machine, kernel) },
	{ "hypervisor",		offsetof(struct rs_machine, hypervisor) },
	{ "microcode",		offsetof(struct rs_machine, microcode) },
};

static const char *
machine_str(const struct rs_file *f, size_t off)
{
	const char *s;

	s = *(const char *const *)(const void *)((const char *)&f->machine +
	    off);
	return (s[0] != '\0' ? s : "unknown");
}

/* "A x; B y" over all inputs, into a warning. */
static int
warn_values(struct cmp_table *t, const char *what, const char **vals)
{
	char *list, *next;
	size_t i;
	int rc;

	if ((list = strdup("")) == NULL)
		return (-1);
	for (i = 0; i < t->ninputs; i++) {
		if (asprintf(&next, "%s%s%c %s", list, i ? "; " : "",
		    CMP_LETTER(i), vals[i]) < 0) {
			free(list);
			return (-1);
		}
		free(list);
		list = next;
	}
	rc = warn(t, "%s differs: %s", what, list);
	free(list);
	return (rc);
}

static int
differ(const char **vals, size_t n)
{
	size_t i;

	for (i = 1; i < n; i++)
		if (strcmp(vals[i], vals[0]) != 0)
			return (1);
	return (0);
}

/* The object of name -> value a warning compares: mitigations, context. */
typedef json_t *keyed_fn(const struct rs_file *f);

static json_t *
mitigations_of(const struct rs_file *f)
{

	return (f->machine.mitigations);
}

static json_t *
context_of(const struct rs_file *f)
{

	return (f->context);
}

/* One name's value in one file: a string, unknown (null) or absent. */
static const char *
keyed_value(json_t *o, const char *name, const char *absent)
{
	json_t *v;

	v = json_object_get(o, name);
	if (v == NULL)
		return (absent);
	return (json_is_string(v) ? json_string_value(v) : "unknown");
}

/* A warning for each name whose value differs; each name once, in the
   first input that has it. */
static int
keyed_warnings(struct cmp_table *t, keyed_fn *obj, const char *what,
    const char *absent)
{
	const char *vals[CMP_MAX_INPUTS], *name;
	char label[96];
	size_t i, j;
	json_t *v;

	for (j = 0; j < t->ninputs; j++)
		json_object_foreach(obj(t->inputs[j].f), name, v) {
			for (i = 0; i < j; i++)
				if (json_object_get(obj(t->inputs[i].f),
				    name) != NULL)
					break;
			if (i < j)
				continue;
			for (i = 0; i < t->ninputs; i++)
				vals[i] = keyed_value(obj(t->inputs[i].f),
				    name, absent);
			snprintf(label, sizeof(label), "%s %s", what, name);
			if (differ(vals, t->ninputs) &&
			    warn_values(t, label, vals) != 0)
				return (-1);
		}
	return (0);
}

static int
machine_warnings(struct cmp_table *t)
{
	const char *vals[CMP_MAX_INPUTS];
	size_t i, k;

	for (k = 0; k < sizeof(shaping) / sizeof(shaping[0]); k++) {
		for (i = 0; i < t->ninputs; i++)
			vals[i] = machine_str(t->inputs[i].f, shaping[k].off);
		if (differ(vals, t->ninputs) &&
		    warn_values(t, shaping[k].what, vals) != 0)
			return (-1);
	}
	if (keyed_warnings(t, mitigations_of, "mitigation", "not listed") !=
	    0 || keyed_warnings(t, context_of, "context", "not given") != 0)
		return (-1);
	for (i = 0; i < t->ninputs; i++)
		if (t->inputs[i].f->partial && warn(t, "%c is a partial run: "
		    "it was interrupted", CMP_LETTER(i)) != 0)
			return (-1);
	return (0);
}

/* The file name without directories or ".json". */
static void
file_label(const char *path, char *buf, size_t len)
{
	const char *base;
	size_t n;

	base = strrchr(path, '/');
	base = base != NULL && base[1] != '\0' ? base + 1 : path;
	n = strlen(base);
	if (n > 5 && strcmp(base + n - 5, ".json") == 0)
		n -= 5;
	snprintf(buf, len, "%.*s", (int)n, base);
}

static int
same_label(const struct cmp_table *t, size_t i)
{
	size_t j;

	for (j = 0; j < t->ninputs; j++)
		if (j != i && strcmp(t->inputs[j].label,
		    t->inputs[i].label) == 0)
			return (1);
	return (0);
}

/*
 * The CPU names a column when the machines differ; the file names it
 * when they are the same machine (before and after a change).
 */
static int
make_labels(struct cmp_table *t, const char *const *labels, char *err,
    size_t errlen)
{
	char auto_label[CMP_MAX_INPUTS] = { 0 };
	size_t i;

	for (i = 0; i < t->ninputs; i++) {
		auto_label[i] = labels == NULL || labels[i] == NULL;
		if (!auto_label[i])
			snprintf(t->inputs[i].label, CMP_LABEL_MAX, "%s",
			    labels[i]);
		else
			rs_short_brand(t->inputs[i].f->machine.cpu_brand,
			    t->inputs[i].label, CMP_LABEL_MAX);
	}
	/* Decide for all before changing any: a rename can end a clash. */
	for (i = 0; i < t->ninputs; i++)
		auto_label[i] = auto_label[i] && same_label(t, i);
	for (i = 0; i < t->ninputs; i++)
		if (auto_label[i])
			file_label(t->inputs[i].f->path, t->inputs[i].label,
			    CMP_LABEL_MAX);
	/* The same file twice (a check that nothing differs): add letters. */
	for (i = 0; i < t->ninputs; i++)
		auto_label[i] = auto_label[i] && same_label(t, i);
	for (i = 0; i < t->ninputs; i++)
		if (auto_label[i])
			snprintf(t->inputs[i].label + strnlen(t->inputs[i].label,
			    CMP_LABEL_MAX - 5), 5, " (%c)", CMP_LETTER(i));
	for (i = 0; i < t->ninputs; i++)
		if (same_label(t, i)) {
			snprintf(err, errlen, "two inputs are labelled '%s'; "
			    "name them apart with --label",
			    t->inputs[i].label);
			return (-1);
		}
	return (0);
}

int
cmp_build(struct cmp_table *t, const struct rs_file *files, size_t n,
    const char *const *labels, double threshold, char *err, size_t errlen)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	if (n == 0 || n > CMP_MAX_INPUTS) {
		snprintf(err, errlen, "compare takes 1 to %d results files",
		    CMP_MAX_INPUTS);
		return (-1);
	}
	t->threshold = threshold;
	if ((t->inputs = calloc(n, sizeof(*t->inputs))) == NULL)
		goto oom;
	t->ninputs = n;
	for (i = 0; i < n; i++)
		t->inputs[i].f = &files[i];
	if (make_labels(t, labels, err, errlen) != 0) {
		cmp_free(t);
		return (-1);
	}
	if (machine_warnings(t) != 0 || match(t, files, n) != 0)
		goto oom;
	return (0);
oom:
	cmp_free(t);
	snprintf(err, errlen, "out of memory");
	return (-1);
}

void
cmp_free(struct cmp_table *t)
{
	size_t i;

	for (i = 0; i < t->nrows; i++)
		free(t->rows[i].cells);
	for (i = 0; i < t->nwarnings; i++)
		free(t->warnings[i]);
	free(t->rows);
	free(t->warnings);
	free(t->inputs);
	memset(t, 0, sizeof(*t));
}

void
cmp_change_text(double ratio, char *buf, size_t len)
{
	double pct = (ratio - 1) * 100;

	if (!isfinite(ratio))
		snprintf(buf, len, "?");
	else if (fabs(pct) < 9.95)
		snprintf(buf, len, "%+.1f%%", pct);
	else if (pct < 999.5)
		snprintf(buf, len, "%+.0f%%", pct);
	else
		snprintf(buf, len, "x%.0f", ratio);
}

const char *
cmp_mark(enum cmp_verdict v)
{

	switch (v) {
	case CMP_DIFFERENT:
		return ("*");
	case CMP_SAME:
		return ("~");
	case CMP_UNTESTED:
		return ("?");
	default:
		return ("");
	}
}

void
cmp_method_text(const struct cmp_table *t, FILE *fp)
{

	fprintf(fp,
	    "cycles: median core cycles per operation; change: the median "
	    "over the\nbaseline's (%c), minus 1, so + means more cycles "
	    "(slower).\n"
	    "*  a real difference: the Mann-Whitney U test over the raw "
	    "samples gives\n   p < %g (two-sided, normal approximation, tie "
	    "and continuity corrected),\n   the bootstrap 95%% interval of "
	    "the ratio of medians (%d resamples)\n   excludes 1, and the "
	    "medians differ by at least %g%% (--threshold).\n"
	    "~  not shown to differ by those tests.\n"
	    "?  not tested: fewer than %d samples, or no baseline to test "
	    "against.\n", CMP_LETTER(0), CMP_ALPHA, CMP_RESAMPLES,
	    t->threshold * 100, CMP_MIN_SAMPLES);
}
