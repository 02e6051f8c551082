/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * A hardware watchpoint armed on the calling thread: a write watchpoint
 * on a variable nothing touches while measuring, so the debug registers
 * (DR7 on x86) are live on the thread but never fire.
 */
#ifndef CB_SUITES_WATCHPOINT_H
#define CB_SUITES_WATCHPOINT_H

#include <stddef.h>

/*
 * Arm it, its perf event's descriptor into *fd (-1 when refused; close
 * it to disarm).  0, or CB_SETUP_SKIP with why the kernel or the machine
 * will not, and what would let it.
 */
int	watchpoint_arm(int *fd, char *why, size_t len);

#endif
