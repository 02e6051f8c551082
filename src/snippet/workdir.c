/* SPDX-License-Identifier: BSD-2-Clause */
/* Memory files for the tools (snippet/workdir.h). */
#include <sys/mman.h>
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "snippet/workdir.h"

void
workdir_remove(struct workdir *w)
{
	int k;

	for (k = 0; k < W_FILES; k++)
		if (w->fd[k] >= 0)
			close(w->fd[k]);
}

int
workdir_make(struct workdir *w, char *err, size_t errlen)
{
	char *const path[W_FILES] = { w->src, w->obj, w->out, w->msg,
	    w->dep };
	int k;

	for (k = 0; k < W_FILES; k++)
		w->fd[k] = -1;
	for (k = 0; k < W_FILES; k++) {
		if ((w->fd[k] = memfd_create("cyclebench-tool", 0)) < 0) {
			snprintf(err, errlen, "cannot make a memory file for "
			    "a tool: %s", strerror(errno));
			workdir_remove(w);
			return (-1);
		}
		snprintf(path[k], sizeof(w->src), "/proc/self/fd/%d",
		    w->fd[k]);
	}
	return (0);
}

char *
workdir_read(const char *path, size_t max, size_t *len)
{
	struct stat st;
	char *buf;
	ssize_t n;
	size_t got = 0;
	int fd;

	if ((fd = open(path, O_RDONLY)) < 0)
		return (NULL);
	/* A file the size of a generous limit is rare: take what is there. */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (size_t)st.st_size < max)
		max = (size_t)st.st_size;
	if ((buf = malloc(max + 1)) == NULL) {
		close(fd);
		return (NULL);
	}
	while (got < max && ((n = read(fd, buf + got, max - got)) > 0 ||
	    (n < 0 && errno == EINTR)))
		if (n > 0)
			got += (size_t)n;
	close(fd);
	buf[got] = '\0';
	*len = got;
	return (buf);
}
