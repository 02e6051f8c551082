/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Picking benchmarks by name, glob and parameter from the suites this
 * build has (registry_suites, which the Makefile writes: registry.h).
 */
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/find.h"
#include "core/registry.h"
#include "core/suggest.h"

/*
 * The suites written for some instruction sets only, and which: what a
 * build of another one has not, `list' names with where it runs.  Suites
 * missing here run everywhere (their rows may differ by architecture).
 */
static const struct {
	const char	*suite;
	const char	*archs;
} homes[] = {
	{ "entry",	"x86-64, i386" },
	{ "fpu",	"x86-64, i386" },
	{ "serialize",	"x86-64, i386" },
	{ "i386",	"i386" },
};

static int
in_build(const char *suite)
{
	const struct cb_suite *const *s;

	for (s = registry_suites; *s != NULL; s++)
		if (strcmp((*s)->name, suite) == 0)
			return (1);
	return (0);
}

const char *
registry_elsewhere(size_t *cursor, const char **archs)
{
	size_t i;

	while ((i = (*cursor)++) < sizeof(homes) / sizeof(homes[0]))
		if (!in_build(homes[i].suite)) {
			*archs = homes[i].archs;
			return (homes[i].suite);
		}
	return (NULL);
}

/* Where `pattern' would select a suite of another build, else NULL. */
static const char *
pattern_elsewhere(const char *pattern)
{
	const char *name, *archs;
	size_t cursor = 0, n;

	while ((name = registry_elsewhere(&cursor, &archs)) != NULL) {
		n = strlen(name);
		if (strncmp(pattern, name, n) == 0 &&
		    (pattern[n] == '\0' || pattern[n] == '/'))
			return (archs);
	}
	return (NULL);
}

#define PATTERN_MAX_PARAMS	8
#define DESCRIBE_MAX_KEYS	8

/*
 * How a pattern's name picks: as run always has (whole name, group,
 * glob); failing that, as the tail of names (run) or as a word in names
 * and descriptions (list).
 */
enum pick { PICK_NAME, PICK_TAIL, PICK_WORD };

/* A pattern taken apart: the name or glob, then key=value words. */
struct pattern {
	char		*copy;
	const char	*name;
	enum pick	 pick;
	const char	*keys[PATTERN_MAX_PARAMS];
	const char	*values[PATTERN_MAX_PARAMS];
	int		 nparams;
	const char	*bad;		/* a word that is not key=value */
};

static int
parse_pattern(const char *text, struct pattern *p)
{
	char *word, *rest, *eq;

	memset(p, 0, sizeof(*p));
	if ((p->copy = strdup(text)) == NULL)
		return (-1);
	rest = p->copy;
	p->name = strsep(&rest, " ");
	while ((word = strsep(&rest, " ")) != NULL) {
		if (*word == '\0')
			continue;
		eq = strchr(word, '=');
		if (eq == NULL || eq == word ||
		    p->nparams == PATTERN_MAX_PARAMS) {
			if (p->bad == NULL)
				p->bad = word;
			continue;
		}
		*eq = '\0';
		p->keys[p->nparams] = word;
		p->values[p->nparams++] = eq + 1;
	}
	return (0);
}

static int
is_group(const char *pattern, const struct cb_bench *b)
{
	size_t n = strlen(pattern);

	return (strncmp(b->name, pattern, n) == 0 && b->name[n] == '/');
}

static int
name_matches(const char *pattern, const struct cb_bench *b)
{
	if (strcmp(pattern, b->name) == 0)
		return (1);
	if (b->flags & CB_BENCH_EXPLICIT)
		return (0);
	if (is_group(pattern, b))
		return (1);
	if (b->flags & CB_BENCH_HIDDEN)
		return (0);
	return (fnmatch(pattern, b->name, 0) == 0);
}

static int
param_matches(const struct cb_bench *b, const char *key, const char *glob)
{
	const char *v;

	v = registry_param(b, key);
	return (v != NULL && fnmatch(glob, v, 0) == 0);
}

