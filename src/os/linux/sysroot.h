/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux's files read below a sysroot: "" is this machine, and a test
 * names a directory laid out like /proc and /sys (tests/fixtures/
 * sysroot-*), so every reader of the fingerprint, the kinds of core and
 * the identification registers runs on a machine it is not on.
 */
#ifndef CB_OS_LINUX_SYSROOT_H
#define CB_OS_LINUX_SYSROOT_H

#include <stddef.h>
#include <stdio.h>

/* sysroot + path into buf (NULL sysroot: ""); -1 when it does not fit. */
int	sysroot_path(char *buf, size_t len, const char *sysroot,
	    const char *path);

/* sysroot + path opened for reading, or NULL with errno set. */
FILE	*sysroot_open(const char *sysroot, const char *path);

/*
 * The first line of sysroot + path, trailing white space trimmed, into
 * buf.  -1 with buf "" when the file is missing, unreadable (a
 * directory) or empty.
 */
int	sysroot_line(const char *sysroot, const char *path, char *buf,
	    size_t len);

#endif
