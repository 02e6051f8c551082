/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * What the kernel-path suites (fault, mmap, ctxsw) share: processes that
 * cannot outlive the measurement, a file held in the page cache, 4 KiB
 * pages without transparent huge pages, and a way out when the kernel
 * refuses a resource in the middle of a timed body, which has no way to
 * return an error.
 */
#ifndef CB_SUITES_KPATH_H
#define CB_SUITES_KPATH_H

#include <stddef.h>
#include <sys/types.h>

/* Report `what' with errno on stderr and end the measuring process. */
void	kpath_die(const char *what) __attribute__((noreturn));

/*
 * fork() a child that the kernel kills when the calling thread ends, so
 * that neither a crash nor a time limit leaves it behind.  -1 on failure.
 */
pid_t	kpath_fork(void);

/* Kill a child from kpath_fork() and collect it. */
void	kpath_reap(pid_t pid);

/*
 * Make every later fault of this process map a 4 KiB page, whatever the
 * transparent huge page policy: costs per page stay comparable between
 * machines.  0, or -1 with a reason.
 */
int	kpath_small_pages(char *why, size_t len);

/*
 * A file of `size' bytes in /var/tmp (disk-backed, where /tmp may be a
 * tmpfs and so another code path), already unlinked so nothing is left
 * behind, written in full so every page is in the page cache.  Returns
 * the descriptor, or -1 with a reason.
 */
int	kpath_cached_file(size_t size, char *why, size_t len);

#endif
