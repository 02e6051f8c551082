#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "arch/arch.h"
#include "core/names.h"
#include "core/registry.h"

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
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const struct cb_suite *suite = NULL, *s;
	const struct cb_bench *b;
	struct selection sel;
	char err[256], label[160];
	size_t i;
	int c;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		if (c == 'h') {
			printf("usage: cyclebench list [PATTERN...]\n\n"
			    "Lists benchmarks by suite.  A PATTERN is a suite, "
			    "a full name or a\nshell glob ('atomic', "
			    "'basic/imul-*').\n");
			return (0);
		}
		return (usage_error("list", "bad option"));
	}
	if (registry_select(argv + optind, argc - optind, 1, &sel, err,
	    sizeof(err)) != 0)
		return (usage_error("list", "%s", err));
	for (i = 0; i < sel.n; i++) {
		b = sel.items[i];
		s = registry_suite_of(b);
		if (s != suite) {
			printf("%s%s: %s\n", suite ? "\n" : "", s->name,
			    s->desc);
			suite = s;
		}
		printf("  %-40s %-10s %s%s\n",
		    registry_label(b, label, sizeof(label)),
		    cb_mode_name(b->mode), b->desc ? b->desc : "",
		    b->flags & CB_BENCH_EXPLICIT ? " (runs only when named)" :
		    "");
	}
	registry_selection_free(&sel);
	if (optind == argc)
		list_elsewhere();
	return (0);
}
