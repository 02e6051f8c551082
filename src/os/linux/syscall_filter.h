/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * Linux: the seccomp filters behind sandbox_confine() (os/sandbox.h).
 * Each installs one filter for the rest of the process's life; filters
 * stack, and the strictest answer of all of them wins.  A refused call
 * raises SIGSYS.  Each returns 0, or -1 with the reason in why.
 */
#ifndef CB_OS_LINUX_SYSCALL_FILTER_H
#define CB_OS_LINUX_SYSCALL_FILTER_H

#include <stddef.h>
#include <stdint.h>

/* Any call made from [lo, hi), or by another ABI than the build's. */
int	filter_calls_from(uintptr_t lo, uintptr_t hi, char *why, size_t len);

/* Every call but the few that measuring needs, and a write to fd. */
int	filter_allow_only(int fd, char *why, size_t len);


#endif
