/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cyclebench list: what there is to run.  The whole catalogue comes in
 * brief, a benchmark a line with its variants' parameters joined and its
 * description cut to the terminal's width; what a pattern selects, or
 * --long, comes whole, descriptions wrapped on a terminal (into a pipe
 * every row is one line) and shown once for rows that share them (a
 * benchmark's parameter variants).  A pattern that names nothing is
 * looked for as a word of names and descriptions (core/registry.h).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "arch/arch.h"
#include "core/names.h"
#include "core/registry.h"
#include "os/term.h"
#include "report/wrap.h"

#define LIST_MAX_FILTERS	16
#define NAME_MAX_WIDTH		48
#define BRIEF_NAME_WIDTH	36	/* longer: a line of its own */
#define MODE_WIDTH		10
#define DESC_MIN_WIDTH		30	/* narrower: descriptions go below */
#define BELOW_INDENT		6

static const char list_help[] =
"usage: cyclebench list [PATTERN...] [options]\n"
"\n"
"Lists benchmarks by suite: the question each suite answers, then one\n"
"line per benchmark with its name and parameters (as 'run' takes them),\n"
"its mode and what it measures.  A PATTERN is a suite, a full name, a\n"
"shell glob ('basic/imul-*') or a name with parameters\n"
"('ctxsw/pipe-procs cpus=1 fpu=none'); one that names none is a word\n"
"to look for in names and descriptions ('list cmpxchg').  Without a\n"
"PATTERN the list is brief: a line per benchmark, its variants'\n"
"parameters joined, its description cut to the terminal's width.\n"
"\n"
"  --long              every variant on its own line, whole descriptions\n"
"  --suites            the suites alone, with how many benchmarks each has\n"
"  --names             names alone, one a line, as 'run' takes them; with\n"
"                      --suites, the suite names\n"
"  --param KEY=VALUE   only benchmarks with this parameter (VALUE may be a\n"
"                      glob); repeatable: every key named, any of its values\n"
"  --flags             the flag words results carry, and what each means\n"
"  --wide              one line per benchmark, even on a narrow terminal\n";

struct list_args {
	char	*filters[LIST_MAX_FILTERS];
	int	 nfilters;
	int	 suites, names, flags, wide, full;
};

static int
list_parse_args(int argc, char **argv, struct list_args *a)
{
	static const struct option opts[] = {
		{ "suites", no_argument, NULL, 's' },
		{ "names", no_argument, NULL, 'n' },
		{ "param", required_argument, NULL, 'p' },
		{ "flags", no_argument, NULL, 'f' },
		{ "wide", no_argument, NULL, 'w' },
		{ "long", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	int c, rc;

	memset(a, 0, sizeof(*a));
	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		switch (c) {
		case 's':
			a->suites = 1;
			break;
		case 'n':
			a->names = 1;
			break;
		case 'f':
			a->flags = 1;
			break;
		case 'w':
			a->wide = 1;
			break;
		case 'l':
			a->full = 1;
			break;
		case 'p':
			if ((rc = add_param_filter("list", a->filters,
			    &a->nfilters, LIST_MAX_FILTERS, optarg)) != 0)
				return (rc);
			break;
		case 'h':
			fputs(list_help, stdout);
			return (-1);
		default:
			return (bad_option("list", c, argv, opts));
		}
	}
	if (a->flags && (optind < argc || a->suites || a->names ||
	    a->nfilters))
		return (usage_error("list", "--flags takes no patterns or "
		    "other options"));
	return (0);
}

static void
list_flags(int width)
{
	char text[1024];
	size_t i, w = 0;

	for (i = 0; i < cb_nflags; i++)
		if (strlen(cb_flag_table[i].name) > w)
			w = strlen(cb_flag_table[i].name);
	for (i = 0; i < cb_nflags; i++) {
		printf("%-*s  ", (int)w, cb_flag_table[i].name);
		snprintf(text, sizeof(text), "%s: %s",
		    flag_class_name(cb_flag_table[i].cls),
		    cb_flag_table[i].meaning);
		wrap_text(stdout, (int)w + 2, (int)w + 2, text, width);
	}
}

/* How many selected benchmarks suite s has. */
static size_t
count_in(const struct selection *sel, const struct cb_suite *s)
{
	size_t i, n = 0;

	for (i = 0; i < sel->n; i++)
		n += registry_suite_of(sel->items[i]) == s;
	return (n);
}

static void
list_suites(const struct selection *sel, int names, int width)
{
	const struct cb_suite *const *s;
	char count[32];
	size_t n, w = 0;

	for (s = registry_suites; *s != NULL; s++)
		if (count_in(sel, *s) > 0 && strlen((*s)->name) > w)
			w = strlen((*s)->name);
	for (s = registry_suites; *s != NULL; s++) {
		if ((n = count_in(sel, *s)) == 0)
			continue;
		if (names) {
			printf("%s\n", (*s)->name);
			continue;
		}
		snprintf(count, sizeof(count), "%zu", n);
		printf("%-*s %4s  ", (int)w, (*s)->name, count);
		wrap_text(stdout, (int)w + 7, (int)w + 7, (*s)->desc, width);
	}
}

/* What list says a benchmark measures: its description, and when it runs. */
static void
describe(const struct cb_bench *b, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s", b->desc ? b->desc : "",
	    b->flags & CB_BENCH_EXPLICIT ? " (runs only when named)" : "");
}

static int
same_desc(const struct cb_bench *a, const struct cb_bench *b)
{
	char da[2048], db[2048];

	if (a == NULL || b == NULL ||
	    registry_suite_of(a) != registry_suite_of(b))
		return (0);
	describe(a, da, sizeof(da));
	describe(b, db, sizeof(db));
	return (strcmp(da, db) == 0);
}

static void
list_full(const struct selection *sel, int width)
{
	const struct cb_suite *suite = NULL, *s;
	const struct cb_bench *b, *prev, *next;
	char label[160], desc[2048];
	size_t i, namew = 0;
	int desc_col, below;

	for (i = 0; i < sel->n; i++) {
		registry_label(sel->items[i], label, sizeof(label));
		if (strlen(label) > namew)
			namew = strlen(label);
	}
	namew = namew > NAME_MAX_WIDTH ? NAME_MAX_WIDTH : namew;
	desc_col = 2 + (int)namew + 1 + MODE_WIDTH + 1;
	below = width > 0 && width - desc_col < DESC_MIN_WIDTH;
	for (i = 0; i < sel->n; i++) {
		b = sel->items[i];
		prev = i > 0 ? sel->items[i - 1] : NULL;
		next = i + 1 < sel->n ? sel->items[i + 1] : NULL;
		if ((s = registry_suite_of(b)) != suite) {
			printf("%s%s: ", suite ? "\n" : "", s->name);
			wrap_text(stdout, (int)strlen(s->name) + 2, 2, s->desc,
			    width);
			suite = s;
		}
		registry_label(b, label, sizeof(label));
		describe(b, desc, sizeof(desc));
		if (below || same_desc(prev, b) || desc[0] == '\0') {
			printf("  %-*s %s\n", (int)namew, label,
			    cb_mode_name(b->mode));
			if (below && desc[0] != '\0' && !same_desc(b, next)) {
				printf("%*s", BELOW_INDENT, "");
				wrap_text(stdout, BELOW_INDENT, BELOW_INDENT,
				    desc, width);
			}
			continue;
		}
		printf("  %-*s %-*s ", (int)namew, label, MODE_WIDTH,
		    cb_mode_name(b->mode));
		wrap_text(stdout, desc_col, desc_col, desc, width);
	}
}

/* Past the last of the benchmarks from i on that share its name. */
static size_t
same_name_end(const struct selection *sel, size_t i)
{
	size_t j;

	for (j = i + 1; j < sel->n && strcmp(sel->items[j]->name,
	    sel->items[i]->name) == 0; j++)
		;
	return (j);
}

/* "counter/simple k=1|2|4|6|8": the variants items[i..j-1] as one. */
static void
brief_label(const struct selection *sel, size_t i, size_t j, char *buf,
    size_t len)
{
	char params[512];

	registry_describe_params(sel->items + i, j - i, params,
	    sizeof(params));
	snprintf(buf, len, "%s%s%s", sel->items[i]->name, params[0] ? " " :
	    "", params);
}

static void
list_brief(const struct selection *sel, int width)
{
	const struct cb_suite *suite = NULL, *s;
	const struct cb_bench *b;
	char label[600], desc[2048];
	size_t i, j, k, namew = 0;
	const char *mode;

	for (i = 0; i < sel->n; i = j) {
		j = same_name_end(sel, i);
		brief_label(sel, i, j, label, sizeof(label));
		if (strlen(label) > namew && strlen(label) <= BRIEF_NAME_WIDTH)
			namew = strlen(label);
	}
	for (i = 0; i < sel->n; i = j) {
		b = sel->items[i];
		j = same_name_end(sel, i);
		if ((s = registry_suite_of(b)) != suite) {
			printf("%s%s (%zu): ", suite ? "\n" : "", s->name,
			    count_in(sel, s));
			clip_text(stdout, snprintf(NULL, 0, "%s (%zu): ",
			    s->name, count_in(sel, s)), s->desc, width);
			suite = s;
		}
		mode = cb_mode_name(b->mode);
		for (k = i + 1; k < j; k++)
			if (sel->items[k]->mode != b->mode)
				mode = "varies";
		brief_label(sel, i, j, label, sizeof(label));
		describe(b, desc, sizeof(desc));
		if (strlen(label) > namew) {
			printf("  ");
			clip_text(stdout, 2, label, width);
			printf("  %-*s", (int)namew, "");
		} else
			printf("  %-*s", (int)namew, label);
		printf(" %-*s ", MODE_WIDTH, mode);
		clip_text(stdout, 2 + (int)namew + 1 + MODE_WIDTH + 1, desc,
		    width);
	}
	printf("\nWhole descriptions and every variant: cyclebench list SUITE, "
	    "or list --long.\n");
}

/* What another instruction set's build would list besides. */
static void
list_elsewhere(void)
{
	const char *name, *archs;
	size_t cursor = 0, n = 0;

	while ((name = registry_elsewhere(&cursor, &archs)) != NULL)
		printf("%s%s (%s)", n++ == 0 ? "\nNot in this " ARCH_NAME
		    " build, written for other instruction sets: " : ", ",
		    name, archs);
	if (n > 0)
		printf("\n");
}

int
cmd_list(int argc, char **argv)
{
	struct list_args a;
	struct selection sel;
	char err[1024], label[160];
	size_t i;
	int rc, width;

	if ((rc = list_parse_args(argc, argv, &a)) != 0)
		return (rc < 0 ? 0 : rc);
	width = a.wide ? 0 : term_width(stdout);
	if (a.flags) {
		list_flags(width);
		return (0);
	}
	if (registry_select(argv + optind, argc - optind, 1, &sel, err,
	    sizeof(err)) != 0)
		return (usage_error("list", "%s", err));
	if (registry_filter(&sel, a.filters, a.nfilters, err,
	    sizeof(err)) != 0) {
		registry_selection_free(&sel);
		return (usage_error("list", "%s", err));
	}
	if (a.suites)
		list_suites(&sel, a.names, width);
	else if (a.names)
		for (i = 0; i < sel.n; i++)
			printf("%s\n", registry_label(sel.items[i], label,
			    sizeof(label)));
	else if (optind == argc && !a.full)
		list_brief(&sel, width);
	else
		list_full(&sel, width);
	registry_selection_free(&sel);
	/* Names alone are for scripts: nothing but names. */
	if (optind == argc && !a.names)
		list_elsewhere();
	return (0);
}
