/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A snippet's source for `asm' (struct source, cli/parse.h): text typed
 * on the command line, or a file read once every option is known.  A
 * file may be a FIFO or a terminal (--file <(generate)), so it is read
 * without blocking, for at most --timeout seconds, and stopped by Ctrl-C
 * like everything else; it holds at most SNIPPET_MAX_SOURCE bytes.
 */
#ifndef CB_CLI_ASM_SOURCE_H
#define CB_CLI_ASM_SOURCE_H

#include "cli/parse.h"

/* s is `text', called `label'; `opt' given twice is a usage error. */
int	source_set_text(struct source *s, const char *text, const char *label,
	    const char *opt);

/* s is the file at `path', read later by source_read(). */
int	source_set_file(struct source *s, const char *path, const char *opt);

/* Read s's file, if it has one, into s->owned: 0, or EXIT_USAGE said. */
int	source_read(struct source *s, double timeout);

#endif