static int
picks(const struct pattern *p, const struct cb_bench *b)
{

	switch (p->pick) {
	case PICK_TAIL:
		return ((b->flags & CB_BENCH_HIDDEN) == 0 &&
		    find_is_tail(p->name, b->name));
	case PICK_WORD:
		return ((b->flags & CB_BENCH_HIDDEN) == 0 &&
		    !find_is_glob(p->name) && (find_has_word(p->name,
		    b->name) || (b->desc != NULL &&
		    find_has_word(p->name, b->desc))));
	default:
		return (name_matches(p->name, b));
	}
}

static int
matches(const struct pattern *p, const struct cb_bench *b)
{
	int i;

	if (p->bad != NULL || !picks(p, b))
		return (0);
	for (i = 0; i < p->nparams; i++)
		if (!param_matches(b, p->keys[i], p->values[i]))
			return (0);
	return (1);
}

static int
selected_by_default(const struct cb_bench *b, int listing)
{
	return ((b->flags & (CB_BENCH_HIDDEN |
	    (listing ? 0 : CB_BENCH_EXPLICIT))) == 0);
}

void
registry_describe_params(const struct cb_bench *const *items, size_t n,
    char *buf, size_t len)
{
	const char *keys[DESCRIBE_MAX_KEYS], *v;
	size_t nkeys = 0, i, j, k, used = 0;
	int p, seen;

	buf[0] = '\0';
	for (i = 0; i < n; i++)
		for (p = 0; p < CB_MAX_PARAMS && items[i]->params[p].key; p++) {
			for (k = 0; k < nkeys; k++)
				if (strcmp(keys[k], items[i]->params[p].key) ==
				    0)
					break;
			if (k == nkeys && nkeys < DESCRIBE_MAX_KEYS)
				keys[nkeys++] = items[i]->params[p].key;
		}
	for (k = 0; k < nkeys && used < len; k++) {
		used += (size_t)snprintf(buf + used, len - used, "%s%s=",
		    k ? " " : "", keys[k]);
		seen = 0;
		for (i = 0; i < n && used < len; i++) {
			if ((v = registry_param(items[i], keys[k])) == NULL)
				continue;
			for (j = 0; j < i; j++)
				if (registry_param(items[j], keys[k]) != NULL &&
				    strcmp(registry_param(items[j], keys[k]),
				    v) == 0)
					break;
			if (j < i)
				continue;
			used += (size_t)snprintf(buf + used, len - used,
			    "%s%s", seen++ ? "|" : "", v);
		}
	}
}

/* Why `text' selects nothing, and what the user may have meant. */
static void
explain_miss(const char *text, const struct pattern *p,
    const struct cb_bench **scratch, char *err, size_t errlen)
{
	const struct cb_suite *const *s;
	const struct cb_bench *b;
	struct suggest sg;
	char have[512], hint[512];
	size_t i, n = 0;

	if (p->bad != NULL) {
		snprintf(err, errlen, "in '%s', '%s' is not a parameter: after "
		    "the name, give KEY=VALUE as 'cyclebench list' prints "
		    "them", text, p->bad);
		return;
	}
	suggest_init(&sg, p->name);
	for (s = registry_suites; *s != NULL; s++) {
		suggest_offer(&sg, (*s)->name);
		for (i = 0; i < (*s)->count; i++) {
			b = &(*s)->benches[i];
			if (p->nparams > 0 && name_matches(p->name, b))
				scratch[n++] = b;
			if ((b->flags & CB_BENCH_HIDDEN) == 0)
				suggest_offer(&sg, b->name);
		}
	}
	if (n > 0) {
		registry_describe_params(scratch, n, have, sizeof(have));
		snprintf(err, errlen, "no variant of '%s' has those "
		    "parameters; %s", p->name, have[0] ? "it takes " :
		    "it has none");
		snprintf(err + strlen(err), errlen - strlen(err), "%s", have);
		return;
	}
	snprintf(err, errlen, "no benchmark matches '%s' (see 'cyclebench "
	    "list')%s", text, suggest_text(&sg, hint, sizeof(hint)));
}

