#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/registry.h"
#include "suites/suites.h"

const struct cb_suite *const registry_suites[] = {
	&suite_basic,
	&suite_atomic,
	&suite_counter,
#if defined(__x86_64__) || defined(__i386__)
	&suite_entry,
	&suite_fpu,
	&suite_serialize,
#endif
#ifdef __i386__
	&suite_i386,
#endif
	&suite_syscall,
	&suite_signal,
	&suite_selftest,
	&suite_fault,
	&suite_mmap,
	&suite_ctxsw,
	NULL
};

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

static int
is_group(const char *pattern, const struct cb_bench *b)
{
	size_t n = strlen(pattern);

	return (strncmp(b->name, pattern, n) == 0 && b->name[n] == '/');
}

static int
matches(const char *pattern, const struct cb_bench *b)
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
selected_by_default(const struct cb_bench *b, int listing)
{
	return ((b->flags & (CB_BENCH_HIDDEN |
	    (listing ? 0 : CB_BENCH_EXPLICIT))) == 0);
}

int
registry_select(char *const *patterns, int npatterns, int listing,
    struct selection *sel, char *err, size_t errlen)
{
	const struct cb_suite *const *s;
	const struct cb_bench *b;
	size_t total = 0, i;
	int p, hit, *used;

	for (s = registry_suites; *s != NULL; s++)
		total += (*s)->count;
	sel->n = 0;
	/* An array of pointers, as meant: */
	/* NOLINTNEXTLINE(bugprone-sizeof-expression) */
	sel->items = calloc(total ? total : 1, sizeof(*sel->items));
	used = calloc((size_t)npatterns + 1, sizeof(int));
	if (sel->items == NULL || used == NULL) {
		snprintf(err, errlen, "out of memory");
		free(used);
		registry_selection_free(sel);
		return (-1);
	}
	for (s = registry_suites; *s != NULL; s++) {
		for (i = 0; i < (*s)->count; i++) {
			b = &(*s)->benches[i];
			hit = npatterns == 0 && selected_by_default(b, listing);
			for (p = 0; p < npatterns; p++)
				if (matches(patterns[p], b))
					hit = used[p] = 1;
			if (hit)
				sel->items[sel->n++] = b;
		}
	}
	for (p = 0; p < npatterns; p++) {
		if (!used[p] && pattern_elsewhere(patterns[p]) != NULL) {
			snprintf(err, errlen, "'%s' is written for %s: this "
			    "is an %s build (see 'cyclebench list')",
			    patterns[p], pattern_elsewhere(patterns[p]),
			    ARCH_NAME);
			free(used);
			registry_selection_free(sel);
			return (-1);
		}
		if (!used[p]) {
			snprintf(err, errlen, "no benchmark matches '%s' "
			    "(see 'cyclebench list')", patterns[p]);
			free(used);
			registry_selection_free(sel);
			return (-1);
		}
	}
	free(used);
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
