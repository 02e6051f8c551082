/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * --format, as every command takes it: a name of report_format_names
 * that the command's reporter has, the error listing those it has (and
 * naming the option that writes a format the command keeps apart, as
 * run's --csv).  And
 * --wide, as run and asm take it: text for a terminal is fitted to its
 * width unless --wide; --verbose, the flags that only inform and the
 * samples dropped as well; -q/--quiet, the figures alone; --legend, the
 * legend where it would not be (into a pipe).
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/style_opts.h"

/* Formats a command writes through an option of their own. */
static const struct {
	const char	*cmd, *format, *option;
} own_option[] = {
	{ "run", "csv", "--csv" },
	{ "run", "json", "--json" },
	{ "asm", "json", "--json" },
};

int
cli_format(const char *cmd, const char *arg, const struct reporter *rep,
    enum report_format *f)
{
	char names[128];
	size_t i;

	if (report_format_find(rep, arg, f) == 0)
		return (0);
	report_format_list(rep, names, sizeof(names));
	for (i = 0; i < sizeof(own_option) / sizeof(own_option[0]); i++)
		if (strcmp(cmd, own_option[i].cmd) == 0 &&
		    strcmp(arg, own_option[i].format) == 0)
			return (usage_error(cmd, "--format is %s, not '%s': "
			    "%s is written by %s FILE, or %s - for standard "
			    "output", names, arg, arg, own_option[i].option,
			    own_option[i].option));
	return (usage_error(cmd, "--format is %s, not '%s'", names, arg));
}

int
cli_style_option(const char *cmd, int c, const char *arg,
    const struct reporter *rep, struct report_style *st)
{

	switch (c) {
	case 'F':
		return (cli_format(cmd, arg, rep, &st->format));
	case 'W':
		st->wide = 1;
		return (0);
	case 'e':
		st->verbose = 1;
		return (0);
	case 'q':
		st->quiet = 1;
		return (0);
	case 'g':
		st->legend = 1;
		return (0);
	}
	return (-1);
}

int
cli_style_check(const char *cmd, const struct report_style *st)
{

	if (st->legend && st->quiet)
		return (usage_error(cmd, "--legend and -q do not mix: -q "
		    "prints the figures alone"));
	if (st->legend && st->format != REPORT_TEXT)
		return (usage_error(cmd, "--legend is for text; --format %s "
		    "has no legend", report_format_names[st->format]));
	return (0);
}
