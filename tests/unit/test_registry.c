/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Unit tests for core/registry.c on the suites this build has: what no
 * pattern selects, a full name, a group and a glob, the hidden and the
 * explicit benchmarks, parameters after the name, filters, a suite of
 * another build, and every pattern that selects nothing refused with a
 * message that says why and what was probably meant.  Benchmarks every
 * build has (basic/empty-loop, ctxsw/futex-threads cpus=1|2, the hidden
 * selftest suite) are named; the rest are counted from the tables.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "arch/arch.h"
#include "core/registry.h"

#define NELEM(a)	(sizeof(a) / sizeof((a)[0]))

/* Benchmarks of the tables whose name `glob' matches, with these flags. */
static size_t
count(const char *glob, unsigned flags, unsigned mask)
{
	const struct cb_suite *const *s;
	size_t i, n = 0;

	for (s = registry_suites; *s != NULL; s++)
		for (i = 0; i < (*s)->count; i++)
			n += fnmatch(glob, (*s)->benches[i].name, 0) == 0 &&
			    ((*s)->benches[i].flags & mask) == flags;
	return (n);
}

static const struct cb_bench *
first_with(unsigned flag)
{
	const struct cb_suite *const *s;
	size_t i;

	for (s = registry_suites; *s != NULL; s++)
		for (i = 0; i < (*s)->count; i++)
			if ((*s)->benches[i].flags & flag)
				return (&(*s)->benches[i]);
	return (NULL);
}

/* The patterns of a call of sel(): the array, and how many. */
#define PATS(...)	(char *const *)(const char *[]){ __VA_ARGS__ },	\
	(int)(sizeof((const char *[]){ __VA_ARGS__ }) / sizeof(char *))

/* Select with the patterns given; how many, or -1 with err. */
static int
sel(int listing, struct selection *out, char *err, size_t len,
    char *const *pats, int n)
{
	if (registry_select(pats, n, listing, out, err, len) != 0)
		return (-1);
	return ((int)out->n);
}

static int
selected(const struct selection *s, const char *name)
{
	size_t i;
	int n = 0;

	for (i = 0; i < s->n; i++)
		n += strcmp(s->items[i]->name, name) == 0;
	return (n);
}

static void
starts_with(const char *s, const char *prefix)
{
	if (strncmp(s, prefix, strlen(prefix)) != 0)
		fail_msg("'%s' does not start with '%s'", s, prefix);
}

/*
 * The pattern selects nothing, and the message is `want' (when `whole')
 * or starts with it; returned for more checks.
 */
static const char *
refused_as(const char *pattern, const char *want, int whole)
{
	static char err[512];
	struct selection s;

	memset(err, 0, sizeof(err));
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS(pattern)), -1);
	if (whole)
		assert_string_equal(err, want);
	else
		starts_with(err, want);
	assert_null(s.items);
	assert_int_equal(s.n, 0);
	return (err);
}

static void
refused(const char *pattern, const char *want)
{
	refused_as(pattern, want, 1);
}

static void
test_defaults(void **state)
{
	const unsigned h = CB_BENCH_HIDDEN, e = CB_BENCH_EXPLICIT;
	struct selection s;
	char err[256];
	size_t i;

	(void)state;
	/* A run: neither hidden nor explicit. */
	assert_int_equal(sel(0, &s, err, sizeof(err), NULL, 0),
	    (int)count("*", 0, h | e));
	for (i = 0; i < s.n; i++)
		assert_int_equal(s.items[i]->flags & (h | e), 0);
	registry_selection_free(&s);
	assert_null(s.items);
	/* A listing: the explicit too, never the hidden. */
	assert_int_equal(sel(1, &s, err, sizeof(err), NULL, 0),
	    (int)count("*", 0, h));
	registry_selection_free(&s);
	/* "*" is a glob: the hidden and explicit do not answer to it. */
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("*")),
	    (int)count("*", 0, h | e));
	registry_selection_free(&s);
}

