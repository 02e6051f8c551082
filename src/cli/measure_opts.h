/* SPDX-License-Identifier: BSD-2-Clause */
/* The engine's options, as every measuring command (run, asm) takes them. */
#ifndef CB_CLI_MEASURE_OPTS_H
#define CB_CLI_MEASURE_OPTS_H

#include "cyclebench.h"

/* Their getopt_long table entries; the values are what getopt returns. */
#define CLI_MEASURE_OPTIONS						\
	{ "quick", no_argument, NULL, 'k' },				\
	{ "cpu", required_argument, NULL, 'p' },			\
	{ "repetitions", required_argument, NULL, 'r' },		\
	{ "timeout", required_argument, NULL, 't' },			\
	{ "precision", required_argument, NULL, 'P' }

/*
 * Apply getopt's `c' (with its argument) to o when it is one of
 * CLI_MEASURE_OPTIONS: returns 0, or EXIT_USAGE after the message for a
 * bad value; -1 when c is not one of them.
 */
int	cli_measure_option(const char *cmd, int c, const char *arg,
	    struct cb_options *o);

#endif
