/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Retries what EINTR interrupted; a write of nothing with bytes still to
 * go is an error (EIO), never a loop.
 */
#include <errno.h>
#include <unistd.h>

#include "util/write_all.h"

int
write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	ssize_t n;

	while (len > 0) {
		n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return (-1);
		if (n == 0) {
			errno = EIO;
			return (-1);
		}
		p += n;
		len -= (size_t)n;
	}
	return (0);
}
