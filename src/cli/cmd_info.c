/* SPDX-License-Identifier: BSD-2-Clause */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "core/clock.h"
#include "core/machine.h"

int
cmd_info(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct machine m;
	int c;

	opterr = 0;
	optind = 1;
	while ((c = getopt_long(argc, argv, ":h", opts, NULL)) != -1) {
		if (c == 'h') {
			printf("usage: cyclebench info\n\nPrints the machine "
			    "fingerprint stored with every result: CPU, clock,\n"
			    "cycle method, kernel, mitigations, hypervisor.\n");
			return (0);
		}
		return (bad_option("info", c, argv, opts));
	}
	if (optind < argc)
		return (usage_error("info", "unexpected argument '%s'",
		    argv[optind]));
	machine_read(&m, "");
	clock_describe(&m);
	machine_print(&m, stdout);
	return (0);
}