static void
test_name_group_glob(void **state)
{
	struct selection s;
	char err[256];

	(void)state;
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("basic/empty-loop")), 1);
	assert_string_equal(s.items[0]->name, "basic/empty-loop");
	assert_string_equal(registry_suite_of(s.items[0])->name, "basic");
	registry_selection_free(&s);
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("basic")),
	    (int)count("basic/*", 0, 0));
	registry_selection_free(&s);
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("basic/*-latency")), (int)count("basic/*-latency", 0, 0));
	assert_true(s.n >= 2);
	registry_selection_free(&s);
	/* A group is the part before a '/': "basi" is no group. */
	refused_as("basi", "no benchmark matches 'basi' (see 'cyclebench "
	    "list'); did you mean 'basic'", 0);
	/* Two patterns selecting the same benchmark select it once. */
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("basic/empty-loop",
	    "basic")), (int)count("basic/*", 0, 0));
	assert_int_equal(selected(&s, "basic/empty-loop"), 1);
	registry_selection_free(&s);
}

static void
test_hidden_explicit(void **state)
{
	const struct cb_bench *x;
	struct selection s;
	char err[256], grp[64], pat[68];

	(void)state;
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("selftest/crash")), 1);
	registry_selection_free(&s);
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("selftest")),
	    (int)count("selftest/*", 0, 0));
	registry_selection_free(&s);
	/* Hidden: not by a glob, and not offered as a near name. */
	assert_null(strstr(refused_as("selftest/cr*", "no benchmark matches "
	    "'selftest/cr*' (see 'cyclebench list')", 0), "selftest/crash"));
	refused("selftest/crsh", "no benchmark matches 'selftest/crsh' (see "
	    "'cyclebench list')");
	/* Explicit: by its full name only. */
	x = first_with(CB_BENCH_EXPLICIT);
	if (x == NULL)
		return;
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS(x->name)), 1);
	assert_ptr_equal(s.items[0], x);
	registry_selection_free(&s);
	/* Its group selects the rest of the group. */
	snprintf(grp, sizeof(grp), "%.*s", (int)strcspn(x->name, "/"),
	    x->name);
	snprintf(pat, sizeof(pat), "%s/*", grp);
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS(grp)),
	    (int)count(pat, 0, CB_BENCH_EXPLICIT));
	assert_int_equal(selected(&s, x->name), 0);
	registry_selection_free(&s);
}

static void
test_params(void **state)
{
	struct selection s;
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("ctxsw/futex-threads cpus=2")), 1);
	assert_string_equal(registry_param(s.items[0], "cpus"), "2");
	assert_null(registry_param(s.items[0], "fpu"));
	registry_selection_free(&s);
	/* The value is a glob; spaces between words are one. */
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("ctxsw/futex-threads   cpus=[12]")), 2);
	registry_selection_free(&s);
	/* A group with parameters: each of its benchmarks that has them. */
	assert_true(sel(0, &s, err, sizeof(err), PATS("ctxsw cpus=1")) >= 2);
	for (i = 0; i < s.n; i++) {
		assert_true(strncmp(s.items[i]->name, "ctxsw/", 6) == 0);
		assert_string_equal(registry_param(s.items[i], "cpus"), "1");
	}
	registry_selection_free(&s);
	refused("ctxsw/futex-threads cpus=3", "no variant of "
	    "'ctxsw/futex-threads' has those parameters; it takes "
	    "cpus=1|2");
	refused("ctxsw/futex-threads cpus=1 fpu=none", "no variant of "
	    "'ctxsw/futex-threads' has those parameters; it takes "
	    "cpus=1|2");
	refused("basic/empty-loop cpus=1", "no variant of 'basic/empty-loop' "
	    "has those parameters; it has none");
	refused("ctxsw/futex-threads cpus", "in 'ctxsw/futex-threads cpus', "
	    "'cpus' is not a parameter: after the name, give KEY=VALUE as "
	    "'cyclebench list' prints them");
	refused("basic/empty-loop =1", "in 'basic/empty-loop =1', '=1' is "
	    "not a parameter: after the name, give KEY=VALUE as 'cyclebench "
	    "list' prints them");
	/* More key=value words than a pattern holds: the first extra. */
	refused("basic/empty-loop a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1",
	    "in 'basic/empty-loop a=1 b=1 c=1 d=1 e=1 f=1 g=1 h=1 i=1 j=1', "
	    "'i=1' is not a parameter: after the name, give KEY=VALUE as "
	    "'cyclebench list' prints them");
}

