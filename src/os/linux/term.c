/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The terminal's width from TIOCGWINSZ; $COLUMNS wins, as for ls(1), so
 * that a user (and a test under script(1)) can choose it.
 */
#include <sys/ioctl.h>

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "os/term.h"

/* Narrower than this, fitting would cut every name: print whole. */
#define TERM_MIN_WIDTH	40
#define TERM_MAX_WIDTH	10000

int
term_width(FILE *fp)
{
	struct winsize ws;
	const char *env;
	char *end;
	long w;
	int fd;

	if (fp == NULL || (fd = fileno(fp)) < 0 || !isatty(fd))
		return (0);
	w = 0;
	if ((env = getenv("COLUMNS")) != NULL && env[0] != '\0') {
		w = strtol(env, &end, 10);
		if (*end != '\0')
			w = 0;
	}
	if (w <= 0 && ioctl(fd, TIOCGWINSZ, &ws) == 0)
		w = ws.ws_col;
	if (w < TERM_MIN_WIDTH || w > TERM_MAX_WIDTH)
		return (0);
	return ((int)w);
}
