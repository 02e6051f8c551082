/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * How the commands print: --format, parsed once for all of them against
 * the command's reporter (report/report.h), and --wide and --verbose for
 * the measuring commands (run, asm), with -q/--quiet (figures only) and
 * --legend (the legend off a terminal too).
 */
#ifndef CB_CLI_STYLE_OPTS_H
#define CB_CLI_STYLE_OPTS_H

#include "report/report.h"

/*
 * *f is the format arg names among rep's: 0, or EXIT_USAGE after a
 * message that lists the formats rep has.
 */
int	cli_format(const char *cmd, const char *arg, const struct reporter *rep,
	    enum report_format *f);

/* run's and asm's getopt_long table entries; the values are what getopt
   returns (-q is --quiet's short form: "q" in the optstring). */
#define CLI_STYLE_OPTIONS						\
	{ "format", required_argument, NULL, 'F' },			\
	{ "wide", no_argument, NULL, 'W' },				\
	{ "verbose", no_argument, NULL, 'e' },				\
	{ "quiet", no_argument, NULL, 'q' },				\
	{ "legend", no_argument, NULL, 'g' }

/*
 * Apply getopt's `c' (with its argument) to st when it is one of
 * CLI_STYLE_OPTIONS, --format among rep's formats: returns 0, or
 * EXIT_USAGE after the message for a bad value; -1 when c is not one of
 * them.
 */
int	cli_style_option(const char *cmd, int c, const char *arg,
	    const struct reporter *rep, struct report_style *st);

/* After parsing: --legend with -q or markdown.  0 or EXIT_USAGE. */
int	cli_style_check(const char *cmd, const struct report_style *st);

#endif