static void
test_did_you_mean(void **state)
{
	struct selection s;
	char err[256];

	(void)state;
	refused("basic/empty-lop", "no benchmark matches 'basic/empty-lop' "
	    "(see 'cyclebench list'); did you mean 'basic/empty-loop'?");
	refused("empty-lopp", "no benchmark matches 'empty-lopp' (see "
	    "'cyclebench list'); did you mean 'basic/empty-loop'?");
	refused("zzzzzzzzzzzz", "no benchmark matches 'zzzzzzzzzzzz' (see "
	    "'cyclebench list')");
	/* Of several patterns, the first that selects nothing is named. */
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("basic", "nope/a",
	    "nope/b")), -1);
	assert_non_null(strstr(err, "'nope/a'"));
	assert_null(strstr(err, "'nope/b'"));
}

/*
 * A run takes a pattern that names nothing for the tail of a name; a
 * listing for a word of names and descriptions.
 */
static void
test_tail_word(void **state)
{
	struct selection s;
	char err[256];
	size_t i;

	(void)state;
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("empty-loop")), 1);
	assert_string_equal(s.items[0]->name, "basic/empty-loop");
	registry_selection_free(&s);
	/* Every variant of the one name the tail ends. */
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("futex-threads cpus=2")), 1);
	registry_selection_free(&s);
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("futex-threads")),
	    (int)count("ctxsw/futex-threads", 0, CB_BENCH_EXPLICIT));
	registry_selection_free(&s);
	/* Not a whole part: no tail, and a run takes no word. */
	refused_as("futex", "no benchmark matches 'futex'", 0);
	/* A listing finds the word in names, whatever its case. */
	assert_true(sel(1, &s, err, sizeof(err), PATS("FUTEX")) >= 2);
	for (i = 0; i < s.n; i++)
		assert_non_null(strstr(s.items[i]->name, "futex") != NULL ?
		    s.items[i]->name : strcasestr(s.items[i]->desc, "futex"));
	assert_int_equal(selected(&s, "ctxsw/futex-threads"), 2);
	registry_selection_free(&s);
	/* A hidden benchmark is no word's. */
	assert_int_equal(sel(1, &s, err, sizeof(err), PATS("selftest/orphan")),
	    1);
	registry_selection_free(&s);
	assert_int_equal(sel(1, &s, err, sizeof(err), PATS("orphan")), -1);
}

/* A suite this build lacks is named with where it runs. */
static void
test_elsewhere(void **state)
{
	const char *name, *archs;
	size_t cursor = 0, n = 0;
	char want[256], pat[64];

	(void)state;
	while ((name = registry_elsewhere(&cursor, &archs)) != NULL) {
		n++;
		snprintf(pat, sizeof(pat), "%s/*", name);
		assert_int_equal(count(pat, 0, 0), 0);
		snprintf(want, sizeof(want), "'%s' is written for %s: this is "
		    "an %s build (see 'cyclebench list')", name, archs,
		    ARCH_NAME);
		refused(name, want);
		snprintf(pat, sizeof(pat), "%s/anything", name);
		snprintf(want, sizeof(want), "'%s' is written for %s: this is "
		    "an %s build (see 'cyclebench list')", pat, archs,
		    ARCH_NAME);
		refused(pat, want);
	}
	assert_null(registry_elsewhere(&cursor, &archs));
	/* Four suites are not everywhere: arm64 has none, x86-64 lacks i386. */
	assert_true(n <= 4);
}

