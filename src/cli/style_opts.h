/* SPDX-License-Identifier: BSD-2-Clause */
/* How the measuring commands (run, asm) print their tables. */
#ifndef CB_CLI_STYLE_OPTS_H
#define CB_CLI_STYLE_OPTS_H

#include "report/report.h"

/* Their getopt_long table entries; the values are what getopt returns. */
#define CLI_STYLE_OPTIONS						\
	{ "format", required_argument, NULL, 'F' },			\
	{ "wide", no_argument, NULL, 'W' }

/*
 * Apply getopt's `c' (with its argument) to st when it is one of
 * CLI_STYLE_OPTIONS: returns 0, or EXIT_USAGE after the message for a
 * bad value; -1 when c is not one of them.
 */
int	cli_style_option(const char *cmd, int c, const char *arg,
	    struct report_style *st);

#endif
