/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * The files a tool run (snippet/tool.h) reads and writes: memory files,
 * named by /proc/self/fd paths, so nothing touches the disk and nothing
 * is left behind.  Not close-on-exec: a tool opens them by path after
 * exec, and only tools are started while they are open.
 */
#ifndef CB_SNIPPET_WORKDIR_H
#define CB_SNIPPET_WORKDIR_H

#include <stddef.h>

#define W_FILES		5

struct workdir {
	int	fd[W_FILES];
	char	src[32], obj[32], out[32], msg[32], dep[32];
};

/* 0, or -1 with why in err. */
int	workdir_make(struct workdir *w, char *err, size_t errlen);
void	workdir_remove(struct workdir *w);

/* Up to max bytes of path, NUL-terminated, in a new buffer; *len its
   size.  NULL when it cannot be opened or memory runs out. */
char	*workdir_read(const char *path, size_t max, size_t *len);

#endif