/*
 * The benchmarks p picks, into scratch (room for all); *names: how many
 * distinct names among them.
 */
static size_t
picked_by(const struct pattern *p, const struct cb_bench **scratch,
    size_t *names)
{
	const struct cb_suite *const *s;
	const struct cb_bench *b;
	size_t i, j, n = 0;

	*names = 0;
	for (s = registry_suites; *s != NULL; s++)
		for (i = 0; i < (*s)->count; i++) {
			if (!matches(p, b = &(*s)->benches[i]))
				continue;
			for (j = 0; j < n && strcmp(scratch[j]->name,
			    b->name) != 0; j++)
				;
			*names += j == n;
			scratch[n++] = b;
		}
	return (n);
}

/*
 * A pattern that picks nothing by name is taken for a tail (run) or a
 * word (list).  A tail must name one benchmark: -1 with the names it
 * ends when it ends several.
 */
static int
choose_pick(struct pattern *p, int listing, const struct cb_bench **scratch,
    char *err, size_t errlen)
{
	size_t n, names, i, used;

	if (picked_by(p, scratch, &names) > 0 ||
	    pattern_elsewhere(p->name) != NULL)
		return (0);
	p->pick = listing ? PICK_WORD : PICK_TAIL;
	n = picked_by(p, scratch, &names);
	if (n == 0)
		p->pick = PICK_NAME;	/* explain_miss says why */
	if (p->pick != PICK_TAIL || names <= 1)
		return (0);
	used = (size_t)snprintf(err, errlen, "'%s' ends the names of %zu "
	    "benchmarks, give one whole:", p->name, names);
	for (i = 0; i < n && used < errlen; i++)
		if (i == 0 || strcmp(scratch[i]->name, scratch[i - 1]->name) != 0)
			used += (size_t)snprintf(err + used, errlen - used,
			    "%s %s", i > 0 ? "," : "", scratch[i]->name);
	return (-1);
}

int
registry_select(char *const *patterns, int npatterns, int listing,
    struct selection *sel, char *err, size_t errlen)
{
	const struct cb_suite *const *s;
	const struct cb_bench *b, **scratch;
	struct pattern *pat;
	size_t total = 0, i;
	int p, hit, *used, rc = -1;

	for (s = registry_suites; *s != NULL; s++)
		total += (*s)->count;
	sel->n = 0;
	/* Arrays of pointers, as meant: */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	sel->items = calloc(total ? total : 1, sizeof(*sel->items));
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	scratch = calloc(total ? total : 1, sizeof(*scratch));
	used = calloc((size_t)npatterns + 1, sizeof(int));
	pat = calloc((size_t)npatterns + 1, sizeof(*pat));
	snprintf(err, errlen, "out of memory");
	if (sel->items == NULL || scratch == NULL || used == NULL ||
	    pat == NULL)
		goto out;
	for (p = 0; p < npatterns; p++)
		if (parse_pattern(patterns[p], &pat[p]) != 0)
			goto out;
	for (p = 0; p < npatterns; p++)
		if (choose_pick(&pat[p], listing, scratch, err, errlen) != 0)
			goto out;
	for (s = registry_suites; *s != NULL; s++) {
		for (i = 0; i < (*s)->count; i++) {
			b = &(*s)->benches[i];
			hit = npatterns == 0 && selected_by_default(b, listing);
			for (p = 0; p < npatterns; p++)
				if (matches(&pat[p], b))
					hit = used[p] = 1;
			if (hit)
				sel->items[sel->n++] = b;
		}
	}
	for (p = 0; p < npatterns && used[p]; p++)
		;
	if (p < npatterns && pattern_elsewhere(patterns[p]) != NULL)
		snprintf(err, errlen, "'%s' is written for %s: this is an %s "
		    "build (see 'cyclebench list')", patterns[p],
		    pattern_elsewhere(patterns[p]), ARCH_NAME);
	else if (p < npatterns)
		explain_miss(patterns[p], &pat[p], scratch, err, errlen);
	else
		rc = 0;
out:
	for (p = 0; pat != NULL && p < npatterns; p++)
		free(pat[p].copy);
	free(pat);
	free(used);
	free(scratch);
	if (rc != 0)
		registry_selection_free(sel);
	return (rc);
}

