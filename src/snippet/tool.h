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
 * What a tool may use.  The assembler's are small, since a snippet could
 * ask it for anything; llvm-exegesis writes every opcode's snippet (60
 * MiB, 15 s of CPU) and is trusted with more.
 */
struct tool_limits {
	int	 cpu_seconds;
	long	 max_file;	/* bytes it may write to a file */
};

extern const struct tool_limits tool_limits_snippet;

/*
 * Run argv[0] with stdin from `in' (NULL: /dev/null), stdout and stderr
 * to the files `out' and `msg', for at most `timeout' seconds, within
 * `lim' (NULL: tool_limits_snippet).  Returns its wait status, or
 * TOOL_FAILED or TOOL_STOPPED with the reason in err.  `tool' names it
 * in messages ("the assembler"), `from' where it comes from ("GNU
 * binutils").
 */
int	tool_run(char *const argv[], const char *tool, const char *from,
	    const char *in, const char *out, const char *msg, double timeout,
	    const struct tool_limits *lim, char *err, size_t errlen);

/*
 * Whether a limit stopped a tool whose wait status is `status' (one that
 * did not exit 0), with why in err.
 */
int	tool_limit_hit(const char *tool, int status,
	    const struct tool_limits *lim, char *err, size_t errlen);

#endif
