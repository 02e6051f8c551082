/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The engine's options as every measuring command (run, asm) accepts and
 * checks them.
 */
#include <ctype.h>
#include <stdio.h>

#include "cyclebench.h"
#include "cli/cli.h"
#include "cli/measure_opts.h"
#include "core/coretype_cpu.h"
#include "os/cpuset.h"

int
cli_measure_option(const char *cmd, int c, const char *arg,
    struct cb_options *o)
{
	char why[512];
	long v;

	switch (c) {
	case 'k':
		o->quick = 1;
		return (0);
	case 'p':
		/* A kind of core: its highest-numbered CPU, as by default. */
		if (isalpha((unsigned char)arg[0])) {
			if ((o->cpu = coretypes_cpu_of_type(arg, why,
			    sizeof(why))) < 0)
				return (usage_error(cmd, "--cpu %s", why));
			return (0);
		}
		if (parse_long(arg, 0, 65535, &v) != 0 ||
		    !cpuset_allowed((int)v))
			return (usage_error(cmd, "--cpu '%s' is not a CPU this "
			    "process may use", arg));
		o->cpu = (int)v;
		return (0);
	case 'r':
		if (parse_long(arg, CB_MIN_REPETITIONS, CB_MAX_REPETITIONS,
		    &v) != 0)
			return (usage_error(cmd, "--repetitions takes a whole "
			    "number from %d to %d, not '%s'",
			    CB_MIN_REPETITIONS, CB_MAX_REPETITIONS, arg));
		o->repetitions = (unsigned)v;
		return (0);
	case 't':
		if (parse_double(arg, CB_MIN_TIMEOUT, CB_MAX_TIMEOUT,
		    &o->timeout) != 0)
			return (usage_error(cmd, "--timeout takes seconds from "
			    "%g to %d, not '%s'", CB_MIN_TIMEOUT,
			    CB_MAX_TIMEOUT, arg));
		return (0);
	case 'P':
		if (parse_double(arg, CB_MIN_PRECISION * 100,
		    CB_MAX_PRECISION * 100, &o->precision) != 0)
			return (usage_error(cmd, "--precision takes a percentage "
			    "from %g to %g, not '%s'", CB_MIN_PRECISION * 100,
			    CB_MAX_PRECISION * 100, arg));
		o->precision /= 100;
		return (0);
	}
	return (-1);
}
