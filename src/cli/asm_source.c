/* SPDX-License-Identifier: BSD-2-Clause */
/* A snippet's source for `asm': typed text or a file (cli/asm_source.h). */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/asm_source.h"
#include "cli/cli.h"
#include "snippet/assemble.h"
#include "util/scrub.h"

/*
 * A snippet file may be a FIFO or a terminal (--file <(generate)), so it
 * is read without blocking, for at most --timeout seconds, and stopped
 * by Ctrl-C like everything else.
 */
static int
read_all(struct source *s, int fd, double timeout)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	struct timespec t0, t;
	size_t got = 0;
	ssize_t n;
	double left;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (;;) {
		if (cb_interrupted())
			return (-1);
		clock_gettime(CLOCK_MONOTONIC, &t);
		left = timeout - (t.tv_sec - t0.tv_sec) -
		    (t.tv_nsec - t0.tv_nsec) / 1e9;
		if (left <= 0) {
			term_eprintf("cyclebench: no end to '%s' within %g s "
			    "(--timeout)\n", s->path, timeout);
			return (-1);
		}
		if (poll(&p, 1, left > 0.1 ? 100 : (int)(left * 1000) + 1) <= 0)
			continue;
		n = read(fd, s->owned + got, SNIPPET_MAX_SOURCE + 1 - got);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n < 0) {
			term_eprintf("cyclebench: cannot read '%s': %s\n",
			    s->path, strerror(errno));
			return (-1);
		}
		if (n == 0)
			break;
		if ((got += (size_t)n) > SNIPPET_MAX_SOURCE) {
			term_eprintf("cyclebench: '%s' holds more than %d "
			    "bytes; a snippet file holds at most that\n",
			    s->path, SNIPPET_MAX_SOURCE);
			return (-1);
		}
	}
	s->text = s->owned;
	s->len = got;
	return (0);
}

int
source_read(struct source *s, double timeout)
{
	struct stat st;
	int fd, rc;

	if (s->path == NULL)
		return (0);
	if ((fd = open(s->path, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0 || fstat(fd, &st) != 0) {
		term_eprintf("cyclebench: cannot read '%s': %s\n", s->path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return (EXIT_USAGE);
	}
	if (S_ISDIR(st.st_mode) || (S_ISREG(st.st_mode) &&
	    st.st_size > SNIPPET_MAX_SOURCE)) {
		term_eprintf("cyclebench: '%s' is %s; a snippet file holds "
		    "at most %d bytes\n", s->path, S_ISDIR(st.st_mode) ?
		    "a directory" : "too large", SNIPPET_MAX_SOURCE);
		close(fd);
		return (EXIT_USAGE);
	}
	if ((s->owned = malloc(SNIPPET_MAX_SOURCE + 1)) == NULL) {
		close(fd);
		term_eprintf("cyclebench: out of memory\n");
		return (EXIT_USAGE);
	}
	rc = read_all(s, fd, timeout);
	close(fd);
	return (rc == 0 ? 0 : EXIT_USAGE);
}

int
source_set_text(struct source *s, const char *text, const char *label,
    const char *opt)
{
	if (s->text != NULL || s->path != NULL)
		return (usage_error("asm", "%s given twice", opt));
	if (text == NULL)
		return (usage_error("asm", "%s needs a value", opt));
	s->text = text;
	s->len = strlen(text);
	s->label = label;
	return (0);
}

int
source_set_file(struct source *s, const char *path, const char *opt)
{
	if (s->text != NULL || s->path != NULL)
		return (usage_error("asm", "%s given twice", opt));
	s->path = path;
	s->label = path;
	return (0);
}
