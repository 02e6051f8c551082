/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * mkdir -p: a directory and every missing one above it, each made with
 * the same mode, one already there (or made at the same moment by
 * another process) not an error.
 */
#ifndef CB_UTIL_MKDIRS_H
#define CB_UTIL_MKDIRS_H

#include <sys/types.h>

/*
 * Make `path' and the directories above it: 0; or -1 with errno set and
 * path cut short to the directory that could not be made, for the
 * message.
 */
int	mkdirs(char *path, mode_t mode);

#endif