static void
test_filter(void **state)
{
	struct selection s;
	char err[256];
	char *one[] = { "cpus=1" }, *both[] = { "cpus=1", "cpus=2" };
	char *bad[] = { "cpus" }, *none[] = { "cpus=9" };
	char *two_keys[] = { "cpus=1", "fpu=zzz" };
	size_t n, i;

	(void)state;
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("ctxsw/futex-threads")), 2);
	assert_int_equal(registry_filter(&s, both, 2, err, sizeof(err)), 0);
	assert_int_equal(s.n, 2);
	assert_int_equal(registry_filter(&s, one, 1, err, sizeof(err)), 0);
	assert_int_equal(s.n, 1);
	assert_string_equal(registry_param(s.items[0], "cpus"), "1");
	registry_selection_free(&s);
	assert_int_equal(sel(0, &s, err, sizeof(err), PATS("ctxsw")),
	    (int)count("ctxsw/*", 0, 0));
	n = s.n;
	assert_int_equal(registry_filter(&s, bad, 1, err, sizeof(err)), -1);
	assert_string_equal(err, "--param takes KEY=VALUE, not 'cpus'");
	assert_int_equal(s.n, n);
	assert_int_equal(registry_filter(&s, none, 1, err, sizeof(err)), -1);
	starts_with(err, "no selected benchmark has 'cpus=9'; the "
	    "selection's are cpus=1|2");
	assert_int_equal(s.n, n);
	assert_int_equal(registry_filter(&s, two_keys, 2, err, sizeof(err)),
	    -1);
	starts_with(err, "no selected benchmark has all of those "
	    "parameters; the selection's are cpus=1|2");
	/* A key a benchmark lacks leaves it out. */
	assert_int_equal(registry_filter(&s, one, 1, err, sizeof(err)), 0);
	for (i = 0; i < s.n; i++)
		assert_string_equal(registry_param(s.items[i], "cpus"), "1");
	registry_selection_free(&s);
	assert_int_equal(sel(0, &s, err, sizeof(err),
	    PATS("basic/empty-loop")), 1);
	assert_int_equal(registry_filter(&s, one, 1, err, sizeof(err)), -1);
	assert_string_equal(err, "no selected benchmark has 'cpus=1'; the "
	    "selection has no parameters");
	assert_int_equal(registry_filter(&s, one, 0, err, sizeof(err)), 0);
	assert_int_equal(s.n, 1);
	registry_selection_free(&s);
	assert_int_equal(registry_filter_valid("k=v"), 0);
	assert_int_equal(registry_filter_valid("k="), 0);
	assert_int_equal(registry_filter_valid("=v"), -1);
	assert_int_equal(registry_filter_valid("k"), -1);
	assert_int_equal(registry_filter_valid(""), -1);
}

static void
test_label(void **state)
{
	static const struct cb_bench b = { .name = "g/v", .params = {
	    { "k", "1" }, { "kk", "22" } } };
	static const struct cb_bench foreign = { .name = "not/registered" };
	char buf[32], small[8];

	(void)state;
	assert_string_equal(registry_label(&b, buf, sizeof(buf)),
	    "g/v k=1 kk=22");
	memset(small, 'Z', sizeof(small));
	assert_string_equal(registry_label(&b, small, sizeof(small)),
	    "g/v k=1");
	assert_string_equal(registry_label(&b, small, 6), "g/v k");
	assert_string_equal(registry_label(&foreign, buf, sizeof(buf)),
	    "not/registered");
	assert_null(registry_suite_of(&foreign));
	assert_null(registry_param(&foreign, "k"));
	assert_string_equal(registry_param(&b, "kk"), "22");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_defaults),
		cmocka_unit_test(test_name_group_glob),
		cmocka_unit_test(test_hidden_explicit),
		cmocka_unit_test(test_params),
		cmocka_unit_test(test_did_you_mean),
		cmocka_unit_test(test_tail_word),
		cmocka_unit_test(test_elsewhere),
		cmocka_unit_test(test_filter),
		cmocka_unit_test(test_label),
	};

	return (cmocka_run_group_tests(tests, NULL, NULL));
}
