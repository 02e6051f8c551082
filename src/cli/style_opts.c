/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * --format and --wide, as run and asm take them: text for a terminal
 * (fitted to its width unless --wide) or markdown to paste into a post
 * or a pull request.
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/style_opts.h"

static const char *const format_names[] = {
	[REPORT_TEXT] = "text",
	[REPORT_MARKDOWN] = "markdown",
};

int
cli_style_option(const char *cmd, int c, const char *arg,
    struct report_style *st)
{
	size_t i;

	switch (c) {
	case 'F':
		for (i = 0; i < sizeof(format_names) / sizeof(format_names[0]);
		    i++)
			if (strcmp(arg, format_names[i]) == 0) {
				st->format = (enum report_format)i;
				return (0);
			}
		return (usage_error(cmd, "--format is text or markdown, not "
		    "'%s'", arg));
	case 'W':
		st->wide = 1;
		return (0);
	}
	return (-1);
}