int
registry_filter_valid(const char *s)
{
	const char *eq = strchr(s, '=');

	return (eq != NULL && eq != s ? 0 : -1);
}

/* Does b have, for every key the filters name, a value they allow? */
static int
passes(const struct cb_bench *b, char *const *filters, int n)
{
	char key[64];
	size_t klen;
	int i, j, ok;

	for (i = 0; i < n; i++) {
		klen = strcspn(filters[i], "=");
		for (j = 0; j < i; j++)
			if (strncmp(filters[j], filters[i], klen + 1) == 0)
				break;
		if (j < i)
			continue;	/* this key was judged already */
		ok = 0;
		for (j = i; j < n && !ok; j++) {
			if (strncmp(filters[j], filters[i], klen + 1) != 0)
				continue;
			snprintf(key, sizeof(key), "%.*s", (int)klen,
			    filters[i]);
			ok = param_matches(b, key, filters[j] + klen + 1);
		}
		if (!ok)
			return (0);
	}
	return (1);
}

int
registry_filter(struct selection *sel, char *const *filters, int nfilters,
    char *err, size_t errlen)
{
	char have[512];
	size_t i, kept = 0;
	int f;

	for (f = 0; f < nfilters; f++)
		if (registry_filter_valid(filters[f]) != 0) {
			snprintf(err, errlen, "--param takes KEY=VALUE, not "
			    "'%s'", filters[f]);
			return (-1);
		}
	for (i = 0; i < sel->n; i++)
		if (passes(sel->items[i], filters, nfilters))
			sel->items[kept++] = sel->items[i];
	if (kept == 0 && sel->n > 0) {
		registry_describe_params(sel->items, sel->n, have,
		    sizeof(have));
		if (nfilters == 1)
			snprintf(err, errlen, "no selected benchmark has '%s'; ",
			    filters[0]);
		else
			snprintf(err, errlen, "no selected benchmark has all "
			    "of those parameters; ");
		snprintf(err + strlen(err), errlen - strlen(err), "%s%s",
		    have[0] ? "the selection's are " : "the selection has no "
		    "parameters", have);
		return (-1);
	}
	sel->n = kept;
	return (0);
}

void
registry_selection_free(struct selection *sel)
{
	free(sel->items);
	sel->items = NULL;
	sel->n = 0;
}

const struct cb_suite *
registry_suite_of(const struct cb_bench *b)
{
	const struct cb_suite *const *s;

	for (s = registry_suites; *s != NULL; s++)
		if (b >= (*s)->benches && b < (*s)->benches + (*s)->count)
			return (*s);
	return (NULL);
}

const char *
registry_param(const struct cb_bench *b, const char *key)
{
	int i;

	for (i = 0; i < CB_MAX_PARAMS && b->params[i].key != NULL; i++)
		if (strcmp(b->params[i].key, key) == 0)
			return (b->params[i].value);
	return (NULL);
}

const char *
registry_label(const struct cb_bench *b, char *buf, size_t len)
{
	size_t used;
	int i;

	used = (size_t)snprintf(buf, len, "%s", b->name);
	for (i = 0; i < CB_MAX_PARAMS && b->params[i].key != NULL; i++) {
		if (used >= len)
			break;
		used += (size_t)snprintf(buf + used, len - used, " %s=%s",
		    b->params[i].key, b->params[i].value);
	}
	return (buf);
}
