/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The line on a terminal's stderr that says what is being measured, how
 * long the run has taken and about how long it has left.  Drawn only on
 * a terminal; a log or a pipe gets nothing.
 */
#ifndef CB_CLI_PROGRESS_H
#define CB_CLI_PROGRESS_H

#include <stddef.h>

struct progress {
	int	 show;
	int	 width;		/* of the terminal; 0: unknown */
	double	 start;		/* CLOCK_MONOTONIC seconds */
	size_t	 total;
};

void	progress_start(struct progress *p, size_t total);

/* "[3/20] basic/imul-latency   0:12 elapsed, ~1:05 left": step done+1. */
void	progress_step(struct progress *p, size_t done, const char *what);

/*
 * The same with the caller's head ("[round 2, 3/20 done] ") for the
 * position: done of the total are finished, what is in progress.
 */
void	progress_line(struct progress *p, const char *head, size_t done,
	    const char *what);

/* Clear the line. */
void	progress_end(struct progress *p);

#endif
