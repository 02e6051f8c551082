/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A path that does not fit is ENAMETOOLONG, never a truncated path that
 * could name another file; a line longer than the buffer is its start.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sysroot.h"

int
sysroot_path(char *buf, size_t len, const char *sysroot, const char *path)
{
	int n;

	n = snprintf(buf, len, "%s%s", sysroot != NULL ? sysroot : "", path);
	if (n < 0 || (size_t)n >= len) {
		errno = ENAMETOOLONG;
		return (-1);
	}
	return (0);
}

FILE *
sysroot_open(const char *sysroot, const char *path)
{
	char full[PATH_MAX];

	if (sysroot_path(full, sizeof(full), sysroot, path) != 0)
		return (NULL);
	return (fopen(full, "re"));
}

int
sysroot_line(const char *sysroot, const char *path, char *buf, size_t len)
{
	FILE *fp;
	size_t n;
	int ok;

	buf[0] = '\0';
	if ((fp = sysroot_open(sysroot, path)) == NULL)
		return (-1);
	ok = fgets(buf, (int)len, fp) != NULL;
	fclose(fp);
	if (!ok) {
		buf[0] = '\0';
		return (-1);
	}
	n = strlen(buf);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return (0);
}
