/* SPDX-License-Identifier: BSD-2-Clause */
/* mkdir -p (util/mkdirs.h). */
#include <sys/stat.h>

#include <errno.h>

#include "util/mkdirs.h"

int
mkdirs(char *path, mode_t mode)
{
	char *p, c;

	/* From the top, each '/' in turn the end of a directory to make. */
	for (p = path + (path[0] == '/'); ; p++) {
		if (*p != '/' && *p != '\0')
			continue;
		c = *p;
		*p = '\0';
		if (p > path && p[-1] != '/' && mkdir(path, mode) != 0 &&
		    errno != EEXIST)
			return (-1);
		if ((*p = c) == '\0')
			return (0);
	}
}
