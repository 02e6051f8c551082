/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Run a command the way a shell does: its stdin, stdout and stderr are
 * ours, untouched; ^C and ^\ go to it, not to us; SIGTERM and SIGHUP sent
 * to us are passed on to it; its exit status becomes ours.  Unlike a shell, wait for the descendants it orphans too, so their
 * resource usage counts.
 */
#ifndef CB_IMPACT_SPAWN_H
#define CB_IMPACT_SPAWN_H

#include <sys/resource.h>

struct impact_run {
	int		 status;	/* wait status of the command */
	int		 exec_errno;	/* 0, or why it could not be started */
	struct rusage	 ru;		/* it and every descendant reaped */
	double		 wall;		/* seconds from fork to its exit */
	int		 left_running;	/* descendants still ran at its exit */
	int		 passed_on;	/* SIGTERM or SIGHUP we passed on to it,
					   asking us to stop too; 0: none */
};

/* Run argv[0] (found in PATH) to its end; -1 with err if we could not. */
int	spawn_run(char *const argv[], struct impact_run *r, char *err,
	    size_t len);

/* The shell's exit status for it: the command's, 128+signal, 126, 127. */
int	spawn_exit_code(const struct impact_run *r);

#endif
