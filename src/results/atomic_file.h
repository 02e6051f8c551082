/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Output files replaced whole or not at all: a reader never sees half a
 * results file, and an interrupted run never leaves a damaged one.
 */
#ifndef CB_ATOMIC_FILE_H
#define CB_ATOMIC_FILE_H

#include <stddef.h>

/* Write `len' bytes to path atomically (tmp + fsync + rename). */
int	atomic_write_file(const char *path, const char *data, size_t len,
	    char *err, size_t errlen);

#endif
