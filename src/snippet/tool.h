/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A tool (the assembler, objdump) run for `cyclebench asm' under limits,
 * so that a snippet that asks it for too much ends in a message.
 */
#ifndef CB_SNIPPET_TOOL_H
#define CB_SNIPPET_TOOL_H

#include <stddef.h>

/* What a tool run ended in, when it was not its own exit. */
#define TOOL_FAILED	(-1)	/* not started, or not waited for */
#define TOOL_STOPPED	(-2)	/* killed at the deadline or interrupt */

/*
 * Run argv[0] with stdin from `in' (NULL: /dev/null), stdout and stderr
 * to the files `out' and `msg', for at most `timeout' seconds.  Returns
 * its wait status, or TOOL_FAILED or TOOL_STOPPED with the reason in
 * err.  `tool' names it in messages ("the assembler").
 */
int	tool_run(char *const argv[], const char *tool, const char *in,
	    const char *out, const char *msg, double timeout, char *err,
	    size_t errlen);

/*
 * Whether a limit stopped a tool whose wait status is `status' (one that
 * did not exit 0), with why in err.
 */
int	tool_limit_hit(const char *tool, int status, char *err, size_t errlen);

#endif
