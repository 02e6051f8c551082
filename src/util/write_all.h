/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A whole buffer to a descriptor: write(2) may take part of it (a pipe,
 * a signal), and a short results file or a half sample array is a lost
 * result.
 */
#ifndef CB_UTIL_WRITE_ALL_H
#define CB_UTIL_WRITE_ALL_H

#include <stddef.h>

/* 0 when all len bytes of buf went to fd; -1 with errno set when not. */
int	write_all(int fd, const void *buf, size_t len);

#endif
